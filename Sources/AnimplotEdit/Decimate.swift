import AnimplotCore
import RealModule

/// `graph.decimate`, as Blender 3.4.1 does it (see `docs/edit.md`, "Decimate").
///
/// Each run of selected Bézier or linear keys, widened by one such key on each side, is
/// sampled into a polyline (twelve points a segment); then, greedily, the removable key whose
/// removal costs least goes: the cost is the worst squared distance from that polyline of one
/// cubic fitted between its two neighbours with their tangents kept. The neighbours take the
/// fitted handles' lengths. Linear keys are made Bézier first, with free handles a third of
/// the way to each neighbour, so that they can take part.
extension EditDocument {
  /// Points a Bézier segment is sampled into.
  static let decimateResolution = 12

  /// Decimates the selected keys. `work` gains the key visits it made (every key and curve
  /// once, with its search and refits, as `cost(of:)` counts them); past `workBudget` it
  /// stops and throws (`apply` then leaves the document as it was).
  mutating func decimate(_ mode: DecimateMode, work visits: inout Int) throws -> EditStatus {
    let ratio: Float
    let maximumCost: Float
    switch mode {
    case .ratio(let factor):
      ratio = factor
      maximumCost = .greatestFiniteMagnitude
    case .errorMargin(let margin):
      ratio = 1
      maximumCost = margin * margin
    }
    let base = keyCount + curves.count + 1
    var work = DecimateWork(limit: workBudget == .max ? .max : max(0, workBudget - base))
    for c in selectedEditableCurves {
      let outcome = withKeys(c) { keys in
        Result { () throws(DecimateWork.Exceeded) in try Self.decimate(&keys, ratio: ratio, maximumCost: maximumCost, work: &work) }
      }
      switch outcome {
      case .success(let removed):
        if !removed.isEmpty { curves[c].retain { !removed.contains($0) } }
        curves[c].update()
      case .failure:
        throw EditError(
          "decimate: stopped at \(curves[c].fcurve.address) after \(base + work.visits) key visits, past the \(workBudget) "
            + "left to it (a shape such as a zigzag of Bézier keys needs far more refitting than an ordinary curve); "
            + "select fewer keys or decimate in parts")
      }
    }
    visits += base + work.visits
    return .finished
  }

  /// Moves the kept keys' handles and returns the indices of the keys decimation removes,
  /// adding the work it does to `work` (what `cost(of: .decimate)` tells in part; see
  /// `DecimateWork`).
  /// Throws once `work` passes its limit, the keys then half done.
  package static func decimate(_ keys: inout [Keyframe], ratio: Float, maximumCost: Float, work: inout DecimateWork)
    throws(DecimateWork.Exceeded) -> Set<Int>
  {
    var removed = Set<Int>()
    // Every linear key becomes Bézier; keys of other interpolations are left out.
    var usable = [Bool](repeating: false, count: keys.count)
    for i in keys.indices { usable[i] = makeDecimatable(&keys, i) }
    var i = 0
    while i < keys.count {
      guard keys[i].selected && usable[i] else {
        i += 1
        continue
      }
      var end = i
      while end < keys.count && keys[end].selected && usable[end] { end += 1 }
      let selectedCount = end - i
      // One unselected usable key on each side joins the run, so the run's own ends can go.
      var start = i
      var stop = end
      if stop < keys.count && usable[stop] { stop += 1 }
      if start > 0 && usable[start - 1] { start -= 1 }
      let count = stop - start
      let target = Int((Float(count) - Float(selectedCount) * ratio).rounded(.up))
      removed.formUnion(try decimateRun(&keys, start..<stop, keepAtLeast: target, maximumCost: maximumCost, work: &work))
      i = end
    }
    return removed
  }

