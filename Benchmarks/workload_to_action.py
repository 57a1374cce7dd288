#!/usr/bin/env python3
"""Turns a benchmark workload (made by the shared reference folder's workload generator) into
animplot action files.

usage: workload_to_action.py work/wN.json OUTPREFIX
One plot -> OUTPREFIX.json; several -> OUTPREFIX_000.json ... Each curve becomes a track whose
keys carry the workload's handles as free handles (so animplot draws exactly the same cubic
segments), and the view is recorded as frameStart/frameEnd. Also writes OUTPREFIX.args with the
--frames/--values/--width/--height options that reproduce the workload's view.
"""
import json, sys

src, prefix = sys.argv[1], sys.argv[2]
w = json.load(open(src))
for n, plot in enumerate(w["plots"]):
    v = plot["view"]
    tracks = []
    for c in plot["curves"]:
        path, _, idx = c["name"].partition("[")
        keys = [{"frame": k["frame"], "value": k["value"], "handleLeftType": "free", "handleRightType": "free",
                 "handleLeft": k["left"], "handleRight": k["right"]} for k in c["keys"]]
        tracks.append({"dataPath": path, "index": int(idx.rstrip("]")), "color": c["color"], "keyframes": keys})
    action = {"animplot": 1, "name": "%s plot %d" % (w["name"], n), "frameStart": v["x0"], "frameEnd": v["x1"],
              "tracks": tracks}
    out = prefix + (".json" if len(w["plots"]) == 1 else "_%03d.json" % n)
    with open(out, "w") as fh:
        json.dump(action, fh, separators=(",", ":"))
    if n == 0:
        with open(prefix + ".args", "w") as fh:
            fh.write("--width %d --height %d --frames=%r:%r --values=%r:%r\n"
                     % (w["width"], w["height"], v["x0"], v["x1"], v["y0"], v["y1"]))
