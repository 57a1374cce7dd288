/// The noise functions behind Blender's Noise modifier.
enum Noise {
  /// The most octaves beyond the first the legacy turbulence computes: from the 150th on its
  /// weight is exactly 0 (see `OctaveLoop`).
  static let legacyOctaves = 149

  /// Blender's legacy turbulence (3.4, and 5.0 with `use_legacy_noise`): the original lattice
  /// noise at `(1 + x, 1 + y, 1 + z) / size`, plus `depth` octaves each at half the size and
  /// half the weight of the one before, divided by the weights' sum. A size of 0 gives 0.
  ///
  /// Octaves that can no longer change the result are not computed (`OctaveLoop`): the weight
  /// is exactly 0 from the 150th octave on, so at most 149 are, whatever the depth.
  static func turbulence(size: Float, x: Float, y: Float, z: Float, depth: Int) -> Float {
    var sum = LegacyNoise.scaled(size: size, x, y, z)
    var weight: Float = 0.5
    var total: Float = 1
    var octaves = depth
    while octaves > 0 {
      let before = OctaveLoop.State(sum, total, weight, 0)
      sum += weight * LegacyNoise.scaled(size: size * weight, x, y, z)
      total += weight
      weight *= 0.5
      octaves -= 1
      if OctaveLoop.isSettled(before, OctaveLoop.State(sum, total, weight, 0)) { break }
    }
    return sum / total
  }

  /// Blender 5.0's noise (`use_legacy_noise` off): fractal Brownian motion over 2D Perlin
  /// noise at `(x, y)`, `depth + 1` octaves, each `lacunarity` times the frequency and
  /// `roughness` times the weight of the one before, normalised to 0...1 around 0.5.
  ///
  /// Octaves that can no longer change the result are not computed (`OctaveLoop`), and an
  /// octave at the frequency of the one before reuses its noise: with a lacunarity of magnitude
  /// 2 or more the frequency overflows within 128 octaves, and the sum is NaN from there.
  static func fractal(x: Float, y: Float, depth: Int, roughness: Float, lacunarity: Float) -> Float {
    var scale: Float = 1
    var weight: Float = 1
    var total: Float = 0
    var sum: Float = 0
    var noiseScale = Float.nan
    var noise: Float = 0
    for _ in 0...depth {
      let before = OctaveLoop.State(sum, total, weight, scale)
      if scale.bitPattern != noiseScale.bitPattern {
        noise = PerlinNoise.signed(scale * x, scale * y)
        noiseScale = scale
      }
      sum += noise * weight
      total += weight
      weight *= roughness
      scale *= lacunarity
      if OctaveLoop.isSettled(before, OctaveLoop.State(sum, total, weight, scale)) { break }
    }
    return 0.5 * sum / total + 0.5
  }

  /// Where Blender 5.0's noise samples its first coordinate for a frame: (frame − offset)
  /// times 1 / scale, moved off the lattice by 0.618034 (measured: Blender's answers agree bit
  /// for bit with this, and its knots sit there).
  @inline(__always)
  static func fractalX(frame: Float, offset: Float, scale: Float) -> Float {
    (frame - offset) * (1 / scale) + 0.618034
  }
}

/// When the octave loops of `Noise` may stop before `depth` without changing a bit of the
/// result. An octave's contribution is a function of the loop's running state (sum, weights'
/// total, weight and, for 5.0's noise, frequency) and of values fixed for the evaluation (the
/// position, the size, the roughness and lacunarity). So:
///
/// - an octave that leaves the state exactly as it found it (bit for bit) is followed by octaves
///   that do the same: the rest of the loop changes nothing;
/// - a sum that is NaN stays NaN whatever is added, and the result, the sum divided by a finite
///   total, is NaN.
///
/// The legacy loop halves its weight from 0.5: it reaches the smallest subnormal at octave 149
/// and 0 at octave 150, which adds 0 × (the noise of size 0, which is 0) and leaves the state as
/// it was. 5.0's loop multiplies its frequency by the lacunarity: where that overflows to
/// infinity, the noise's position is not finite, the noise is NaN and so is the sum.
enum OctaveLoop {
  /// Sum, total, weight and frequency, compared by their bits.
  struct State {
    let bits: (UInt32, UInt32, UInt32, UInt32)
    @inline(__always)
    init(_ sum: Float, _ total: Float, _ weight: Float, _ scale: Float) {
      bits = (sum.bitPattern, total.bitPattern, weight.bitPattern, scale.bitPattern)
    }
  }

