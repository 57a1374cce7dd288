@testable import AnimplotCore
import AnimplotTestSupport
import Testing

/// The Noise modifier's octave loops stop early only where the rest cannot change the result
/// (`OctaveLoop`): the same bits as every octave computed, on random settings including
/// roughness and lacunarity that do not decay, and the most octaves a loop computes is what
/// the work budget counts (`NoiseModifier.octaves`).
@Suite("Noise octaves")
struct NoiseOctaveTests {
  /// Every octave, as the loops were written before they could stop early.
  static func everyOctaveTurbulence(size: Float, x: Float, y: Float, z: Float, depth: Int) -> Float {
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

  static func everyOctaveFractal(x: Float, y: Float, depth: Int, roughness: Float, lacunarity: Float) -> Float {
    var scale: Float = 1
    var weight: Float = 1
    var total: Float = 0
    var sum: Float = 0
    for _ in 0...depth {
      sum += PerlinNoise.signed(scale * x, scale * y) * weight
      total += weight
      weight *= roughness
      scale *= lacunarity
    }
    return 0.5 * sum / total + 0.5
  }

  /// The same bits, or NaN on both sides (NaN's payload is not defined by the language).
  static func same(_ a: Float, _ b: Float) -> Bool {
    a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN)
  }

  /// Random settings from a fixed seed, so that a failure can be replayed.
  struct Numbers {
    var generator: SplitMix
    init(state: UInt64) { generator = SplitMix(seed: state) }
    mutating func next() -> UInt64 { generator.next() }
    mutating func float(_ range: ClosedRange<Float>) -> Float {
      range.lowerBound + Float(next() >> 40) / Float(1 << 24) * (range.upperBound - range.lowerBound)
    }
    mutating func pick<T>(_ values: [T]) -> T { values[Int(next() % UInt64(values.count))] }
    /// A depth: mostly around where the loops stop, some at the format's largest.
    mutating func depth() -> Int {
      pick([Int(next() % 8), Int(next() % 300), 120 + Int(next() % 40), 32767, Int(next() % 32768)])
    }
  }

  static let roughnesses: [Float] = [0, 0.5, 1, -1, 0.75, 0.999, 1.001, 2, -0.5, 1e-30, 1e30]
  static let lacunarities: [Float] = [0, 1, 2, -1, -2, 1.0001, 0.9999, 1.5, 0.5, 1e-30, 1e30, 1.0000001]

  @Test("5.0's noise: the same bits as every octave, whatever the roughness and lacunarity")
  func fractalIsExact() {
    var n = Numbers(state: 25)
    for _ in 0..<600 {
      let x = n.pick([n.float(-50...50), n.float(-1e7...1e7), 0.618034, n.float(-1...1) * 1e-20])
      let y = n.pick([n.float(-10...10), 0, 1, n.float(-1e6...1e6)])
      let roughness = n.pick([n.pick(Self.roughnesses), n.float(-2...2)])
      let lacunarity = n.pick([n.pick(Self.lacunarities), n.float(-3...3)])
      let depth = n.depth()
      let fast = Noise.fractal(x: x, y: y, depth: depth, roughness: roughness, lacunarity: lacunarity)
      let slow = Self.everyOctaveFractal(x: x, y: y, depth: depth, roughness: roughness, lacunarity: lacunarity)
      #expect(
        Self.same(fast, slow),
        "x \(x) y \(y) depth \(depth) roughness \(roughness) lacunarity \(lacunarity): \(fast) against \(slow)")
    }
  }

  @Test("the legacy noise: the same bits as every octave, whatever the size")
  func turbulenceIsExact() {
    var n = Numbers(state: 34)
    for _ in 0..<600 {
      let size = n.pick([n.float(0.01...50), 0, -n.float(0.01...50), 1e-30, 3e38, n.float(-1...1) * 1e-38])
      let x = n.pick([n.float(-100...100), n.float(-1e6...1e6), 0])
      let y = n.pick([n.float(-10...10), 1])
      let depth = n.depth()
      let fast = Noise.turbulence(size: size, x: x, y: y, z: 0.1, depth: depth)
      let slow = Self.everyOctaveTurbulence(size: size, x: x, y: y, z: 0.1, depth: depth)
      #expect(Self.same(fast, slow), "size \(size) x \(x) y \(y) depth \(depth): \(fast) against \(slow)")
    }
  }

  @Test("the octaves the budget counts")
  func octaveCounts() {
    let legacy = NoiseModifier(depth: 32767)
    #expect(legacy.octaves(blender: .v3_4) == 150)
    #expect(legacy.octaves(blender: .v5_0) == 150)
    #expect(NoiseModifier(depth: 3).octaves(blender: .v3_4) == 4)
    // 5.0's noise: the frequency 2^128 is infinite at octave 128 (0-based), the last computed.
    #expect(NoiseModifier(depth: 32767, useLegacyNoise: false).octaves(blender: .v5_0) == 129)
    #expect(NoiseModifier(depth: 32767, lacunarity: -3, useLegacyNoise: false).octaves(blender: .v5_0) == 82)
    #expect(NoiseModifier(depth: 32767, lacunarity: 1.0001, useLegacyNoise: false).octaves(blender: .v5_0) == 32768)
    #expect(NoiseModifier(depth: 2, useLegacyNoise: false).octaves(blender: .v5_0) == 3)
    // The frequency followed through the first 1,024 octaves only: past them, the depth bounds.
    #expect(NoiseModifier(depth: 32767, lacunarity: 1.2, useLegacyNoise: false).octaves(blender: .v5_0) < 1024)
    #expect(NoiseModifier(depth: 32767, lacunarity: 1.05, useLegacyNoise: false).octaves(blender: .v5_0) == 32768)
    // Under 3.4's rules a new-style noise is the legacy one.
    #expect(NoiseModifier(depth: 32767, useLegacyNoise: false).octaves(blender: .v3_4) == 150)
  }

  @Test("the legacy noise at its greatest depth computes no more octaves than counted")
  func legacyStopsByTheCount() {
    // With every octave's weight a power of two, the state repeats from octave 150 on: the
    // fast loop then equals the slow one cut at 149 octaves, for any depth beyond.
    var n = Numbers(state: 7)
    for _ in 0..<50 {
      let size = n.float(0.01...20), x = n.float(-10...10)
      let capped = Self.everyOctaveTurbulence(size: size, x: x, y: 1, z: 0.1, depth: Noise.legacyOctaves)
      let deep = Noise.turbulence(size: size, x: x, y: 1, z: 0.1, depth: 32767)
      #expect(Self.same(capped, deep))
    }
  }
}
