/// Blender's playback transport over a scene range: the playhead advancing by the frame step
/// at the scene's frame rate, going back to the start after the end (Blender loops playback),
/// and jumping to the next or previous key as the transport's buttons do.
///
/// ```swift
/// var playback = Playback(action: action)
/// playback.advance()                    // frameStart + 1
/// playback.jumpToNextKey()              // the first key after it
/// let values = playback.values(of: action)   // every track at the playhead
/// ```
///
/// A value type without a clock: `frame(atTime:)` says what a player shows after some seconds.
public struct Playback: Sendable, Hashable {
  /// The frames played: Blender's scene range (`frameStart ... frameEnd`).
  public let range: ClosedRange<Double>
  /// Frames per second of the scene.
  public let fps: Double
  /// Frames the playhead moves per step (Blender's `frame_step`), above 0.
  public let step: Double
  /// Whether playback goes back to the start after the end (Blender's default) or stops there.
  public let loops: Bool
  /// The frames keys sit on, sorted, each once: what the key-jump buttons go to.
  public let keyFrames: [Double]
  /// The playhead.
  public private(set) var frame: Double

  /// A transport over `range` at `fps`.
  /// - Parameters:
  ///   - range: the frames played.
  ///   - fps: frames per second.
  ///   - step: frames per step; must be above 0.
  ///   - loops: whether playback starts over at the end (Blender's default) or stops there.
  ///   - keyFrames: the frames of the keys to jump between (any order, repeats allowed).
  ///   - frame: where the playhead starts; default the start of the range.
  public init(
    range: ClosedRange<Double>, fps: Double, step: Double = 1, loops: Bool = true, keyFrames: [Double] = [],
    frame: Double? = nil
  ) {
    precondition(step > 0 && step.isFinite, "the frame step must be a finite number above 0")
    precondition(fps > 0 && fps.isFinite, "fps must be a finite number above 0")
    self.range = range
    self.fps = fps
    self.step = step
    self.loops = loops
    var keys = keyFrames.filter(\.isFinite).sorted()
    keys.removeDuplicates()
    self.keyFrames = keys
    self.frame = frame ?? range.lowerBound
  }

  /// The transport of `action`: its scene range, fps and playhead (the start of the range when
  /// it has none), jumping between the keys of its visible tracks, as Blender's key-jump goes
  /// to the keys the editors show.
  public init(action: Action, step: Double = 1, loops: Bool = true) {
    self.init(actions: [action], step: step, loops: loops)
  }

  /// The transport of several actions shown in one scene (the Dope Sheet, the Timeline): the
  /// union of their scene ranges, the first frame rate and playhead given, every visible key.
  public init(actions: [Action], step: Double = 1, loops: Bool = true) {
    var keys: [Double] = []
    for action in actions {
      for track in action.tracks where !track.hidden {
        for key in track.keyframes { keys.append(Double(key.frame)) }
      }
    }
    let ranges = actions.map(\.sceneRange)
    let range = (ranges.map(\.lowerBound).min() ?? 1)...(ranges.map(\.upperBound).max() ?? 250)
    let fps = actions.first?.fps ?? 24
    let start = actions.lazy.compactMap(\.currentFrame).first.map { min(max($0, range.lowerBound), range.upperBound) }
    self.init(
      range: range, fps: fps > 0 && fps.isFinite ? fps : 24, step: step, loops: loops, keyFrames: keys, frame: start)
  }

  /// Two key frames closer than this are one, as Blender's key-jump threshold.
  public static let keyThreshold = 0.01

  /// Moves the playhead one step on. Past the end it goes back to the start when looping
  /// (returns `true`), or stays at the last frame of the range and returns `false`.
  @discardableResult
  public mutating func advance() -> Bool {
    let next = frame + step
    if next <= range.upperBound {
      frame = next
      return true
    }
    if loops {
      frame = range.lowerBound
      return true
    }
    return false
  }

  /// Moves the playhead one step back; before the start it goes to the end when looping.
  @discardableResult
  public mutating func stepBack() -> Bool {
    let previous = frame - step
    if previous >= range.lowerBound {
      frame = previous
      return true
    }
    if loops {
      frame = range.upperBound
      return true
    }
    return false
  }