  /// Whether the loop may stop after an octave that went from `before` to `after`.
  @inline(__always)
  static func isSettled(_ before: State, _ after: State) -> Bool {
    before.bits == after.bits || Float(bitPattern: after.bits.0).isNaN
  }
}

/// Improved Perlin noise in 2D as Blender 5.0 computes it (and Cycles describes it): Bob
/// Jenkins' lookup3 hash of the lattice point picks one of eight gradients (±1, ±2 on the
/// axes), blended by the quintic fade 6t⁵ − 15t⁴ + 10t³, scaled by 0.6616 to about −1...1.
/// Positions wrap every 100000 (C's fmod) and a coordinate of magnitude 1e6 or more moves by
/// 0.5, as Blender does against precision loss. Parts of the arithmetic are in double precision
/// where Blender's are (the fade's polynomial, the blend across y), found by measurement.
enum PerlinNoise {
  static func signed(_ x: Float, _ y: Float) -> Float {
    let px = x.truncatingRemainder(dividingBy: 100_000) + (abs(x) >= 1_000_000 ? 0.5 : 0)
    let py = y.truncatingRemainder(dividingBy: 100_000) + (abs(y) >= 1_000_000 ? 0.5 : 0)
    return noise(px, py) * 0.6616
  }

  static func noise(_ x: Float, _ y: Float) -> Float {
    let floorX = x.rounded(.down), floorY = y.rounded(.down)
    let ix = LegacyNoise.latticeIndex(floorX), iy = LegacyNoise.latticeIndex(floorY)
    let fx = x - floorX, fy = y - floorY
    let u = fade(fx), v = fade(fy)
    let v0 = gradient(hash(ix, iy), fx, fy)
    let v1 = gradient(hash(ix &+ 1, iy), fx - 1, fy)
    let v2 = gradient(hash(ix, iy &+ 1), fx, fy - 1)
    let v3 = gradient(hash(ix &+ 1, iy &+ 1), fx - 1, fy - 1)
    let x1 = Float(1 - Double(u))
    let bottom = v0 * x1 + v1 * u
    let top = v * (v2 * x1 + v3 * u)
    return Float((1 - Double(v)) * Double(bottom) + Double(top))
  }

  /// 6t⁵ − 15t⁴ + 10t³: t³ in Float, the rest in Double, rounded to Float.
  @inline(__always)
  static func fade(_ t: Float) -> Float {
    let d = Double(t)
    return Float(Double(t * t * t) * (d * (d * 6 - 15) + 10))
  }

  /// One of eight gradients by the hash's low three bits, dotted with (x, y).
  @inline(__always)
  static func gradient(_ hash: UInt32, _ x: Float, _ y: Float) -> Float {
    let h = hash & 7
    let u = h < 4 ? x : y
    let v = 2 * (h < 4 ? y : x)
    return (h & 1 != 0 ? -u : u) + (h & 2 != 0 ? -v : v)
  }

  /// Bob Jenkins' lookup3 hash of two 32-bit words (`hashword`'s final mix; public domain).
  @inline(__always)
  static func hash(_ x: Int, _ y: Int) -> UInt32 {
    var a: UInt32 = 0xdead_beef &+ (2 << 2) &+ 13
    var b = a
    var c = a
    b = b &+ UInt32(truncatingIfNeeded: y)
    a = a &+ UInt32(truncatingIfNeeded: x)
    c ^= b; c = c &- rotate(b, 14)
    a ^= c; a = a &- rotate(c, 11)
    b ^= a; b = b &- rotate(a, 25)
    c ^= b; c = c &- rotate(b, 16)
    a ^= c; a = a &- rotate(c, 4)
    b ^= a; b = b &- rotate(a, 14)
    c ^= b; c = c &- rotate(b, 24)
    return c
  }

  @inline(__always)
  static func rotate(_ x: UInt32, _ k: UInt32) -> UInt32 { (x << k) | (x >> (32 - k)) }
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
  static func latticeIndex(_ f: Float) -> Int { Int(cTruncate(f)) }

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