  /// Blender's preparation of a key for decimation: Bézier keys as they are, linear keys made
  /// Bézier with free handles a third of the way to each neighbour; false for the others.
  private static func makeDecimatable(_ keys: inout [Keyframe], _ i: Int) -> Bool {
    switch keys[i].interpolation {
    case .bezier:
      return true
    case .linear:
      keys[i].interpolation = .bezier
      keys[i].handleLeftType = .free
      keys[i].handleRightType = .free
      let third: Float = 1.0 / 3.0
      let p = keys[i].point
      if i > 0 {
        let q = keys[i - 1].point
        keys[i].handleLeft = CurvePoint(frame: (q.frame - p.frame) * third + p.frame, value: (q.value - p.value) * third + p.value)
      }
      if i + 1 < keys.count {
        let q = keys[i + 1].point
        keys[i].handleRight = CurvePoint(frame: (q.frame - p.frame) * third + p.frame, value: (q.value - p.value) * third + p.value)
      }
      return true
    default:
      return false
    }
  }

  /// One key of a run being decimated.
  private struct Knot {
    var point: Int
    /// Unit directions from the key to its left handle, and from its right handle to the key.
    var tangent: (left: SIMD2<Float>, right: SIMD2<Float>)
    /// The handles' lengths along those directions (the right one negated).
    var length: (left: Float, right: Float)
    var removable: Bool
    var removed = false
    var previous: Int?
    var next: Int?
    /// The cost of removing this knot and the neighbours' handle lengths then, if it may go.
    var removal: (cost: Float, left: Float, right: Float)?
  }

  private static func decimateRun(
    _ keys: inout [Keyframe], _ run: Range<Int>, keepAtLeast target: Int, maximumCost: Float, work: inout DecimateWork
  ) throws(DecimateWork.Exceeded) -> Set<Int> {
    let run = Array(run)
    guard run.count > 2 else { return [] }
    let resolution = decimateResolution
    // The run sampled: `resolution` points a segment, each segment's first point its key's
    // own, the last point the last key's own.
    var points: [SIMD2<Float>] = []
    for (a, b) in zip(run, run.dropFirst()) {
      let x = forwardDifferences(
        keys[a].frame, keys[a].handleRight.frame, keys[b].handleLeft.frame, keys[b].frame, steps: resolution)
      let y = forwardDifferences(
        keys[a].value, keys[a].handleRight.value, keys[b].handleLeft.value, keys[b].value, steps: resolution)
      for s in 0..<resolution { points.append(SIMD2(x[s], y[s])) }
    }
    points.append(SIMD2(keys[run[run.count - 1]].frame, keys[run[run.count - 1]].value))

    var knots: [Knot] = run.enumerated().map { n, k in
      let key = keys[k]
      let co = SIMD2(key.frame, key.value)
      let (left, leftLength) = normalized(SIMD2(key.handleLeft.frame, key.handleLeft.value) - co)
      let (right, rightLength) = normalized(co - SIMD2(key.handleRight.frame, key.handleRight.value))
      return Knot(
        point: n * resolution, tangent: (left, right), length: (leftLength, -rightLength),
        removable: key.selected && n > 0 && n < run.count - 1,
        previous: n > 0 ? n - 1 : nil, next: n < run.count - 1 ? n + 1 : nil)
    }
    func costRemoving(_ n: Int) throws(DecimateWork.Exceeded) {
      let p = knots[n].previous!
      let q = knots[n].next!
      work.refitKeys += q - p
      try work.check()
      let span = Array(points[knots[p].point...knots[q].point])
      let tanL = knots[p].tangent.right
      let tanR = knots[q].tangent.left
      let fit = CubicFit.single(span.map { SIMD2<Double>(Double($0.x), Double($0.y)) }, SIMD2<Double>(tanL), SIMD2<Double>(tanR))
      let cost = Float(fit.errorSquared)
      let handleL = SIMD2<Float>(fit.handleLeft) - span[0]
      let handleR = SIMD2<Float>(fit.handleRight) - span[span.count - 1]
      knots[n].removal = cost < maximumCost ? (cost, dot(tanL, handleL), dot(tanR, handleR)) : nil
    }
    for n in knots.indices where knots[n].removable { try costRemoving(n) }
    var remaining = knots.count
    while remaining > target {
      var best: Int?
      work.searchSteps += knots.count
      try work.check()
      for n in knots.indices {
        guard let r = knots[n].removal else { continue }
        if best == nil || r.cost < knots[best!].removal!.cost { best = n }
      }
      guard let n = best, let r = knots[n].removal else { break }
      let p = knots[n].previous!
      let q = knots[n].next!
      knots[p].length.right = r.left
      knots[q].length.left = r.right
      knots[p].next = q
      knots[q].previous = p
      knots[n].removed = true
      knots[n].removal = nil
      if knots[p].removable { try costRemoving(p) }
      if knots[q].removable { try costRemoving(q) }
      remaining -= 1
    }
    // The kept keys next to a removed one take their new handle; an auto or vector side so
    // moved turns aligned or free, and an auto side opposite it aligned.
    var removed = Set<Int>()
    for n in knots.indices {
      let k = run[n]
      if knots[n].removed {
        removed.insert(k)
        continue
      }
      let co = SIMD2(keys[k].frame, keys[k].value)
      if n > 0 && knots[n - 1].removed {
        let h = co + knots[n].tangent.left * knots[n].length.left
        keys[k].handleLeft = CurvePoint(frame: h.x, value: h.y)
        (keys[k].handleLeftType, keys[k].handleRightType) = movedByDecimation(keys[k].handleLeftType, opposite: keys[k].handleRightType)
      }
      if n < run.count - 1 && knots[n + 1].removed {
        let h = co + knots[n].tangent.right * knots[n].length.right
        keys[k].handleRight = CurvePoint(frame: h.x, value: h.y)
        (keys[k].handleRightType, keys[k].handleLeftType) = movedByDecimation(keys[k].handleRightType, opposite: keys[k].handleLeftType)
      }
    }
    return removed
  }

