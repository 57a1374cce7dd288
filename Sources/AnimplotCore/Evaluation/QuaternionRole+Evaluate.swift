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

  /// The quaternion's component `component` at each of `frames`: the same values as
  /// `value(at:)` frame by frame (see `quaternions(at:)`).
  public func values(at frames: [Float]) -> [Float] {
    let c = Int(component.rawValue)
    return quaternions(at: frames).map { Float($0[c]) }
  }

  /// The normalised quaternion (w, x, y, z) at each of `frames`: the same values as
  /// `quaternion(at:)` frame by frame, but with the four curves' keys read in place and each
  /// slerped segment's end quaternions and angle worked out once for the frames that fall in it
  /// (a Graph Editor samples every component thousands of times).
  public func quaternions(at frames: [Float]) -> [SIMD4<Double>] {
    precondition(isCoupled, "QuaternionRole.quaternions(at:) needs the four curves (Action.coupled())")
    let (c0, c1, c2, c3) = (curves[0], curves[1], curves[2], curves[3])
    let plain = c0.modifiers.isEmpty && c1.modifiers.isEmpty && c2.modifiers.isEmpty && c3.modifiers.isEmpty
    return Self.withKeys(c0, c1, c2, c3) { k0, k1, k2, k3 in
      Self.quaternions(at: frames, c0, c1, c2, c3, plain: plain, keys: (k0, k1, k2, k3))
    } sampled: { k0, k1, k2, k3 in
      Self.quaternions(at: frames, c0, c1, c2, c3, plain: plain, keys: (k0, k1, k2, k3))
    }
  }

  /// `body` with the four curves' keys read in place: `sampled` when all four are compact
  /// samples, else `full` (with the samples of a mixed set made into keys for the call).
  private static func withKeys<R>(
    _ c0: FCurve, _ c1: FCurve, _ c2: FCurve, _ c3: FCurve,
    full: (
      UnsafeBufferPointer<Keyframe>, UnsafeBufferPointer<Keyframe>, UnsafeBufferPointer<Keyframe>,
      UnsafeBufferPointer<Keyframe>
    ) -> R,
    sampled: (SampledReader, SampledReader, SampledReader, SampledReader) -> R
  ) -> R {
    if let k0 = c0.keyframes.sampled, let k1 = c1.keyframes.sampled, let k2 = c2.keyframes.sampled,
      let k3 = c3.keyframes.sampled
    {
      return k0.withReader { r0 in
        k1.withReader { r1 in k2.withReader { r2 in k3.withReader { r3 in sampled(r0, r1, r2, r3) } } }
      }
    }
    return c0.keyframes.withUnsafeBufferPointer { k0 in
      c1.keyframes.withUnsafeBufferPointer { k1 in
        c2.keyframes.withUnsafeBufferPointer { k2 in
          c3.keyframes.withUnsafeBufferPointer { k3 in full(k0, k1, k2, k3) }
        }
      }
    }
  }

  private static func quaternions<K: KeyReading>(
    at frames: [Float], _ c0: FCurve, _ c1: FCurve, _ c2: FCurve, _ c3: FCurve, plain: Bool, keys: (K, K, K, K)
  ) -> [SIMD4<Double>] {
    var segment = SlerpSegment(lo: -1)
    return frames.map { frame in
      var q: SIMD4<Double>
      if plain, let lo = Self.segment(keys.0, at: frame) {
        if segment.lo != lo { segment = SlerpSegment(lo: lo, keys: keys) }
        q = segment.value(at: frame) ?? Self.separately(c0, c1, c2, c3, at: frame)
      } else {
        q = Self.separately(c0, c1, c2, c3, at: frame)
      }
      let norm = (q * q).sum().squareRoot()
      if norm > 0, norm.isFinite { q /= norm }
      return q
    }
  }

  /// The four components each evaluated as its own F-curve.
  private static func separately(_ c0: FCurve, _ c1: FCurve, _ c2: FCurve, _ c3: FCurve, at frame: Float)
    -> SIMD4<Double>
  {
    SIMD4(
      Double(c0.value(at: frame)), Double(c1.value(at: frame)), Double(c2.value(at: frame)),
      Double(c3.value(at: frame)))
  }

  /// The left key of the segment of `reference` (the first curve's keys) that strictly contains
  /// `frame`; `nil` outside the keys or on a key.
  private static func segment<K: KeyReading>(_ reference: K, at frame: Float) -> Int? {
    guard reference.count >= 2, frame > reference.frame(0), frame < reference.frame(reference.count - 1)
    else { return nil }
    var lo = 0
    var hi = reference.count - 1
    while hi - lo > 1 {
      let mid = (lo + hi) >> 1
      if reference.frame(mid) <= frame { lo = mid } else { hi = mid }
    }
    return frame > reference.frame(lo) ? lo : nil
  }

  /// One segment of the four curves, `lo` to `lo + 1`: the end quaternions (the second negated
  /// for the shorter arc) and their angle, or `nil` ends where the four do not share a linear
  /// segment between the same two frames there.
  private struct SlerpSegment {
    let lo: Int
    var ends: (q0: SIMD4<Double>, q1: SIMD4<Double>, f0: Float, f1: Float, angle: Double, sine: Double)?

    init(lo: Int) {
      self.lo = lo
      ends = nil
    }

    init<K: KeyReading>(lo: Int, keys: (K, K, K, K)) {
      self.lo = lo
      let hi = lo + 1
      let reference = keys.0
      let f0 = reference.frame(lo), f1 = reference.frame(hi)
      var q0 = SIMD4<Double>()
      var q1 = SIMD4<Double>()
      func read(_ k: K, _ j: Int) -> Bool {
        guard k.count == reference.count, k.frame(lo) == f0, k.frame(hi) == f1, k.interpolation(lo) == .linear
        else { return false }
        q0[j] = Double(k.value(lo))
        q1[j] = Double(k.value(hi))
        return true
      }
      guard read(keys.0, 0), read(keys.1, 1), read(keys.2, 2), read(keys.3, 3) else {
        ends = nil
        return
      }
      var dot = (q0 * q1).sum()
      if dot < 0 {
        q1 = -q1
        dot = -dot
      }
      let angle = Double.acos(min(dot, 1))
      ends = (q0, q1, f0, f1, angle, angle < 1e-6 ? 0 : Double.sin(angle))
    }

    /// The slerp at `frame` (inside the segment); `nil` where the four do not share it.
    func value(at frame: Float) -> SIMD4<Double>? {
      guard let e = ends else { return nil }
      let s = (Double(frame) - Double(e.f0)) / (Double(e.f1) - Double(e.f0))
      if e.angle < 1e-6 { return e.q0 + s * (e.q1 - e.q0) }
      return (Double.sin((1 - s) * e.angle) / e.sine) * e.q0 + (Double.sin(s * e.angle) / e.sine) * e.q1
    }
  }

  /// The spherical interpolation at `frame`, when the four curves share a linear segment
  /// that strictly contains it (one frame of what `quaternions(at:)` works out for many).
  private func slerped(at frame: Float) -> SIMD4<Double>? {
    guard curves.allSatisfy({ $0.modifiers.isEmpty }) else { return nil }
    return Self.withKeys(curves[0], curves[1], curves[2], curves[3]) { k0, k1, k2, k3 in
      Self.segment(k0, at: frame).flatMap { SlerpSegment(lo: $0, keys: (k0, k1, k2, k3)).value(at: frame) }
    } sampled: { k0, k1, k2, k3 in
      Self.segment(k0, at: frame).flatMap { SlerpSegment(lo: $0, keys: (k0, k1, k2, k3)).value(at: frame) }
    }
  }
}
