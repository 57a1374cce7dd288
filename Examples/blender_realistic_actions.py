#!/usr/bin/env python3
"""Writes Blender's four realistic actions (the oracle's actions.json, Blender 3.4.1) as format-1
files in the state of Blender's own Dope Sheet screenshots (kept in the shared reference folder,
$ANIMPLOT_SHARED, default ../shared):

  blender-bouncing-ball.json   the BouncingBall action alone, as dopesheet_bouncing_ball.png shows it
  blender-four-actions.json    all four actions in one multi-action file, as dopesheet_all_actions.png

usage: blender_realistic_actions.py [ORACLE_DIR] [OUT_DIR]
  (defaults: the oracle of the shared reference folder, and Examples)

The screenshots list channels in Blender's action order (the order keyframe_insert created
them), which is not the oracle's sorted order; the Ball's keys and curves are deselected (the
screenshot script did that), the other objects' curves and keys are selected, and the playhead is
at frame 13. Each action names its object (Ball, Camera, Logo, Walker), selected, as the
editors show it above the action.
"""
import json, os, sys

here = os.path.dirname(os.path.abspath(__file__))
shared = os.environ.get("ANIMPLOT_SHARED") or os.path.join(here, "..", "..", "shared")
oracle = sys.argv[1] if len(sys.argv) > 1 else os.path.join(shared, "oracle")
out = sys.argv[2] if len(sys.argv) > 2 else here

L, R, S = "location", "rotation_euler", "scale"
# (object, action, channel order in Blender's lists, selected)
BLOCKS = [
    ("Ball", "BouncingBall", [(L, 2), (L, 0), (L, 1), (R, 1), (R, 0), (R, 2), (S, 0), (S, 1), (S, 2)], False),
    ("Camera", "CameraMove", [(L, 0), (R, 0), (L, 1), (R, 1), (L, 2), (R, 2), (S, 0), (S, 1), (S, 2)], True),
    ("Logo", "LogoSting", [(S, 0), (S, 1), (S, 2), (R, 2), (R, 0), (R, 1), (L, 2), (L, 0), (L, 1)], True),
    ("Walker", "WalkCycle", [(L, 2), (L, 0), (L, 1), (R, 2), (R, 1), (R, 0), (S, 0), (S, 1), (S, 2)], True),
]


def track(channel, selected):
    fcurve, inp = channel["fcurve"], channel["input"]
    keys = []
    for k in inp["keys"]:
        sel = k["select"] if selected else [False, False, False]
        keys.append({
            "frame": k["co"][0], "value": k["co"][1], "interpolation": k["interpolation"], "easing": k["easing"],
            "back": k["back"], "amplitude": k["amplitude"], "period": k["period"],
            "handleLeftType": k["handle_left_type"], "handleRightType": k["handle_right_type"],
            "handleLeft": k["handle_left"], "handleRight": k["handle_right"], "type": k["type"],
            "selectedHandleLeft": sel[0], "selected": sel[1], "selectedHandleRight": sel[2]})
    t = {"dataPath": fcurve["data_path"], "index": fcurve["array_index"], "group": fcurve["group"],
         "extrapolation": inp["extrapolation"], "autoSmoothing": inp["auto_smoothing"]}
    if inp["modifiers"]:
        t["modifiers"] = [{"type": m["type"], "before": m["mode_before"], "after": m["mode_after"],
                           "beforeCount": m["cycles_before"], "afterCount": m["cycles_after"]} for m in inp["modifiers"]]
    if selected:
        t["selected"] = True
    t["keyframes"] = keys
    return t


def action(entry, order, selected):
    by_address = {(c["fcurve"]["data_path"], c["fcurve"]["array_index"]): c for c in entry["channels"]}
    start, end = entry["scene_frame_range"]
    # Every object is selected in the screenshots (their names are in the highlight colour).
    obj = {"name": entry["object"], "type": entry["object_type"].lower(), "selected": True}
    return {"name": entry["name"], "fps": entry["fps"], "frameStart": start, "frameEnd": end,
            "currentFrame": 13, "object": obj, "tracks": [track(by_address[a], selected) for a in order]}


def compact(value):
    return json.dumps(value, separators=(",", ":"))


def action_text(a, indent):
    """An action with one track a line, so that diffs stay readable."""
    head = ", ".join("%s: %s" % (json.dumps(k), compact(v)) for k, v in a.items() if k != "tracks")
    tracks = (",\n" + indent + "  ").join(compact(t) for t in a["tracks"])
    return "{%s, \"tracks\": [\n%s  %s\n%s]}" % (head, indent, tracks, indent)


def write(path, text):
    with open(path, "w") as fh:
        fh.write(text)


actions = {a["name"]: a for a in json.load(open(os.path.join(oracle, "actions.json")))["actions"]}
ball = action(actions["BouncingBall"], BLOCKS[0][2], False)
write(os.path.join(out, "blender-bouncing-ball.json"), '{"animplot": 1, ' + action_text(ball, "")[1:] + "\n")
blocks = [action_text(action(actions[name], order, sel), "  ") for _, name, order, sel in BLOCKS]
write(os.path.join(out, "blender-four-actions.json"),
      '{"animplot": 1, "actions": [\n  ' + ",\n  ".join(blocks) + "\n]}\n")
