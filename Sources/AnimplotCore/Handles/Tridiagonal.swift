/// Tridiagonal solvers for Continuous Acceleration, as Blender's `BLI_tridiagonal_solve*`:
/// `Float` coefficients and results, `Double` inside the Thomas algorithm. They work on the
/// first `count` entries of a `Workspace`'s arrays.
enum Tridiagonal {
  /// Solves a[i]·x[i−1] + b[i]·x[i] + c[i]·x[i+1] = d[i] (a[0] and c[n−1] ignored) into `x`.
  static func solve(
    _ a: [Float], _ b: [Float], _ c: [Float], _ d: [Float], _ x: inout [Float], _ count: Int,
    _ c1: inout [Double], _ d1: inout [Double]
  ) -> Bool {
    guard count >= 1 else { return false }
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
  /// Solves `ws.a…ws.d` into `ws.h`.
  static func solveCyclic(_ ws: inout Workspace, _ count: Int) -> Bool {
    guard count >= 1 else { return false }
    if count == 1 {
      ws.h[0] = ws.d[0] / (ws.a[0] + ws.b[0] + ws.c[0])
      return ws.h[0].isFinite
    }
    if count == 2 {
      let a2: [Float] = [0, ws.a[1] + ws.c[1]]
      let c2: [Float] = [ws.a[0] + ws.c[0], 0]
      return solve(a2, ws.b, c2, ws.d, &ws.h, 2, &ws.c1, &ws.d1)
    }
    let a0 = ws.a[0]
    let cN = ws.c[count - 1]
    if a0 == 0 && cN == 0 { return solve(ws.a, ws.b, ws.c, ws.d, &ws.h, count, &ws.c1, &ws.d1) }

    for i in 0..<count {
      ws.b2[i] = ws.b[i]
      ws.tmp[i] = 0
    }
    ws.b2[0] -= a0
    ws.b2[count - 1] -= cN
    ws.tmp[0] = a0
    ws.tmp[count - 1] = cN
    guard solve(ws.a, ws.b2, ws.c, ws.tmp, &ws.adjust, count, &ws.c1, &ws.d1),
      solve(ws.a, ws.b2, ws.c, ws.d, &ws.h, count, &ws.c1, &ws.d1)
    else { return false }
    let coeff = (ws.h[0] + ws.h[count - 1]) / (1 + ws.adjust[0] + ws.adjust[count - 1])
    for i in 0..<count { ws.h[i] -= coeff * ws.adjust[i] }
    return true
  }

  /// Solves `ws.a…ws.d` into `ws.h`, then pins unknowns that leave [hmin, hmax] to their limit
  /// and re-solves; a pinned unknown that wants to move back inside is released, at most twice
  /// (Blender's `tridiagonal_solve_with_limits`).
  static func solveWithLimits(_ ws: inout Workspace, count: Int) -> Bool {
    for i in 0..<count {
      ws.a0[i] = ws.a[i]
      ws.b0[i] = ws.b[i]
      ws.c0[i] = ws.c[i]
      ws.d0[i] = ws.d[i]
      ws.isLocked[i] = false
      ws.unlocks[i] = 0
    }
    var overshoot = false
    var unlocked = false
    repeat {
      guard solveCyclic(&ws, count) else { return false }
      var all = false
      var lockedAny = false
      overshoot = false
      unlocked = false
      repeat {
        for i in 0..<count {
          let h = ws.h[i]
          if h >= ws.hmin[i] && h <= ws.hmax[i] { continue }
          overshoot = true
          let target = h > ws.hmax[i] ? ws.hmax[i] : ws.hmin[i]
          // Prefer pinning handles that head the right way, if any.
          if target != 0 || all {
            ws.isLocked[i] = true
            ws.lock(i, target)
            lockedAny = true
          }
        }
        all = true
      } while overshoot && !lockedAny

      if !lockedAny {
        for i in 0..<count where ws.isLocked[i] && ws.unlocks[i] < 2 {
          let state =
            ws.a0[i] * ws.h[(i + count - 1) % count] + ws.b0[i] * ws.h[i]
            + ws.c0[i] * ws.h[(i + 1) % count] - ws.d0[i]
          let relax = -state * ws.b0[i]
          if (relax > 0 && ws.h[i] < ws.hmax[i]) || (relax < 0 && ws.h[i] > ws.hmin[i]) {
            ws.a[i] = ws.a0[i]
            ws.b[i] = ws.b0[i]
            ws.c[i] = ws.c0[i]
            ws.d[i] = ws.d0[i]
            ws.isLocked[i] = false
            ws.unlocks[i] += 1
            unlocked = true
          }
        }
      }
    } while overshoot || unlocked
    return true
  }
}
