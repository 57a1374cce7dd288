#!/usr/bin/env python3
"""Motion outputs: `animplot play` of W1 (120 frames at 1600x900) into PNG frames, an APNG and
an animated SVG, beside `graph` drawing the one still picture; and, when the binary has the
verb, `animplot path` of a motion path of 100,000 samples.

usage: motion_bench.py BENCHDIR ANIMPLOT ROUNDS
Each command runs once to warm up, then ROUNDS rounds in a shuffled order (seeded), through
BENCHDIR/spawnrss (wall time and peak RSS of the child). Prints a Markdown table of medians.
Targets (issue 11): PNG frames at 60 frames per second of wall time or more; the APNG within
2x of the PNG frames' time; the motion path under a second.
"""
import json, os, random, shutil, statistics, subprocess, sys

bench, animplot, rounds = sys.argv[1], os.path.abspath(sys.argv[2]), int(sys.argv[3])
work = os.path.join(bench, "work")
out = os.path.join(bench, "out", "motion")
shutil.rmtree(out, ignore_errors=True)
os.makedirs(out)
w1 = os.path.join(work, "w1.action.json")
args = open(os.path.join(work, "w1.action.args")).read().split()
# W1's size and values; the frames played are 1:120 (W1's --frames is the view of a still).
view = [a for a in args if not a.startswith("--frames")]
play = [animplot, "play", w1, "--frames=1:120"] + view

# A motion path: one action of 3 location channels sampled over 100,000 frames.
path_action = os.path.join(out, "path100k.json")
keys = lambda f: [{"frame": float(i), "value": f(i)} for i in range(0, 100001, 2500)]
json.dump({"animplot": 1, "name": "Orbit", "frameStart": 1, "frameEnd": 100000, "tracks": [
    {"dataPath": "location", "index": 0, "keyframes": keys(lambda i: ((i // 2500) % 4 - 1.5) * 3.0)},
    {"dataPath": "location", "index": 1, "keyframes": keys(lambda i: 0.0)},
    {"dataPath": "location", "index": 2, "keyframes": keys(lambda i: ((i // 2500) % 3 - 1.0) * 2.0)},
]}, open(path_action, "w"))
has_path = subprocess.run([animplot, "path", "--help"], capture_output=True).returncode == 0

commands = [
    ("W1 still (graph, one picture)", [animplot, "graph", w1, "-o", os.path.join(out, "still.png")] + args, 1),
    ("W1 play: 120 PNG frames", play + ["-o", os.path.join(out, "frames") + "/"], 120),
    ("W1 play: APNG of 120 frames", play + ["-o", os.path.join(out, "w1.apng")], 120),
    ("W1 play: animated SVG of 120 frames", play + ["-o", os.path.join(out, "w1.svg")], 120),
]
if has_path:
    commands.append(("path: 100,000 samples, PNG", [animplot, "path", path_action, "-o", os.path.join(out, "path.png")], 0))


def run(argv):
    r = subprocess.run([os.path.join(bench, "spawnrss")] + argv, capture_output=True, text=True, check=True)
    wall, rss, rc = r.stdout.split()
    if int(rc) != 0:
        sys.exit("command failed (%s): %s" % (rc, " ".join(argv)))
    return float(wall), int(rss) / 1024


samples = {name: ([], []) for name, _, _ in commands}
for _, argv, _ in commands:
    run(argv)
rng = random.Random(11)
for _ in range(rounds):
    order = list(commands)
    rng.shuffle(order)
    for name, argv, _ in order:
        wall, rss = run(argv)
        samples[name][0].append(wall)
        samples[name][1].append(rss)

print("\n| command | median ms | min–max ms | frames per second of wall time | peak RSS MB | file |")
print("|---|---:|---:|---:|---:|---:|")
files = {"W1 play: APNG of 120 frames": "w1.apng", "W1 play: animated SVG of 120 frames": "w1.svg",
         "W1 still (graph, one picture)": "still.png", "path: 100,000 samples, PNG": "path.png"}
for name, _, frames in commands:
    walls, rsss = samples[name]
    m = statistics.median(walls)
    size = ""
    if name in files:
        size = "%d KB" % (os.path.getsize(os.path.join(out, files[name])) // 1024)
    elif name.endswith("PNG frames"):
        size = "%d KB in all" % (sum(os.path.getsize(os.path.join(out, "frames", f)) for f in os.listdir(os.path.join(out, "frames"))) // 1024)
    fps = "%.0f" % (frames / (m / 1000)) if frames > 1 else ""
    print("| %s | %.0f | %.0f–%.0f | %s | %.1f | %s |" % (name, m, min(walls), max(walls), fps, statistics.median(rsss), size))
frames_ms = statistics.median(samples["W1 play: 120 PNG frames"][0])
apng_ms = statistics.median(samples["W1 play: APNG of 120 frames"][0])
print("PNG frames: %.0f frames/s (target >= 60); APNG / PNG frames: %.2fx (target <= 2x)%s" % (
    120 / (frames_ms / 1000), apng_ms / frames_ms,
    "; path of 100,000 samples: %.0f ms (target < 1000)" % statistics.median(samples["path: 100,000 samples, PNG"][0]) if has_path else ""))
print("(%d interleaved rounds after a warm-up, %d cores)" % (rounds, os.cpu_count()))
