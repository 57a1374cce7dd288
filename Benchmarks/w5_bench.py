#!/usr/bin/env python3
"""W5 whole-process timings: reading a big .glb (eval at one frame, eval --range) beside drawing it
(graph), each through BENCHDIR/spawnrss (wall time and peak RSS), median of ROUNDS.

usage: w5_bench.py BENCHDIR ANIMPLOT ROUNDS
"""
import os, statistics, subprocess, sys

bench, animplot, rounds = sys.argv[1], os.path.abspath(sys.argv[2]), int(sys.argv[3])
glb = os.path.join(bench, "work", "w5.glb")
out = os.path.join(bench, "out")
os.makedirs(out, exist_ok=True)
commands = [
    ("eval --at 0 (read only)", [animplot, "eval", glb, "--at", "0", "-o", os.path.join(out, "w5_at.csv")]),
    ("eval --range 0:9999:10", [animplot, "eval", glb, "--range", "0:9999:10", "-o", os.path.join(out, "w5_range.csv")]),
    ("graph 1600x900 PNG", [animplot, "graph", glb, "-o", os.path.join(out, "w5.png")]),
]


def run(cmd):
    p = subprocess.run([os.path.join(bench, "spawnrss")] + cmd, capture_output=True, text=True)
    wall, rss, status = p.stdout.split()
    if p.returncode != 0 or status != "0":
        sys.exit("w5_bench: %s failed (exit %s)" % (" ".join(cmd), status))
    return float(wall), int(rss)


results = {name: [] for name, _ in commands}
for _ in range(rounds):
    for name, cmd in commands:
        results[name].append(run(cmd))
print("\n| W5 | wall ms (median) | peak RSS MB |")
print("|---|---:|---:|")
for name, _ in commands:
    walls = [w for w, _ in results[name]]
    rsss = [r for _, r in results[name]]
    print("| %s | %.0f | %.0f |" % (name, statistics.median(walls), max(rsss) / 1024))
