import AnimplotCore

/// The one scene several actions are drawn in, as Blender shows several animated objects in one
/// Dope Sheet or Timeline: a frame range covering every action's, the first playhead and frame
/// rate given, and every marker.
struct SharedScene {
  /// The union of the actions' scene ranges.
  var range: ClosedRange<Double>
  /// The first action's `currentFrame` that is set.
  var currentFrame: Double?
  /// The first action's frame rate.
  var fps: Double
  /// Every action's markers, in order, each frame-and-name pair once.
  var markers: [Marker]

  init(_ actions: [Action]) {
    let ranges = actions.map(\.sceneRange)
    range =
      (ranges.map(\.lowerBound).min() ?? 1)...(ranges.map(\.upperBound).max() ?? 250)
    currentFrame = actions.lazy.compactMap(\.currentFrame).first
    fps = actions.first?.fps ?? 24
    var seen: Set<String> = []
    markers = actions.flatMap(\.markers).filter { seen.insert("\($0.frame) \($0.name)").inserted }
  }
}
