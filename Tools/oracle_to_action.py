#!/usr/bin/env python3
"""Writes Blender's realistic oracle actions (../shared/oracle/actions.json) as format-1 files.

usage: oracle_to_action.py ORACLE_ACTIONS_JSON OUTDIR
For each action writes OUTDIR/NAME.json with Blender's RNA spellings kept as they are (animplot
reads them), channels in the order Blender's editors list them (the order the keys were
inserted, as the reference screenshots show), and the editor state of the screenshots: nothing
selected. Used to render docs/images beside Blender's screenshots.
"""
import json, os, sys

# Blender lists a Ball's curves in insertion order (see the reference screenshots).
ORDER = {"BouncingBall": [("location", 2), ("location", 0), ("location", 1), ("rotation_euler", 1),
                          ("rotation_euler", 0), ("rotation_euler", 2), ("scale", 0), ("scale", 1), ("scale", 2)]}

src, outdir = sys.argv[1], sys.argv[2]
os.makedirs(outdir, exist_ok=True)
for action in json.load(open(src))["actions"]:
    tracks = []
    for ch in action["channels"]:
        fc, inp = ch["fcurve"], ch["input"]
        track = {"dataPath": fc["data_path"], "index": fc["array_index"], "group": fc["group"],
                 "extrapolation": inp["extrapolation"], "autoSmoothing": inp["auto_smoothing"]}
        if inp["modifiers"]:
            m = inp["modifiers"][0]
            track["modifiers"] = [{"type": m["type"], "before": m["mode_before"], "after": m["mode_after"],
                                   "beforeCount": m["cycles_before"], "afterCount": m["cycles_after"]}]
        track["keyframes"] = [{
            "frame": k["co"][0], "value": k["co"][1], "interpolation": k["interpolation"],
            "easing": k["easing"], "back": k["back"], "amplitude": k["amplitude"], "period": k["period"],
            "handleLeftType": k["handle_left_type"], "handleRightType": k["handle_right_type"],
            "handleLeft": k["handle_left"], "handleRight": k["handle_right"], "type": k["type"]}
            for k in inp["keys"]]
        tracks.append(track)
    order = ORDER.get(action["name"])
    if order:
        tracks.sort(key=lambda t: order.index((t["dataPath"], t["index"])))
    doc = {"animplot": 1, "name": action["name"], "fps": action["fps"],
           "frameStart": action["scene_frame_range"][0], "frameEnd": action["scene_frame_range"][1],
           "tracks": tracks}
    with open(os.path.join(outdir, action["name"] + ".json"), "w") as fh:
        json.dump(doc, fh, indent=1)
