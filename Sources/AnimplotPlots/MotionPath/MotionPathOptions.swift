import AnimplotCore

/// What `animplot path` samples and shows, and how.
public struct MotionPathOptions: Sendable, Hashable, EditorOptions {
  /// Size of the picture in logical pixels.
  public var width: Double = 1600
  public var height: Double = 900
  /// Colours: a dark 3D viewport, or white for documents and print (`Theme.view3D`).
  public var theme: Theme = .blender
  /// The frames sampled, both ends included; `nil` samples the scene range
  /// (`Action.sceneRange`), as Blender's Motion Paths do by default.
  public var frames: ClosedRange<Double>?
  /// Frames between samples (above 0): 1 samples every whole frame from the range's start.
  public var step: Double = 1
  /// The current frame, marked on the path when it is within the sampled frames; `nil` uses the
  /// action's `currentFrame`.
  public var currentFrame: Double?
  /// The plane the path is seen in: Blender's Front (`xz`), Top (`xy`) or Right (`yz`) view.
  public var plane: ProjectionPlane = .xz
  /// The object traced, by name (`ObjectChannels.name`); `nil` traces every object moved.
  public var object: String?

  /// A 1600×900 picture of every whole frame of the scene range, seen from the front.
  public init() {}
}
