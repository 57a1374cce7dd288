/// Handle recalculation identical to Blender's `fcurve.update()`: keys sorted by frame, handle
/// x clamped to their own side, auto/autoClamped/vector handles computed, aligned handles
/// aligned, free handles kept, then Continuous Acceleration smoothing.
extension FCurve {
  /// Sorts the keys and recomputes every handle as Blender's `fcurve.update()` does.
  public mutating func recalculateHandles() {
    sortKeys()
    recalculateHandlesKeepingOrder()
  }

  /// Recomputes every handle as Blender does after an edit that leaves the keys in order
  /// (`BKE_fcurve_handles_recalc`): no sorting and no swapping of handles on the wrong side,
  /// each handle's x clamped to its own side of its key.
  public mutating func recalculateHandlesKeepingOrder() {
    guard keyframes.count >= 2 else { return }
    // Samples have vector handles only, which depend on the neighbouring keys alone (no
    // cycle, extrapolation or smoothing changes them): they are derived when read.
    if keyframes.markHandlesRecalculated() { return }
    let cyclic = isCyclicForHandles
    var locked = [Bool](repeating: false, count: keyframes.count)
    keyframes.withUnsafeMutableBufferPointer { keys in
      HandleCalculator.recalculate(
        keys, locked: &locked, cyclic: cyclic, smoothing: autoSmoothing,
        extrapolation: extrapolation)
    }
    if autoSmoothing != .none {
      keyframes.withUnsafeMutableBufferPointer { keys in
        ContinuousAcceleration.smooth(keys, locked: locked, cyclic: cyclic)
      }
    }
  }

  /// The keys after `recalculateHandles()`.
  public func recalculated() -> FCurve {
    var copy = self
    copy.recalculateHandles()
    return copy
  }

  /// Blender's `BKE_fcurve_is_cyclic` combined with both end keys being fully auto: handles
  /// are then computed as if the curve wrapped around. The first modifier must be a Cycles
  /// modifier repeating infinitely, not muted, without a restricted range or an influence.
  var isCyclicForHandles: Bool {
    guard let m = modifiers.first, !m.muted, !m.useRestrictedRange, !m.useInfluence,
      let c = cycles, c.beforeCount == 0, c.afterCount == 0,
      [.repeat, .repeatOffset].contains(c.before), [.repeat, .repeatOffset].contains(c.after),
      let first = keyframes.first, let last = keyframes.last
    else { return false }
    return first.isFullyAuto && last.isFullyAuto
  }

  /// Blender's `sort_time_fcurve`: a stable sort by frame, then each key's handles swapped if
  /// both sit on the wrong side, else their x clamped to the key (under 5.0's rules, free and
  /// aligned handles to one float step beyond key ∓ 0.001).
  mutating func sortKeys() {
    // Samples are in order, and their handles on their own sides with no free or aligned one.
    if keyframes.sampled != nil { return }
    var sorted = true
    for i in keyframes.indices.dropFirst() where keyframes[i - 1].frame > keyframes[i].frame {
      sorted = false
      break
    }
    if !sorted {
      keyframes = Keyframes(
        keyframes.enumerated()
          .sorted { $0.element.frame < $1.element.frame || ($0.element.frame == $1.element.frame && $0.offset < $1.offset) }
          .map(\.element))
    }
    let clampsAwayFromKey = blender == .v5_0
    keyframes.withUnsafeMutableBufferPointer { keys in
      for i in keys.indices {
        var key = keys[i]
        if key.handleLeft.frame > key.frame && key.handleRight.frame < key.frame {
          swap(&key.handleLeft, &key.handleRight)
        } else {
          key.handleLeft.frame = min(key.handleLeft.frame, key.frame)
          key.handleRight.frame = max(key.handleRight.frame, key.frame)
        }
        if clampsAwayFromKey {
          // Blender 5.0 keeps a free or aligned handle at least 0.001 frames off its key: one
          // float step beyond key ∓ 0.001 (measured with bpy 5.0.1).
          if key.handleLeftType == .free || key.handleLeftType == .aligned {
            key.handleLeft.frame = min(key.handleLeft.frame, (key.frame - 0.001).nextDown)
          }
          if key.handleRightType == .free || key.handleRightType == .aligned {
            key.handleRight.frame = max(key.handleRight.frame, (key.frame + 0.001).nextUp)
          }
        }
        keys[i] = key
      }
    }
  }
}

