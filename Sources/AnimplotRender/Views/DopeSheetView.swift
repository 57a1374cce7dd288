import AnimplotCanvas
import AnimplotCore
import AnimplotPlots

/// Blender's Dope Sheet: every action's keys, one row per summary, action, group and channel;
/// also as its layout in JSON.
public struct DopeSheetView: PlotView {
  public var options: DopeSheetEditorOptions

  /// Whether the height is the one that shows every row (`--height auto`).
  public var fitsHeight = false
  /// What is drawn selected (`--select`).
  public var select: SelectMode = .file

  public init(options: DopeSheetEditorOptions = DopeSheetEditorOptions()) { self.options = options }

  public static let name = "dopesheet"
  public static let showsEveryAction = true

  public func content(of actions: [Action]) throws(RenderError) -> DopeSheetEditor {
    let actions = select.apply(to: actions)
    var options = options
    if fitsHeight { options.height = DopeSheetEditor.fittingHeight(actions: actions, options: options) }
    return DopeSheetEditor(actions: actions, options: options)
  }
}

extension DopeSheetEditor: Drawable, LayoutDescribing {
  public var size: Size { pictureSize }
  /// The rows as data (`DopeSheetLayout.json`), the same at every scale.
  public func layoutJSON(scale: Double) -> String { sheet.json }
}
