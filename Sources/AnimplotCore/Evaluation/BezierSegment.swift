import RealModule

/// A Bézier segment between two keys, solved for a frame as Blender solves it: handle
/// correction, Cardano's closed-form root of x(t) = frame with Blender's acceptance window, and
/// y at that root. No Newton iteration: the closed form is what gives Blender's numbers.
public struct BezierSegment: Sendable, Hashable {
  public var p0: CurvePoint
  public var p1: CurvePoint
  public var p2: CurvePoint
  public var p3: CurvePoint

  /// The segment from key `a` (with its right handle) to key `b` (with its left handle),
  /// with overlong handles corrected (see `corrected()`).
  public init(from a: Keyframe, to b: Keyframe) {
    self.init(p0: a.point, p1: a.handleRight, p2: b.handleLeft, p3: b.point)
  }

  public init(p0: CurvePoint, p1: CurvePoint, p2: CurvePoint, p3: CurvePoint) {
    self.p0 = p0
    self.p1 = p1
    self.p2 = p2
    self.p3 = p3
  }

  /// Whether the key values and the two inner handles are equal within `Float.ulpOfOne`:
  /// Blender then returns the start value without solving.
  public var isFlat: Bool {
    abs(p0.value - p3.value) < .ulpOfOne && abs(p1.value - p2.value) < .ulpOfOne
      && abs(p2.value - p3.value) < .ulpOfOne
  }

  /// The segment with each handle shortened, direction kept, so that its x-extent is at most
  /// the segment's length; this keeps x(t) monotonic (Blender's `BKE_fcurve_correct_bezpart`).
  /// The stored handles are never changed: the correction applies while evaluating and drawing.
  public func corrected() -> BezierSegment {
    var out = self
    let h1 = CurvePoint(frame: p0.frame - p1.frame, value: p0.value - p1.value)
    let h2 = CurvePoint(frame: p3.frame - p2.frame, value: p3.value - p2.value)
    let length = p3.frame - p0.frame
    let len1 = abs(h1.frame)
    let len2 = abs(h2.frame)
    if len1 + len2 == 0 { return out }
    if len1 > length {
      let fac = length / len1
      out.p1 = CurvePoint(frame: p0.frame - fac * h1.frame, value: p0.value - fac * h1.value)
    }
    if len2 > length {
      let fac = length / len2
      out.p2 = CurvePoint(frame: p3.frame - fac * h2.frame, value: p3.value - fac * h2.value)
    }
    return out
  }

  /// The value at `frame`, exactly as Blender's Bézier interpolation computes it: 0 when no
  /// root of x(t) = frame is accepted (Blender's own answer in that case).
  public func value(at frame: Float) -> Float {
    if isFlat { return p0.value }
    let s = corrected()
    guard let t = s.parameter(at: frame) else { return 0 }
    return s.y(at: t)
  }

  /// The first accepted root t of x(t) = frame, as `Float` (Blender's `findzero`). Call on a
  /// corrected segment.
  public func parameter(at frame: Float) -> Float? {
    let q0 = p0.frame, q1 = p1.frame, q2 = p2.frame, q3 = p3.frame
    // Coefficients in Float, as Blender computes them, then solved in Double.
    let c0 = Double(q0 - frame)
    let c1 = Double(3 * (q1 - q0))
    let c2 = Double(3 * (q0 - 2 * q1 + q2))
    let c3 = Double(q3 - q0 + 3 * (q1 - q2))
    return CubicSolver.firstRoot(c0, c1, c2, c3)
  }

  /// Whether the corrected segment evaluates in `Float` without overflow: every coefficient of
  /// its power form (frames and values), and the sum of their magnitudes, finite. Handles
  /// within float range can still overflow here (values near ±3e38 a third of a short span
  /// apart: `3 · (f1 − 2·f2 + f3)` is infinite, and `t · t · c2` at t = 0 is NaN).
  public var fitsFloats: Bool {
    let s = corrected()
    func fits(_ f1: Float, _ f2: Float, _ f3: Float, _ f4: Float) -> Bool {
      let c1 = 3 * (f2 - f1)
      let c2 = 3 * (f1 - 2 * f2 + f3)
      let c3 = f4 - f1 + 3 * (f2 - f3)
      return (abs(f1) + abs(c1) + abs(c2) + abs(c3)).isFinite
    }
    return fits(s.p0.frame, s.p1.frame, s.p2.frame, s.p3.frame) && fits(s.p0.value, s.p1.value, s.p2.value, s.p3.value)
  }

