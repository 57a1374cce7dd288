#!/usr/bin/env bash
# Proves a refactor: renders a fixed corpus with a built animplot and prints one SHA-256 line per
# output. Run it before and after a change and compare the two listings; any line that differs
# is a picture, display list, layout or table that changed.
#
# usage: Tools/output_digests.sh [ANIMPLOT_BINARY] > digests.txt
#   diff <(git stash; make build >/dev/null; Tools/output_digests.sh) digests.txt
#
# The corpus: every case of Fixtures/ in every format its verb writes, the pictures of
# docs/images (docs/images/render.sh into a scratch copy), the Examples in each editor, theme,
# scale and PNG compression, and eval's CSV and JSON and recalc's format 1.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=$(realpath "${1:-.build/release/animplot}")
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
OUT=$TMP/out
mkdir -p "$OUT"

# Fixtures: each case with its options, in each picture format (and the dope sheet's layout).
for input in Fixtures/*.json; do
  name=$(basename "$input" .json)
  args=()
  if [ -f "Fixtures/$name.args" ]; then
    # Comments and --format removed: every format is rendered here.
    read -r -a args <<<"$(grep -v '^#' "Fixtures/$name.args" | sed 's/--format [a-z]*//' | tr '\n' ' ')"
  fi
  [ ${#args[@]} -gt 0 ] || args=(graph)
  for ext in png svg pdf txt; do
    "$BIN" "${args[@]}" "$input" -o "$OUT/fixture-$name.$ext"
  done
done

# docs/images, rendered by its own script into a copy of the tree's docs and Examples.
mkdir -p "$TMP/tree/docs/images"
cp -r Examples "$TMP/tree/"
cp docs/images/render.sh "$TMP/tree/docs/images/"
(cd "$TMP/tree" && docs/images/render.sh "$BIN" >/dev/null)
for f in "$TMP"/tree/docs/images/*.png; do cp "$f" "$OUT/docs-$(basename "$f")"; done

# Every editor on the examples, in both themes, at scale 1 and 2, in every format.
for input in Examples/*.json; do
  name=$(basename "$input" .json)
  for theme in blender light; do
    for ext in png svg pdf txt; do
      "$BIN" graph "$input" --theme "$theme" --width 640 --height 360 -o "$OUT/graph-$name-$theme.$ext"
      "$BIN" dopesheet "$input" --theme "$theme" --width 640 --height 360 -o "$OUT/dope-$name-$theme.$ext"
      "$BIN" timeline "$input" --theme "$theme" --width 640 -o "$OUT/timeline-$name-$theme.$ext"
    done
    "$BIN" graph "$input" --theme "$theme" --scale 2 --width 400 --height 300 --handles all --normalize \
      -o "$OUT/graph-$name-$theme-2x.png"
  done
  "$BIN" dopesheet "$input" --format json -o "$OUT/dope-$name.json"
  "$BIN" dopesheet "$input" --show-handle-types --collapse-groups --no-summary -o "$OUT/dope-$name-options.png"
  "$BIN" graph "$input" --key-shape diamond --colors rainbow --no-cursor --no-channel-list \
    --frames=-10:80 --values=-2:3 --current-frame 7 -o "$OUT/graph-$name-options.svg"
  for c in fast default small; do
    "$BIN" graph "$input" --png-compression "$c" --width 320 --height 200 -o "$OUT/graph-$name-$c.png"
  done
  "$BIN" eval "$input" --range 0:40:0.5 -o "$OUT/eval-$name.csv"
  "$BIN" eval "$input" --at 1,2.5,10 --format json -o "$OUT/eval-$name.json"
  "$BIN" recalc "$input" -o "$OUT/recalc-$name.json"
done
# Several inputs into a folder, and a channel pattern.
"$BIN" graph Examples/bouncing-ball.json Fixtures/compact.json --width 320 --height 200 -o "$OUT/multi/"
"$BIN" graph Examples/blender-four-actions.json --action WalkCycle --channels '*rotation*' \
  --width 320 --height 200 -o "$OUT/graph-channels.png"

(cd "$OUT" && find . -type f | sort | xargs sha256sum)
