#!/usr/bin/env bash
# Proves a refactor: renders a fixed corpus with a built animplot and prints one SHA-256 line per
# output. Run it before and after a change and compare the two listings; any line that differs
# is a picture, display list, layout or table that changed.
#
# usage: Scripts/output_digests.sh [ANIMPLOT_BINARY] > digests.txt
#   diff <(git stash; make build >/dev/null; Scripts/output_digests.sh) digests.txt
#
# The corpus: every case of Fixtures/ in every format its verb writes, the pictures of
# docs/images (docs/images/render.sh into a scratch copy), the Examples in each editor, theme,
# scale and PNG compression, and eval's CSV and JSON and recalc's format 1.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=$(realpath "${1:-.build/release/animplot}")
TMP=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$TMP"' EXIT
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
cp -r Examples Scripts "$TMP/tree/"
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

# Scale 1.05 and the header, in both editors and themes.
for theme in blender light; do
  for verb in graph dopesheet; do
    "$BIN" $verb Examples/blender-four-actions.json --theme "$theme" --scale 1.05 --header --width 700 --height 420 \
      -o "$OUT/$verb-header-$theme-1.05.png"
    "$BIN" $verb Examples/blender-four-actions.json --theme "$theme" --scale 1.05 --header --width 700 --height 420 \
      -o "$OUT/$verb-header-$theme-1.05.txt"
  done
done
# The other verbs: play (APNG, animated SVG, frames), preview, path, gallery, morph, import.
"$BIN" play Examples/bouncing-ball.json --width 320 --height 200 --step 4 -o "$OUT/play.apng"
"$BIN" play Examples/bouncing-ball.json --width 320 --height 200 --step 4 -o "$OUT/play.svg"
"$BIN" play Examples/bouncing-ball.json --view dopesheet --width 320 --height 200 --step 8 -o "$OUT/play-frames/"
"$BIN" play Examples/blender-four-actions.json --view timeline --width 320 --step 8 --keys-only -o "$OUT/play-timeline.apng"
for ext in apng svg; do
  "$BIN" preview Examples/blender-bouncing-ball.json --shape star --width 320 --height 200 -o "$OUT/preview.$ext"
done
"$BIN" preview Examples/blender-bouncing-ball.json --shape star --filmstrip 4 --width 320 --height 200 -o "$OUT/preview-strip.svg"
for ext in png svg pdf; do
  "$BIN" path Examples/blender-bouncing-ball.json --width 480 --height 320 -o "$OUT/path.$ext"
  "$BIN" gallery --theme light -o "$OUT/gallery.$ext"
  "$BIN" morph --from square --to star --easing back-out -o "$OUT/morph.$ext"
done
"$BIN" import Examples/hop.glb -o "$OUT/import-hop.json"
"$BIN" eval Examples/hop.glb --range 0:30 -o "$OUT/eval-hop.csv"
# diff: summaries (standard error) and images, exact and perceptual.
"$BIN" graph Examples/bouncing-ball.json --width 320 --height 200 -o "$OUT/diff-a.png"
"$BIN" graph Examples/bouncing-ball.json --width 320 --height 200 --current-frame 30 -o "$OUT/diff-b.png"
(cd "$OUT" && "$BIN" diff diff-a.png diff-b.png -o diff-exact.png >diff-exact.txt 2>&1) || true
(cd "$OUT" && "$BIN" diff diff-a.png diff-b.png --perceptual --side-by-side -o diff-perceptual.png \
  >diff-perceptual.txt 2>&1) || true
# check over a copy of Fixtures with one case broken: its artifacts and reports (times removed).
cp -r Fixtures "$TMP/cases"
"$BIN" graph Fixtures/overshoot.json --width 480 --height 270 --current-frame 12 -o "$TMP/cases/overshoot.png"
(cd "$TMP" && "$BIN" check cases --record never --jobs 1 --artifacts .art --junit junit.xml --json check.json \
  --report report.html >check.txt 2>&1) || true
for f in check.txt junit.xml check.json report.html; do
  sed -E 's/[0-9]+(\.[0-9]+)? ?(ms|s)\b/T/g; s/"(seconds|time|duration|timestamp|date)": *[^,}]*/"\1": T/g; s/(time|timestamp)="[^"]*"/\1="T"/g' \
    "$TMP/$f" >"$OUT/check-$f"
done
cp -r "$TMP/.art" "$OUT/check-artifacts"

(cd "$OUT" && find . -type f | sort | xargs sha256sum)