  /// The types of a side decimation moved and of the side opposite it.
  private static func movedByDecimation(_ side: HandleType, opposite: HandleType) -> (HandleType, HandleType) {
    var side = side
    switch side {
    case .vector: side = .free
    case .auto, .autoClamped: side = .aligned
    default: break
    }
    return (side, opposite.isAuto ? .aligned : opposite)
  }

  /// A cubic Bézier's coordinate at `steps + 1` equal steps of its parameter, by forward
  /// differences in single precision, as Blender samples curves.
  static func forwardDifferences(_ q0: Float, _ q1: Float, _ q2: Float, _ q3: Float, steps: Int) -> [Float] {
    var f = Float(steps)
    let rt0 = q0
    let rt1 = 3 * (q1 - q0) / f
    f *= f
    let rt2 = 3 * (q0 - 2 * q1 + q2) / f
    f *= Float(steps)
    let rt3 = (q3 - q0 + 3 * (q1 - q2)) / f
    var d0 = rt0
    var d1 = rt1 + rt2 + rt3
    var d2 = 2 * rt2 + 6 * rt3
    let d3 = 6 * rt3
    var out: [Float] = []
    out.reserveCapacity(steps + 1)
    for _ in 0...steps {
      out.append(d0)
      d0 += d1
      d1 += d2
      d2 += d3
    }
    return out
  }

  /// A unit vector and the length it had; zero and 0 for a vector too short to have a direction.
  private static func normalized(_ v: SIMD2<Float>) -> (SIMD2<Float>, Float) {
    let d = v.x * v.x + v.y * v.y
    guard d > 1e-35 else { return (.zero, 0) }
    let length = d.squareRoot()
    return (v * (1 / length), length)
  }

  private static func dot(_ a: SIMD2<Float>, _ b: SIMD2<Float>) -> Float { a.x * b.x + a.y * b.y }
}

/// Fitting one cubic Bézier to a polyline with both end tangents given, in double precision
/// (the curve-fitting library Blender uses for decimation: a least-squares fit of the two
/// handle lengths on a chord-length parameterisation, guarded against handles that come out
/// negative or far away by a circle-based guess, tried against two plainer guesses, then
/// refined by four Newton steps on the parameters, keeping the best).
enum CubicFit {
  typealias Vector = SIMD2<Double>

