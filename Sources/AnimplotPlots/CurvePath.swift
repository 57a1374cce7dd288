import AnimplotCanvas
import AnimplotConcurrency
import AnimplotCore

/// The value transform of Blender's Normalize: `(value + offset) · factor`, which maps a
/// curve's range onto −1…1.
public struct ValueMapping: Sendable, Hashable {
  public var factor: Double
  public var offset: Double

  public static let identity = ValueMapping(factor: 1, offset: 0)

  public init(factor: Double, offset: Double) {
    self.factor = factor
    self.offset = offset
  }

  @inline(__always) public func apply(_ value: Double) -> Double { (value + offset) * factor }

  /// Blender's normalisation of `curve` (`normalization_factor_get`): its drawn range between
  /// the first and last key, Bézier segments, easings and overshoot included.
  public static func normalizing(_ curve: FCurve) -> ValueMapping {
    guard let range = CurvePath.valueRange(of: curve) else { return .identity }
    let (lo, hi) = (range.lowerBound, range.upperBound)
    if hi > lo {
      let span = hi - lo
      return ValueMapping(factor: span > Double(Float.ulpOfOne) ? 2 / span : 1, offset: -lo - span / 2)
    }
    return ValueMapping(factor: 1, offset: -lo)
  }
}

/// Builds a curve's outline in pixels the way Blender's Graph Editor draws it: Bézier segments
/// as true cubics with Blender's handle correction, constant segments as steps, linear ones as
/// lines, easings sampled finely, straight extrapolation to the view's edges, and curves with
/// modifiers sampled as evaluated.
public enum CurvePath {
  /// Sampling step along x for easings and modifier curves, in logical pixels: fine enough that
  /// no kink shows at 2× device scale.
  public static let sampleStep = 0.5

  /// The path of `curve` (handles already recalculated) in `view`, for a raster of
  /// `deviceScale` device pixels per logical pixel (dense segments are summed up per device
  /// pixel column, at least per `denseColumn`).
  ///
  /// `sampledValues`: for a curve drawn sampled, its values at `sampleFrames(in:)` when they are
  /// known already (a coupled quaternion's components share one evaluation).
  public static func path(
    _ curve: FCurve, viewport: Viewport, mapping: ValueMapping = .identity, deviceScale: Double = 2,
    sampledValues: [Float]? = nil
  ) -> Path {
    var path = Path()
    let keys = curve.keyframes
    // A track of modifiers alone (no keys) is drawn too: it is sampled below.
    guard !keys.isEmpty || curve.isDrawnSampled else { return path }
    let left = viewport.frames.lowerBound, right = viewport.frames.upperBound
    func point(_ frame: Double, _ value: Double) -> Point { viewport.point(frame, mapping.apply(value)) }
    func key(_ i: Int) -> Point { point(Double(keys.frame(at: i)), Double(keys.value(at: i))) }

    if curve.isDrawnSampled {
      // As Blender: curves with modifiers are evaluated across the whole view (and so are
      // quaternion components, whose segments depend on the other three).
      let frames = sampleFrames(in: viewport)
      let values = sampledValues ?? curve.values(at: frames)
      path.move(to: point(Double(frames[0]), Double(values[0])))
      for i in 1..<frames.count { path.line(to: point(Double(frames[i]), Double(values[i]))) }
      return path
    }

    // Segments from the last key at or before the left edge to the first at or after the right.
    var first = 0
    while first + 1 < keys.count && Double(keys.frame(at: first + 1)) <= left { first += 1 }
    var last = keys.count - 1
    while last - 1 > first && Double(keys.frame(at: last - 1)) >= right { last -= 1 }

    if Double(keys.frame(at: first)) > left {
      path.move(to: point(left, Double(curve.value(at: Float(left)))))
      path.line(to: key(first))
    } else {
      path.move(to: key(first))
    }
    if first < last {
      let column = deviceScale > 0 ? max(denseColumn, 1 / deviceScale) : denseColumn
      appendSegments(&path, curve, keys, first..<last, viewport, mapping, column: column)
    }
    if Double(keys.frame(at: last)) < right {
      path.line(to: point(right, Double(curve.value(at: Float(right)))))
    }
    return path
  }

  /// The frames a curve drawn sampled is evaluated at: every `sampleStep` across the view.
  public static func sampleFrames(in viewport: Viewport) -> [Float] {
    let left = viewport.frames.lowerBound, right = viewport.frames.upperBound
    let count = sampleCount(in: viewport)
    return (0..<count).map { Float(left + (right - left) * Double($0) / Double(count - 1)) }
  }

