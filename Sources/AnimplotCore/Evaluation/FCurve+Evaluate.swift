/// Evaluation of an F-curve at a frame, as Blender's `evaluate_fcurve` does it: the Cycles
/// modifier maps the frame into the keyed range, keys are interpolated or extrapolated, and the
/// Cycles offset is added. Arithmetic is `Float`, in Blender's order, so results are Blender's.
extension FCurve {
  /// The curve's value at `frame`. A curve with no keys evaluates to 0 before its modifiers.
  public func value(at frame: Float) -> Float {
    if let quaternion, quaternion.isCoupled { return quaternion.value(at: frame) }
    if let sampled = keyframes.sampled { return sampled.withReader { value(at: frame, keys: $0) } }
    return keyframes.withUnsafeBufferPointer { value(at: frame, keys: $0) }
  }

  /// The value at `frame` of `keys` (the curve's, read in place) and the curve's modifiers.
  private func value<K: KeyReading>(at frame: Float, keys: K) -> Float {
    guard hasEffectiveModifiers else {
      return keys.count == 0 ? 0 : KeyInterpolator.value(keys, at: frame, extrapolation)
    }
    let stack = ModifierStack(curve: self, keys: keys)
    return stack.value(at: frame) { t in
      keys.count == 0 ? 0 : KeyInterpolator.value(keys, at: t, extrapolation)
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

/// Sorted keys as evaluation reads them: full keys in memory, or compact samples
/// (`SampledKeys`), each read in place.
protocol KeyReading {
  var count: Int { get }
  func frame(_ i: Int) -> Float
  func value(_ i: Int) -> Float
  /// The interpolation of the segment after key `i`.
  func interpolation(_ i: Int) -> Interpolation
  /// Key `i` whole, for what frame, value and interpolation do not tell (Bézier handles,
  /// easing settings).
  func key(_ i: Int) -> Keyframe
}

extension UnsafeBufferPointer: KeyReading where Element == Keyframe {
  @inline(__always) func frame(_ i: Int) -> Float { self[i].frame }
  @inline(__always) func value(_ i: Int) -> Float { self[i].value }
  @inline(__always) func interpolation(_ i: Int) -> Interpolation { self[i].interpolation }
  @inline(__always) func key(_ i: Int) -> Keyframe { self[i] }
}

extension SampledReader: KeyReading {
  var count: Int { frames.count }
  @inline(__always) func frame(_ i: Int) -> Float { frames[i] }
  @inline(__always) func value(_ i: Int) -> Float { values[i] }
  @inline(__always) func interpolation(_ i: Int) -> Interpolation { self.interpolation }
  func key(_ i: Int) -> Keyframe {
    SampledKeys.key(
      i, frames: frames, values: values, interpolation: interpolation, handlesRecalculated: handlesRecalculated)
  }
}

/// Interpolation and extrapolation of sorted keys (Blender's `fcurve_eval_keyframes`).
enum KeyInterpolator {
  /// Blender's threshold for "on a key" when evaluating (frames).
  @inline(__always) static var onKeyThreshold: Float { 0.0001 }

  static func value<K: KeyReading>(_ keys: K, at frame: Float, _ extrapolation: Extrapolation) -> Float {
    if frame <= keys.frame(0) {
      return extrapolate(keys, from: 0, toward: 1, at: frame, extrapolation)
    }
    let lastIndex = keys.count - 1
    if keys.frame(lastIndex) <= frame {
      return extrapolate(keys, from: lastIndex, toward: lastIndex - 1, at: frame, extrapolation)
    }
    return interpolate(keys, at: frame)
  }

  /// Blender's `fcurve_eval_keyframes_extrapolate`.
  static func extrapolate<K: KeyReading>(
    _ keys: K, from end: Int, toward neighbour: Int, at frame: Float, _ extrapolation: Extrapolation
  ) -> Float {
    let interpolation = keys.interpolation(end)
    let value = keys.value(end)
    if interpolation == .constant || extrapolation == .constant { return value }
    let dx = keys.frame(end) - frame
    if interpolation == .linear {
      if keys.count == 1 { return value }
      let width = keys.frame(neighbour) - keys.frame(end)
      if width == 0 { return value }
      let slope = (keys.value(neighbour) - value) / width
      return value - (slope * dx)
    }
    // Bézier and every easing type: the slope of the end key's outer handle.
    let key = keys.key(end)
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
  static func search<K: KeyReading>(_ keys: K, _ frame: Float) -> (index: Int, exact: Bool) {
    let threshold = onKeyThreshold
    let count = keys.count
    if isEqual(frame, keys.frame(0), within: threshold) { return (0, true) }
    if frame < keys.frame(0) { return (0, false) }
    if isEqual(frame, keys.frame(count - 1), within: threshold) { return (count - 1, true) }
    if frame > keys.frame(count - 1) { return (count, false) }
    var start = 0
    var end = count
    var rounds = 0
    while start <= end && rounds < count * 2 {
      let mid = (start &+ end) &>> 1
      let midFrame = keys.frame(mid)
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
  static func fastSearch<K: KeyReading>(_ keys: K, _ frame: Float) -> (index: Int, exact: Bool)? {
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
    let onLow = isEqual(frame, keys.frame(low), within: threshold)
    let onHigh = low + 1 < count && isEqual(frame, keys.frame(low + 1), within: threshold)
    if !onLow && !onHigh { return (low + 1, false) }
    if onLow && onHigh { return nil }
    if low > 0 && isEqual(frame, keys.frame(low - 1), within: threshold) { return nil }
    if low + 2 < count && isEqual(frame, keys.frame(low + 2), within: threshold) { return nil }
    return (onLow ? low : low + 1, true)
  }

  /// One step of the search: keeps the half of `low..<low+size` whose first key is at or
  /// before the frame.
  @inline(__always)
  static func bisect<K: KeyReading>(_ keys: K, _ frame: Float, _ low: inout Int, _ size: inout Int) {
    let half = size &>> 1
    let probe = low &+ half
    low = keys.frame(probe) <= frame ? probe : low
    size &-= half
  }

  /// Blender's `fcurve_eval_keyframes_interpolate`, for a frame strictly inside the key range.
  static func interpolate<K: KeyReading>(_ keys: K, at frame: Float) -> Float {
    let (index, exact) = fastSearch(keys, frame) ?? search(keys, frame)
    let i = min(index, keys.count - 1)
    if exact { return keys.value(i) }
    let prev = i > 0 ? i - 1 : i
    if abs(keys.frame(i) - frame) < Float(1e-8) { return keys.value(i) }
    if frame < keys.frame(prev) || keys.frame(i) < frame { return 0 }
    return segmentValue(keys, prev, i, at: frame)
  }

  /// The value inside the segment from key `prev` to key `next`, by `prev`'s interpolation.
  static func segmentValue<K: KeyReading>(_ keys: K, _ prev: Int, _ next: Int, at frame: Float) -> Float {
    let interpolation = keys.interpolation(prev)
    let begin = keys.value(prev)
    let change = keys.value(next) - begin
    let duration = keys.frame(next) - keys.frame(prev)
    let time = frame - keys.frame(prev)
    if interpolation == .constant || duration == 0 { return begin }
    switch interpolation {
    case .constant:
      return begin
    case .bezier:
      var guess = NewtonGuess.none
      return BezierSolver(BezierSegment(from: keys.key(prev), to: keys.key(next))).value(at: frame, guess: &guess)
    case .linear:
      return Ease.linear(time, begin, change, duration)
    default:
      return easedValue(keys.key(prev), time, begin, change, duration)
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
