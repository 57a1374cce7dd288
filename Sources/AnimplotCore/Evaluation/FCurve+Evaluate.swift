/// Evaluation of an F-curve at a frame, as Blender's `evaluate_fcurve` does it: the Cycles
/// modifier maps the frame into the keyed range, keys are interpolated or extrapolated, and the
/// Cycles offset is added. Arithmetic is `Float`, in Blender's order, so results are Blender's.
extension FCurve {
  /// The curve's value at `frame`. A curve with no keys evaluates to 0 before its modifiers.
  public func value(at frame: Float) -> Float {
    if let quaternion, quaternion.isCoupled { return quaternion.value(at: frame) }
    return keyframes.withUnsafeBufferPointer { keys in
      guard hasEffectiveModifiers else {
        return keys.isEmpty ? 0 : KeyInterpolator.value(keys, at: frame, extrapolation)
      }
      let stack = ModifierStack(curve: self, keys: keys)
      return stack.value(at: frame) { t in
        keys.isEmpty ? 0 : KeyInterpolator.value(keys, at: t, extrapolation)
      }
    }
  }

  /// The curve's value at `frame` given in double precision. Blender evaluates at a `Float`
  /// time, so the frame is rounded to `Float` first.
  public func value(at frame: Double) -> Double {
    Double(value(at: Float(frame)))
  }
}

/// The Cycles modifier's time mapping (Blender's `fcm_cycles_time`).
struct CycleMapping {
  let modifier: CyclesModifier
  let first: CurvePoint
  let last: CurvePoint
  /// Blender 5.0's arithmetic at cycle boundaries (see `map`).
  let precise: Bool

  /// The frame inside the keyed range to evaluate instead of `frame`, and the value offset to
  /// add (non-zero only for `repeatOffset`).
  func map(_ frame: Float) -> (frame: Float, offset: Float) {
    var side: Float = 0
    var mode = CyclesModifier.Mode.none
    var count = 0
    var ofs: Float = 0
    if frame < first.frame {
      if modifier.before != .none {
        side = -1
        mode = modifier.before
        count = modifier.beforeCount
        ofs = first.frame
      }
    } else if frame > last.frame {
      if modifier.after != .none {
        side = 1
        mode = modifier.after
        count = modifier.afterCount
        ofs = last.frame
      }
    }
    if side == 0 || mode == .none { return (frame, 0) }

    let cycleWidth = last.frame - first.frame
    let cycleHeight = last.value - first.value
    if cycleWidth == 0 { return (frame, 0) }

    // Blender 5.0 finds the cycle number in double precision, 3.4 in Float: a frame a float
    // step from a cycle boundary may fall on the other side (measured on Blender 5.0.1's
    // answers: every Cycles sample agrees so).
    let cycle = precise
      ? Double(side) * (Double(frame) - Double(ofs)) / Double(cycleWidth)
      : Double(side * (frame - ofs) / cycleWidth)
    let inCycle = (frame - ofs).truncatingRemainder(dividingBy: cycleWidth)  // C's fmod
    if count != 0 && cycle > Double(count) { return (frame, 0) }

    var offset: Float = 0
    if mode == .repeatOffset {
      let n = (frame - ofs) / cycleWidth
      offset = (side < 0 ? n.rounded(.down) : n.rounded(.up)) * cycleHeight
    }

    var time: Float
    if inCycle == 0 {
      time = side == 1 ? last.frame : first.frame
      if mode == .mirror && cTruncate(cycle) % 2 != 0 {
        time = side == 1 ? first.frame : last.frame
      }
    } else if mode == .mirror && cTruncate(precise ? cycle + 1 : Double(Float(cycle) + 1)) % 2 != 0 {
      time = side < 0 ? first.frame - inCycle : last.frame - inCycle
    } else {
      time = first.frame + inCycle
    }
    if time < first.frame { time += cycleWidth }
    return (time, offset)
  }
}

/// Interpolation and extrapolation of sorted keys (Blender's `fcurve_eval_keyframes`).
enum KeyInterpolator {
  /// Blender's threshold for "on a key" when evaluating (frames).
  @inline(__always) static var onKeyThreshold: Float { 0.0001 }

  static func value(
    _ keys: UnsafeBufferPointer<Keyframe>, at frame: Float, _ extrapolation: Extrapolation
  ) -> Float {
    if frame <= keys[0].frame {
      return extrapolate(keys, from: 0, toward: 1, at: frame, extrapolation)
    }
    let lastIndex = keys.count - 1
    if keys[lastIndex].frame <= frame {
      return extrapolate(keys, from: lastIndex, toward: lastIndex - 1, at: frame, extrapolation)
    }
    return interpolate(keys, at: frame)
  }

