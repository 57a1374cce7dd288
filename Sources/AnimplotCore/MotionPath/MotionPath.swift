/// An object's motion path, as Blender's Motion Paths compute it: the object's location at
/// every sampled frame, from the action's `location` channels evaluated exactly as Blender
/// evaluates them (32-bit floats, `FCurve.values(at:)`).
///
/// ```swift
/// let path = try MotionPath(action: action)            // every whole frame of the scene range
/// let (x, z) = path.projected(onto: .xz)               // Blender's Front view
/// print(path.frames[10], path.positions[10], path.speeds[10])
/// ```
///
/// A location axis without a channel is 0. Muted channels are ignored, as Blender ignores them.
/// When an action has several channels on the same `location[i]`, the first is used.
public struct MotionPath: Sendable, Hashable {
  /// The frames sampled, ascending.
  public var frames: [Double]
  /// The object's location at each frame: `positions[i]` is at `frames[i]`, Blender's 32-bit
  /// values of `location[0]`, `location[1]`, `location[2]`.
  public var positions: [SIMD3<Float>]
  /// Speed between successive samples, units per frame: `speeds[i]` is the distance from
  /// `positions[i]` to `positions[i + 1]` divided by the frames between them (one fewer than
  /// the samples; empty for a single sample).
  public var speeds: [Double]
  /// The keys of the location channels within the sampled frames, ascending: a frame where any
  /// of them has a key, and the location there (evaluated at that frame, sampled or not).
  public var keys: [Key]
  /// Which axes have a channel: `[x, y, z]`.
  public var animatedAxes: [Bool]

  /// A key of the path: a frame where a location channel has a key.
  public struct Key: Sendable, Hashable {
    public var frame: Double
    public var position: SIMD3<Float>

    public init(frame: Double, position: SIMD3<Float>) {
      self.frame = frame
      self.position = position
    }
  }

  /// Why a motion path cannot be made.
  public enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The action has no (unmuted) `location` channel.
    case noLocationChannels
    /// The frames asked for are more than `MotionPath.maximumSamples`.
    case tooManySamples(count: Double)
    /// The step is not a positive finite number, or the range is not finite and ascending.
    case badFrames(String)
    /// The action has no transform channel to move a shape (the preview stage).
    case noTransformChannels

