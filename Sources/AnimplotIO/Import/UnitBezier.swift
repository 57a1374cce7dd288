/// CSS's cubic-bezier timing function (Newton, then bisection to 1e-12).
struct UnitBezier {
  let x1: Double, y1: Double, x2: Double, y2: Double

  func x(_ t: Double) -> Double { ((1 - 3 * x2 + 3 * x1) * t + (3 * x2 - 6 * x1)) * t * t + 3 * x1 * t }
  func y(_ t: Double) -> Double { ((1 - 3 * y2 + 3 * y1) * t + (3 * y2 - 6 * y1)) * t * t + 3 * y1 * t }
  func dx(_ t: Double) -> Double { (3 * (1 - 3 * x2 + 3 * x1) * t + 2 * (3 * x2 - 6 * x1)) * t + 3 * x1 }

  func solve(_ p: Double) -> Double {
    if p <= 0 { return 0 }
    if p >= 1 { return 1 }
    var t = p
    for _ in 0..<8 {
      let err = x(t) - p
      if abs(err) < 1e-12 { return y(t) }
      let d = dx(t)
      if abs(d) < 1e-9 { break }
      t -= err / d
    }
    var lo = 0.0, hi = 1.0
    t = p
    for _ in 0..<100 {
      let v = x(t)
      if abs(v - p) < 1e-12 { break }
      if v < p { lo = t } else { hi = t }
      t = (lo + hi) / 2
    }
    return y(t)
  }
}
