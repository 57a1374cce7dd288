#!/usr/bin/env python3
"""`make bench`: the latency of `animplot serve` beside the command line.

For each of the four realistic actions of Examples/blender-four-actions.json: 50 zoom and pan
steps of the Graph Editor at 1600x900 through GET /api/render/graph.png (one keep-alive
connection, as a page's), and 200 GET /api/hit/graph at points over the picture; beside the
whole-process time of `animplot graph` for the first step's picture. p50 and p95 in ms.
Usage: serve_bench.py ANIMPLOT
"""
import http.client, random, statistics, subprocess, sys, tempfile, time, os

binary = sys.argv[1]
example = "Examples/blender-four-actions.json"
server = subprocess.Popen([binary, "serve", example, "--port", "0"], stdout=subprocess.PIPE)
url = server.stdout.readline().decode().strip()
port = int(url.split(":")[2].split("/")[0])
connection = http.client.HTTPConnection("127.0.0.1", port)


def get(path):
    start = time.perf_counter()
    connection.request("GET", path)
    response = connection.getresponse()
    body = response.read()
    elapsed = (time.perf_counter() - start) * 1000
    if response.status != 200:
        raise SystemExit("%s: %d %s" % (path, response.status, body[:200]))
    return elapsed, body


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


random.seed(1)
rows = []
for action in range(4):
    # The action's range, from its layout's view.
    import json
    _, layout = get("/api/layout/graph.json?action=%d&width=1600&height=900" % action)
    view = json.loads(layout)["view"]
    f0, f1 = view["frames"]
    v0, v1 = view["values"]
    steps = []
    for i in range(50):
        # Zoom in towards a point, then pan: a new frame and value range each step.
        zoom = 0.97 ** i
        cf = f0 + (f1 - f0) * (0.3 + 0.4 * random.random())
        cv = v0 + (v1 - v0) * (0.3 + 0.4 * random.random())
        hf, hv = (f1 - f0) * zoom / 2, (v1 - v0) * zoom / 2
        steps.append("frames=%.4f:%.4f&values=%.4f:%.4f" % (cf - hf, cf + hf, cv - hv, cv + hv))
    get("/api/render/graph.png?action=%d&width=1600&height=900&%s" % (action, steps[0]))  # warm
    render = [get("/api/render/graph.png?action=%d&width=1600&height=900&%s" % (action, s))[0] for s in steps]
    hits = [
        get("/api/hit/graph?action=%d&width=1600&height=900&x=%d&y=%d&tolerance=4" % (action, random.randrange(1600), random.randrange(900)))[0]
        for _ in range(200)
    ]
    out = os.path.join(tempfile.gettempdir(), "serve_bench.png")
    frames, values = steps[0].split("&")
    cli = []
    for _ in range(5):
        start = time.perf_counter()
        subprocess.run([binary, "graph", example, "--action", str(action), "--width", "1600", "--height", "900",
                        "--" + frames, "--" + values, "-o", out], check=True)
        cli.append((time.perf_counter() - start) * 1000)
    rows.append((action, render, hits, cli))
server.terminate()
server.wait()

print("| action | render p50 | render p95 | hit p50 | hit p95 | command line (whole process, median of 5) |")
print("|---|---:|---:|---:|---:|---:|")
for action, render, hits, cli in rows:
    print("| %d | %.1f ms | %.1f ms | %.2f ms | %.2f ms | %.1f ms |" % (
        action, percentile(render, 50), percentile(render, 95), percentile(hits, 50), percentile(hits, 95), statistics.median(cli)))
print("(goals: render p95 < 50 ms, hit p95 < 5 ms; 50 zoom/pan steps and 200 hits per action, 1600x900)")
