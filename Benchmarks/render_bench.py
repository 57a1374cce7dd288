#!/usr/bin/env python3
"""Whole-process timing of `animplot graph` beside the raw C + Cairo baseline (`cplot`).

usage: render_bench.py BENCHDIR ANIMPLOT ROUNDS [dopesheet]
Runs every command once to warm up, then ROUNDS rounds in a shuffled order (seeded), each
through BENCHDIR/spawnrss (fork/exec/wait4: wall time and the child's peak RSS). Prints a
Markdown table of medians and ratios to cplot measured in the same run. With `dopesheet`, also
times `animplot dopesheet` on W2 (100 channels x 1000 keys at 3840x2160, all rows visible) and
prints its median over the Graph Editor's W2 median.
"""
import os, random, statistics, subprocess, sys

bench, animplot, rounds = sys.argv[1], os.path.abspath(sys.argv[2]), int(sys.argv[3])
work = os.path.join(bench, "work")
out = os.path.join(bench, "out")
for d in ("w3_c", "w3_animplot", "w3_dope"):
    os.makedirs(os.path.join(out, d), exist_ok=True)


def args_of(w):
    with open(os.path.join(work, w + ".action.args")) as fh:
        return fh.read().split()


w3_inputs = sorted(os.path.join(work, f) for f in os.listdir(work) if f.startswith("w3.action_") and f.endswith(".json"))
w3_args = args_of("w3")
# W3's plots each have their own view: animplot fits each one, so only the size is passed.
w3_size = w3_args[:4]
commands = [
    ("W1", "cplot", [os.path.join(bench, "cplot"), os.path.join(work, "w1.json"), os.path.join(out, "w1_c")]),
    ("W1", "animplot graph", [animplot, "graph", os.path.join(work, "w1.action.json"), "-o", os.path.join(out, "w1_animplot.png")] + args_of("w1")),
    ("W2", "cplot", [os.path.join(bench, "cplot"), os.path.join(work, "w2.json"), os.path.join(out, "w2_c")]),
    ("W2", "animplot graph", [animplot, "graph", os.path.join(work, "w2.action.json"), "-o", os.path.join(out, "w2_animplot.png")] + args_of("w2")),
    ("W3", "cplot", [os.path.join(bench, "cplot"), os.path.join(work, "w3.json"), os.path.join(out, "w3_c", "p")]),
    ("W3", "animplot graph", [animplot, "graph"] + w3_inputs + ["-o", os.path.join(out, "w3_animplot") + "/"] + w3_size),
]
if len(sys.argv) > 4 and sys.argv[4] == "dopesheet":
    commands.append(("W2", "animplot dopesheet", [animplot, "dopesheet", os.path.join(work, "w2.action.json"), "-o", os.path.join(out, "w2_dope.png"), "--width", "3840", "--height", "2160"]))


def run(argv):
    r = subprocess.run([os.path.join(bench, "spawnrss")] + argv, capture_output=True, text=True, check=True)
    wall, rss, rc = r.stdout.split()
    if int(rc) != 0:
        sys.exit("command failed (%s): %s" % (rc, " ".join(argv)))
    return float(wall), int(rss) / 1024


samples = {(w, n): ([], []) for w, n, _ in commands}
for w, n, argv in commands:
    run(argv)
rng = random.Random(7)
for _ in range(rounds):
    order = list(commands)
    rng.shuffle(order)
    for w, n, argv in order:
        wall, rss = run(argv)
        samples[(w, n)][0].append(wall)
        samples[(w, n)][1].append(rss)

print("\n| workload | command | median ms | min–max ms | peak RSS MB | time vs cplot | RSS vs cplot |")
print("|---|---|---:|---:|---:|---:|---:|")
for w, n, _ in commands:
    walls, rsss = samples[(w, n)]
    cw, cr = samples[(w, "cplot")]
    m, r = statistics.median(walls), statistics.median(rsss)
    print("| %s | %s | %.1f | %.1f–%.1f | %.1f | %.2fx | %+.1f MB |" % (
        w, n, m, min(walls), max(walls), r, m / statistics.median(cw), r - statistics.median(cr)))
print("(%d interleaved rounds after a warm-up; W3 is 200 plots of 480x270 in one call)" % rounds)
if ("W2", "animplot dopesheet") in samples:
    dope = statistics.median(samples[("W2", "animplot dopesheet")][0])
    graph = statistics.median(samples[("W2", "animplot graph")][0])
    print("W2 dopesheet / graph: %.2fx (target <= 1.0x)" % (dope / graph))
