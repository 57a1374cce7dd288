#!/usr/bin/env bash
# `make fuzz SECONDS=N`: builds the libFuzzer targets of Fuzz/ (with AddressSanitizer) and runs
# each for N/2 seconds on a corpus seeded from the fixtures, the examples and the public sample
# files of the shared reference folder ($ANIMPLOT_SHARED, default ../shared), when it is there.
# Findings (inputs that trapped, aborted or allocated past 2 GB) go to .build/fuzz/findings/;
# keep each one in Tests/FuzzRegressionTests/Crashers/ once it is fixed.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_TOTAL=${1:-60}
SHARED=${ANIMPLOT_SHARED:-../shared}
F=$PWD/.build/fuzz
mkdir -p "$F/corpus/decode" "$F/corpus/png" "$F/findings/decode" "$F/findings/png"

# The fuzz executables exist in the package only with ANIMPLOT_FUZZ set (Package.swift); each is
# built with its dependencies (not the animplot executable, whose top-level code
# -parse-as-library refuses).
export ANIMPLOT_FUZZ=1
for target in decode png; do
  swift build -c debug --scratch-path "$F/build" --product "fuzz-$target" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
done
BIN=$(swift build -c debug --scratch-path "$F/build" --show-bin-path)

# Seeds for fuzz-decode: the first byte names the kind (0: told by the content).
seed() { # kind-byte file
  local out="$F/corpus/decode/seed-$1-$(basename "$2")"
  [ -f "$out" ] || { printf "\\x$(printf %02x "$1")" > "$out"; head -c 65536 "$2" >> "$out"; }
}
for f in Fixtures/*.json Examples/*.json; do seed 0 "$f"; done
# Kept findings already start with their kind byte.
for f in Tests/FuzzRegressionTests/Crashers/decode/*; do [ -f "$f" ] && cp "$f" "$F/corpus/decode/"; done
if [ -d "$SHARED/realdata" ]; then
  while IFS= read -r f; do
    case "$f" in
      *.gltf) seed 3 "$f" ;; *.glb) seed 3 "$f" ;; *.csv) seed 4 "$f" ;; *.anim) seed 5 "$f" ;;
      *.json) seed 6 "$f" ;; *.lottie) seed 6 "$f" ;;
    esac
  done < <(find "$SHARED/realdata" -type f -size -64k)
fi
# Seeds for fuzz-png: two PNG files, the first one's length in two bytes.
pair() {
  local out="$F/corpus/png/seed-$(basename "$1")-$(basename "$2")"
  local n; n=$(stat -c %s "$1")
  [ "$n" -lt 65536 ] || return 0
  [ -f "$out" ] || { printf "\\x$(printf %02x $((n >> 8)))\\x$(printf %02x $((n & 255)))" > "$out"; cat "$1" "$2" >> "$out"; }
}
python3 Scripts/fuzz_png_seeds.py "$F/png-seeds"
small="$(find "$F/png-seeds" -name '*.png' | sort) $(find Fixtures Tests -name '*.png' -size -16k | sort)"
for a in $small; do for b in $small; do pair "$a" "$b"; done; done
for f in Tests/FuzzRegressionTests/Crashers/png/*; do [ -f "$f" ] && cp "$f" "$F/corpus/png/"; done

half=$((SECONDS_TOTAL / 2))
for target in decode png; do
  echo "== fuzz-$target for ${half}s (corpus .build/fuzz/corpus/$target)"
  "$BIN/fuzz-$target" "$F/corpus/$target" -max_total_time="$half" -timeout=20 -rss_limit_mb=2048 \
    -max_len=131072 -print_final_stats=1 -artifact_prefix="$F/findings/$target/" 2>&1 \
    | grep -E "^(#[0-9]+ +(INITED|DONE)|stat::|==[0-9]+==|SUMMARY|artifact_prefix|Test unit written|Done)" || true
done
echo "findings: $(find "$F/findings" -type f | wc -l) file(s) in .build/fuzz/findings/"
