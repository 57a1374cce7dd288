#!/usr/bin/env python3
"""Measures Blender's legacy lattice noise (the noise behind the Noise F-modifier of Blender 3.4,
and of 5.0 with use_legacy_noise) through bpy's public mathutils.noise module, and writes the two
tables animplot evaluates it with: Sources/AnimplotCore/Evaluation/LegacyNoiseTables.swift.

Run with a Python that has bpy (pip install bpy==5.0.1 in a venv, Python 3.11):

    /path/to/venv/bin/python Scripts/measure_blender_noise.py [output.swift]

What is measured, and how. mathutils.noise.noise(p, noise_basis='BLENDER') is 2n - 1 for Blender's
original noise n at p + (1, 1, 1). That noise is a gradient lattice noise: at a lattice point it is
0.5, and near one it grows along the point's gradient g, taken from a table of 256 vectors by a
three-level hash of the point's coordinates through a 256-entry permutation P:
g(i, j, k) = G[P[P[P[i] + j] + k]] (indices mod 256).

1. Gradients at lattice points: n(p + e·axis) - 0.5 ≈ e·g[axis] for a small e (2^-12).
2. The 256 distinct gradients seen are labels. Along k (i, j fixed) the labels spell P at 256
   consecutive positions; every such window is a rotation of the first, so P repeats with period
   256; the rotations of the windows over j (i = 0) and over i (j = 0) give P[P[0] + j] and
   P[P[i]] up to one unknown rotation, and P itself up to P[0]: the one (rotation, P[0]) pair that
   satisfies both is P.
3. Exact gradients: along each axis the noise between two lattice points is a cubic blend of the
   two points' gradient components; 63 samples per lattice step solve them by least squares. Every
   component lies within 1e-7 of a multiple of 1e-6 (a table of six-decimal numbers), and is
   rounded there.
4. Check: the noise computed in 32-bit floats from the tables equals mathutils' at 3000 random
   points, bit for bit. The script stops with an error otherwise.
"""
import random
import struct
import sys

import bpy  # noqa: F401  (loads mathutils)
import mathutils.noise as noise
import numpy as np

F = np.float32
E = 2.0 ** -12


def n(x, y, z):
    """Blender's original noise at lattice coordinates (x, y, z)."""
    return (noise.noise((x - 1.0, y - 1.0, z - 1.0), noise_basis='BLENDER') + 1.0) / 2.0


def gradient(i, j, k):
    return np.array([(n(i + E, j, k) - 0.5) / E, (n(i, j + E, k) - 0.5) / E, (n(i, j, k + E) - 0.5) / E])


class Labels:
    def __init__(self):
        self.centers = []

    def __call__(self, g):
        if self.centers:
            d = np.abs(np.array(self.centers) - g).max(axis=1)
            m = int(d.argmin())
            if d[m] < 6e-3:
                return m
        self.centers.append(g)
        return len(self.centers) - 1


def measure_permutation():
    label = Labels()
    windows_j = [[label(gradient(0, j, k)) for k in range(256)] for j in range(256)]
    if len(label.centers) != 256:
        sys.exit(f"expected 256 gradients, found {len(label.centers)}")
    first = windows_j[0]
    where = {l: p for p, l in enumerate(first)}

    def rotation(window):
        shifts = {(where[l] - t) % 256 for t, l in enumerate(window)}
        if len(shifts) != 1:
            sys.exit("a window is not a rotation of the first: the permutation does not repeat")
        return shifts.pop()

    dj = [rotation(w) for w in windows_j]
    di = [rotation([label(gradient(i, 0, k)) for k in range(256)]) for i in range(256)]
    solutions = []
    for s0 in range(256):
        for b in range(256):
            p = [(s0 + dj[(q - b) % 256]) % 256 for q in range(256)]
            if p[0] == b and all(p[p[i]] == (s0 + di[i]) % 256 for i in range(256)):
                solutions.append((s0, p))
    if len(solutions) != 1:
        sys.exit(f"expected one permutation, found {len(solutions)}")
    s0, p = solutions[0]
    rough = [None] * 256
    for q in range(256):
        rough[p[q]] = label.centers[first[(q - s0) % 256]]
    return p, np.array(rough)


