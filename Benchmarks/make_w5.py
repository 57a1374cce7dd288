#!/usr/bin/env python3
"""W5 of `make bench`: a .glb of 300 channels x 10,000 keys, as a sampling exporter writes them.

usage: make_w5.py OUT.glb [NODES] [KEYS]
100 nodes (default), each with a LINEAR translation (VEC3), rotation (VEC4, unit quaternions,
slerped) and scale (VEC3) channel, all sharing one time accessor of KEYS (default 10,000) keys
1/24 s apart. Values are seeded smooth random walks, so the file is the same on every run.
"""
import math, random, struct, sys, json

out = sys.argv[1]
nodes = int(sys.argv[2]) if len(sys.argv) > 2 else 100
keys = int(sys.argv[3]) if len(sys.argv) > 3 else 10000
rng = random.Random(5)

chunks = []
views = []
accessors = []
offset = 0

def add(data, count, type_):
    global offset
    views.append({"buffer": 0, "byteOffset": offset, "byteLength": len(data)})
    accessors.append({"bufferView": len(views) - 1, "componentType": 5126, "count": count, "type": type_})
    chunks.append(data)
    offset += len(data)
    return len(accessors) - 1

times = [k / 24 for k in range(keys)]
t_acc = add(struct.pack("<%df" % keys, *times), keys, "SCALAR")
accessors[t_acc]["min"] = [times[0]]
accessors[t_acc]["max"] = [times[-1]]

def walk(n, scale):
    v, dv, out = 0.0, 0.0, []
    for _ in range(n):
        dv = 0.98 * dv + rng.gauss(0, scale)
        v += dv
        out.append(v)
    return out

channels, samplers, node_list = [], [], []
for n in range(nodes):
    node_list.append({"name": "Bone%03d" % n})
    tr = list(zip(walk(keys, 0.01), walk(keys, 0.01), walk(keys, 0.01)))
    angle, axis_walk = walk(keys, 0.002), walk(keys, 0.001)
    rot = []
    for a, b in zip(angle, axis_walk):
        ax = (math.cos(b), math.sin(b), 0.3)
        norm = math.sqrt(sum(c * c for c in ax))
        s = math.sin(a / 2) / norm
        rot.append((ax[0] * s, ax[1] * s, ax[2] * s, math.cos(a / 2)))
    sc = [(1 + 0.1 * math.sin(x),) * 3 for x in walk(keys, 0.001)]
    for path, values, type_ in (("translation", tr, "VEC3"), ("rotation", rot, "VEC4"), ("scale", sc, "VEC3")):
        flat = [c for v in values for c in v]
        acc = add(struct.pack("<%df" % len(flat), *flat), keys, type_)
        samplers.append({"input": t_acc, "output": acc, "interpolation": "LINEAR"})
        channels.append({"sampler": len(samplers) - 1, "target": {"node": n, "path": path}})

binary = b"".join(chunks)
doc = {"asset": {"version": "2.0", "generator": "animplot Benchmarks/make_w5.py"},
       "nodes": node_list, "scenes": [{"nodes": list(range(nodes))}], "scene": 0,
       "buffers": [{"byteLength": len(binary)}], "bufferViews": views, "accessors": accessors,
       "animations": [{"name": "W5", "channels": channels, "samplers": samplers}]}
js = json.dumps(doc, separators=(",", ":")).encode()
js += b" " * (-len(js) % 4)
binary += b"\0" * (-len(binary) % 4)
with open(out, "wb") as f:
    f.write(struct.pack("<4sII", b"glTF", 2, 12 + 8 + len(js) + 8 + len(binary)))
    f.write(struct.pack("<I4s", len(js), b"JSON") + js)
    f.write(struct.pack("<I4s", len(binary), b"BIN\0") + binary)