  struct Result {
    var handleLeft: Vector
    var handleRight: Vector
    /// The worst squared distance of an inner point from the cubic.
    var errorSquared: Double
  }

  private struct Cubic {
    var p0, p1, p2, p3: Vector

    func point(_ t: Double) -> Vector {
      let s = 1 - t
      let p01 = p0 * s + p1 * t
      let p12 = p1 * s + p2 * t
      let p23 = p2 * s + p3 * t
      return (p01 * s + p12 * t) * s + (p12 * s + p23 * t) * t
    }

    func speed(_ t: Double) -> Vector {
      let s = 1 - t
      // The library's middle term takes p2 − p0 where the derivative has p2 − p1.
      let a: Vector = (p1 - p0) * s * s
      let b: Vector = 2 * (p2 - p0) * s * t
      let c: Vector = (p3 - p2) * t * t
      return 3 * (a + b + c)
    }

    func acceleration(_ t: Double) -> Vector {
      let s = 1 - t
      let a: Vector = (p2 - 2 * p1 + p0) * s
      let b: Vector = (p3 - 2 * p2 + p1) * t
      return 6 * (a + b)
    }
  }

  /// `tanL` points back from the first point (the first handle is `p0 - tanL * a`), `tanR` back
  /// into the curve from the last point (the second handle is `p3 + tanR * b`).
  static func single(_ points: [Vector], _ tanL: Vector, _ tanR: Vector) -> Result {
    let n = points.count
    let p0 = points[0]
    let p3 = points[n - 1]
    if n == 2 {
      let d = distance(p0, p3) / 3
      return Result(handleLeft: p0 - tanL * d, handleRight: p3 + tanR * d, errorSquared: 0)
    }
    // Chord-length parameters.
    var u = [Double](repeating: 0, count: n)
    for i in 1..<n { u[i] = u[i - 1] + distance(points[i], points[i - 1]) }
    let length = u[n - 1]
    for i in 1..<n { u[i] /= length }

    func handles(_ a: Double, _ b: Double) -> Cubic { Cubic(p0: p0, p1: p0 - tanL * a, p2: p3 + tanR * b, p3: p3) }

    var best = leastSquares(points, u, tanL, tanR, length: length)
    var bestError = error(best, points, u)
    // The plain guess: both handles a third of the chord.
    let third = handles(distance(p0, p3) / 3, distance(p0, p3) / 3)
    let thirdError = error(third, points, u)
    if bestError > thirdError {
      best = third
      bestError = thirdError
    }
    // The offset guess: handles long enough to reach the points' furthest offset from the chord.
    let offset = offsetGuess(points, tanL, tanR)
    let offsetError = error(offset, points, u, below: bestError)
    if bestError > offsetError {
      best = offset
      bestError = offsetError
    }
    // Newton steps on the parameters, from the best so far, then each from the last.
    var test = best
    for _ in 0..<4 {
      var next = [Double](repeating: 0, count: n)
      var finite = true
      for i in 0..<n {
        let q0 = test.point(u[i]) - points[i]
        let q1 = test.speed(u[i])
        let q2 = test.acceleration(u[i])
        next[i] = u[i] - dot(q0, q1) / (dot(q1, q1) + dot(q0, q2))
        if !next[i].isFinite {
          finite = false
          break
        }
      }
      guard finite else { break }
      next.sort()
      guard next[0] >= 0 && next[n - 1] <= 1 else { break }
      test = leastSquares(points, next, tanL, tanR, length: length)
      let testError = error(test, points, next)
      if bestError > testError {
        best = test
        bestError = testError
      }
      u = next
    }
    return Result(handleLeft: best.p1, handleRight: best.p2, errorSquared: bestError)
  }

