import RealModule

/// Robert Penner's easing equations as Blender evaluates them, in `Float` and in Blender's order
/// of operations, so that results match Blender's bit for bit on the same libm.
///
/// Every function takes the time since the segment start (`time`, frames), the start value
/// (`begin`), the value change over the segment (`change`) and the segment length (`duration`,
/// frames, not zero).
enum Ease {
  static let pi = Float(Double.pi)  // Swift's Float.pi rounds toward zero; C's (float)M_PI rounds to nearest.
  static let halfPi = Float(Double.pi / 2)
  static let twoPi: Float = 2 * Float(Double.pi)

  static func linear(_ time: Float, _ begin: Float, _ change: Float, _ duration: Float) -> Float {
    change * time / duration + begin
  }

  // MARK: back

  static func backIn(_ t: Float, _ b: Float, _ c: Float, _ d: Float, _ s: Float) -> Float {
    let t = t / d
    return c * t * t * ((s + 1) * t - s) + b
  }

  static func backOut(_ t: Float, _ b: Float, _ c: Float, _ d: Float, _ s: Float) -> Float {
    let t = t / d - 1
    return c * (t * t * ((s + 1) * t + s) + 1) + b
  }

  static func backInOut(_ t: Float, _ b: Float, _ c: Float, _ d: Float, _ s: Float) -> Float {
    let s = s * 1.525
    var t = t / (d / 2)
    if t < 1 { return c / 2 * (t * t * ((s + 1) * t - s)) + b }
    t -= 2
    return c / 2 * (t * t * ((s + 1) * t + s) + 2) + b
  }

  // MARK: bounce

  static func bounceOut(_ t: Float, _ b: Float, _ c: Float, _ d: Float) -> Float {
    var t = t / d
    if t < 1 / Float(2.75) { return c * (7.5625 * t * t) + b }
    if t < 2 / Float(2.75) {
      t -= 1.5 / Float(2.75)
      return c * ((7.5625 * t) * t + 0.75) + b
    }
    if t < 2.5 / Float(2.75) {
      t -= 2.25 / Float(2.75)
      return c * ((7.5625 * t) * t + 0.9375) + b
    }
    t -= 2.625 / Float(2.75)
    return c * ((7.5625 * t) * t + 0.984375) + b
  }

  static func bounceIn(_ t: Float, _ b: Float, _ c: Float, _ d: Float) -> Float {
    c - bounceOut(d - t, 0, c, d) + b
  }

  static func bounceInOut(_ t: Float, _ b: Float, _ c: Float, _ d: Float) -> Float {
    if t < d / 2 { return bounceIn(t * 2, 0, c, d) * 0.5 + b }
    return bounceOut(t * 2 - d, 0, c, d) * 0.5 + c * 0.5 + b
  }

  // MARK: circ

  static func circIn(_ t: Float, _ b: Float, _ c: Float, _ d: Float) -> Float {
    let t = t / d
    return -c * ((1 - t * t).squareRoot() - 1) + b
  }

  static func circOut(_ t: Float, _ b: Float, _ c: Float, _ d: Float) -> Float {
    let t = t / d - 1
    return c * (1 - t * t).squareRoot() + b
  }

  static func circInOut(_ t: Float, _ b: Float, _ c: Float, _ d: Float) -> Float {
    var t = t / (d / 2)
    if t < 1 { return -c / 2 * ((1 - t * t).squareRoot() - 1) + b }
    t -= 2
    return c / 2 * ((1 - t * t).squareRoot() + 1) + b
  }

  // MARK: polynomial

  static func quadIn(_ t: Float, _ b: Float, _ c: Float, _ d: Float) -> Float {
    let t = t / d
    return c * t * t + b
  }

  static func quadOut(_ t: Float, _ b: Float, _ c: Float, _ d: Float) -> Float {
    let t = t / d
    return -c * t * (t - 2) + b
  }

  static func quadInOut(_ t: Float, _ b: Float, _ c: Float, _ d: Float) -> Float {
    var t = t / (d / 2)
    if t < 1 { return c / 2 * t * t + b }
    t -= 1
    return -c / 2 * (t * (t - 2) - 1) + b
  }

  static func cubicIn(_ t: Float, _ b: Float, _ c: Float, _ d: Float) -> Float {
    let t = t / d
    return c * t * t * t + b
  }

  static func cubicOut(_ t: Float, _ b: Float, _ c: Float, _ d: Float) -> Float {
    let t = t / d - 1
    return c * (t * t * t + 1) + b
  }

  static func cubicInOut(_ t: Float, _ b: Float, _ c: Float, _ d: Float) -> Float {
    var t = t / (d / 2)
    if t < 1 { return c / 2 * t * t * t + b }
    t -= 2
    return c / 2 * (t * t * t + 2) + b
  }

  static func quartIn(_ t: Float, _ b: Float, _ c: Float, _ d: Float) -> Float {
    let t = t / d
    return c * t * t * t * t + b
  }

  static func quartOut(_ t: Float, _ b: Float, _ c: Float, _ d: Float) -> Float {
    let t = t / d - 1
    return -c * (t * t * t * t - 1) + b
  }

  static func quartInOut(_ t: Float, _ b: Float, _ c: Float, _ d: Float) -> Float {
    var t = t / (d / 2)
    if t < 1 { return c / 2 * t * t * t * t + b }
    t -= 2
    return -c / 2 * (t * t * t * t - 2) + b
  }

