#!/usr/bin/env python3
"""Reference values for the glTF importer's tests, from an independent glTF evaluator kept in
the shared reference folder (stdlib only).

Usage: Scripts/gltf_reference.py SHARED_DIR > Tests/AnimplotIOTests/Resources/gltf-reference.json

SHARED_DIR is the shared reference folder ($ANIMPLOT_SHARED, default ../shared). For every
public glTF sample file in it, every animation and every channel on a node,
the value of each component at frames 0, 0.25, 0.5, ... (24 fps) up to two frames past the
channel's last key: what the glTF specification's rule gives, independent of animplot.
"""
import json, os, sys

shared = sys.argv[1]
sys.path.insert(0, os.path.join(shared, 'research', 'tools'))
import gltf_anim_dump as g  # noqa: E402

FILES = [
    'InterpolationTest/InterpolationTest.glb',
    'AnimatedCube/AnimatedCube.gltf',
    'AnimatedTriangle/AnimatedTriangle.gltf',
    'AnimatedMorphCube/AnimatedMorphCube.glb',
    'BoxAnimated/BoxAnimated.glb',
    'RiggedSimple/RiggedSimple.glb',
    'blender-io-roundtrip/01_cs_morph/01_cs_morph.gltf',
    'blender-io-roundtrip/01_cs_rotate/01_cs_rotate.gltf',
    'blender-io-roundtrip/01_cs_scale/01_cs_scale.gltf',
    'blender-io-roundtrip/01_cs_translate/01_cs_translate.gltf',
    'blender-io-roundtrip/03_all_animations/03_all_animations.gltf',
    'blender-io-roundtrip/03_animated_cube/03_animated_cube.gltf',
    'blender-io-roundtrip/07_nla-anim/07_nla-anim.gltf',
]
FPS = 24.0

def weights_evaluate(times, vals, interp, t, width):
    """Morph weights: vals is a flat list of scalars, `width` per key (x3 for CUBICSPLINE)."""
    flat = [v[0] for v in vals]
    per = 3 if interp == 'CUBICSPLINE' else 1
    keyed = [flat[i * width:(i + 1) * width] for i in range(len(flat) // width)]
    return g.evaluate(times, keyed, interp, 'weights', t)

out = []
for rel in FILES:
    doc, bins = g.load(os.path.join(shared, 'realdata', 'gltf', rel))
    for ai, anim in enumerate(doc.get('animations', [])):
        for ch in anim['channels']:
            tgt = ch['target']
            if 'node' not in tgt:
                continue
            s = anim['samplers'][ch['sampler']]
            interp = s.get('interpolation', 'LINEAR')
            times = [v[0] for v in g.accessor(doc, bins, s['input'])]
            vals = g.accessor(doc, bins, s['output'])
            per = 3 if interp == 'CUBICSPLINE' else 1
            last = times[-1] * FPS
            frames = [i / 2 for i in range(int((last + 2) * 2) + 1)]
            if tgt['path'] == 'weights':
                width = len(vals) // (len(times) * per)
                rows = [weights_evaluate(times, vals, interp, f / FPS, width) for f in frames]
            else:
                rows = [g.evaluate(times, vals, interp, tgt['path'], f / FPS) for f in frames]
            for c in range(len(rows[0])):
                out.append({'file': rel, 'animation': ai,
                            'dataPath': 'nodes[%d].%s' % (tgt['node'], tgt['path']), 'index': c,
                            'frames': frames, 'values': [r[c] for r in rows]})
json.dump({'fps': FPS, 'generator': 'Scripts/gltf_reference.py', 'channels': out}, sys.stdout,
          separators=(',', ':'))
sys.stdout.write('\n')