  /// Blender's `fcurve_eval_keyframes_extrapolate`.
  static func extrapolate(
    _ keys: UnsafeBufferPointer<Keyframe>, from end: Int, toward neighbour: Int, at frame: Float,
    _ extrapolation: Extrapolation
  ) -> Float {
    let key = keys[end]
    if key.interpolation == .constant || extrapolation == .constant { return key.value }
    let dx = key.frame - frame
    if key.interpolation == .linear {
      if keys.count == 1 { return key.value }
      let other = keys[neighbour]
      let width = other.frame - key.frame
      if width == 0 { return key.value }
      let slope = (other.value - key.value) / width
      return key.value - (slope * dx)
    }
    // Bézier and every easing type: the slope of the end key's outer handle.
    let handle = neighbour > end ? key.handleLeft : key.handleRight
    let width = key.frame - handle.frame
    if width == 0 { return key.value }
    let slope = (key.value - handle.value) / width
    return key.value - (slope * dx)
  }

  /// `a` within `threshold` of `b` (Blender's `IS_EQT`, inclusive).
  @inline(__always)
  static func isEqual(_ a: Float, _ b: Float, within threshold: Float) -> Bool {
    a > b ? (a - b) <= threshold : (b - a) <= threshold
  }

  /// Blender's binary search over key frames with the on-key threshold: the index of the key
  /// the frame is on (`exact`), or of the first key after it.
  static func search(_ keys: UnsafeBufferPointer<Keyframe>, _ frame: Float) -> (index: Int, exact: Bool) {
    let threshold = onKeyThreshold
    let count = keys.count
    if isEqual(frame, keys[0].frame, within: threshold) { return (0, true) }
    if frame < keys[0].frame { return (0, false) }
    if isEqual(frame, keys[count - 1].frame, within: threshold) { return (count - 1, true) }
    if frame > keys[count - 1].frame { return (count, false) }
    var start = 0
    var end = count
    var rounds = 0
    while start <= end && rounds < count * 2 {
      let mid = (start &+ end) &>> 1
      let midFrame = keys[mid].frame
      if isEqual(frame, midFrame, within: threshold) { return (mid, true) }
      if frame > midFrame {
        start = mid + 1
      } else if frame < midFrame {
        end = mid - 1
      }
      rounds += 1
    }
    return (start, false)
  }

  /// The same answer as `search` for a frame strictly inside the key range, found by a plain
  /// binary search, or `nil` when only Blender's own search order can decide (more than one key
  /// within the threshold, or a NaN frame).
  ///
  /// Why it agrees: with no key within the threshold, Blender's search ends at the first key
  /// after the frame; and it always visits both keys around the frame, so when exactly one key
  /// is within the threshold (it must be one of those two), that is the key it returns.
  @inline(__always)
  static func fastSearch(_ keys: UnsafeBufferPointer<Keyframe>, _ frame: Float) -> (index: Int, exact: Bool)? {
    guard !frame.isNaN else { return nil }
    // The last key at or before the frame (keys[0] is before it). Branch-free steps: random
    // frames would mispredict every other one. Unrolled, because LLVM's x86 cmov converter
    // turns the conditional move into a jump when it sits in a loop; the guards are the same
    // on every call for a curve, so they predict well.
    var low = 0
    var size = keys.count
    while size > 64 { bisect(keys, frame, &low, &size) }
    if size > 32 { bisect(keys, frame, &low, &size) }
    if size > 16 { bisect(keys, frame, &low, &size) }
    if size > 8 { bisect(keys, frame, &low, &size) }
    if size > 4 { bisect(keys, frame, &low, &size) }
    if size > 2 { bisect(keys, frame, &low, &size) }
    if size > 1 { bisect(keys, frame, &low, &size) }
    let threshold = onKeyThreshold
    let count = keys.count
    let onLow = isEqual(frame, keys[low].frame, within: threshold)
    let onHigh = low + 1 < count && isEqual(frame, keys[low + 1].frame, within: threshold)
    if !onLow && !onHigh { return (low + 1, false) }
    if onLow && onHigh { return nil }
    if low > 0 && isEqual(frame, keys[low - 1].frame, within: threshold) { return nil }
    if low + 2 < count && isEqual(frame, keys[low + 2].frame, within: threshold) { return nil }
    return (onLow ? low : low + 1, true)
  }

  /// One step of the search: keeps the half of `low..<low+size` whose first key is at or
  /// before the frame.
  @inline(__always)
  static func bisect(_ keys: UnsafeBufferPointer<Keyframe>, _ frame: Float, _ low: inout Int, _ size: inout Int) {
    let half = size &>> 1
    let probe = low &+ half
    low = keys[probe].frame <= frame ? probe : low
    size &-= half
  }