  /// Width, in logical pixels, of the narrowest columns in which dense segments are drawn as
  /// their envelope: one device pixel at scale 2. At smaller scales the column is one device
  /// pixel (a logical pixel at scale 1: W5's 10 000 keys across 1 400 pixels were drawn as
  /// 10 000 strokes per curve, 7 to a pixel column, now about 3).
  static let denseColumn = 0.5
  /// Segments in one column from which they are drawn as their envelope.
  static let denseSegments = 4

  /// Appends the segments from `keys[range.lowerBound]` on (the path is at that key).
  ///
  /// Where `denseSegments` or more segments lie within one `column` (a sampled export
  /// of 100 000 keys across 1600 pixels), they are drawn as their envelope: lines from the
  /// column's first point to its lowest and highest (Bézier extremes included), in the order
  /// they come, and on to its last. The picture is the same band of ink, made of a few lines
  /// per column instead of thousands of full-height strokes (20 curves of 100 000 keys took
  /// minutes). Sparser segments, and every segment of an ordinary curve, are drawn exactly.
  static func appendSegments(
    _ path: inout Path, _ curve: FCurve, _ keys: Keyframes, _ range: Range<Int>, _ viewport: Viewport,
    _ mapping: ValueMapping, column columnWidth: Double = denseColumn
  ) {
    func point(_ i: Int) -> Point { viewport.point(Double(keys.frame(at: i)), mapping.apply(Double(keys.value(at: i)))) }
    var column = Int.min
    var pending: [Int] = []
    func flush() {
      defer { pending.removeAll(keepingCapacity: true) }
      guard pending.count >= denseSegments else {
        for i in pending { appendSegment(&path, curve, keys, i, viewport, mapping) }
        return
      }
      var low = (y: Double.infinity, x: 0.0), high = (y: -Double.infinity, x: 0.0)
      func add(_ p: Point) {
        if p.y < low.y { low = (p.y, p.x) }
        if p.y > high.y { high = (p.y, p.x) }
      }
      for i in pending {
        let interpolation = keys.interpolation(at: i)
        add(point(i))
        add(point(i + 1))
        if interpolation == .constant {
          add(viewport.point(Double(keys.frame(at: i + 1)), mapping.apply(Double(keys.value(at: i)))))
        }
        // A segment of no duration is drawn as a line (appendSegment): no extremes.
        if interpolation == .bezier && keys.frame(at: i + 1) > keys.frame(at: i) {
          let raw = BezierSegment(from: keys[i], to: keys[i + 1])
          if !raw.isFlat {
            let c = raw.corrected()
            for t in cubicExtrema(Double(c.p0.value), Double(c.p1.value), Double(c.p2.value), Double(c.p3.value)) {
              let f = Float(t)
              add(viewport.point(Double(c.x(at: f)), mapping.apply(Double(c.y(at: f)))))
            }
          }
        }
      }
      let end = point(pending.last! + 1)
      let extremes = low.x <= high.x ? [low, high] : [high, low]
      for e in extremes { path.line(to: Point(e.x, e.y)) }
      path.line(to: end)
    }
    for i in range {
      guard let c = denseColumn(keys, i, viewport, column: columnWidth) else {
        flush()
        column = Int.min
        appendSegment(&path, curve, keys, i, viewport, mapping)
        continue
      }
      if c != column {
        flush()
        column = c
      }
      pending.append(i)
    }
    flush()
  }

  /// The column of `columnWidth` in which segment `i` (key `i` to `i + 1`) may be summed up
  /// with its neighbours (`appendSegments`), or `nil` when it is drawn exactly: only linear,
  /// constant and Bézier segments narrower than a column are summed up; easings are sampled
  /// exactly.
  static func denseColumn(_ keys: Keyframes, _ i: Int, _ viewport: Viewport, column columnWidth: Double) -> Int? {
    let xa = viewport.x(Double(keys.frame(at: i))), xb = viewport.x(Double(keys.frame(at: i + 1)))
    let interpolation = keys.interpolation(at: i)
    let summable = interpolation == .bezier || interpolation == .linear || interpolation == .constant
    guard summable && xb - xa < columnWidth else { return nil }
    let q = (xa / columnWidth).rounded(.down)
    return q.isFinite ? Int(max(-1e15, min(1e15, q))) : Int.min + 1
  }