    public var description: String {
      switch self {
      case .noLocationChannels:
        return "no location channels to trace; a motion path needs tracks on location[0], [1] or [2]"
      case .tooManySamples(let count):
        let shown = count.isFinite && count < 1e18 ? String(Int(count)) : "too many"
        return "\(shown) frames to sample, more than \(MotionPath.maximumSamples); give a shorter --frames range or a larger --step"
      case .badFrames(let text): return text
      case .noTransformChannels:
        return "no transform channels to play; a preview needs tracks on location, rotation_euler, rotation_quaternion, scale or opacity"
      }
    }
  }

  /// The most samples one path holds (a runaway range or step is refused, not allocated).
  public static let maximumSamples = 5_000_000

  /// The `location` channels used, by axis (`nil` for an axis without one).
  public static func locationChannels(of action: Action) -> [FCurve?] {
    (0..<3).map { axis in action.tracks.first { $0.dataPath == "location" && $0.index == axis && !$0.muted } }
  }

  /// Samples `action`'s location from `range` (default: the scene range, `Action.sceneRange`)
  /// every `step` frames, the range's end included when a step lands on it.
  /// - Parameters:
  ///   - action: the action whose location is sampled.
  ///   - range: the frames sampled; `nil` for the scene range.
  ///   - step: frames between samples; must be above 0.
  ///   - requiringLocation: whether an action without a location channel is refused (a
  ///     motion path) or sampled as staying at the origin (the preview stage, which other
  ///     channels move).
  /// - Throws: `MotionPath.Problem` when there is no location channel, the step is not
  ///   positive, or the samples would be more than `maximumSamples`.
  public init(
    action: Action, range: ClosedRange<Double>? = nil, step: Double = 1, requiringLocation: Bool = true
  ) throws(Problem) {
    let channels = Self.locationChannels(of: action)
    guard !requiringLocation || channels.contains(where: { $0 != nil }) else { throw .noLocationChannels }
    guard step > 0, step.isFinite else { throw .badFrames("the step must be a number above 0, not \(step)") }
    let range = range ?? action.sceneRange
    guard range.lowerBound.isFinite, range.upperBound.isFinite else {
      throw .badFrames("the frames \(range.lowerBound):\(range.upperBound) are not finite")
    }
    let count = Self.sampleCount(from: range.lowerBound, to: range.upperBound, step: step)
    guard count.isFinite, count <= Double(Self.maximumSamples) else { throw .tooManySamples(count: count) }
    let frames = (0..<Int(count)).map { range.lowerBound + Double($0) * step }
    self.init(channels: channels, frames: frames)
  }

  /// Samples the location `channels` (by axis, `nil` for 0) at `frames` (ascending).
  public init(channels: [FCurve?], frames: [Double]) {
    precondition(channels.count == 3, "one channel (or nil) per axis")
    self.frames = frames
    animatedAxes = channels.map { $0 != nil }
    let floatFrames = frames.map { Float($0) }
    let columns = channels.map { $0?.values(at: floatFrames) ?? [Float](repeating: 0, count: frames.count) }
    var positions = [SIMD3<Float>](repeating: .zero, count: frames.count)
    for i in 0..<frames.count { positions[i] = SIMD3(columns[0][i], columns[1][i], columns[2][i]) }
    self.positions = positions
    var speeds = [Double](repeating: 0, count: max(0, frames.count - 1))
    for i in speeds.indices {
      let d = SIMD3<Double>(positions[i + 1]) - SIMD3<Double>(positions[i])
      speeds[i] = (d * d).sum().squareRoot() / (frames[i + 1] - frames[i])
    }
    self.speeds = speeds

    // Key frames of the channels used, within the sampled frames.
    var keyFrames: [Float] = []
    if let first = frames.first, let last = frames.last {
      for case let channel? in channels {
        for key in channel.keyframes where Double(key.frame) >= first && Double(key.frame) <= last {
          keyFrames.append(key.frame)
        }
      }
    }
    keyFrames.sort()
    var unique: [Float] = []
    for f in keyFrames where unique.last != f { unique.append(f) }
    let keyColumns = channels.map { $0?.values(at: unique) ?? [Float](repeating: 0, count: unique.count) }
    keys = unique.indices.map { i in
      Key(frame: Double(unique[i]), position: SIMD3(keyColumns[0][i], keyColumns[1][i], keyColumns[2][i]))
    }
  }

  /// Checks that the paths of `objects`, each sampled over `range` (`nil`: its action's scene
  /// range) every `step` frames, have at most `maximumSamples` samples all together, before
  /// any is sampled: one rule for every picture of several paths (`path`, and the preview
  /// stage's animation and filmstrip). Twelve objects of five million frames each were 2.6 GB.
  /// One path alone, and a step that is not a number above 0, are left to `init`'s messages.
  /// - Throws: `Problem.badFrames` naming the objects, the samples and the way to fewer.
  public static func checkSamples(
    of objects: [ObjectChannels], range: ClosedRange<Double>?, step: Double
  ) throws(Problem) {
    guard step > 0, step.isFinite, objects.count > 1 else { return }
    var total = 0.0
    for object in objects {
      let range = range ?? object.action.sceneRange
      total += sampleCount(from: range.lowerBound, to: range.upperBound, step: step)
    }
    guard total.isFinite, total <= Double(maximumSamples) else {
      let shown = total.isFinite && total < 1e18 ? String(Int(total)) : "too many"
      throw .badFrames(
        "\(objects.count) objects' paths have \(shown) samples in all, more than \(maximumSamples); "
          + "give a shorter --frames range, a larger --step or --object NAME")
    }
  }

  /// The number of samples from `start` to `end` every `step`, counting `end` when a step
  /// lands on it within rounding; 0 when `end < start`.
  public static func sampleCount(from start: Double, to end: Double, step: Double) -> Double {
    guard end >= start else { return 0 }
    return ((end - start) / step + 1e-9).rounded(.down) + 1
  }

  /// The samples' coordinates in `plane`: `horizontal[i]`, `vertical[i]` for `positions[i]`.
  public func projected(onto plane: ProjectionPlane) -> (horizontal: [Double], vertical: [Double]) {
    let (h, v) = plane.axes
    return (positions.map { Double($0[h]) }, positions.map { Double($0[v]) })
  }

  /// The sample at `frame`, or `nil` when no sample is there.
  public func index(ofFrame frame: Double) -> Int? {
    var lo = 0, hi = frames.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if frames[mid] < frame { lo = mid + 1 } else { hi = mid }
    }
    return lo < frames.count && frames[lo] == frame ? lo : nil
  }
}

/// The plane a motion path is drawn in, as Blender's orthographic views look at it.
public enum ProjectionPlane: String, Sendable, Hashable, CaseIterable {
  /// Blender's Front view: X to the right, Z up.
  case xz
  /// Blender's Top view: X to the right, Y up.
  case xy
  /// Blender's Right view: Y to the right, Z up.
  case yz

  /// The location indices shown across and up.
  public var axes: (horizontal: Int, vertical: Int) {
    switch self {
    case .xz: (0, 2)
    case .xy: (0, 1)
    case .yz: (1, 2)
    }
  }

  /// The axes' names, `X`, `Y`, `Z`, across and up.
  public var axisNames: (horizontal: String, vertical: String) {
    let names = ["X", "Y", "Z"]
    return (names[axes.horizontal], names[axes.vertical])
  }
}
