/// What the Timeline strip shows and how (the options of `animplot timeline`).
public struct TimelineOptions: Sendable, Hashable {
  /// Size of the picture in logical pixels: a strip, as Blender shows its Timeline under the
  /// 3D view.
  public var width: Double = 1600
  public var height: Double = 120
  /// Colours: Blender's dark theme or the light one.
  public var theme: Theme = .blender
  /// The frames shown; `nil` fits the scene range and every key, with a small margin.
  public var frames: ClosedRange<Double>?
  /// The playhead; `nil` uses the first action's `currentFrame` that is set, else the scene's
  /// first frame (Blender's scene always has a current frame).
  public var currentFrame: Double?

  /// A 1600×120 strip in Blender's dark theme, fitted to the scene and its keys.
  public init() {}
}
