import AnimplotCairo
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
    // A picture that cannot be made has no layout either: refused as PNG, SVG and PDF are.
    let (width, height) = (Int(pictureSize.width), Int(pictureSize.height))
    let limit = Double(CairoCanvas.maximumDevicePixels)
    guard scale.isFinite, scale > 0, Double(width) * scale >= 1, Double(height) * scale >= 1,
      Double(width) * scale <= limit, Double(height) * scale <= limit
    else {
      throw RenderError(.backend, "cannot render: \(CairoCanvasError.invalidSize(width: width, height: height, scale: scale))")
    }
    let layout = layout(scale: scale, withPaths: false)
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
