import AnimplotCairo
import AnimplotCanvas
import AnimplotCore
import AnimplotIO
import AnimplotPlatform
import AnimplotPlots
import AnimplotText

/// Blender's Graph Editor: the curves of one action; also as its layout in JSON (what is drawn
/// where, in device pixels).
public struct GraphView: PlotView {
  public var options: GraphOptions

  /// Whether the height is the one that shows every channel row (`--height auto`), at least
  /// `options.height`.
  public var fitsHeight = false
  /// What is drawn selected (`--select`).
  public var select: SelectMode = .file
  /// Where the ghost curves come from (`--ghost`): a file of actions (its first action's
  /// curves) or a values table as `eval` writes it (CSV); each is matched to the live channel
  /// of its name (`ValueTable.columnNames`).
  public var ghost: Input?

  public init(options: GraphOptions = GraphOptions()) { self.options = options }

  public static let name = "graph"
  public static let showsEveryAction = false

  public func content(of actions: [Action]) throws(RenderError) -> GraphEditor {
    guard let action = select.apply(to: Array(actions.prefix(1))).first else { throw RenderError(.input, "no action to draw") }
    // A pattern that hides nothing is a mistake (a misspelt channel), as --channels' is.
    for pattern in options.hide where !action.tracks.contains(where: pattern.matches) {
      throw RenderError(.request, "--hide '\(listedName(pattern.text))': no channel of '\(listedName(action.name))' matches")
    }
    var options = options
    if fitsHeight { options.height = GraphEditor.fittingHeight(action: action, minimum: options.height) }
    if let ghost { options.ghosts += try Self.ghosts(from: ghost, matching: action) }
    try ModifierBudget.checkGraph(action, options: options)
    return GraphEditor(action: action, options: options)
  }

  /// The ghost curves of the first action of `input`, each matched by its column name (as
  /// `eval` names columns) to the track of `action` of the same name.
  static func ghosts(from input: Input, matching action: Action) throws(RenderError) -> [GhostCurve] {
    let document: ActionDocument
    do {
      document = try input.document()
    } catch {
      throw RenderError(error.kind, "--ghost \(error.description)", decoding: error.decoding)
    }
    guard let recorded = document.actions.first else {
      throw RenderError(.input, "--ghost \(input.name): no action in it")
    }
    let live = ValueTable.columnNames(of: action.tracks)
    let byName = Dictionary(live.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
    return zip(recorded.tracks, ValueTable.columnNames(of: recorded.tracks)).map { track, name in
      GhostCurve(track: track, channel: byName[name])
    }
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
