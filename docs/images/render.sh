#!/usr/bin/env bash
# Renders the pictures of docs/images from Blender's realistic actions (Examples/blender-*.json,
# written from the oracle by Examples/blender_realistic_actions.py) at the size of Blender's
# reference screenshots, in the editor state those screenshots show.
# usage: docs/images/render.sh [ANIMPLOT_BINARY]
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${1:-.build/release/animplot}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
SMALL="--png-compression small"

# The four pictures of Blender's reference screenshots, drawn by Scripts/blender_fidelity.py in the
# screenshots' editor state and view, at Blender's UI scale 1.05 (1321x1157 pixels): the Graph
# Editor with all of the Ball's curves normalised, Z Location active (thick and faded); Z
# Location alone with keys 23 and 33 selected; the Dope Sheet of the ball and of all four
# actions.
python3 Scripts/blender_fidelity.py --binary "$BIN" --no-compare --out "$TMP"
mv "$TMP/graph_editor_bouncing_ball_all_channels.png" docs/images/graph_bouncing_ball_all_channels.png
mv "$TMP/graph_editor_ball_location_z_selected_keys.png" docs/images/graph_ball_location_z_selected_keys.png
mv "$TMP/dopesheet_bouncing_ball.png" "$TMP/dopesheet_all_actions.png" docs/images/
# The other three actions (no Blender Graph Editor screenshot of them).
"$BIN" graph Examples/blender-four-actions.json --action CameraMove -o docs/images/graph_cameramove.png \
  --width 1321 --height 700 --normalize --handles none $SMALL
"$BIN" graph Examples/blender-four-actions.json --action LogoSting -o docs/images/graph_logosting.png \
  --width 1321 --height 700 --normalize --handles none $SMALL
# The walk cycle's Cycles modifier repeats it before and after its 24 frames.
"$BIN" graph Examples/blender-four-actions.json --action WalkCycle -o docs/images/graph_walkcycle.png \
  --width 1321 --height 700 --normalize --handles none --frames=-30:100 $SMALL

# One curve per F-modifier type (Examples/modifiers.json, an action each), beside the same keys
# without it (the faded curve).
for action in Generator "Built-in Function" Envelope Cycles Noise Limits Stepped; do
  name=$(echo "$action" | tr 'A-Z ' 'a-z_' | tr -d '-')
  frames=""; [ "$action" = Cycles ] && frames="--frames=-60:130"
  "$BIN" graph Examples/modifiers.json --action "$action" -o "docs/images/graph_modifier_$name.png" \
    --width 900 --height 420 $frames $SMALL
done

# Timeline.
"$BIN" timeline Examples/blender-four-actions.json -o docs/images/timeline.png --width 1321 $SMALL
# Every interpolation and easing as small multiples, in both themes.
"$BIN" gallery -o docs/images/gallery.png $SMALL
"$BIN" gallery -o docs/images/gallery_light.png --theme light $SMALL
# The ball played: an animated PNG (GitHub plays it in the README).
"$BIN" play Examples/blender-bouncing-ball.json --animated -o docs/images/play_bouncing_ball.png \
  --width 800 --height 400 --step 2 --normalize $SMALL

# Motion path: the ball's location seen from the front, coloured by speed.
"$BIN" path Examples/blender-bouncing-ball.json -o docs/images/path_bouncing_ball.png --width 1321 --height 700 $SMALL
# The ball's action moving a star on the preview stage: a filmstrip.
"$BIN" preview Examples/blender-bouncing-ball.json --shape star --filmstrip 6 --columns 3 --width 440 --height 260 \
  -o docs/images/preview_bouncing_ball.png $SMALL
# A square turning into a star, timed by Blender's Back easing (ease out): it overshoots.
"$BIN" morph --from square --to star --easing back-out -o docs/images/morph.png $SMALL

# Edits (docs/edit.md): a curve before and after a click insert into a segment next to aligned
# handles (the curve keeps its shape), a drag of an auto key's lone handle (the key turns aligned)
# and a snap to whole frames (key points move, handles stay).
"$BIN" graph Examples/edit-curve.json -o docs/images/edit_before.png --width 800 --height 450 --handles all $SMALL
for s in insert handle-drag snap; do
  "$BIN" edit Examples/edit-curve.json --ops "Examples/edits/$s.json" -o "$TMP/edit-$s.json"
  "$BIN" graph "$TMP/edit-$s.json" -o "docs/images/edit_$s.png" --width 800 --height 450 --handles all $SMALL
done

# Other tools' files (docs/import.md), from the shared folder of public samples when it is there
# ($ANIMPLOT_SHARED, else the folder beside the checkout, as the tests find it).
REAL="${ANIMPLOT_SHARED:-../shared}/realdata"
if [ -d "$REAL" ]; then
  "$BIN" path "$REAL/gltf/BoxAnimated/BoxAnimated.glb" -o docs/images/import_gltf_box_path.png --width 900 --height 500 $SMALL
  "$BIN" graph "$REAL/gltf/BoxAnimated/BoxAnimated.glb" -o docs/images/import_gltf_box_graph_light.png \
    --width 900 --height 500 --theme light $SMALL
  "$BIN" dopesheet "$REAL/gltf/InterpolationTest/InterpolationTest.glb" --height auto --width 900 \
    -o docs/images/import_gltf_interpolationtest_dopesheet.png $SMALL
  "$BIN" graph "$REAL/unity/mlagents_FlagSwing.anim" -o docs/images/import_unity_flagswing_graph_light.png \
    --width 900 --height 500 --theme light $SMALL
  "$BIN" preview "$REAL/unity/steamvr_BallAnimation.anim" --filmstrip 4 --columns 4 --width 300 --height 220 \
    -o docs/images/import_unity_ball_preview.png $SMALL
  "$BIN" path "$REAL/lottie/lottie-web_dalek.json" -o docs/images/import_lottie_dalek_path_light.png \
    --width 900 --height 500 --theme light $SMALL
  "$BIN" dopesheet "$REAL/lottie/lottie-android_BounceEasings.json" -o docs/images/import_lottie_bounce_dopesheet.png \
    --width 900 --height auto --channel-list-width 300 $SMALL
fi
ls -l docs/images/*.png
