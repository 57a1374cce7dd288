#!/usr/bin/env python3
"""What `animplot check` costs beyond drawing: W3's 200 plots checked against their references
beside the same 200 plots drawn by `animplot graph` into a folder.

usage: check_bench.py BENCHDIR ANIMPLOT ROUNDS
Makes BENCHDIR/out/w3_check/ (one case per W3 action, NAME.args `graph --width 480 --height 270`,
as `graph` is given), records the references, checks that a run passes, then times ROUNDS
interleaved rounds (shuffled, seeded) through BENCHDIR/spawnrss: `graph` alone (one process,
one thread), `check --jobs 1` (the same work plus reading and comparing the references), and
`check` with its default jobs (the cores). Prints a Markdown table of medians and ratios to
`graph`. The issue's target: `check --jobs 1` within 1.2x of `graph`.
"""
import os, random, shutil, statistics, subprocess, sys

bench, animplot, rounds = sys.argv[1], os.path.abspath(sys.argv[2]), int(sys.argv[3])
work = os.path.join(bench, "work")
root = os.path.join(bench, "out", "w3_check")
cases = os.path.join(root, "cases")
drawn = os.path.join(root, "graph") + "/"
size = ["--width", "480", "--height", "270"]

inputs = sorted(f for f in os.listdir(work) if f.startswith("w3.action_") and f.endswith(".json"))
if len(inputs) != 200:
    sys.exit("check_bench: expected 200 W3 actions in %s, found %d (run Benchmarks/run.sh first)" % (work, len(inputs)))
shutil.rmtree(root, ignore_errors=True)
os.makedirs(cases)
os.makedirs(drawn)
for name in inputs:
    shutil.copy(os.path.join(work, name), os.path.join(cases, name))
    with open(os.path.join(cases, name[:-len(".json")] + ".args"), "w") as fh:
        fh.write("graph " + " ".join(size) + "\n")

check = [animplot, "check", cases, "--artifacts", os.path.join(root, "artifacts")]
env = dict(os.environ, CI="", ANIMPLOT_RECORD="")
recorded = subprocess.run(check + ["--record", "all"], capture_output=True, text=True, env=env)
if recorded.returncode != 1 or "200 recorded" not in recorded.stdout:
    sys.exit("check_bench: recording failed:\n" + recorded.stdout + recorded.stderr)
passing = subprocess.run(check, capture_output=True, text=True, env=env)
if passing.returncode != 0 or passing.stdout != "200 passed, 0 failed\n":
    sys.exit("check_bench: the recorded cases do not pass:\n" + passing.stdout + passing.stderr)

commands = [
    ("animplot graph (200 inputs -o folder/)", [animplot, "graph"] + [os.path.join(cases, n) for n in inputs] + ["-o", drawn] + size),
    ("animplot check --jobs 1", check + ["--jobs", "1"]),
    ("animplot check (jobs = %d cores)" % os.cpu_count(), check),
]


def run(argv):
    r = subprocess.run([os.path.join(bench, "spawnrss")] + argv, capture_output=True, text=True, check=True, env=env)
    wall, rss, rc = r.stdout.split()
    if int(rc) != 0:
        sys.exit("command failed (%s): %s" % (rc, " ".join(argv[:6])))
    return float(wall), int(rss) / 1024


samples = {n: ([], []) for n, _ in commands}
for _, argv in commands:
    run(argv)
rng = random.Random(7)
for _ in range(rounds):
    order = list(commands)
    rng.shuffle(order)
    for n, argv in order:
        wall, rss = run(argv)
        samples[n][0].append(wall)
        samples[n][1].append(rss)

base = statistics.median(samples[commands[0][0]][0])
print("\n| W3, 200 plots of 480x270 | median ms | min–max ms | peak RSS MB | time vs graph |")
print("|---|---:|---:|---:|---:|")
for n, _ in commands:
    walls, rsss = samples[n]
    m = statistics.median(walls)
    print("| %s | %.1f | %.1f–%.1f | %.1f | %.2fx |" % (n, m, min(walls), max(walls), statistics.median(rsss), m / base))
print("(%d interleaved rounds after a warm-up; references recorded once, every check run passes)" % rounds)