/// Per-key handle computation (Blender's `calchandleNurb_intern` in F-curve mode, and the
/// loop of `BKE_fcurve_handles_recalc_ex` around it), in `Float`.
enum HandleCalculator {
  static func recalculate(
    _ keys: UnsafeMutableBufferPointer<Keyframe>, locked: inout [Bool], cyclic: Bool,
    smoothing: AutoSmoothing, extrapolation: Extrapolation
  ) {
    let n = keys.count
    let first = keys[0].point
    let last = keys[n - 1].point
    for i in 0..<n {
      var key = keys[i]
      key.handleLeft.frame = min(key.handleLeft.frame, key.frame)
      key.handleRight.frame = max(key.handleRight.frame, key.frame)

      // In a cyclic curve the end keys see the far end's neighbour, shifted by one cycle.
      let prev: CurvePoint? =
        i > 0 ? keys[i - 1].point : (cyclic ? shifted(keys[n - 2].point, by: first - last) : nil)
      let next: CurvePoint? =
        i < n - 1 ? keys[i + 1].point : (cyclic ? shifted(keys[1].point, by: last - first) : nil)

      locked[i] = computeHandles(&key, prev: prev, next: next, smoothing: smoothing)

      if key.isFullyAuto && !cyclic && (i == 0 || i == n - 1) && extrapolation == .constant {
        key.handleLeft.value = key.value
        key.handleRight.value = key.value
        locked[i] = true
      }
      if let prev, prev.frame >= key.frame {
        locked[i] = true
        if i > 0 { locked[i - 1] = true }
      }
      keys[i] = key
    }
    if cyclic && (locked[0] || locked[n - 1]) {
      for i in [0, n - 1] {
        keys[i].handleLeft.value = keys[i].value
        keys[i].handleRight.value = keys[i].value
        locked[i] = true
      }
    }
  }

  @inline(__always)
  static func shifted(_ p: CurvePoint, by delta: CurvePoint) -> CurvePoint {
    CurvePoint(frame: p.frame + delta.frame, value: p.value + delta.value)
  }

  /// Computes one key's handles from its neighbours (`nil` at an open end). Returns whether
  /// the key is locked against smoothing (an auto-clamped extreme).
  static func computeHandles(
    _ key: inout Keyframe, prev: CurvePoint?, next: CurvePoint?, smoothing: AutoSmoothing
  ) -> Bool {
    var locked = false
    let h1 = key.handleLeftType
    let h2 = key.handleRightType
    if h1 == .free && h2 == .free { return false }

    let p2 = key.point
    let (p1, p3) = neighbours(of: p2, prev: prev, next: next)
    let da = p2 - p1
    let db = p3 - p2
    var lenA = da.frame == 0 ? 1 : da.frame
    var lenB = db.frame == 0 ? 1 : db.frame

    if h1.isAuto || h2.isAuto {
      let tx = db.frame / lenB + da.frame / lenA
      let ty = db.value / lenB + da.value / lenA
      var len: Float = smoothing != .none ? Float(6) / Float(2.5614) : tx
      len *= 2.5614
      if len != 0 {
        var leftViolated = false
        var rightViolated = false
        if smoothing == .none {
          if lenA > 5 * lenB { lenA = 5 * lenB }
          if lenB > 5 * lenA { lenB = 5 * lenA }
        }
        if h1.isAuto {
          lenA /= len
          key.handleLeft = CurvePoint(frame: p2.frame + tx * -lenA, value: p2.value + ty * -lenA)
          if h1 == .autoClamped, let prev, let next {
            let ydiff1 = prev.value - key.value
            let ydiff2 = next.value - key.value
            if (ydiff1 <= 0 && ydiff2 <= 0) || (ydiff1 >= 0 && ydiff2 >= 0) {
              key.handleLeft.value = key.value
              locked = true
            } else if ydiff1 <= 0 {
              if prev.value > key.handleLeft.value {
                key.handleLeft.value = prev.value
                leftViolated = true
              }
            } else if prev.value < key.handleLeft.value {
              key.handleLeft.value = prev.value
              leftViolated = true
            }
          }
        }
        if h2.isAuto {
          lenB /= len
          key.handleRight = CurvePoint(frame: p2.frame + tx * lenB, value: p2.value + ty * lenB)
          if h2 == .autoClamped, let prev, let next {
            let ydiff1 = prev.value - key.value
            let ydiff2 = next.value - key.value
            if (ydiff1 <= 0 && ydiff2 <= 0) || (ydiff1 >= 0 && ydiff2 >= 0) {
              key.handleRight.value = key.value
              locked = true
            } else if ydiff1 <= 0 {
              if next.value < key.handleRight.value {
                key.handleRight.value = next.value
                rightViolated = true
              }
            } else if next.value > key.handleRight.value {
              key.handleRight.value = next.value
              rightViolated = true
            }
          }
        }
        if leftViolated || rightViolated {
          // Keep the two handles collinear through the key after clamping one of them.
          let h1x = key.handleLeft.frame - p2.frame
          let h2x = p2.frame - key.handleRight.frame
          if leftViolated {
            key.handleRight.value = p2.value + ((p2.value - key.handleLeft.value) / h1x) * h2x
          } else {
            key.handleLeft.value = p2.value + ((p2.value - key.handleRight.value) / h2x) * h1x
          }
        }
      }
    }

    if h1 == .vector { key.handleLeft = vectorLeft(p2, da) }
    if h2 == .vector { key.handleRight = vectorRight(p2, db) }

    if h1 == .free || h2 == .free || (h1 != .aligned && h2 != .aligned) { return locked }
    alignHandles(&key)
    return locked
  }