  /// Puts the playhead on `frame` (any frame, as clicking in the scrub strip does).
  public mutating func jump(to frame: Double) {
    self.frame = frame
  }

  /// Puts the playhead on the first key after it (more than `keyThreshold` after); `false`,
  /// and the playhead unmoved, when there is none (Blender: "No more keyframes to jump to").
  @discardableResult
  public mutating func jumpToNextKey() -> Bool {
    guard let key = nextKey(after: frame) else { return false }
    frame = key
    return true
  }

  /// Puts the playhead on the last key before it; `false` when there is none.
  @discardableResult
  public mutating func jumpToPreviousKey() -> Bool {
    guard let key = previousKey(before: frame) else { return false }
    frame = key
    return true
  }

  /// The first key more than `keyThreshold` after `frame`.
  public func nextKey(after frame: Double) -> Double? {
    var lo = 0, hi = keyFrames.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if keyFrames[mid] > frame + Self.keyThreshold { hi = mid } else { lo = mid + 1 }
    }
    return lo < keyFrames.count ? keyFrames[lo] : nil
  }

  /// The last key more than `keyThreshold` before `frame`.
  public func previousKey(before frame: Double) -> Double? {
    var lo = 0, hi = keyFrames.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if keyFrames[mid] < frame - Self.keyThreshold { lo = mid + 1 } else { hi = mid }
    }
    return lo > 0 ? keyFrames[lo - 1] : nil
  }

  /// How many steps one pass over the range takes: the start, then every step up to the end.
  public var stepCount: Int {
    let span = range.upperBound - range.lowerBound
    guard span.isFinite else { return Int.max }
    let steps = (span / step + 1e-9).rounded(.down) + 1
    return steps < Double(Int.max) ? Int(steps) : Int.max
  }

  /// The frames of one pass, in order: `range.lowerBound`, then one step after another up to
  /// `range.upperBound`; `nil` when there would be more than `limit`.
  public func frames(limit: Int = .max) -> [Double]? {
    let count = stepCount
    guard count <= limit else { return nil }
    return (0..<count).map { range.lowerBound + Double($0) * step }
  }

  /// The keys inside the range, in order: the pictures of a key-to-key playback; the start of
  /// the range when no key falls inside it.
  public var keysInRange: [Double] {
    // Keys are 32-bit floats: a key on a bound written in decimals (10.1) lies a hair past the
    // bound's double; the bounds are compared as floats too.
    // (A bound past the floats' range stays as it is.)
    let lo = Float(range.lowerBound).isFinite ? Double(Float(range.lowerBound)) : range.lowerBound
    let hi = Float(range.upperBound).isFinite ? Double(Float(range.upperBound)) : range.upperBound
    let inside = keyFrames.filter { $0 >= min(lo, range.lowerBound) && $0 <= max(hi, range.upperBound) }
    return inside.isEmpty ? [range.lowerBound] : inside
  }

  /// Seconds one step is shown: `step / fps`.
  public var stepDuration: Double { step / fps }

  /// The frame a player shows `seconds` after starting at the start of the range: whole steps
  /// at `fps`, looping (or holding the last frame when not looping).
  public func frame(atTime seconds: Double) -> Double {
    let count = stepCount
    guard seconds > 0, count > 0, count < Int.max else { return range.lowerBound }
    var index = (seconds / stepDuration + 1e-9).rounded(.down)
    if loops {
      index = index.truncatingRemainder(dividingBy: Double(count))
    } else {
      index = min(index, Double(count - 1))
    }
    return range.lowerBound + index * step
  }

  /// Every track of `action` at the playhead, as Blender evaluates them, in the action's order.
  public func values(of action: Action) -> [Double] {
    action.tracks.map { $0.value(at: frame) }
  }
}

extension Array where Element == Double {
  fileprivate mutating func removeDuplicates() {
    var out: [Double] = []
    out.reserveCapacity(count)
    for value in self where out.last.map({ value - $0 > Playback.keyThreshold }) ?? true { out.append(value) }
    self = out
  }
}
