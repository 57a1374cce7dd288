import AnimplotCore
import AnimplotPlatform

/// The channels' values at frames, exactly as Blender's `fcurve.evaluate` gives them: a table
/// for the CSV and JSON outputs.
public struct EvaluationView: PlotView {
  /// The frames evaluated; `nil`: every whole frame of the action's scene range.
  public var frames: [Double]?

  /// The most values (frames × channels) one call evaluates: the table and its text are held
  /// whole until written. `Limits.evaluatedValues` unless a caller (a server, which may answer
  /// several calls at once) holds fewer.
  public var maximumValues = Limits.evaluatedValues

  public init(frames: [Double]? = nil) { self.frames = frames }

  public static let name = "eval"
  public static let showsEveryAction = false

  /// The most frames of a scene range evaluated by default, to catch a runaway range.
  public static let maximumFrames = 10_000_000

  public func content(of actions: [Action]) throws(RenderError) -> ValueTable {
    guard let action = actions.first else { throw RenderError(.input, "no action to evaluate") }
    // A table of frame numbers alone (250 lines of them) said nothing.
    guard !action.tracks.isEmpty else { throw RenderError(.input, "the action has no tracks to evaluate") }
    let frames: [Double]
    if let given = self.frames { frames = given } else { frames = try Self.sceneFrames(of: action) }
    // The table and its text are held whole until written: counted before they are made.
    let values = frames.count * action.tracks.count
    guard values <= maximumValues else {
      throw RenderError(
        .request,
        "\(frames.count) frames of \(action.tracks.count) channels are \(values) values, more than \(maximumValues) "
          + "per call; give fewer frames (--at, --range) or channels (--channels)")
    }
    try ModifierBudget.check(action.tracks, advice: "give fewer frames (--at, --range) or channels (--channels)") { _ in
      frames.count
    }
    return ValueTable(action: action, frames: frames)
  }

  /// Every whole frame from the scene's first to its last.
  static func sceneFrames(of action: Action) throws(RenderError) -> [Double] {
    let scene = action.sceneRange
    guard let frames = frames(from: scene.lowerBound, to: scene.upperBound, step: 1) else {
      throw RenderError(
        .request,
        "the scene range \(scene.lowerBound):\(scene.upperBound) has more than \(maximumFrames) frames; give the frames to evaluate")
    }
    return frames
  }

  /// The number of frames from `start` to `end` (`end >= start`) every `step` (`> 0`),
  /// counting `end` when a step lands on it within rounding.
  public static func frameCount(from start: Double, to end: Double, step: Double) -> Double {
    ((end - start) / step + 1e-9).rounded(.down) + 1
  }

  /// The frames from `start` to `end` every `step`, or `nil` when they are more than
  /// `maximumFrames` (or not finite in number).
  public static func frames(from start: Double, to end: Double, step: Double) -> [Double]? {
    let count = frameCount(from: start, to: end, step: step)
    guard count.isFinite, count <= Double(maximumFrames) else { return nil }
    return (0..<Int(count)).map { start + Double($0) * step }
  }
}

/// The values of every channel of an action at a list of frames.
public struct ValueTable: Rendition, Hashable {
  /// The frames, in the order asked.
  public var frames: [Double]
  /// The channels, in the action's order.
  public var tracks: [FCurve]
  /// `columns[t][f]`: the value of `tracks[t]` at `frames[f]`, Blender's 32-bit result.
  public var columns: [[Float]]

  /// Evaluates every channel of `action` at `frames` (the batch evaluator: bit-identical to
  /// one `value(at:)` per frame).
  public init(action: Action, frames: [Double]) {
    self.frames = frames
    tracks = action.tracks
    let floatFrames = frames.map { Float($0) }
    columns = action.tracks.map { $0.values(at: floatFrames) }
  }
}