  /// y(t) in Blender's power form and `Float` arithmetic (`berekeny`).
  public func y(at t: Float) -> Float {
    let f1 = p0.value, f2 = p1.value, f3 = p2.value, f4 = p3.value
    let c0 = f1
    let c1 = 3 * (f2 - f1)
    let c2 = 3 * (f1 - 2 * f2 + f3)
    let c3 = f4 - f1 + 3 * (f2 - f3)
    return c0 + t * c1 + t * t * c2 + t * t * t * c3
  }

  /// x(t) in the same form (used for drawing).
  public func x(at t: Float) -> Float {
    let f1 = p0.frame, f2 = p1.frame, f3 = p2.frame, f4 = p3.frame
    let c1 = 3 * (f2 - f1)
    let c2 = 3 * (f1 - 2 * f2 + f3)
    let c3 = f4 - f1 + 3 * (f2 - f3)
    return f1 + t * c1 + t * t * c2 + t * t * t * c3
  }
}

/// Blender's `solve_cubic`: real roots of c0 + c1·t + c2·t² + c3·t³ in a fixed order, each
/// rounded to `Float` and accepted only inside [−1e-10, 1.000001].
enum CubicSolver {
  static let low = Float(-1.0e-10)
  static let high: Float = 1.000001

  @inline(__always)
  static func accept(_ root: Double) -> Float? {
    let r = Float(root)
    return r >= low && r <= high ? r : nil
  }

  /// Blender's `sqrt3d`: a sign-preserving cube root computed as exp(log|x| / 3).
  @inline(__always)
  static func cubeRoot(_ d: Double) -> Double {
    if d == 0 { return 0 }
    if d < 0 { return -Double.exp(Double.log(-d) / 3) }
    return Double.exp(Double.log(d) / 3)
  }

  /// The first accepted root, or `nil` when Blender accepts none.
  static func firstRoot(_ c0: Double, _ c1: Double, _ c2: Double, _ c3: Double) -> Float? {
    if c3 != 0 {
      let a = c2 / c3 / 3
      let b = c1 / c3
      let c = c0 / c3
      let p = b / 3 - a * a
      let q = (2 * a * a * a - a * b + c) / 2
      let d = q * q + p * p * p
      if d > 0 {
        let t = d.squareRoot()
        return accept(cubeRoot(-q + t) + cubeRoot(-q - t) - a)
      }
      if d == 0 {
        let t = cubeRoot(-q)
        return accept(2 * t - a) ?? accept(-t - a)
      }
      return threeRealRoots(a: a, p: p, q: q)
    }
    if c2 != 0 {
      let disc = c1 * c1 - 4 * c2 * c0
      if disc > 0 {
        let s = disc.squareRoot()
        return accept((-c1 - s) / (2 * c2)) ?? accept((-c1 + s) / (2 * c2))
      }
      if disc == 0 { return accept(-c1 / (2 * c2)) }
      return nil
    }
    if c1 != 0 { return accept(-c0 / c1) }
    return c0 == 0 ? 0 : nil
  }

  /// The trigonometric case (discriminant < 0), candidates in Blender's order.
  @inline(never)
  static func threeRealRoots(a: Double, p: Double, q: Double) -> Float? {
    let phi = Double.acos(-q / (-(p * p * p)).squareRoot())
    let t = (-p).squareRoot()
    let cp = Double.cos(phi / 3)
    let sq = (3 - 3 * cp * cp).squareRoot()
    return accept(2 * t * cp - a) ?? accept(-t * (cp + sq) - a) ?? accept(-t * (cp - sq) - a)
  }
}
