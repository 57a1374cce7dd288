import AnimplotCanvas
import AnimplotCore
import AnimplotPlatform
import AnimplotPlots

/// Blender's Graph Editor: the curves of one action; also as its layout in JSON (what is drawn
/// where, in device pixels).
public struct GraphView: PlotView {
  public var options: GraphOptions

  public init(options: GraphOptions = GraphOptions()) { self.options = options }

  public static let name = "graph"
  public static let showsEveryAction = false

  public func content(of actions: [Action]) throws(RenderError) -> GraphEditor {
    guard let action = actions.first else { throw RenderError(.input, "no action to draw") }
    return GraphEditor(action: action, options: options)
  }
}

extension GraphEditor: Drawable, LayoutDescribing {
  public var size: Size { pictureSize }
  /// Where everything is drawn at `scale` (`GraphEditorLayout.json`).
  /// - Throws: `RenderError` (`.request`) for more than 500,000 keys and handles to list.
  public func layoutJSON(scale: Double) throws(RenderError) -> String {
    let layout = layout(scale: scale)
    let marks = layout.listedMarks
    guard marks <= Limits.layoutMarks else {
      throw RenderError(
        .request,
        "the layout would list \(marks) keys and handles, more than \(Limits.layoutMarks); "
          + "show fewer channels (--channels) or frames (--frames)")
    }
    return layout.json
  }
}
