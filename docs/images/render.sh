#!/usr/bin/env bash
# Renders the Graph Editor pictures of docs/images from Blender's realistic oracle actions, at
# the size of Blender's reference screenshots, in the editor state those screenshots show.
# usage: docs/images/render.sh [ANIMPLOT_BINARY]   (needs ../shared/oracle)
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${1:-.build/release/animplot}
ORACLE=${ANIMPLOT_ORACLE:-../shared/oracle}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
python3 Tools/oracle_to_action.py "$ORACLE/actions.json" "$TMP"
SIZE="--width 1321 --height 1156"
# All of the Ball's curves, normalised, playhead at 13, Z Location the selected and active curve
# as in Blender's screenshot, no key selected (rainbow colours, as Blender shows curves keyed
# from Python).
python3 - "$TMP/BouncingBall.json" "$TMP/ball_all.json" <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))
a["tracks"][0]["selected"] = a["tracks"][0]["active"] = True
json.dump(a, open(sys.argv[2], "w"))
PY
"$BIN" graph "$TMP/ball_all.json" -o docs/images/graph_bouncing_ball_all_channels.png $SIZE \
  --normalize --colors rainbow --current-frame 13 --png-compression small
# Z Location alone, its keys at 23 and 33 selected, 33 active (Blender's second screenshot).
python3 - "$TMP/BouncingBall.json" "$TMP/ball_z.json" <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))
for t in a["tracks"]:
    z = (t["dataPath"], t["index"]) == ("location", 2)
    t["hidden"] = not z
    t["selected"] = t["active"] = z
    for k in t["keyframes"]:
        k["selected"] = z and k["frame"] in (23.0, 33.0)
json.dump(a, open(sys.argv[2], "w"))
PY
"$BIN" graph "$TMP/ball_z.json" -o docs/images/graph_ball_location_z_selected_keys.png $SIZE \
  --colors rainbow --current-frame 13 --png-compression small
for name in CameraMove LogoSting; do
  "$BIN" graph "$TMP/$name.json" -o "docs/images/graph_$(echo "$name" | tr '[:upper:]' '[:lower:]').png" \
    --width 1321 --height 700 --normalize --png-compression small
done
# The walk cycle's Cycles modifier repeats it before and after its 24 frames.
"$BIN" graph "$TMP/WalkCycle.json" -o docs/images/graph_walkcycle.png --width 1321 --height 700 \
  --normalize --frames=-30:100 --png-compression small
ls -l docs/images/graph_*.png
