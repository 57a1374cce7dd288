/// What every editor's options share: the picture's size, the theme, the frames shown and the
/// playhead.
public protocol EditorOptions: Sendable {
  /// Size of the picture in logical pixels.
  var width: Double { get set }
  var height: Double { get set }
  var theme: Theme { get set }
  /// The frames shown; `nil` fits the keys.
  var frames: ClosedRange<Double>? { get set }
  /// The playhead; `nil` uses the action's `currentFrame`.
  var currentFrame: Double? { get set }
}

extension GraphOptions: EditorOptions {}
extension DopeSheetEditorOptions: EditorOptions {}
extension TimelineOptions: EditorOptions {}
