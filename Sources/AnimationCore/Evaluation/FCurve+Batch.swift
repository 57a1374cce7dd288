/// Evaluation of many frames at once: the same values as `value(at:)`, faster.
///
/// Keys are copied into a compact frame array; a cursor follows sorted frames from segment to
/// segment (no binary search), and each Bézier segment's solver constants are computed once.
/// Where Blender's closed-form cubic is provably going to round to the same `Float` root,
/// a warm-started Newton iteration replaces it (see `BezierSolver`).
extension FCurve {
  /// The curve's values at `frames` (any order; sorted runs are fastest).
  public func values(at frames: [Float]) -> [Float] {
    guard !keyframes.isEmpty else { return [Float](repeating: 0, count: frames.count) }
    return keyframes.withUnsafeBufferPointer { keys in
      var sampler = CurveSampler(keys: keys, extrapolation: extrapolation)
      let cycles = CycleMapping(curve: self, keys: keys)
      var out = [Float](repeating: 0, count: frames.count)
      out.withUnsafeMutableBufferPointer { out in
        frames.withUnsafeBufferPointer { frames in
          if let cycles {
            for i in 0..<frames.count {
              let (t, offset) = cycles.map(frames[i])
              out[i] = sampler.value(at: t) + offset
            }
          } else {
            for i in 0..<frames.count { out[i] = sampler.value(at: frames[i]) }
          }
        }
      }
      return out
    }
  }
}

/// Evaluates one curve at many frames, remembering the last segment and each Bézier
/// segment's solver.
struct CurveSampler {
  let keys: UnsafeBufferPointer<Keyframe>
  let extrapolation: Extrapolation
  /// Key frames, contiguous for the cursor and the binary search.
  private var frames: [Float]
  /// Solvers of Bézier segments, built on first use (index = the segment's left key).
  private var solvers: [BezierSolver?]
  /// The right key of the segment the previous frame fell in.
  private var cursor = 1
  /// The previous root, to warm-start Newton.
  private var lastRoot: Double = 0.5

  init(keys: UnsafeBufferPointer<Keyframe>, extrapolation: Extrapolation) {
    self.keys = keys
    self.extrapolation = extrapolation
    frames = keys.map(\.frame)
    solvers = [BezierSolver?](repeating: nil, count: keys.count)
  }

  mutating func value(at t: Float) -> Float {
    let n = keys.count
    if t <= frames[0] { return KeyInterpolator.extrapolate(keys, from: 0, toward: 1, at: t, extrapolation) }
    if frames[n - 1] <= t {
      return KeyInterpolator.extrapolate(keys, from: n - 1, toward: n - 2, at: t, extrapolation)
    }
    // Move the cursor to the segment with frames[i - 1] < t < frames[i].
    var i = cursor
    if !(frames[i - 1] < t && t < frames[i]) {
      if i + 1 < n && frames[i] < t && t < frames[i + 1] {
        i += 1
      } else {
        var lo = 0
        var hi = n - 1
        while hi - lo > 1 {
          let mid = (lo + hi) >> 1
          if frames[mid] <= t { lo = mid } else { hi = mid }
        }
        i = hi
      }
      cursor = i
    }
    // Within Blender's threshold of a key, or anywhere unusual, use Blender's own search.
    let threshold = KeyInterpolator.onKeyThreshold
    guard frames[i - 1] < t, t < frames[i],
      !KeyInterpolator.isEqual(t, frames[i - 1], within: threshold),
      !KeyInterpolator.isEqual(t, frames[i], within: threshold)
    else { return KeyInterpolator.interpolate(keys, at: t) }

    let prev = keys[i - 1]
    guard prev.interpolation == .bezier else {
      return KeyInterpolator.segmentValue(prev, keys[i], at: t)
    }
    if solvers[i - 1] == nil { solvers[i - 1] = BezierSolver(BezierSegment(from: prev, to: keys[i])) }
    return solvers[i - 1]!.value(at: t, guess: &lastRoot)
  }
}