def measure_gradients(p):
    def row(i, j, k):
        return p[(p[(p[i % 256] + j) % 256] + k) % 256]

    steps = 63
    g = np.zeros((256, 3))
    for axis in range(3):
        a = np.zeros((steps * 256, 256))
        rhs = np.zeros(steps * 256)
        r = 0
        for i in range(256):
            lo = [0, 0, 0]
            hi = [0, 0, 0]
            lo[axis] = i
            hi[axis] = i + 1
            ra, rb = row(*lo), row(*hi)
            for m in range(1, steps + 1):
                o = m / (steps + 1)
                j = o - 1
                point = [float(c) for c in lo]
                point[axis] += o
                a[r, ra] += (1 - 3 * o * o + 2 * o * o * o) * o
                a[r, rb] += (1 - 3 * j * j - 2 * j * j * j) * j
                rhs[r] = n(*point) - 0.5
                r += 1
        g[:, axis] = np.linalg.lstsq(a, rhs, rcond=None)[0]
    rounded = np.round(g, 6)
    worst = np.abs(g - rounded).max()
    if worst > 2e-7:
        sys.exit(f"a gradient component is {worst:.2e} from the six-decimal grid")
    return rounded


def original_noise(x, y, z, p, g):
    """Blender's original noise in 32-bit floats, as LegacyNoise.swift computes it."""
    one, two, three = F(1), F(2), F(3)
    fx, fy, fz = F(np.floor(x)), F(np.floor(y)), F(np.floor(z))
    ox, oy, oz = x - fx, y - fy, z - fz
    ix, iy, iz = int(fx), int(fy), int(fz)
    jx, jy, jz = ox - one, oy - one, oz - one

    def weight(o, sign):
        s = o * o
        return one - three * s + two * s * o if sign > 0 else one - three * s - two * s * o

    wx = (weight(ox, 1), weight(jx, -1))
    wy = (weight(oy, 1), weight(jy, -1))
    wz = (weight(oz, 1), weight(jz, -1))
    total = F(0.5)
    for cx in (0, 1):
        for cy in (0, 1):
            for cz in (0, 1):
                h = g[p[(p[(p[(ix + cx) & 255] + ((iy + cy) & 255)) % 256] + ((iz + cz) & 255)) % 256]]
                dx, dy, dz = (ox, jx)[cx], (oy, jy)[cy], (oz, jz)[cz]
                total = total + wx[cx] * wy[cy] * wz[cz] * (h[0] * dx + h[1] * dy + h[2] * dz)
    return min(max(total, F(0)), F(1))


def check(p, g):
    table = [[F(v) for v in row] for row in g]
    rng = random.Random(2)
    for _ in range(3000):
        q = [rng.uniform(-40, 40) for _ in range(3)]
        want = F(noise.noise(q, noise_basis='BLENDER'))
        x, y, z = (F(c) + F(1) for c in q)
        got = F(2) * original_noise(x, y, z, p, table) - F(1)
        if got != want:
            sys.exit(f"tables disagree with mathutils at {q}: {got} != {want}")


def swift(p, g):
    def f(v):
        return np.format_float_positional(F(v), unique=True, trim='-')

    lines = [
        "// Written by Scripts/measure_blender_noise.py from measurements of Blender's public",
        "// mathutils.noise module (bpy " + bpy.app.version_string + "); do not edit.",
        "",
        "extension LegacyNoise {",
        "  /// The lattice hash's permutation of 0...255 (Blender's table repeats it).",
        "  static let permutation: [UInt8] = [",
    ]
    for r in range(0, 256, 16):
        lines.append("    " + ", ".join(str(v) for v in p[r:r + 16]) + ",")
    lines += ["  ]", "", "  /// The 256 gradients, x y z each.", "  static let gradients: [Float] = ["]
    for r in range(256):
        lines.append("    " + ", ".join(f(v) for v in g[r]) + ",")
    lines += ["  ]", "}", ""]
    return "\n".join(lines)


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "Sources/AnimplotCore/Evaluation/LegacyNoiseTables.swift"
    p, _ = measure_permutation()
    g = measure_gradients(p)
    check(p, g)
    with open(out, "w") as f:
        f.write(swift(p, g))
    print(f"wrote {out}: permutation and 256 gradients, checked at 3000 points against mathutils")


if __name__ == "__main__":
    main()
