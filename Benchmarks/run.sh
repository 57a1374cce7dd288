#!/usr/bin/env bash
# `make bench`: animplot beside the C baselines kept in the shared reference folder
# ($ANIMPLOT_SHARED, default ../shared), measured in the same run.
# Builds the baselines from their sources into .build/bench (nothing of them is committed),
# generates the workloads (seed 1234), converts them to action files, and prints the tables.
# A benchmark, not a test: the machine's load shows in the numbers; compare ratios.
set -euo pipefail
cd "$(dirname "$0")/.."
SHARED=${ANIMPLOT_SHARED:-../shared}
B=.build/bench
if [ ! -f "$SHARED/bench/evalbench.c" ]; then
  echo "make bench: needs the baselines in $SHARED/bench (set ANIMPLOT_SHARED)" >&2
  exit 2
fi
mkdir -p "$B/work"
cp "$SHARED"/bench/{Makefile,plotcore.c,plotcore.h,cplot.c,evalbench.c,pngbench.c,spawnrss.c,gen_workloads.py} "$B/"
make -s -C "$B" >/dev/null
[ -f "$B/work/w2.json" ] || python3 "$B/gen_workloads.py" --out "$B/work" >/dev/null
for w in w1 w2 w3; do
  # Converted again when the options file predates --frames=A:B (a negative start read as an option).
  grep -qs -- '--frames=' "$B/work/$w.action.args" || python3 Benchmarks/workload_to_action.py "$B/work/$w.json" "$B/work/$w.action"
done

BIN=.build/release

echo "== F-curve evaluation: W1 curve 0 (50 Bezier keys), 100000 frames over the key range =="
echo "-- C baseline (evalbench, double precision, binary search + closed-form cubic)"
"$B/evalbench" "$B/work/w1.json" 100000 | tee "$B/eval_c.tsv"
echo "-- animplot (Float, Blender-exact)"
"$BIN/animplot-bench" eval "$B/work/w1.action.json" 100000 | tee "$B/eval_swift.tsv"
python3 - "$B/eval_c.tsv" "$B/eval_swift.tsv" <<'PY'
import sys
def rows(p):
    return {tuple(l.split("\t")[:2]): float(l.split("\t")[4]) for l in open(p) if l[0] != "#" and not l.startswith("method")}
c, s = rows(sys.argv[1]), rows(sys.argv[2])
cseq, cshuf = c[("bsearch+cardano", "sequential")], c[("bsearch+cardano", "shuffled")]
print("\n| animplot | M evals/s | vs C cardano, same order |")
print("|---|---:|---:|")
for (m, o), v in s.items():
    ref = cseq if o in ("sequential", "sorted") else cshuf
    print("| %s %s | %.1f | %.2fx |" % (m, o, v, v / ref))
print("C cardano: sequential %.1f, shuffled %.1f M evals/s" % (cseq, cshuf))
PY

echo
echo "== Decoding the W2 action (100 tracks x 1000 keys) =="
ls -l "$B/work/w2.action.json" | awk '{print $5 " bytes"}'
"$BIN/animplot-bench" decode "$B/work/w2.action.json"
echo "-- C baseline: cplot's hand-written DOM parser (strtod) on w2.json, parse_ms:"
for i in 1 2 3 4 5; do "$B/cplot" -t --nopng "$B/work/w2.json" "$B/w2_c" 2>&1 >/dev/null | sed -n 's/.*"parse_ms":\([0-9.]*\).*/\1/p'; done | sort -n | sed -n 3p

echo
echo "== Whole-process rendering: animplot graph and dopesheet beside cplot (C + Cairo) =="
python3 Benchmarks/render_bench.py "$B" "$BIN/animplot" "${ANIMPLOT_BENCH_ROUNDS:-7}" dopesheet

echo
echo "== animplot check: W3's 200 plots against their references, beside graph drawing them =="
python3 Benchmarks/check_bench.py "$B" "$BIN/animplot" 5

echo
echo "== Motion: play of W1 (120 frames) as PNG frames, APNG and animated SVG; a motion path of 100,000 samples =="
python3 Benchmarks/motion_bench.py "$B" "$BIN/animplot" 5

echo
echo "== W5: a .glb of 300 channels x 10,000 keys (100 nodes: translation, rotation, scale; LINEAR) =="
[ -f "$B/work/w5.glb" ] || python3 Benchmarks/make_w5.py "$B/work/w5.glb"
ls -l "$B/work/w5.glb" | awk '{print $5 " bytes"}'
"$BIN/animplot-bench" import "$B/work/w5.glb"
# The floor: a C program that only writes the 10,000,000 keys animplot's model holds (48 bytes
# each, one array per track, 2 threads), in MB/s of the same file.
cc -O2 -pthread Benchmarks/keyfloor.c -o "$B/keyfloor"
"$B/keyfloor" 1000 10000 "$(stat -c %s "$B/work/w5.glb")"
python3 Benchmarks/w5_bench.py "$B" "$BIN/animplot" 3

echo
echo "== animplot serve: GET /api/render/graph.png over 50 zoom/pan steps and GET /api/hit, 1600x900, the four realistic actions =="
python3 Benchmarks/serve_bench.py "$BIN/animplot"