  /// Appends the segment from key `i` to key `i + 1` (the path is at key `i`).
  static func appendSegment(
    _ path: inout Path, _ curve: FCurve, _ keys: Keyframes, _ i: Int, _ viewport: Viewport, _ mapping: ValueMapping
  ) {
    func point(_ frame: Double, _ value: Double) -> Point { viewport.point(frame, mapping.apply(value)) }
    let (aFrame, bFrame) = (keys.frame(at: i), keys.frame(at: i + 1))
    let end = point(Double(bFrame), Double(keys.value(at: i + 1)))
    let duration = bFrame - aFrame
    if duration == 0 {
      path.line(to: end)
      return
    }
    switch keys.interpolation(at: i) {
    case .constant:
      path.line(to: point(Double(bFrame), Double(keys.value(at: i))))
      path.line(to: end)
    case .linear:
      path.line(to: end)
    case .bezier:
      let raw = BezierSegment(from: keys[i], to: keys[i + 1])
      if raw.isFlat {
        path.line(to: end)
        return
      }
      let s = raw.corrected()
      path.curve(
        to: end, control1: point(Double(s.p1.frame), Double(s.p1.value)),
        control2: point(Double(s.p2.frame), Double(s.p2.value)))
    default:
      // Sampled every half pixel, but only where the view shows it: zoomed in on a long eased
      // segment, the rest is off-canvas.
      func value(_ frame: Double) -> Double { Double(curve.value(at: Float(frame))) }
      if let (from, to, steps) = easedSpan(from: Double(aFrame), to: Double(bFrame), viewport) {
        if from > Double(aFrame) { path.line(to: point(from, value(from))) }
        let step = (to - from) / Double(steps)
        for j in 1..<steps {
          let frame = from + step * Double(j)
          path.line(to: point(frame, value(frame)))
        }
        if to < Double(bFrame) { path.line(to: point(to, value(to))) }
      }
      path.line(to: end)
    }
  }

  /// Where an eased segment from frame `a` to `b` is sampled: the part of it the view shows
  /// (with 1 % to spare each side), in `steps` parts of about `sampleStep` (at most four views'
  /// width); `nil` when none is shown.
  static func easedSpan(from a: Double, to b: Double, _ viewport: Viewport) -> (from: Double, to: Double, steps: Int)? {
    let pad = (viewport.frames.upperBound - viewport.frames.lowerBound) * 0.01
    let from = max(a, viewport.frames.lowerBound - pad)
    let to = min(b, viewport.frames.upperBound + pad)
    guard from < to else { return nil }
    let pixels = abs(viewport.x(to) - viewport.x(from))
    return (from, to, max(2, Int((min(pixels, 4 * viewport.rect.width) / sampleStep).rounded(.up))))
  }

  /// The smallest and largest value the curve draws between its first and last key
  /// (`nil` without keys): keys, Bézier control points after correction, and easing samples.
  public static func valueRange(of curve: FCurve) -> ClosedRange<Double>? {
    let keys = curve.keyframes
    guard var lo = keys.first.map({ Double($0.value) }) else { return nil }
    var hi = lo
    func add(_ v: Double) {
      lo = min(lo, v)
      hi = max(hi, v)
    }
    if let frames = coupledSampleFrames(of: curve) {
      for v in curve.values(at: frames) { add(Double(v)) }
      return lo...hi
    }
    if let samples = keys.sampled {
      // Linear and constant segments reach no further than their keys.
      for v in samples.values { add(Double(v)) }
      return lo...hi
    }
    for (i, k) in keys.enumerated() {
      add(Double(k.value))
      guard i + 1 < keys.count else { break }
      let next = keys[i + 1]
      switch k.interpolation {
      case .bezier:
        let raw = BezierSegment(from: k, to: next)
        if raw.isFlat { continue }
        // The cubic's extremes, from its derivative's roots.
        let s = raw.corrected()
        for t in cubicExtrema(Double(s.p0.value), Double(s.p1.value), Double(s.p2.value), Double(s.p3.value)) {
          add(Double(s.y(at: Float(t))))
        }
      case .constant, .linear:
        continue
      default:
        let steps = easedRangeSteps
        let d = Double(next.frame - k.frame)
        for j in 1..<steps { add(Double(curve.value(at: Float(Double(k.frame) + d * Double(j) / Double(steps))))) }
      }
    }
    return lo...hi
  }

  /// The most frames `valueRange` samples a coupled quaternion component at.
  package static let maximumRangeSamples = 20_000

  /// The parts `valueRange` divides an eased segment into (it evaluates the curve between them).
  static let easedRangeSteps = 200