  /// The points a key's handles are computed from: its neighbours, a missing one mirrored
  /// through the key (at least one is given).
  @inline(__always)
  static func neighbours(of p2: CurvePoint, prev: CurvePoint?, next: CurvePoint?) -> (CurvePoint, CurvePoint) {
    let p1 = prev ?? CurvePoint(frame: 2 * p2.frame - next!.frame, value: 2 * p2.value - next!.value)
    let p3 = next ?? CurvePoint(frame: 2 * p2.frame - p1.frame, value: 2 * p2.value - p1.value)
    return (p1, p3)
  }

  /// A vector left handle: a third of the way from the key at `p2` back along `da` (key minus
  /// previous neighbour).
  @inline(__always)
  static func vectorLeft(_ p2: CurvePoint, _ da: CurvePoint) -> CurvePoint {
    let third = Float(1) / Float(3)
    return CurvePoint(frame: p2.frame + da.frame * -third, value: p2.value + da.value * -third)
  }

  /// A vector right handle: a third of the way from the key at `p2` along `db` (next
  /// neighbour minus key).
  @inline(__always)
  static func vectorRight(_ p2: CurvePoint, _ db: CurvePoint) -> CurvePoint {
    let third = Float(1) / Float(3)
    return CurvePoint(frame: p2.frame + db.frame * third, value: p2.value + db.value * third)
  }

  /// Aligned handles: the side whose point is not selected turns to line up with the other,
  /// keeping its own length (in raw frame/value units).
  static func alignHandles(_ key: inout Keyframe) {
    let eps: Float = 1e-5
    let p2 = key.point
    var lenA = length(p2 - key.handleLeft)
    var lenB = length(p2 - key.handleRight)
    if lenA == 0 { lenA = 1 }
    if lenB == 0 { lenB = 1 }
    let ratio = lenA / lenB

    func alignRight() {
      if key.handleRightType == .aligned && lenA > eps {
        let f = 1 / ratio
        key.handleRight = CurvePoint(
          frame: p2.frame + f * (p2.frame - key.handleLeft.frame),
          value: p2.value + f * (p2.value - key.handleLeft.value))
      }
    }
    func alignLeft() {
      if key.handleLeftType == .aligned && lenB > eps {
        let f = ratio
        key.handleLeft = CurvePoint(
          frame: p2.frame + f * (p2.frame - key.handleRight.frame),
          value: p2.value + f * (p2.value - key.handleRight.value))
      }
    }
    if key.selectedHandleLeft {
      alignRight()
      alignLeft()
    } else {
      alignLeft()
      alignRight()
    }
  }

  /// Euclidean length in `Float`, as Blender's `len_v3`.
  @inline(__always)
  static func length(_ v: CurvePoint) -> Float {
    (v.frame * v.frame + v.value * v.value).squareRoot()
  }
}
