import RealModule

/// Evaluation of a curve's modifier stack as Blender's `evaluate_fcurve` does it, in `Float`
/// and in Blender's order:
///
/// 1. the time pass, from the last modifier to the first: each modifier with a time effect
///    (Cycles, Limits on x, Stepped) maps the frame, blended with the frame it was given by its
///    influence;
/// 2. the keys at the mapped frame (0 when there are none);
/// 3. the value pass, from the first modifier to the last, every modifier at the mapped frame:
///    each with a value effect (Generator, Built-in Function, Envelope, Cycles' offset, Noise,
///    Limits on y) changes the value, blended with the value it was given by its influence.
///
/// A muted modifier, and one whose restricted range excludes the frame, is skipped in either
/// pass; under 3.4's rules so is a Cycles modifier that is not first (`FCurve.isDisabled`).
struct ModifierStack {
  let modifiers: [Modifier]
  let blender: BlenderVersion
  /// The first and last keys, for Cycles.
  let first: CurvePoint?
  let last: CurvePoint?

  init<K: KeyReading>(curve: FCurve, keys: K) {
    modifiers = curve.modifiers
    blender = curve.blender
    let n = keys.count
    first = n > 0 ? CurvePoint(frame: keys.frame(0), value: keys.value(0)) : nil
    last = n > 0 ? CurvePoint(frame: keys.frame(n - 1), value: keys.value(n - 1)) : nil
  }

  /// The value at `frame`, with `base` the keys' value at a frame.
  @inline(__always)
  func value(at frame: Float, base: (Float) -> Float) -> Float {
    let count = modifiers.count
    if count <= 8 {
      var offsets: (Float, Float, Float, Float, Float, Float, Float, Float) = (0, 0, 0, 0, 0, 0, 0, 0)
      return withUnsafeMutableBytes(of: &offsets) { raw in
        evaluate(frame, base, raw.bindMemory(to: Float.self))
      }
    }
    var offsets = [Float](repeating: 0, count: count)
    return offsets.withUnsafeMutableBufferPointer { evaluate(frame, base, $0) }
  }

  /// Whether modifier `i` takes part: not muted, and not disabled (`Modifier.isDisabled`).
  @inline(__always)
  private func isLive(_ i: Int) -> Bool {
    let m = modifiers[i]
    return !m.muted && !Modifier.isDisabled(type: m.type, index: i, blender: blender)
  }

  /// `offsets` holds, per modifier, the value offset a Cycles time pass left for its value pass.
  private func evaluate(_ frame: Float, _ base: (Float) -> Float, _ offsets: UnsafeMutableBufferPointer<Float>) -> Float {
    var t = frame
    for i in modifiers.indices.reversed() where isLive(i) {
      let m = modifiers[i]
      if m.isOutOfRange(t) { continue }
      switch m.kind {
      case .cycles(let c):
        let influence = m.influence(at: t)
        let (mapped, offset) = cycleMapping(c)?.map(t) ?? (t, 0)
        offsets[i] = offset
        t = interpf(mapped, t, influence)
      case .limits(let l):
        let influence = m.influence(at: t)
        t = interpf(l.time(t), t, influence)
      case .stepped(let s):
        let influence = m.influence(at: t)
        t = interpf(s.time(t), t, influence)
      case .generator, .functionGenerator, .envelope, .noise:
        continue
      }
    }
    var v = base(t)
    for i in modifiers.indices where isLive(i) {
      let m = modifiers[i]
      if m.isOutOfRange(t) { continue }
      var n = v
      switch m.kind {
      case .generator(let g): g.apply(&n, t)
      case .functionGenerator(let f): f.apply(&n, t)
      case .envelope(let e): e.apply(&n, t)
      case .cycles: n += offsets[i]
      case .noise(let noise): noise.apply(&n, t, blender)
      case .limits(let l): l.apply(&n)
      case .stepped: continue
      }
      v = interpf(n, v, m.influence(at: t))
    }
    return v
  }

  private func cycleMapping(_ c: CyclesModifier) -> CycleMapping? {
    guard let first, let last else { return nil }
    return CycleMapping(modifier: c, first: first, last: last, precise: blender == .v5_0)
  }
}

/// Blender's `interpf`: `fac · target + (1 − fac) · origin`, in `Float`.
@inline(__always)
func interpf(_ target: Float, _ origin: Float, _ fac: Float) -> Float {
  fac * target + (1 - fac) * origin
}

extension Modifier {
  /// Whether the restricted range leaves `t` out (the modifier is then skipped).
  @inline(__always)
  func isOutOfRange(_ t: Float) -> Bool {
    useRestrictedRange && (frameStart > t || frameEnd < t)
  }

  /// The modifier's weight at `t`: its influence (or 1), ramped over the blends of a restricted
  /// range, 0 outside it (Blender's `eval_fmodifier_influence`).
  @inline(__always)
  func influence(at t: Float) -> Float {
    let weight: Float = useInfluence ? influence : 1
    guard useRestrictedRange else { return weight }
    if t < frameStart || t > frameEnd { return 0 }
    if blendIn != 0 && t >= frameStart && t <= frameStart + blendIn {
      let a = frameStart
      let b = frameStart + blendIn
      return weight * (t - a) / (b - a)
    }
    if blendOut != 0 && t <= frameEnd && t >= frameEnd - blendOut {
      let a = frameEnd
      let b = frameEnd - blendOut
      return weight * (t - a) / (b - a)
    }
    return weight
  }
}

