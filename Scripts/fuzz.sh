#!/usr/bin/env bash
# `make fuzz SECONDS=N [FUZZ_TARGETS="gltf csv"]`: builds the libFuzzer targets of Fuzz/ (with
# AddressSanitizer) and runs each target named (default: all) for N/count seconds on a corpus
# seeded from the fixtures, the examples and the public sample files of the shared reference
# folder ($ANIMPLOT_SHARED, default ../shared), when it is there. The targets: decode (any
# input, its kind in the first byte), png (two PNG files compared), and one per importer,
# gltf, lottie, unity and csv (fuzz-import with ANIMPLOT_FUZZ_KIND).
# Findings (inputs that trapped, aborted or allocated past 2 GB) go to .build/fuzz/findings/;
# keep each one in Tests/FuzzRegressionTests/Crashers/TARGET/ once it is fixed.
# With FUZZ_LOCK set to a file, the builds run under `flock FUZZ_LOCK` (machines that share
# their cores between several builds); the fuzzers do not.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_TOTAL=${1:-60}
TARGETS=${FUZZ_TARGETS:-decode png gltf lottie unity csv}
SHARED=${ANIMPLOT_SHARED:-../shared}
F=$PWD/.build/fuzz
for target in $TARGETS; do
  case "$target" in decode|png|gltf|lottie|unity|csv) ;; *) echo "fuzz: unknown target '$target' (decode, png, gltf, lottie, unity, csv)" >&2; exit 2 ;; esac
done
for target in decode png $TARGETS; do
  mkdir -p "$F/corpus/$target" "$F/findings/$target"
done
lock=(); [ -z "${FUZZ_LOCK:-}" ] || lock=(flock "$FUZZ_LOCK")

# The fuzz executables exist in the package only with ANIMPLOT_FUZZ set (Package.swift); each is
# built with its dependencies (not the animplot executable, whose top-level code
# -parse-as-library refuses).
# Only the executables of the targets run: fuzz-decode, fuzz-png, fuzz-import (the importers).
export ANIMPLOT_FUZZ=1
products=$(for target in $TARGETS; do case "$target" in decode|png) echo "fuzz-$target" ;; *) echo fuzz-import ;; esac; done | sort -u)
for product in $products; do
  "${lock[@]}" swift build -c debug --scratch-path "$F/build" --product "$product" \
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

# Seeds for the importers' fuzzers: one folder per kind.
python3 Scripts/fuzz_import_seeds.py "$F/import-seeds" "$SHARED"
for kind in gltf lottie unity csv; do
  [ -d "$F/corpus/$kind" ] || continue
  for f in "$F/import-seeds/$kind"/* Tests/FuzzRegressionTests/Crashers/$kind/*; do
    [ -f "$f" ] && cp -n "$f" "$F/corpus/$kind/"
  done
done

set -- $TARGETS
each=$((SECONDS_TOTAL / $#))
for target in $TARGETS; do
  echo "== fuzz-$target for ${each}s (corpus .build/fuzz/corpus/$target)"
  case "$target" in decode|png) exe=fuzz-$target ;; *) exe=fuzz-import ;; esac
  ANIMPLOT_FUZZ_KIND=$target "$BIN/$exe" "$F/corpus/$target" -max_total_time="$each" -timeout=20 -rss_limit_mb=2048 \
    -max_len=131072 -print_final_stats=1 -artifact_prefix="$F/findings/$target/" 2>&1 \
    | grep -E "^(#[0-9]+ +(INITED|DONE)|stat::|==[0-9]+==|SUMMARY|artifact_prefix|Test unit written|Done)" || true
  echo "corpus of $target: $(find "$F/corpus/$target" -type f | wc -l) inputs"
done
echo "findings: $(find "$F/findings" -type f | wc -l) file(s) in .build/fuzz/findings/"