/// One Bézier segment prepared for many evaluations, giving exactly `BezierSegment.value(at:)`.
///
/// Blender solves x(t) = frame with Cardano's formula in `Double` and rounds the root to
/// `Float`. Newton's iteration on the same `Double` coefficients reaches the exact root; both
/// round to the same `Float` unless the root lies within Cardano's error of a rounding
/// midpoint. So Newton is used only on segments where x(t) is strictly increasing (a single
/// root), with a per-segment bound on Cardano's error, and only when the root is farther than
/// that bound from a midpoint; everything else goes through Blender's closed form.
struct BezierSolver {
  let segment: BezierSegment
  let flat: Bool
  /// x(t) − frame = c0 + c1·t + c2·t² + c3·t³ with c0 = q0 − frame (Blender's `findzero`).
  let q0: Float
  let c1: Double, c2: Double, c3: Double
  /// Whether Newton may stand in for Cardano on this segment.
  let newton: Bool
  /// A bound on the error of Cardano's root on this segment.
  let cardanoError: Double

  init(_ raw: BezierSegment) {
    flat = raw.isFlat
    segment = raw.corrected()
    let p0 = segment.p0.frame, p1 = segment.p1.frame, p2 = segment.p2.frame, p3 = segment.p3.frame
    q0 = p0
    c1 = Double(3 * (p1 - p0))
    c2 = Double(3 * (p0 - 2 * p1 + p2))
    c3 = Double(p3 - p0 + 3 * (p1 - p2))
    // x'(t) = c1 + 2·c2·t + 3·c3·t²: its minimum over [0, 1] must be clearly positive.
    var minSlope = min(c1, c1 + 2 * c2 + 3 * c3)
    if c3 != 0 {
      let vertex = -c2 / (3 * c3)
      if vertex > 0 && vertex < 1 { minSlope = min(minSlope, c1 + vertex * (2 * c2 + 3 * c3 * vertex)) }
    }
    let scale = abs(c1) + abs(c2) + abs(c3)
    if c3 != 0 {
      let a = c2 / c3 / 3
      let p = c1 / c3 / 3 - a * a
      // Cancellation in the cube roots grows with their size, about √|p| + |a|.
      cardanoError = 1e-14 * (1 + abs(p).squareRoot() + abs(a))
    } else {
      cardanoError = 1e-14
    }
    newton = c3 != 0 && scale > 0 && minSlope > 1e-3 * scale && cardanoError < 1e-9
  }

  /// The value at `frame`; `guess` is the previous root, updated.
  @inline(__always)
  func value(at frame: Float, guess: inout Double) -> Float {
    if flat { return segment.p0.value }
    guard newton, let t = newtonRoot(frame, &guess) else {
      guard let t = segment.parameter(at: frame) else { return 0 }
      return segment.y(at: t)
    }
    return segment.y(at: t)
  }

  /// The `Float` root by Newton, or `nil` when it might differ from Cardano's.
  @inline(__always)
  private func newtonRoot(_ frame: Float, _ guess: inout Double) -> Float? {
    let c0 = Double(q0 - frame)
    var t = guess
    if !(t > 0 && t < 1) { t = min(max(-c0 / c1, 0), 1) }
    var converged = false
    for _ in 0..<12 {
      let f = c0 + t * (c1 + t * (c2 + t * c3))
      let df = c1 + t * (2 * c2 + 3 * c3 * t)
      let step = f / df
      t -= step
      if abs(step) <= 1e-15 + 1e-15 * abs(t) {
        converged = true
        break
      }
    }
    guard converged, t > 1e-7, t < 1 - 1e-7 else { return nil }
    guess = t
    let rounded = Float(t)
    // Distance from t to the nearest point where rounding to Float changes.
    let halfUlp = Double(rounded.ulp) / 2
    let margin = halfUlp - abs(t - Double(rounded))
    guard margin > 4 * cardanoError + 4 * abs(t).ulp else { return nil }
    return rounded
  }
}