  /// The most evaluations `valueRange(of:)` makes of `curve`.
  package static func rangeEvaluations(of curve: FCurve) -> Int {
    if curve.quaternion?.isCoupled == true { return maximumRangeSamples + 1 }
    let keys = curve.keyframes
    guard keys.sampled == nil else { return 0 }
    var eased = 0
    for (i, k) in keys.enumerated() where i + 1 < keys.count {
      switch k.interpolation {
      case .bezier, .constant, .linear: continue
      default: eased += 1
      }
    }
    return eased * (easedRangeSteps - 1)
  }

  /// The frames `valueRange` samples a coupled quaternion component at (slerp and
  /// normalisation bend every segment); `nil` for any other curve.
  static func coupledSampleFrames(of curve: FCurve) -> [Float]? {
    let keys = curve.keyframes
    guard curve.quaternion?.isCoupled == true, let last = keys.last else { return nil }
    // Between the first and last key: eight samples a segment for few keys; dense keys
    // (sampled exports) at most 20 000.
    let first = Double(keys.frame(at: 0)), span = Double(last.frame) - first
    let steps = min(maximumRangeSamples, max(200, keys.count * 8))
    return (0...steps).map { Float(first + span * Double($0) / Double(steps)) }
  }

  /// `valueRange` of every curve in `curves`, on every core when they hold many keys: the
  /// components of a coupled quaternion sampled at the same frames share one evaluation of the
  /// quaternion (W5's 400 components are sampled 20 000 times each).
  static func valueRanges(of curves: [FCurve], parallel: Bool) -> [ClosedRange<Double>?] {
    // Each coupled component's group: the first curve of the same data path sampled at the
    // same frames.
    var lead = Array(curves.indices)
    var leads: [String: [Int]] = [:]
    for (i, curve) in curves.enumerated() where curve.quaternion?.isCoupled == true {
      let keys = curve.keyframes
      if let j = leads[curve.dataPath, default: []].first(where: { j in
        let other = curves[j].keyframes
        return other.count == keys.count
          && (keys.isEmpty
            || (other.frame(at: 0) == keys.frame(at: 0) && other.frame(at: other.count - 1) == keys.frame(at: keys.count - 1)))
      }) {
        lead[i] = j
      } else {
        leads[curve.dataPath, default: []].append(i)
      }
    }
    // The quaternions of each group, at its frames.
    let leaders = curves.indices.filter { lead[$0] == $0 && curves[$0].quaternion?.isCoupled == true }
    let sample: @Sendable (Int) -> [SIMD4<Double>] = { k in
      let curve = curves[leaders[k]]
      return curve.quaternion!.quaternions(at: coupledSampleFrames(of: curve)!)
    }
    let sampled = parallel ? Parallel.map(count: leaders.count, sample) : leaders.indices.map(sample)
    var bySet: [Int: [SIMD4<Double>]] = [:]
    for (k, i) in leaders.enumerated() { bySet[i] = sampled[k] }
    let samples = bySet, leadOf = lead
    let range: @Sendable (Int) -> ClosedRange<Double>? = { i in
      let curve = curves[i]
      guard let quaternions = samples[leadOf[i]], !curve.keyframes.isEmpty, let role = curve.quaternion else {
        return valueRange(of: curve)
      }
      // As `valueRange`: the first key's value and every sample, each a `Float` component.
      let c = Int(role.component.rawValue)
      var lo = Double(curve.keyframes.value(at: 0)), hi = lo
      for q in quaternions {
        let v = Double(Float(q[c]))
        lo = min(lo, v)
        hi = max(hi, v)
      }
      return lo...hi
    }
    return parallel ? Parallel.map(count: curves.count, range) : curves.indices.map(range)
  }

  /// Parameters in (0, 1) where a 1-D cubic Bézier with these control values has zero slope.
  static func cubicExtrema(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double) -> [Double] {
    // B'(t)/3 = a t² + b t + c.
    let a = -p0 + 3 * p1 - 3 * p2 + p3
    let b = 2 * (p0 - 2 * p1 + p2)
    let c = p1 - p0
    var roots: [Double] = []
    if abs(a) < 1e-12 {
      if abs(b) > 1e-12 { roots.append(-c / b) }
    } else {
      let disc = b * b - 4 * a * c
      if disc >= 0 {
        let s = disc.squareRoot()
        roots += [(-b - s) / (2 * a), (-b + s) / (2 * a)]
      }
    }
    return roots.filter { $0 > 0 && $0 < 1 }
  }
}