  private static func leastSquares(_ points: [Vector], _ u: [Double], _ tanL: Vector, _ tanR: Vector, length: Double) -> Cubic {
    let n = points.count
    let p0 = points[0]
    let p3 = points[n - 1]
    var x = (0.0, 0.0)
    var c00 = 0.0
    var c01 = 0.0
    var c11 = 0.0
    for i in 0..<n {
      let t = u[i]
      let s = 1 - t
      let a0 = tanL * (3 * t * s * s)
      let a1 = tanR * (3 * t * t * (1 - t))
      let b01 = s * s * (1 + 2 * t)
      let b23 = t * t * (3 - 2 * t)
      for j in 0..<2 {
        // The library's right-hand side adds the last point's term where the textbook
        // subtracts it; the fallbacks below then decide most fits.
        let tmp = (points[i][j] - p0[j] * b01) + p3[j] * b23
        x.0 += a0[j] * tmp
        x.1 += a1[j] * tmp
        c00 += a0[j] * a0[j]
        c01 += a0[j] * a1[j]
        c11 += a1[j] * a1[j]
      }
    }
    var det = c00 * c11 - c01 * c01
    let detC0X = x.1 * c00 - x.0 * c01
    let detXC1 = x.0 * c11 - x.1 * c01
    if det > -1e-8 && det < 1e-8 { det = c00 * c11 * 10e-12 }
    var alphaL = detXC1 / det
    var alphaR = detC0X / det
    func circleGuess() -> Double {
      let a = circleHandle(p0, p3, tanL, tanR, length: length)
      return a.isFinite ? a : distance(p0, p3) / 3
    }
    guard alphaL >= 0 && alphaR >= 0 else {
      let a = circleGuess()
      return Cubic(p0: p0, p1: p0 - tanL * a, p2: p3 + tanR * a, p3: p3)
    }
    var p1 = p0 - tanL * alphaL
    var p2 = p3 + tanR * alphaR
    // Handles further from the points' centre than three times the furthest point are
    // replaced by the circle guess, and then pulled in to that distance.
    let centre = weightedCentre(points)
    var limit = 0.0
    for p in points {
      var d = 0.0
      for j in 0..<2 { d += square((p[j] - centre[j]) * 3) }
      limit = Swift.max(limit, d)
    }
    var d1 = squaredDistance(centre, p1)
    var d2 = squaredDistance(centre, p2)
    if d1 > limit || d2 > limit {
      alphaL = circleGuess()
      alphaR = alphaL
      p1 = p0 - tanL * alphaL
      p2 = p3 + tanR * alphaR
      d1 = squaredDistance(centre, p1)
      d2 = squaredDistance(centre, p2)
    }
    if d1 > limit { p1 = (p1 - centre) * (limit.squareRoot() / d1.squareRoot()) + centre }
    if d2 > limit { p2 = (p2 - centre) * (limit.squareRoot() / d2.squareRoot()) + centre }
    return Cubic(p0: p0, p1: p1, p2: p2, p3: p3)
  }

  /// Handle length for the ends as if on a circle, scaled by how much longer the polyline is
  /// than that circle's arc.
  private static func circleHandle(_ a: Vector, _ b: Vector, _ tanL: Vector, _ tanR: Vector, length: Double) -> Double {
    let chord = distance(a, b)
    let cosine = dot(tanL, tanR)
    let handleFactor: Double
    if cosine > 1 - 1e-8 {
      handleFactor = (1.0 / 3.0) * 0.75
    } else if cosine < -1 + 1e-8 {
      handleFactor = 0.5
    } else {
      let half = Double.acos(cosine) / 2
      let sine = Double.sin(half)
      handleFactor = ((1 - Double.cos(half)) / (sine * 2)) / sine
    }
    let circleHandle = chord * (handleFactor / 0.75)
    // Arc over chord.
    let between = cosine < 0 ? distance(tanL, tanR) : (tanL + tanR).lengthOf
    let arcFactor = between > Double.ulpOfOne ? Double.acos(Swift.max(-abs(cosine), -1)) / between : Double.pi / 2
    var scale = length / (chord * arcFactor)
    scale = (scale - 1) * 1.75 + 1
    return circleHandle * scale
  }

