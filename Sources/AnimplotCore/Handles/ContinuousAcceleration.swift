/// Blender's "Continuous Acceleration" auto-handle smoothing (`BKE_nurb_handle_smooth_fcurve`):
/// over each run of free auto keys, handle heights are solved together so that the second
/// derivative is continuous at every key, with handle x-lengths fixed at a third of each
/// interval. Auto-clamped keys bound their unknowns (no reversal, no overshoot).
///
/// Unknown `h[i]` is the right handle's y offset of the run's i-th key; its left handle's offset
/// is `-h[i] / l[i]` with `l[i] = dx[i+1] / dx[i]`, which keeps both handles collinear.
enum ContinuousAcceleration {
  /// Free auto keys: both sides auto and not locked by an extreme, an end flattening or a
  /// duplicate frame.
  static func smooth(_ keys: UnsafeMutableBufferPointer<Keyframe>, locked: [Bool], cyclic: Bool) {
    let total = keys.count
    func isFree(_ i: Int) -> Bool { keys[i].isFullyAuto && !locked[i] }

    let cyclic = cyclic && isFree(0) && isFree(total - 1)
    var ws = Workspace(capacity: total)
    var searchBase = 0
    if cyclic {
      for i in 1..<(total - 1) where !isFree(i) {
        searchBase = i
        break
      }
      if searchBase == 0 {
        solveRun(keys, locked: locked, start: 0, count: total, cyclic: true, &ws)
        return
      }
    }

    var start = searchBase
    var count = 1
    var j = start + 1
    for _ in 1..<total {
      if j == total - 1 && cyclic { j = 0 }
      if !isFree(j) {
        solveRun(keys, locked: locked, start: start, count: count + 1, cyclic: cyclic, &ws)
        start = j
        count = 1
      } else {
        count += 1
      }
      j += 1
    }
    if count > 1 { solveRun(keys, locked: locked, start: start, count: count, cyclic: cyclic, &ws) }
  }

  /// Solves one run of `count` keys starting at `start` (wrapping around in cyclic curves,
  /// where the last key is the first one shifted by a cycle).
  static func solveRun(
    _ keys: UnsafeMutableBufferPointer<Keyframe>, locked: [Bool], start: Int, count: Int,
    cyclic: Bool, _ ws: inout Workspace
  ) {
    let total = keys.count
    guard count >= 2 else { return }
    let fullCycle = start == 0 && count == total && cyclic
    let firstIndex = start
    let lastIndex = start + count > total ? start + count - total : start + count - 1

    func solvesEnd(_ i: Int, _ type: HandleType, atCurveEnd: Bool) -> Bool {
      type == .vector || (atCurveEnd && type.isAuto && !locked[i])
    }
    var solveFirst = solvesEnd(firstIndex, keys[firstIndex].handleRightType, atCurveEnd: start == 0)
    var solveLast = solvesEnd(
      lastIndex, keys[lastIndex].handleLeftType, atCurveEnd: start + count == total)
    if count == 2 && !fullCycle && solveFirst == solveLast { return }

    ws.reset(count)
    do {
      var j = start + 1
      for i in 1..<count {
        ws.dx[i] = keys[j].frame - keys[j - 1].frame
        ws.dy[i] = keys[j].value - keys[j - 1].value
        // In a cyclic curve the last key is the first one: jump from it to the second key.
        if cyclic && j == total - 1 { j = 0 }
        j += 1
      }
    }

    if fullCycle {
      ws.dx[0] = ws.dx[count - 1]
      ws.dy[0] = ws.dy[count - 1]
      ws.l[0] = ws.dx[1] / ws.dx[0]
      ws.l[count - 1] = ws.l[0]
    }
    for i in 1..<(count - 1) { ws.l[i] = ws.dx[i + 1] / ws.dx[i] }

    func isClamped(_ k: Keyframe) -> Bool {
      k.handleLeftType == .autoClamped || k.handleRightType == .autoClamped
    }
    var clampedCur = isClamped(keys[firstIndex])
    do {
      var j = start + 1
      for i in 1..<count {
        let clampedPrev = clampedCur
        clampedCur = isClamped(keys[j])
        if cyclic && j == total - 1 {
          j = 0
          clampedCur = clampedCur || isClamped(keys[0])
        }
        clamp(&ws, i - 1, ws.dy[i], clampedPrev)
        clamp(&ws, i, ws.dy[i] * ws.l[i], clampedCur)
        j += 1
      }
    }


    var solveCount = count
    var firstAdjust: Float = 0
    var lastAdjust: Float = 0
    if fullCycle {
      solveCount = count - 1
      ws.hmin[0] = max(ws.hmin[0], ws.hmin[count - 1])
      ws.hmax[0] = min(ws.hmax[0], ws.hmax[count - 1])
      solveFirst = true
      solveLast = true
      continuous(0, &ws)
    } else {
      if !solveFirst {
        let k = keys[firstIndex]
        var size = k.handleRight - k.point
        firstAdjust = handleAdjustment(&size, ws.dx[1])
        ws.lock(0, size.value)
      } else {
        // Zero acceleration at the start.
        ws.a[0] = 0
        ws.b[0] = 2
        ws.c[0] = 1 / ws.l[1]
        ws.d[0] = ws.dy[1]
      }
      if !solveLast {
        let k = keys[lastIndex]
        var size = k.point - k.handleLeft
        lastAdjust = handleAdjustment(&size, ws.dx[count - 1])
        ws.lock(count - 1, size.value)
      } else {
        // Zero acceleration at the end.
        let i = count - 1
        ws.a[i] = ws.l[i] * ws.l[i]
        ws.b[i] = 2 * ws.l[i]
        ws.c[i] = 0
        ws.d[i] = ws.dy[i] * ws.l[i] * ws.l[i]
      }
    }
    for i in 1..<(count - 1) { continuous(i, &ws) }

    // Correction for fixed neighbouring handles whose x-length is not a third of the interval.
    if !fullCycle {
      if count > 2 || solveLast { ws.b[1] += ws.l[1] * firstAdjust }
      if count > 2 || solveFirst { ws.b[count - 2] += lastAdjust }
    }

    guard Tridiagonal.solveWithLimits(&ws, count: solveCount) else { return }
    if fullCycle { ws.h[count - 1] = ws.h[0] }

    do {
      var j = start + 1
      for i in 1..<(count - 1) {
        let end = j == total - 1
        output(&keys[j], right: false, offset: -ws.h[i] / ws.l[i], endpoint: end)
        if end { j = 0 }
        output(&keys[j], right: true, offset: ws.h[i], endpoint: end)
        j += 1
      }
    }
    if solveFirst { output(&keys[firstIndex], right: true, offset: ws.h[0], endpoint: start == 0) }
    if solveLast {
      output(
        &keys[lastIndex], right: false, offset: -ws.h[count - 1] / ws.l[count - 1],
        endpoint: start + count == total)
    }
  }

