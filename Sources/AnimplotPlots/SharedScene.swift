import AnimplotCore

/// The one scene several actions are drawn in, as Blender shows several animated objects in one
/// Dope Sheet or Timeline: a frame range covering every action's, the first playhead and frame
/// rate given, and every marker.
struct SharedScene {
  /// The union of the actions' scene ranges; when no action gives `frameStart` or `frameEnd`
  /// and every key sits on one frame, Blender's default scene (1–250) reaching that frame
  /// (`SharedScene.range(of:)`).
  var range: ClosedRange<Double>
  /// The first action's `currentFrame` that is set.
  var currentFrame: Double?
  /// The first action's frame rate.
  var fps: Double
  /// Every action's markers, in order, each frame-and-name pair once.
  var markers: [Marker]

  init(_ actions: [Action]) {
    range = Self.range(of: actions)
    currentFrame = actions.lazy.compactMap(\.currentFrame).first
    fps = actions.first?.fps ?? 24
    var seen: Set<String> = []
    markers = actions.flatMap(\.markers).filter { seen.insert("\($0.frame) \($0.name)").inserted }
  }

  /// The scene range the editors draw for `actions`: the union of their scene ranges. A scene
  /// taken from keys that all sit on one frame would be that frame alone, the whole region
  /// darkened around one line; as no file gave that range, the editors show Blender's default
  /// scene, 1–250, stretched to reach the frame. A range a file gives is drawn as it is.
  static func range(of actions: [Action]) -> ClosedRange<Double> {
    let ranges = actions.map(\.sceneRange)
    let range = (ranges.map(\.lowerBound).min() ?? 1)...(ranges.map(\.upperBound).max() ?? 250)
    guard range.lowerBound == range.upperBound,
      actions.allSatisfy({ $0.frameStart == nil && $0.frameEnd == nil })
    else { return range }
    return min(1, range.lowerBound)...max(250, range.upperBound)
  }
}
