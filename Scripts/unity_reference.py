#!/usr/bin/env python3
"""Reference values for the Unity importer's tests, from an independent Unity evaluator kept in
the shared reference folder (needs PyYAML).

Usage: Scripts/unity_reference.py SHARED_DIR > Tests/AnimplotIOTests/Resources/unity-reference.json

SHARED_DIR is the shared reference folder ($ANIMPLOT_SHARED, default ../shared). For every
public Unity clip in it and every curve (runtime vector curves split per
component, editor and float curves), the value at every half frame of the clip's m_SampleRate
from 0 to two frames past the last key, with the dataPath and index animplot gives that curve.
"""
import json, os, sys

shared = sys.argv[1]
sys.path.insert(0, os.path.join(shared, 'research', 'tools'))
import unity_eval as u  # noqa: E402

FILES = ['mlagents_AgentJumpForJoy.anim', 'mlagents_FlagSwing.anim', 'steamvr_BallAnimation.anim']
VECTOR = {'m_PositionCurves': 'm_LocalPosition', 'm_EulerCurves': 'localEulerAnglesRaw',
          'm_ScaleCurves': 'm_LocalScale', 'm_RotationCurves': 'm_LocalRotation'}
out = []
for name in FILES:
    path = os.path.join(shared, 'realdata', 'unity', name)
    clip = u.load(path)
    fps = float(clip.get('m_SampleRate') or 60)
    for cname, kind, keys in u.curves(path):
        if not keys:
            continue
        field, rest = cname.split(':', 1)
        if field in VECTOR:
            p, comp = rest.rsplit('.', 1)
            base, index = VECTOR[field], 'xyzw'.index(comp)
        else:
            p, attribute = rest.split(':', 1)
            base, index = attribute, 0
            if attribute[-2:] in ('.x', '.y', '.z', '.w'):
                base, index = attribute[:-2], 'xyzw'.index(attribute[-1])
        data_path = (p + '/' if p else '') + base
        last = keys[-1]['time'] * fps
        frames = [i / 2 for i in range(int((last + 2) * 2) + 1)]
        out.append({'file': name, 'field': field, 'kind': kind, 'dataPath': data_path, 'index': index,
                    'frames': frames, 'values': [u.evaluate(keys, f / fps) for f in frames]})
json.dump({'generator': 'Scripts/unity_reference.py', 'curves': out}, sys.stdout, separators=(',', ':'))
sys.stdout.write('\n')
