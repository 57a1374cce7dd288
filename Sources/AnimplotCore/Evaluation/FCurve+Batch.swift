/// Evaluation of many frames at once: the same values as `value(at:)`, faster.
///
/// Keys are copied into a compact frame array; a cursor follows sorted frames from segment to
/// segment (no binary search), and each Bézier segment's solver constants are computed once.
/// Where Blender's closed-form cubic is provably going to round to the same `Float` root,
/// a warm-started Newton iteration replaces it (see `BezierSolver`).
extension FCurve {
  /// The curve's values at `frames` (any order; sorted runs are fastest).
  public func values(at frames: [Float]) -> [Float] {
    if let quaternion, quaternion.isCoupled { return quaternion.values(at: frames) }
    guard !keyframes.isEmpty || hasEffectiveModifiers else {
      return [Float](repeating: 0, count: frames.count)
    }
    if let sampled = keyframes.sampled {
      // Compact samples read in place (their frames need no copy).
      return sampled.withReader { values(at: frames, keys: $0, keyFrames: sampled.frames) }
    }
    return keyframes.withUnsafeBufferPointer { keys in values(at: frames, keys: keys, keyFrames: keys.map(\.frame)) }
  }

  /// The values at `frames` of `keys` (the curve's, read in place, at `keyFrames`) and the
  /// curve's modifiers.
  private func values<K: KeyReading>(at frames: [Float], keys: K, keyFrames: [Float]) -> [Float] {
    var out = [Float](repeating: 0, count: frames.count)
    guard keys.count > 0 else {
      let stack = ModifierStack(curve: self, keys: keys)
      for i in 0..<frames.count { out[i] = stack.value(at: frames[i]) { _ in 0 } }
      return out
    }
    var sampler = CurveSampler(keys: keys, frames: keyFrames, extrapolation: extrapolation)
    out.withUnsafeMutableBufferPointer { out in
      frames.withUnsafeBufferPointer { frames in
        if hasEffectiveModifiers {
          let stack = ModifierStack(curve: self, keys: keys)
          for i in 0..<frames.count {
            out[i] = stack.value(at: frames[i]) { sampler.value(at: $0) }
          }
        } else {
          for i in 0..<frames.count { out[i] = sampler.value(at: frames[i]) }
        }
      }
    }
    return out
  }
}

/// Evaluates one curve at many frames, remembering the last segment and each Bézier
/// segment's solver.
struct CurveSampler<Keys: KeyReading> {
  let keys: Keys
  let extrapolation: Extrapolation
  /// Key frames, contiguous for the cursor and the binary search.
  private var frames: [Float]
  /// Solvers of Bézier segments, built on first use (index = the segment's left key); empty
  /// until a frame lands in a Bézier segment.
  private var solvers: [BezierSolver?]
  /// The right key of the segment the previous frame fell in.
  private var cursor = 1
  /// Frames strictly between these are inside the cursor's segment and farther than Blender's
  /// on-key threshold from both its keys; empty until a frame lands in a Bézier segment.
  private var safeLow: Float = .infinity
  private var safeHigh: Float = -.infinity
  /// The cursor segment's solver while `safeLow...safeHigh` is set (`safeLow < safeHigh`).
  private var current = BezierSolver.placeholder
  /// The previous root in the cursor's segment, to warm-start Newton.
  private var lastRoot = NewtonGuess.none

  /// `frames`: the keys' frames.
  init(keys: Keys, frames: [Float], extrapolation: Extrapolation) {
    self.keys = keys
    self.extrapolation = extrapolation
    self.frames = frames
    solvers = []
  }

  @inline(__always)
  mutating func value(at t: Float) -> Float {
    if t > safeLow && t < safeHigh { return current.value(at: t, guess: &lastRoot) }
    return slowValue(at: t)
  }

  private mutating func slowValue(at t: Float) -> Float {
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
      lastRoot = .none
      safeLow = .infinity
      safeHigh = -.infinity
    }
    // Within Blender's threshold of a key, or anywhere unusual, use Blender's own search.
    let threshold = KeyInterpolator.onKeyThreshold
    guard frames[i - 1] < t, t < frames[i],
      !KeyInterpolator.isEqual(t, frames[i - 1], within: threshold),
      !KeyInterpolator.isEqual(t, frames[i], within: threshold)
    else { return KeyInterpolator.interpolate(keys, at: t) }