  private static func offsetGuess(_ points: [Vector], _ tanL: Vector, _ tanR: Vector) -> Cubic {
    let n = points.count
    let p0 = points[0]
    let p3 = points[n - 1]
    let chord = distance(p3, p0)
    let direction = unit(p3 - p0)
    let a0 = unit(tanL - direction * dot(tanL, direction))
    let a1 = unit(tanR - direction * dot(tanR, direction)) * -1
    var reach = (0.0, 0.0)
    for i in 1..<(n - 1) {
      let d = p0 - points[i]
      reach.0 = Swift.max(reach.0, dot(a0 * dot(d, a0), a0))
      reach.1 = Swift.max(reach.1, dot(a1 * dot(d, a1), a1))
    }
    var alphaL = (reach.0 / 0.75) / abs(dot(tanL, a0))
    var alphaR = (reach.1 / 0.75) / abs(dot(tanR, a1))
    if !(alphaL > 0) { alphaL = chord / 3 }
    if !(alphaR > 0) { alphaR = chord / 3 }
    return Cubic(p0: p0, p1: p0 - tanL * alphaL, p2: p3 + tanR * alphaR, p3: p3)
  }

  /// The worst squared distance of an inner point from its place on the cubic; with `below`,
  /// `below` itself as soon as one point is that far.
  private static func error(_ cubic: Cubic, _ points: [Vector], _ u: [Double], below: Double? = nil) -> Double {
    var worst = 0.0
    for i in 1..<(points.count - 1) {
      let e = squaredDistance(points[i], cubic.point(u[i]))
      if let below, e >= below { return below }
      if e >= worst { worst = e }
    }
    return worst
  }

  /// The points' centre, each weighted by the lengths of its two polyline sides (the
  /// polyline closed).
  private static func weightedCentre(_ points: [Vector]) -> Vector {
    let n = points.count
    var current = points[n - 1]
    var previousWeight = distance(points[n - 2], current)
    var centre = Vector.zero
    var total = 0.0
    for i in 0..<n {
      let next = points[i]
      let nextWeight = distance(current, next)
      let w = previousWeight + nextWeight
      total += w
      centre += current * w
      previousWeight = nextWeight
      current = next
    }
    if total != 0 { centre *= 1 / total }
    return centre
  }

  private static func unit(_ v: Vector) -> Vector {
    var d = dot(v, v)
    if d != 0 {
      d = d.squareRoot()
      if d != 0 { return v * (1 / d) }
    }
    return v
  }

  private static func square(_ x: Double) -> Double { x * x }
  private static func dot(_ a: Vector, _ b: Vector) -> Double { a.x * b.x + a.y * b.y }
  private static func squaredDistance(_ a: Vector, _ b: Vector) -> Double { square(a.x - b.x) + square(a.y - b.y) }
  private static func distance(_ a: Vector, _ b: Vector) -> Double { squaredDistance(a, b).squareRoot() }
}

extension SIMD2 where Scalar == Double {
  fileprivate var lengthOf: Double { (x * x + y * y).squareRoot() }
}

/// What `decimate` did: knots its search for the cheapest removal looked at, and keys its
/// refits spanned (each a cubic fitted to the span's sampled points, twelve a key). Counted as
/// it goes, so that a shape whose refits span far more than `cost(of:)` tells (a zigzag) is
/// stopped at `limit` rather than run on.
package struct DecimateWork: Sendable, Hashable {
  package var searchSteps = 0
  package var refitKeys = 0
  /// The most visits the work may come to.
  package var limit: Int

  /// The work passed its limit.
  package struct Exceeded: Error {}

  package init(limit: Int = .max) { self.limit = limit }

  /// The work in key visits, as `cost(of: .decimate)` counts it.
  package var visits: Int { searchSteps / EditCost.stepsPerVisit + refitKeys * EditCost.refitVisits }

  /// Throws once the work passes its limit.
  package func check() throws(Exceeded) {
    if visits > limit { throw Exceeded() }
  }
}