extension GeneratorModifier {
  func apply(_ v: inout Float, _ t: Float) {
    guard order > 0 else { return }
    var value: Float
    switch mode {
    case .polynomial:
      value = 0
      var power: Float = 1
      for i in 0...order {
        if i > 0 { power *= t }
        value += coefficient(i) * power
      }
    case .polynomialFactorised:
      value = 1
      for i in 0..<order {
        value *= coefficient(2 * i) * t + coefficient(2 * i + 1)
      }
    }
    if additive { v += value } else { v = value }
  }

  @inline(__always)
  private func coefficient(_ i: Int) -> Float { i < coefficients.count ? coefficients[i] : 0 }
}

extension FunctionGeneratorModifier {
  func apply(_ v: inout Float, _ t: Float) {
    let arg = Double(phaseMultiplier * t + phaseOffset)
    let result: Double
    switch function {
    case .sin: result = Double.sin(arg)
    case .cos: result = Double.cos(arg)
    case .tan:
      // Blender skips the poles: arg − π/2 a multiple of π (within FLT_EPSILON).
      if abs((arg - Double.pi / 2).truncatingRemainder(dividingBy: Double.pi)) < Double(Float.ulpOfOne) {
        if !additive { v = 0 }
        return
      }
      result = Double.tan(arg)
    case .sqrt:
      guard arg > 0 else {
        if !additive { v = 0 }
        return
      }
      result = arg.squareRoot()
    case .ln:
      guard arg > 1 else {
        if !additive { v = 0 }
        return
      }
      result = Double.log(arg)
    case .sinc:
      result = abs(arg) < 1e-4 ? 1 : Double.sin(Double.pi * arg) / (Double.pi * arg)
    }
    let value = amplitude * Float(result) + valueOffset
    if additive { v += value } else { v = value }
  }
}

extension EnvelopeModifier {
  func apply(_ v: inout Float, _ t: Float) {
    guard let firstPoint = controlPoints.first, let lastPoint = controlPoints.last else { return }
    var low: Float = 0
    var high: Float = 0
    if firstPoint.frame >= t {
      low = firstPoint.min
      high = firstPoint.max
    } else if lastPoint.frame <= t {
      low = lastPoint.min
      high = lastPoint.max
    } else {
      // Blender's linear scan, which assumes the points sorted: with unsorted points it may
      // find no segment, and the band is then 0...0.
      for i in 0..<(controlPoints.count - 1) {
        let a = controlPoints[i]
        let b = controlPoints[i + 1]
        if a.frame <= t && b.frame >= t {
          let width = b.frame - a.frame
          let after = (t - a.frame) / width
          let before = (b.frame - t) / width
          low = before * a.min + after * b.min
          high = before * a.max + after * b.max
          break
        }
      }
    }
    let fac = (v - (referenceValue + defaultMin)) / (defaultMax - defaultMin)
    v = low + fac * (high - low)
  }
}

extension LimitsModifier {
  @inline(__always)
  func time(_ t: Float) -> Float {
    if useMinX && t < minX { return minX }
    if useMaxX && t > maxX { return maxX }
    return t
  }

  @inline(__always)
  func apply(_ v: inout Float) {
    if useMinY && v < minY { v = minY }
    if useMaxY && v > maxY { v = maxY }
  }
}

extension SteppedModifier {
  @inline(__always)
  func time(_ t: Float) -> Float {
    if useFrameStart && t < frameStart { return t }
    if useFrameEnd && t > frameEnd { return t }
    let block = cTruncate((t - frameOffset) / frameStep)
    return Float(block) * frameStep + frameOffset
  }
}

extension NoiseModifier {
  func apply(_ v: inout Float, _ t: Float, _ blender: BlenderVersion) {
    let noise: Float
    if blender == .v5_0 && !useLegacyNoise {
      noise = Noise.fractal(
        x: Noise.fractalX(frame: t, offset: offset, scale: scale), y: phase, depth: depth,
        roughness: roughness, lacunarity: lacunarity)
    } else {
      noise = Noise.turbulence(size: scale, x: t - offset, y: phase, z: 0.1, depth: depth)
    }
    switch blendType {
    case .replace: v = v + (noise - 0.5) * strength
    case .add: v = v + noise * strength
    case .subtract: v = v - noise * strength
    case .multiply: v = v * noise * strength
    }
  }
}

/// C's `int(x)` on x86-64: truncation, and INT_MIN for anything out of range or NaN.
@inline(__always)
func cTruncate(_ x: Float) -> Int32 {
  abs(x) < 2_147_483_648 ? Int32(x) : Int32.min
}

/// C's `int(x)` of a double on x86-64: truncation, and INT_MIN for anything out of range or NaN.
@inline(__always)
func cTruncate(_ x: Double) -> Int32 {
  abs(x) < 2_147_483_648 ? Int32(x) : Int32.min
}
