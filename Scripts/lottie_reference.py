#!/usr/bin/env python3
"""Reference values for the Lottie importer's tests, from an independent Lottie evaluator kept in
the shared reference folder (stdlib only).

Usage: Scripts/lottie_reference.py SHARED_DIR > Tests/AnimplotIOTests/Resources/lottie-reference.json

SHARED_DIR is the shared reference folder ($ANIMPLOT_SHARED, default ../shared). Each entry: a
property of a public sample (by JSON pointer), the dataPath animplot gives it, and
its value per dimension at every frame (whole frames: spatial paths are sampled at them) from 0 to
the composition's out point. Properties of top-level layers, whose frames are the root's.
"""
import json, os, sys

shared = sys.argv[1]
sys.path.insert(0, os.path.join(shared, 'research', 'tools'))
import lottie_eval as le  # noqa: E402

CASES = [
    ('lottie-android_BounceEasings.json', '/layers/0/shapes/0/it/3/p', 'Bounce out curve/gr 0.transform.p'),
    ('lottie-android_BounceEasings.json', '/layers/2/shapes/0/it/3/p', 'Bounce in/gr 0.transform.p'),
    ('lottie-android_BounceEasings.json', '/layers/3/shapes/0/it/3/p', 'Bounce out/gr 0.transform.p'),
    ('lottie-android_SplitDimensions.json', '/layers/1/ks/p/x', 'Ctrler/Bounce.p.x'),
    ('lottie-android_SplitDimensions.json', '/layers/1/ks/p/y', 'Ctrler/Bounce.p.y'),
    ('lottie-android_SplitDimensions.json', '/layers/2/ks/s', 'Ctrler/Bounce/Ball.s'),
    ('lottie-android_SplitDimensions.json', '/layers/2/ks/r', 'Ctrler/Bounce/Ball.r'),
    ('lottie-android_AutoOrient.json', '/layers/0/ks/p', 'shape.p'),
]
out = []
for name, ptr, data_path in CASES:
    doc = json.load(open(os.path.join(shared, 'realdata', 'lottie', name), encoding='utf-8'))
    prop = le.pointer(doc, ptr)
    frames = list(range(int(doc['op']) + 1))
    rows = [le.evaluate(prop, float(f)) for f in frames]
    rows = [r if isinstance(r, list) else [r] for r in rows]
    for d in range(len(rows[0])):
        out.append({'file': name, 'pointer': ptr, 'dataPath': data_path, 'index': d, 'frames': frames,
                    'values': [r[d] for r in rows]})
json.dump({'generator': 'Scripts/lottie_reference.py', 'properties': out}, sys.stdout, separators=(',', ':'))
sys.stdout.write('\n')
