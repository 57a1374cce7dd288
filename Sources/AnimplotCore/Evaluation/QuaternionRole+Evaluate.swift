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
  public func quaternion(at frame: Float) -> SIMD4<Double> {
    precondition(isCoupled, "QuaternionRole.quaternion(at:) needs the four curves (Action.coupled())")
    let q = slerped(at: frame)
      ?? SIMD4(
        Double(curves[0].value(at: frame)), Double(curves[1].value(at: frame)),
        Double(curves[2].value(at: frame)), Double(curves[3].value(at: frame)))
    let norm = (q * q).sum().squareRoot()
    guard norm > 0, norm.isFinite else { return q }
    return q / norm
  }

  /// The spherical interpolation at `frame`, when the four curves share a linear segment
  /// that strictly contains it.
  private func slerped(at frame: Float) -> SIMD4<Double>? {
    curves[0].keyframes.withUnsafeBufferPointer { reference -> SIMD4<Double>? in
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
      var q0 = SIMD4<Double>()
      var q1 = SIMD4<Double>()
      for j in 0..<4 {
        let curve = curves[j]
        guard curve.modifiers.isEmpty else { return nil }
        let ok = curve.keyframes.withUnsafeBufferPointer { keys -> Bool in
          guard keys.count == reference.count, keys[lo].frame == f0, keys[hi].frame == f1,
            keys[lo].interpolation == .linear
          else { return false }
          q0[j] = Double(keys[lo].value)
          q1[j] = Double(keys[hi].value)
          return true
        }
        guard ok else { return nil }
      }
      let s = (Double(frame) - Double(f0)) / (Double(f1) - Double(f0))
      var dot = (q0 * q1).sum()
      if dot < 0 {
        q1 = -q1
        dot = -dot
      }
      let angle = Double.acos(min(dot, 1))
      if angle < 1e-6 { return q0 + s * (q1 - q0) }
      let sine = Double.sin(angle)
      return (Double.sin((1 - s) * angle) / sine) * q0 + (Double.sin(s * angle) / sine) * q1
    }
  }
}
