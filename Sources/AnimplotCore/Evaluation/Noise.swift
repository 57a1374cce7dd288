/// The noise functions behind Blender's Noise modifier.
enum Noise {
  /// Blender's legacy turbulence (3.4, and 5.0 with `use_legacy_noise`): the original lattice
  /// noise at `(1 + x, 1 + y, 1 + z) / size`, plus `depth` octaves each at half the size and
  /// half the weight of the one before, divided by the weights' sum. A size of 0 gives 0.
  static func turbulence(size: Float, x: Float, y: Float, z: Float, depth: Int) -> Float {
    var sum = LegacyNoise.scaled(size: size, x, y, z)
    var weight: Float = 0.5
    var total: Float = 1
    var octaves = depth
    while octaves > 0 {
      sum += weight * LegacyNoise.scaled(size: size * weight, x, y, z)
      total += weight
      weight *= 0.5
      octaves -= 1
    }
    return sum / total
  }

  /// Blender 5.0's fractal Perlin noise.
  static func fractal(x: Float, y: Float, depth: Int, roughness: Float, lacunarity: Float) -> Float {
    .nan
  }
}

/// Blender's original lattice noise ("Blender" noise basis), in 32-bit floats: each lattice
/// point has a gradient from `gradients` picked by a three-level hash through `permutation`
/// (both measured: Scripts/measure_blender_noise.py), blended by the cubic 1 − 3t² + 2|t|³ of
/// each axis' distance, around 0.5 and clamped to 0...1.
enum LegacyNoise {
  /// The noise at `(1 + x, 1 + y, 1 + z) / size`; 0 when the size is 0.
  @inline(__always)
  static func scaled(size: Float, _ x: Float, _ y: Float, _ z: Float) -> Float {
    if size == 0 { return 0 }
    return value((1 + x) / size, (1 + y) / size, (1 + z) / size)
  }

  static func value(_ x: Float, _ y: Float, _ z: Float) -> Float {
    let fx = x.rounded(.down), fy = y.rounded(.down), fz = z.rounded(.down)
    let ox = x - fx, oy = y - fy, oz = z - fz
    let ix = latticeIndex(fx), iy = latticeIndex(fy), iz = latticeIndex(fz)
    let jx = ox - 1, jy = oy - 1, jz = oz - 1
    let wx0 = near(ox), wy0 = near(oy), wz0 = near(oz)
    let wx1 = far(jx), wy1 = far(jy), wz1 = far(jz)
    let b00 = hash(hash(ix) &+ iy & 255)
    let b10 = hash(hash(ix &+ 1) &+ iy & 255)
    let b01 = hash(hash(ix) &+ (iy &+ 1) & 255)
    let b11 = hash(hash(ix &+ 1) &+ (iy &+ 1) & 255)
    let z0 = iz & 255, z1 = (iz &+ 1) & 255
    var n: Float = 0.5
    n += wx0 * wy0 * wz0 * dot(b00, z0, ox, oy, oz)
    n += wx0 * wy0 * wz1 * dot(b00, z1, ox, oy, jz)
    n += wx0 * wy1 * wz0 * dot(b01, z0, ox, jy, oz)
    n += wx0 * wy1 * wz1 * dot(b01, z1, ox, jy, jz)
    n += wx1 * wy0 * wz0 * dot(b10, z0, jx, oy, oz)
    n += wx1 * wy0 * wz1 * dot(b10, z1, jx, oy, jz)
    n += wx1 * wy1 * wz0 * dot(b11, z0, jx, jy, oz)
    n += wx1 * wy1 * wz1 * dot(b11, z1, jx, jy, jz)
    if n < 0 { return 0 }
    if n > 1 { return 1 }
    return n
  }

  /// C's `int` of a floored coordinate (INT_MIN out of range), as the lattice index.
  @inline(__always)
  static func latticeIndex(_ f: Float) -> Int {
    Int(abs(f) < 2_147_483_648 ? Int32(f) : Int32.min)
  }

  /// The table lookup: `permutation[i mod 256]` (Blender's table is the permutation twice).
  @inline(__always)
  static func hash(_ i: Int) -> Int { Int(permutation[i & 255]) }

  /// The weight of the lattice point at distance `o` below (0 ≤ o < 1).
  @inline(__always)
  static func near(_ o: Float) -> Float {
    let s = o * o
    return 1 - 3 * s + 2 * s * o
  }

  /// The weight of the lattice point at distance `j` above (−1 ≤ j < 0).
  @inline(__always)
  static func far(_ j: Float) -> Float {
    let s = j * j
    return 1 - 3 * s - 2 * s * j
  }

  /// The gradient of the point hashed from `b` and `z`, dotted with the offset.
  @inline(__always)
  static func dot(_ b: Int, _ z: Int, _ dx: Float, _ dy: Float, _ dz: Float) -> Float {
    let g = hash(z + b) * 3
    return gradients[g] * dx + gradients[g + 1] * dy + gradients[g + 2] * dz
  }
}
