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
    var searchBase = 0
    if cyclic {
      for i in 1..<(total - 1) where !isFree(i) {
        searchBase = i
        break
      }
      if searchBase == 0 {
        solveRun(keys, locked: locked, start: 0, count: total, cyclic: true)
        return
      }
    }

    var start = searchBase
    var count = 1
    var j = start + 1
    for _ in 1..<total {
      if j == total - 1 && cyclic { j = 0 }
      if !isFree(j) {
        solveRun(keys, locked: locked, start: start, count: count + 1, cyclic: cyclic)
        start = j
        count = 1
      } else {
        count += 1
      }
      j += 1
    }
    if count > 1 { solveRun(keys, locked: locked, start: start, count: count, cyclic: cyclic) }
  }

  /// Solves one run of `count` keys starting at `start` (wrapping around in cyclic curves,
  /// where the last key is the first one shifted by a cycle).
  static func solveRun(
    _ keys: UnsafeMutableBufferPointer<Keyframe>, locked: [Bool], start: Int, count: Int,
    cyclic: Bool
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

    var dx = [Float](repeating: .nan, count: count)
    var dy = [Float](repeating: .nan, count: count)
    do {
      var j = start + 1
      for i in 1..<count {
        dx[i] = keys[j].frame - keys[j - 1].frame
        dy[i] = keys[j].value - keys[j - 1].value
        // In a cyclic curve the last key is the first one: jump from it to the second key.
        if cyclic && j == total - 1 { j = 0 }
        j += 1
      }
    }

    var l = [Float](repeating: 1, count: count)
    if fullCycle {
      dx[0] = dx[count - 1]
      dy[0] = dy[count - 1]
      l[0] = dx[1] / dx[0]
      l[count - 1] = l[0]
    }
    for i in 1..<(count - 1) { l[i] = dx[i + 1] / dx[i] }

    var hmax = [Float](repeating: .greatestFiniteMagnitude, count: count)
    var hmin = [Float](repeating: -.greatestFiniteMagnitude, count: count)
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
        clamp(&hmax, &hmin, i - 1, dy[i], clampedPrev)
        clamp(&hmax, &hmin, i, dy[i] * l[i], clampedCur)
        j += 1
      }
    }

    var a = [Float](repeating: 0, count: count)
    var b = [Float](repeating: 0, count: count)
    var c = [Float](repeating: 0, count: count)
    var d = [Float](repeating: 0, count: count)
    func continuous(_ i: Int) {
      a[i] = l[i] * l[i]
      b[i] = 2 * (l[i] + 1)
      c[i] = 1 / l[i + 1]
      d[i] = dy[i] * l[i] * l[i] + dy[i + 1]
    }
    func lock(_ i: Int, _ value: Float) {
      a[i] = 0
      c[i] = 0
      b[i] = 1
      d[i] = value
    }

    var solveCount = count
    var firstAdjust: Float = 0
    var lastAdjust: Float = 0
    if fullCycle {
      solveCount = count - 1
      hmin[0] = max(hmin[0], hmin[count - 1])
      hmax[0] = min(hmax[0], hmax[count - 1])
      solveFirst = true
      solveLast = true
      continuous(0)
    } else {
      if !solveFirst {
        let k = keys[firstIndex]
        var size = k.handleRight - k.point
        firstAdjust = handleAdjustment(&size, dx[1])
        lock(0, size.value)
      } else {
        // Zero acceleration at the start.
        a[0] = 0
        b[0] = 2
        c[0] = 1 / l[1]
        d[0] = dy[1]
      }
      if !solveLast {
        let k = keys[lastIndex]
        var size = k.point - k.handleLeft
        lastAdjust = handleAdjustment(&size, dx[count - 1])
        lock(count - 1, size.value)
      } else {
        // Zero acceleration at the end.
        let i = count - 1
        a[i] = l[i] * l[i]
        b[i] = 2 * l[i]
        c[i] = 0
        d[i] = dy[i] * l[i] * l[i]
      }
    }
    for i in 1..<(count - 1) { continuous(i) }

    // Correction for fixed neighbouring handles whose x-length is not a third of the interval.
    if !fullCycle {
      if count > 2 || solveLast { b[1] += l[1] * firstAdjust }
      if count > 2 || solveFirst { b[count - 2] += lastAdjust }
    }

    var h = [Float](repeating: 0, count: count)
    guard
      Tridiagonal.solveWithLimits(
        a: &a, b: &b, c: &c, d: &d, h: &h, hmin: hmin, hmax: hmax, count: solveCount)
    else { return }
    if fullCycle { h[count - 1] = h[0] }

    do {
      var j = start + 1
      for i in 1..<(count - 1) {
        let end = j == total - 1
        output(&keys[j], right: false, offset: -h[i] / l[i], endpoint: end)
        if end { j = 0 }
        output(&keys[j], right: true, offset: h[i], endpoint: end)
        j += 1
      }
    }
    if solveFirst { output(&keys[firstIndex], right: true, offset: h[0], endpoint: start == 0) }
    if solveLast {
      output(
        &keys[lastIndex], right: false, offset: -h[count - 1] / l[count - 1],
        endpoint: start + count == total)
    }
  }

  /// Auto-clamp limits: no reversal of the key's own direction, no overshoot of the neighbour.
  static func clamp(_ hmax: inout [Float], _ hmin: inout [Float], _ i: Int, _ dy: Float, _ on: Bool) {
    if dy > 0 {
      if on {
        hmax[i] = min(hmax[i], dy)
        hmin[i] = 0
      }
    } else if dy < 0 {
      if on {
        hmax[i] = 0
        hmin[i] = max(hmin[i], dy)
      }
    } else if on {
      hmax[i] = 0
      hmin[i] = 0
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