  /// Blender's `fcurve_eval_keyframes_interpolate`, for a frame strictly inside the key range.
  static func interpolate(_ keys: UnsafeBufferPointer<Keyframe>, at frame: Float) -> Float {
    let (index, exact) = fastSearch(keys, frame) ?? search(keys, frame)
    let i = min(index, keys.count - 1)
    if exact { return keys[i].value }
    let next = keys[i]
    let prev = i > 0 ? keys[i - 1] : next
    if abs(next.frame - frame) < Float(1e-8) { return next.value }
    if frame < prev.frame || next.frame < frame { return 0 }
    return segmentValue(prev, next, at: frame)
  }

  /// The value inside the segment from `prev` to `next`, by `prev`'s interpolation.
  static func segmentValue(_ prev: Keyframe, _ next: Keyframe, at frame: Float) -> Float {
    let begin = prev.value
    let change = next.value - prev.value
    let duration = next.frame - prev.frame
    let time = frame - prev.frame
    if prev.interpolation == .constant || duration == 0 { return prev.value }
    switch prev.interpolation {
    case .constant:
      return prev.value
    case .bezier:
      var guess = NewtonGuess.none
      return BezierSolver(BezierSegment(from: prev, to: next)).value(at: frame, guess: &guess)
    case .linear:
      return Ease.linear(time, begin, change, duration)
    default:
      return easedValue(prev, time, begin, change, duration)
    }
  }

  static func easedValue(
    _ key: Keyframe, _ t: Float, _ b: Float, _ c: Float, _ d: Float
  ) -> Float {
    let easing = key.easing
    switch key.interpolation {
    case .back:
      switch easing {
      case .easeIn: return Ease.backIn(t, b, c, d, key.back)
      case .easeInOut: return Ease.backInOut(t, b, c, d, key.back)
      case .easeOut, .auto: return Ease.backOut(t, b, c, d, key.back)
      }
    case .bounce:
      switch easing {
      case .easeIn: return Ease.bounceIn(t, b, c, d)
      case .easeInOut: return Ease.bounceInOut(t, b, c, d)
      case .easeOut, .auto: return Ease.bounceOut(t, b, c, d)
      }
    case .elastic:
      switch easing {
      case .easeIn: return Ease.elasticIn(t, b, c, d, key.amplitude, key.period)
      case .easeInOut: return Ease.elasticInOut(t, b, c, d, key.amplitude, key.period)
      case .easeOut, .auto: return Ease.elasticOut(t, b, c, d, key.amplitude, key.period)
      }
    case .circ:
      switch easing {
      case .easeOut: return Ease.circOut(t, b, c, d)
      case .easeInOut: return Ease.circInOut(t, b, c, d)
      case .easeIn, .auto: return Ease.circIn(t, b, c, d)
      }
    case .cubic:
      switch easing {
      case .easeOut: return Ease.cubicOut(t, b, c, d)
      case .easeInOut: return Ease.cubicInOut(t, b, c, d)
      case .easeIn, .auto: return Ease.cubicIn(t, b, c, d)
      }
    case .expo:
      switch easing {
      case .easeOut: return Ease.expoOut(t, b, c, d)
      case .easeInOut: return Ease.expoInOut(t, b, c, d)
      case .easeIn, .auto: return Ease.expoIn(t, b, c, d)
      }
    case .quad:
      switch easing {
      case .easeOut: return Ease.quadOut(t, b, c, d)
      case .easeInOut: return Ease.quadInOut(t, b, c, d)
      case .easeIn, .auto: return Ease.quadIn(t, b, c, d)
      }
    case .quart:
      switch easing {
      case .easeOut: return Ease.quartOut(t, b, c, d)
      case .easeInOut: return Ease.quartInOut(t, b, c, d)
      case .easeIn, .auto: return Ease.quartIn(t, b, c, d)
      }
    case .quint:
      switch easing {
      case .easeOut: return Ease.quintOut(t, b, c, d)
      case .easeInOut: return Ease.quintInOut(t, b, c, d)
      case .easeIn, .auto: return Ease.quintIn(t, b, c, d)
      }
    case .sine:
      switch easing {
      case .easeOut: return Ease.sineOut(t, b, c, d)
      case .easeInOut: return Ease.sineInOut(t, b, c, d)
      case .easeIn, .auto: return Ease.sineIn(t, b, c, d)
      }
    case .constant, .linear, .bezier:
      return key.value
    }
  }
}
