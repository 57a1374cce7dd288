/// Tridiagonal solvers for Continuous Acceleration, as Blender's `BLI_tridiagonal_solve*`:
/// `Float` inputs and outputs, `Double` inside the Thomas algorithm.
enum Tridiagonal {
  /// Solves a[i]·x[i−1] + b[i]·x[i] + c[i]·x[i+1] = d[i] (a[0] and c[n−1] ignored).
  static func solve(
    _ a: [Float], _ b: [Float], _ c: [Float], _ d: [Float], _ x: inout [Float], _ count: Int
  ) -> Bool {
    guard count >= 1 else { return false }
    var c1 = [Double](repeating: 0, count: count)
    var d1 = [Double](repeating: 0, count: count)
    var cPrev = Double(c[0]) / Double(b[0])
    var dPrev = Double(d[0]) / Double(b[0])
    c1[0] = cPrev
    d1[0] = dPrev
    for i in 1..<count {
      let denominator = Double(b[i]) - Double(a[i]) * cPrev
      cPrev = Double(c[i]) / denominator
      dPrev = (Double(d[i]) - Double(a[i]) * dPrev) / denominator
      c1[i] = cPrev
      d1[i] = dPrev
    }
    var xPrev = dPrev
    x[count - 1] = Float(xPrev)
    var i = count - 2
    while i >= 0 {
      xPrev = d1[i] - c1[i] * xPrev
      x[i] = Float(xPrev)
      i -= 1
    }
    return xPrev.isFinite
  }

  /// The cyclic variant: a[0] couples x[0] to x[n−1] and c[n−1] couples x[n−1] to x[0].
  static func solveCyclic(
    _ a: [Float], _ b: [Float], _ c: [Float], _ d: [Float], _ x: inout [Float], _ count: Int
  ) -> Bool {
    guard count >= 1 else { return false }
    if count == 1 {
      x[0] = d[0] / (a[0] + b[0] + c[0])
      return x[0].isFinite
    }
    if count == 2 {
      let a2: [Float] = [0, a[1] + c[1]]
      let c2: [Float] = [a[0] + c[0], 0]
      return solve(a2, b, c2, d, &x, count)
    }
    let a0 = a[0]
    let cN = c[count - 1]
    if a0 == 0 && cN == 0 { return solve(a, b, c, d, &x, count) }

    var b2 = Array(b[0..<count])
    b2[0] -= a0
    b2[count - 1] -= cN
    var tmp = [Float](repeating: 0, count: count)
    tmp[0] = a0
    tmp[count - 1] = cN
    var adjust = tmp
    guard solve(a, b2, c, tmp, &adjust, count), solve(a, b2, c, d, &x, count) else {
      return false
    }
    let coeff = (x[0] + x[count - 1]) / (1 + adjust[0] + adjust[count - 1])
    for i in 0..<count { x[i] -= coeff * adjust[i] }
    return true
  }

  /// Solves, then pins unknowns that leave [hmin, hmax] to their limit and re-solves; a pinned
  /// unknown that wants to move back inside is released, at most twice
  /// (Blender's `tridiagonal_solve_with_limits`).
  static func solveWithLimits(
    a: inout [Float], b: inout [Float], c: inout [Float], d: inout [Float], h: inout [Float],
    hmin: [Float], hmax: [Float], count: Int
  ) -> Bool {
    let a0 = a, b0 = b, c0 = c, d0 = d
    var isLocked = [Bool](repeating: false, count: count)
    var unlocks = [Int](repeating: 0, count: count)
    var overshoot = false
    var unlocked = false
    repeat {
      guard solveCyclic(a, b, c, d, &h, count) else { return false }
      var all = false
      var lockedAny = false
      overshoot = false
      unlocked = false
      repeat {
        for i in 0..<count {
          if h[i] >= hmin[i] && h[i] <= hmax[i] { continue }
          overshoot = true
          let target = h[i] > hmax[i] ? hmax[i] : hmin[i]
          // Prefer pinning handles that head the right way, if any.
          if target != 0 || all {
            isLocked[i] = true
            a[i] = 0
            c[i] = 0
            b[i] = 1
            d[i] = target
            lockedAny = true
          }
        }
        all = true
      } while overshoot && !lockedAny

      if !lockedAny {
        for i in 0..<count where isLocked[i] && unlocks[i] < 2 {
          let state =
            a0[i] * h[(i + count - 1) % count] + b0[i] * h[i] + c0[i] * h[(i + 1) % count] - d0[i]
          let relax = -state * b0[i]
          if (relax > 0 && h[i] < hmax[i]) || (relax < 0 && h[i] > hmin[i]) {
            a[i] = a0[i]
            b[i] = b0[i]
            c[i] = c0[i]
            d[i] = d0[i]
            isLocked[i] = false
            unlocks[i] += 1
            unlocked = true
          }
        }
      }
    } while overshoot || unlocked
    return true
  }
}