    guard keys.interpolation(i - 1) == .bezier else {
      return KeyInterpolator.segmentValue(keys, i - 1, i, at: t)
    }
    if solvers.isEmpty { solvers = [BezierSolver?](repeating: nil, count: keys.count) }
    if solvers[i - 1] == nil { solvers[i - 1] = BezierSolver(BezierSegment(from: keys.key(i - 1), to: keys.key(i))) }
    let solver = solvers[i - 1]!
    // Twice the threshold plus a float step of the key frames: beyond it, t − key rounds to
    // more than the threshold.
    let margin = 2 * threshold
    safeLow = frames[i - 1] + max(margin, 2 * frames[i - 1].ulp)
    safeHigh = frames[i] - max(margin, 2 * frames[i].ulp)
    current = solver
    return solver.value(at: t, guess: &lastRoot)
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
  /// A solver for a flat unit segment, to fill storage before use.
  static let placeholder = BezierSolver(
    BezierSegment(
      p0: CurvePoint(frame: 0, value: 0), p1: CurvePoint(frame: 0, value: 0),
      p2: CurvePoint(frame: 1, value: 0), p3: CurvePoint(frame: 1, value: 0)))

  let segment: BezierSegment
  let flat: Bool
  /// x(t) − frame = c0 + c1·t + c2·t² + c3·t³ with c0 = q0 − frame (Blender's `findzero`).
  let q0: Float
  let c1: Double, c2: Double, c3: Double
  /// Whether Newton may stand in for Cardano on this segment.
  let newton: Bool
  /// A bound on the error of Cardano's root on this segment.
  let cardanoError: Double
  /// Newton's error after a step of size s is at most `curvature · s²`; it stops once that is
  /// below 1e-13.
  let curvature: Double
  /// 1 / (x(1) − x(0)): the chord parameter of a frame is a good first guess.
  let inverseSpan: Double

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
    let scale = abs(c1) + abs(c2) + abs(c3)
    if c3 != 0 {
      // Only bounds are computed here, so one division serves them all.
      let inverse3c3 = 1 / (3 * c3)
      let vertex = -c2 * inverse3c3
      if vertex > 0 && vertex < 1 { minSlope = min(minSlope, c1 + vertex * (2 * c2 + 3 * c3 * vertex)) }
      let a = c2 * inverse3c3
      let p = c1 * inverse3c3 - a * a
      // Cancellation in Cardano's cube roots grows with their size, about √|p| + |a|.
      cardanoError = 1e-14 * (1 + abs(p).squareRoot() + abs(a))
    } else {
      cardanoError = 1e-14
    }
    newton = c3 != 0 && scale > 0 && minSlope > 1e-3 * scale && cardanoError < 1e-9
    curvature = newton ? max((abs(c2) + 3 * abs(c3)) / minSlope, 1e-3) : 0
    inverseSpan = 1 / Double(p3 - p0)
  }

  /// The value at `frame`; `guess` is where the previous frame's root was, updated.
  @inline(__always)
  func value(at frame: Float, guess: inout NewtonGuess) -> Float {
    if flat { return segment.p0.value }
    guard newton, let t = newtonRoot(frame, &guess) else {
      guard let t = segment.parameter(at: frame) else { return 0 }
      return segment.y(at: t)
    }
    return segment.y(at: t)
  }

  /// The `Float` root by Newton, or `nil` when it might differ from Cardano's. `guess` is a
  /// root in this segment to start from, or NaN.
  @inline(__always)
  private func newtonRoot(_ frame: Float, _ guess: inout NewtonGuess) -> Float? {
    let c0 = Double(q0 - frame)
    var t: Double
    if guess.root > 0 && guess.root < 1 {
      // One Newton step from the previous root with its slope: near frames, close to the root.
      t = guess.root + (guess.offset - c0) * guess.inverseSlope
    } else {
      t = -c0 * inverseSpan
    }
    var inverseSlope = 1 / c1
    var step = 1.0
    for _ in 0..<16 {
      let f = c0 + t * (c1 + t * (c2 + t * c3))
      inverseSlope = 1 / (c1 + t * (2 * c2 + 3 * c3 * t))
      step = f * inverseSlope
      t -= step
      if curvature * step * step < 1e-13 { break }
    }
    guard curvature * step * step < 1e-13, t > 1e-7, t < 1 - 1e-7 else { return nil }
    guess = NewtonGuess(root: t, offset: c0, inverseSlope: inverseSlope)
    // Round-off of evaluating the cubic near its root, carried to t by the slope, plus what
    // the last step left (quadratic convergence).
    let newtonError =
      4e-16 * (abs(c0) + abs(c1) + abs(c2) + abs(c3)) * abs(inverseSlope) + curvature * step * step
    let rounded = Float(t)
    // Distance from t to the nearest point where rounding to Float changes.
    let margin = Double(rounded.ulp) / 2 - abs(t - Double(rounded))
    guard margin > 4 * (cardanoError + newtonError) else { return nil }
    return rounded
  }
}

/// Where Newton's iteration ended for the previous frame of a segment: its root, the
/// coefficient `c0` it solved for and the inverse slope there (a first step for the next frame).
struct NewtonGuess {
  var root: Double
  var offset: Double
  var inverseSlope: Double

  static let none = NewtonGuess(root: .nan, offset: 0, inverseSlope: 0)
}
