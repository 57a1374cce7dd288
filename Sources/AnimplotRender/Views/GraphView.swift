import AnimplotCairo
import AnimplotCanvas
import AnimplotCore
import AnimplotPlatform
import AnimplotPlots

/// Blender's Graph Editor: the curves of one action; also as its layout in JSON (what is drawn
/// where, in device pixels).
public struct GraphView: PlotView {
  public var options: GraphOptions

  /// Whether the height is the one that shows every channel row (`--height auto`), at least
  /// `options.height`.
  public var fitsHeight = false
  /// What is drawn selected (`--select`).
  public var select: SelectMode = .file

  public init(options: GraphOptions = GraphOptions()) { self.options = options }

  public static let name = "graph"
  public static let showsEveryAction = false

  public func content(of actions: [Action]) throws(RenderError) -> GraphEditor {
    guard let action = select.apply(to: Array(actions.prefix(1))).first else { throw RenderError(.input, "no action to draw") }
    // A pattern that hides nothing is a mistake (a misspelt channel), as --channels' is.
    for pattern in options.hide where !action.tracks.contains(where: pattern.matches) {
      throw RenderError(.request, "--hide '\(pattern.text)': no channel of '\(action.name)' matches")
    }
    var options = options
    if fitsHeight { options.height = GraphEditor.fittingHeight(action: action, minimum: options.height) }
    return GraphEditor(action: action, options: options)
  }
}

extension GraphEditor: Drawable, LayoutDescribing {
  public var size: Size { pictureSize }
  /// Where everything is drawn at `scale` (`GraphEditorLayout.json`).
  /// - Throws: `RenderError`: `.backend` for a picture no canvas can be made for (as SVG and PDF
  ///   refuse it), `.request` for more keys and handles to list than `Limits.layoutMarks`.
  public func layoutJSON(scale: Double) throws(RenderError) -> String {
    do {
      try CairoCanvas.checkSize(width: Int(pictureSize.width), height: Int(pictureSize.height), scale: scale)
    } catch {
      throw RenderError(.backend, "cannot render: \(error)")
    }
    let layout = layout(scale: scale, withPaths: false)
    let listing = layout.listing()
    let marks = listing.marks
    guard marks <= Limits.layoutMarks else {
      throw RenderError(
        .request,
        "the layout would list \(marks) keys and handles, more than \(Limits.layoutMarks); "
          + "show fewer channels (--channels) or frames (--frames)")
    }
    return layout.json(listing)
  }
}