  static func quintIn(_ t: Float, _ b: Float, _ c: Float, _ d: Float) -> Float {
    let t = t / d
    return c * t * t * t * t * t + b
  }

  static func quintOut(_ t: Float, _ b: Float, _ c: Float, _ d: Float) -> Float {
    let t = t / d - 1
    return c * (t * t * t * t * t + 1) + b
  }

  static func quintInOut(_ t: Float, _ b: Float, _ c: Float, _ d: Float) -> Float {
    var t = t / (d / 2)
    if t < 1 { return c / 2 * t * t * t * t * t + b }
    t -= 2
    return c / 2 * (t * t * t * t * t + 2) + b
  }

  // MARK: sine

  static func sineIn(_ t: Float, _ b: Float, _ c: Float, _ d: Float) -> Float {
    -c * Float.cos(t / d * halfPi) + c + b
  }

  static func sineOut(_ t: Float, _ b: Float, _ c: Float, _ d: Float) -> Float {
    c * Float.sin(t / d * halfPi) + b
  }

  static func sineInOut(_ t: Float, _ b: Float, _ c: Float, _ d: Float) -> Float {
    -c / 2 * (Float.cos(pi * t / d) - 1) + b
  }

  // MARK: expo (Blender renormalises Penner's curve to hit exactly 0 and 1)

  static let powMin: Float = 0.0009765625  // 2^-10
  static let powScale: Float = 1 / (1 - 0.0009765625)

  static func expoIn(_ t: Float, _ b: Float, _ c: Float, _ d: Float) -> Float {
    if t == 0 { return b }
    return c * (Float.pow(2, 10 * (t / d - 1)) - powMin) * powScale + b
  }

  static func expoOut(_ t: Float, _ b: Float, _ c: Float, _ d: Float) -> Float {
    if t == 0 { return b }
    return c * (1 - (Float.pow(2, -10 * t / d) - powMin) * powScale) + b
  }

  static func expoInOut(_ t: Float, _ b: Float, _ c: Float, _ d: Float) -> Float {
    let halfD = d / 2
    let halfC = c / 2
    if t <= halfD { return expoIn(t, b, halfC, halfD) }
    return expoOut(t - halfD, b + halfC, halfC, halfD)
  }

  // MARK: elastic (amplitude in value units, period in frames)

  /// Scales the wobble down to `amplitude / |change|` when the amplitude is smaller than the
  /// jump, fading back to full size within `|s|` frames of the fast end to avoid a kink.
  private static func elasticBlend(
    _ t: Float, _ c: Float, _ d: Float, _ amplitude: Float, _ s: Float, _ f: Float
  ) -> Float {
    guard c != 0 else { return f }
    var f = f
    let limit = abs(s)
    f = amplitude != 0 ? f * (amplitude / abs(c)) : 0
    if abs(t * d) < limit {
      let l = abs(t * d) / limit
      f = (f * l) + (1 - l)
    }
    return f
  }

  /// The phase offset `s`, the blend factor and the effective amplitude of an elastic segment.
  private static func elasticShape(
    _ t: Float, _ c: Float, _ d: Float, _ amplitude: Float, _ period: Float
  ) -> (s: Float, f: Float, amplitude: Float) {
    if amplitude == 0 || amplitude < abs(c) {
      let s = period / 4
      return (s, elasticBlend(t, c, d, amplitude, s, 1), c)
    }
    return (period / twoPi * Float.asin(c / amplitude), 1, amplitude)
  }

  static func elasticIn(
    _ t: Float, _ b: Float, _ c: Float, _ d: Float, _ amplitude: Float, _ period: Float
  ) -> Float {
    if t == 0 { return b }
    var t = t / d
    if t == 1 { return b + c }
    t -= 1
    let period = period != 0 ? period : d * 0.3
    let (s, f, a) = elasticShape(t, c, d, amplitude, period)
    return (-f * (a * Float.pow(2, 10 * t) * Float.sin((t * d - s) * twoPi / period))) + b
  }

  static func elasticOut(
    _ t: Float, _ b: Float, _ c: Float, _ d: Float, _ amplitude: Float, _ period: Float
  ) -> Float {
    if t == 0 { return b }
    var t = t / d
    if t == 1 { return b + c }
    t = -t
    let period = period != 0 ? period : d * 0.3
    let (s, f, a) = elasticShape(t, c, d, amplitude, period)
    return (f * (a * Float.pow(2, 10 * t) * Float.sin((t * d - s) * twoPi / period))) + c + b
  }

  static func elasticInOut(
    _ t: Float, _ b: Float, _ c: Float, _ d: Float, _ amplitude: Float, _ period: Float
  ) -> Float {
    if t == 0 { return b }
    var t = t / (d / 2)
    if t == 2 { return b + c }
    t -= 1
    let period = period != 0 ? period : d * (Float(0.3) * Float(1.5))
    let (s, blend, a) = elasticShape(t, c, d, amplitude, period)
    var f = blend
    if t < 0 {
      f *= -0.5
      return (f * (a * Float.pow(2, 10 * t) * Float.sin((t * d - s) * twoPi / period))) + b
    }
    t = -t
    f *= 0.5
    return (f * (a * Float.pow(2, 10 * t) * Float.sin((t * d - s) * twoPi / period))) + c + b
  }
}