  /// Equal second derivatives on both sides of key i.
  @inline(__always)
  static func continuous(_ i: Int, _ ws: inout Workspace) {
    let l = ws.l[i]
    ws.a[i] = l * l
    ws.b[i] = 2 * (l + 1)
    ws.c[i] = 1 / ws.l[i + 1]
    ws.d[i] = ws.dy[i] * l * l + ws.dy[i + 1]
  }

  /// Auto-clamp limits: no reversal of the key's own direction, no overshoot of the neighbour.
  static func clamp(_ ws: inout Workspace, _ i: Int, _ dy: Float, _ on: Bool) {
    guard on else { return }
    if dy > 0 {
      ws.hmax[i] = min(ws.hmax[i], dy)
      ws.hmin[i] = 0
    } else if dy < 0 {
      ws.hmax[i] = 0
      ws.hmin[i] = max(ws.hmin[i], dy)
    } else {
      ws.hmax[i] = 0
      ws.hmin[i] = 0
    }
  }

  /// Scales a fixed handle that overlaps the interval and returns the diagonal correction
  /// `1 − 3·size.x / dx` (Blender's `bezier_calc_handle_adj`).
  static func handleAdjustment(_ size: inout CurvePoint, _ dx: Float) -> Float {
    let fac = dx / (size.frame + dx / 3)
    if fac < 1 {
      size.frame *= fac
      size.value *= fac
    }
    return 1 - 3 * size.frame / dx
  }

  /// Writes a solved handle height to an auto or vector side, re-aims an aligned other side,
  /// and mirrors the other side at the curve's ends.
  static func output(_ key: inout Keyframe, right: Bool, offset: Float, endpoint: Bool) {
    let own = right ? key.handleRightType : key.handleLeftType
    let other = right ? key.handleLeftType : key.handleRightType
    guard own.isAuto || own == .vector else { return }
    var handle = right ? key.handleRight : key.handleLeft
    handle.value = key.value + offset
    if right { key.handleRight = handle } else { key.handleLeft = handle }

    let p = key.point
    if other == .aligned {
      let otherHandle = right ? key.handleLeft : key.handleRight
      let otherLength = HandleCalculator.length(p - otherHandle)
      let ownLength = HandleCalculator.length(p - handle)
      let dir = p - handle
      let f = otherLength / ownLength
      let aligned = CurvePoint(frame: p.frame + dir.frame * f, value: p.value + dir.value * f)
      if right { key.handleLeft = aligned } else { key.handleRight = aligned }
    } else if endpoint && (other.isAuto || other == .vector) {
      let dir = p - handle
      let mirrored = CurvePoint(frame: p.frame + dir.frame, value: p.value + dir.value)
      if right { key.handleLeft = mirrored } else { key.handleRight = mirrored }
    }
  }
}

/// Scratch arrays for one curve's smoothing, allocated once and reused by every run and every
/// solve (a curve has as many runs as it has extremes).
struct Workspace {
  var dx: [Float], dy: [Float], l: [Float], hmax: [Float], hmin: [Float]
  var a: [Float], b: [Float], c: [Float], d: [Float], h: [Float]
  // Tridiagonal scratch.
  var a0: [Float], b0: [Float], c0: [Float], d0: [Float], b2: [Float], tmp: [Float], adjust: [Float]
  var c1: [Double], d1: [Double]
  var isLocked: [Bool], unlocks: [Int]

  init(capacity n: Int) {
    let zeros = [Float](repeating: 0, count: n)
    (dx, dy, l, hmax, hmin, a, b, c, d, h) = (zeros, zeros, zeros, zeros, zeros, zeros, zeros, zeros, zeros, zeros)
    (a0, b0, c0, d0, b2, tmp, adjust) = (zeros, zeros, zeros, zeros, zeros, zeros, zeros)
    c1 = [Double](repeating: 0, count: n)
    d1 = c1
    isLocked = [Bool](repeating: false, count: n)
    unlocks = [Int](repeating: 0, count: n)
  }

  /// Initial values for a run of `count` keys.
  mutating func reset(_ count: Int) {
    for i in 0..<count {
      dx[i] = .nan
      dy[i] = .nan
      l[i] = 1
      hmax[i] = .greatestFiniteMagnitude
      hmin[i] = -.greatestFiniteMagnitude
      a[i] = 0
      b[i] = 0
      c[i] = 0
      d[i] = 0
      h[i] = 0
    }
  }

  /// Unknown i fixed at `value`.
  mutating func lock(_ i: Int, _ value: Float) {
    a[i] = 0
    c[i] = 0
    b[i] = 1
    d[i] = value
  }
}
