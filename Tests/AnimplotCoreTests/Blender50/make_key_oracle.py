#!/usr/bin/env python3
"""Blender 5.0.1's answers for the inputs of the key oracle (the shared folder's
oracle/curves.json, made with Blender 3.4.1): each curve's input rebuilt in a layered action
(layer, keyframe strip, object slot, channelbag), the Cycles modifier first, the keys added with
keyframe_points.add and every recorded property set, then fcurve.update() and fcurve.evaluate() at
the oracle's frames. Writes curves-5.0.1.json beside this script: per curve its id, the keys'
coordinates and handles after update(), and the evaluated values (the frames are the oracle's,
read from the shared file at test time; nothing of the shared file is copied here but the ids).

    python3 -m venv /work/venv-bpy && /work/venv-bpy/bin/pip install bpy==5.0.1   # Python 3.11
    /work/venv-bpy/bin/python Tests/AnimplotCoreTests/Blender50/make_key_oracle.py [SHARED]

SHARED defaults to $ANIMPLOT_SHARED, else ../shared beside the repository. Deterministic: two runs
write the same bytes.
"""
import json
import os
import struct
import sys

import bpy

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", "..", ".."))


def f32(x):
    return struct.unpack("f", struct.pack("f", x))[0]


def shortest(x):
    """The shortest decimal that reads back to the same 32-bit float (-0 as 0)."""
    x = f32(x)
    if x == 0:
        return 0.0
    for digits in range(1, 10):
        text = "%.*g" % (digits, x)
        if f32(float(text)) == x:
            return float(text)
    return x


def new_fcurve(name, data_path, index):
    action = bpy.data.actions.new(name)
    slot = action.slots.new(id_type="OBJECT", name=name)
    bag = action.layers.new("Layer").strips.new(type="KEYFRAME").channelbag(slot, ensure=True)
    return action, bag.fcurves.new(data_path, index=index)


def apply_key(kp, k):
    kp.co = k["co"]
    kp.interpolation = k["interpolation"]
    kp.easing = k["easing"]
    kp.back = k["back"]
    kp.amplitude = k["amplitude"]
    kp.period = k["period"]
    kp.handle_left_type = k["handle_left_type"]
    kp.handle_right_type = k["handle_right_type"]
    kp.handle_left = k["handle_left"]
    kp.handle_right = k["handle_right"]
    left, point, right = k["select"]
    kp.select_left_handle = left
    kp.select_control_point = point
    kp.select_right_handle = right
    kp.type = k["type"]


def main():
    shared = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("ANIMPLOT_SHARED") or os.path.join(REPO, "..", "shared")
    with open(os.path.join(shared, "oracle", "curves.json")) as f:
        oracle = json.load(f)
    curves = []
    for n, c in enumerate(oracle["curves"]):
        inp = c["input"]
        action, fc = new_fcurve("K%03d" % n, c["fcurve"]["data_path"], c["fcurve"]["array_index"])
        fc.auto_smoothing = inp["auto_smoothing"]
        fc.extrapolation = inp["extrapolation"]
        # Modifiers before keys: adding one recalculates handles, and the input's keys must reach
        # update() as recorded.
        for m in inp["modifiers"]:
            mod = fc.modifiers.new(m["type"])
            for name in ("mode_before", "cycles_before", "mode_after", "cycles_after"):
                setattr(mod, name, m[name])
        fc.keyframe_points.add(len(inp["keys"]))
        for kp, k in zip(fc.keyframe_points, inp["keys"]):
            apply_key(kp, k)
        fc.update()
        keys = [[shortest(v) for v in (*kp.co, *kp.handle_left, *kp.handle_right)] for kp in fc.keyframe_points]
        values = [shortest(fc.evaluate(f32(f))) for f in c["output"]["eval_frames"]]
        curves.append({"id": c["id"], "keys": keys, "values": values})
        bpy.data.actions.remove(action)
    out = {
        "meta": {
            "what": "Blender's answers for the key oracle's inputs (oracle/curves.json), rebuilt in a layered action",
            "blender_version": bpy.app.version_string,
            "script": "Tests/AnimplotCoreTests/Blender50/make_key_oracle.py",
            "keys": "per key after fcurve.update(): co x, co y, handle_left x, y, handle_right x, y",
            "values": "fcurve.evaluate() at the oracle's eval_frames, in order",
        },
        "curves": curves,
    }
    path = os.path.join(HERE, "curves-5.0.1.json")
    with open(path, "w") as f:
        json.dump(out, f, separators=(",", ":"))
        f.write("\n")
    print("wrote %s: %d curves" % (path, len(curves)))


if __name__ == "__main__":
    main()
