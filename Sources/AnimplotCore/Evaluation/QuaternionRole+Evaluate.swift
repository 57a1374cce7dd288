import RealModule

/// Evaluation of coupled quaternion components (see `QuaternionRole`): glTF's rule.
///
/// - Where the four curves hold linear segments between the same two frames, the quaternion is
///   interpolated spherically between the keys' quaternions q₀ and q₁ along the shorter arc:
///   when their dot product is negative (strictly: exactly 0 keeps q₁), q₁ is negated first.
///   Keys 180° apart (dot ±4·10⁻⁸, as in Khronos' AnimatedCube) therefore turn by the sign the
///   stored floats give, which is what the glTF specification's σ = sign(q₀·q₁) says.
/// - Elsewhere (Bézier, constant, extrapolation, keys at different frames) each component
///   evaluates as its own F-curve.
/// - The result is normalised (glTF: cubic-spline rotations must be), in double precision, and
///   rounded to `Float` like every value.
extension QuaternionRole {
  /// The quaternion's component `component` at `frame`.
  public func value(at frame: Float) -> Float {
    Float(quaternion(at: frame)[Int(component.rawValue)])
  }

  /// The normalised quaternion (w, x, y, z) at `frame`.
  public func quaternion(at frame: Float) -> [Double] {
    precondition(isCoupled, "QuaternionRole.quaternion(at:) needs the four curves (Action.coupled())")
    let q = slerped(at: frame) ?? curves.map { Double($0.value(at: frame)) }
    let norm = (q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]).squareRoot()
    guard norm > 0, norm.isFinite else { return q }
    return q.map { $0 / norm }
  }

  /// The spherical interpolation at `frame`, when the four curves share a linear segment
  /// that strictly contains it.
  private func slerped(at frame: Float) -> [Double]? {
    let reference = curves[0].keyframes
    guard reference.count >= 2, frame > reference[0].frame, frame < reference[reference.count - 1].frame
    else { return nil }
    var lo = 0
    var hi = reference.count - 1
    while hi - lo > 1 {
      let mid = (lo + hi) >> 1
      if reference[mid].frame <= frame { lo = mid } else { hi = mid }
    }
    let f0 = reference[lo].frame, f1 = reference[hi].frame
    guard frame > f0 else { return nil }
    var q0 = [Double](repeating: 0, count: 4)
    var q1 = q0
    for (j, curve) in curves.enumerated() {
      let keys = curve.keyframes
      guard keys.count == reference.count, curve.modifiers.isEmpty, keys[lo].frame == f0, keys[hi].frame == f1,
        keys[lo].interpolation == .linear
      else { return nil }
      q0[j] = Double(keys[lo].value)
      q1[j] = Double(keys[hi].value)
    }
    let s = (Double(frame) - Double(f0)) / (Double(f1) - Double(f0))
    var dot = q0[0] * q1[0] + q0[1] * q1[1] + q0[2] * q1[2] + q0[3] * q1[3]
    if dot < 0 {
      q1 = q1.map { -$0 }
      dot = -dot
    }
    let angle = Double.acos(min(dot, 1))
    if angle < 1e-6 {
      return (0..<4).map { q0[$0] + s * (q1[$0] - q0[$0]) }
    }
    let sine = Double.sin(angle)
    let a = Double.sin((1 - s) * angle) / sine
    let b = Double.sin(s * angle) / sine
    return (0..<4).map { a * q0[$0] + b * q1[$0] }
  }
}
