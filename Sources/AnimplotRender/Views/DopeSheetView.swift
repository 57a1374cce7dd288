import AnimplotCanvas
import AnimplotCore
import AnimplotPlatform
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
  /// - Throws: `RenderError` (`.request`) for more rows, keys, holds and interpolation lines
  ///   to list than `Limits.layoutMarks` (each takes a few lines: 2 million keys passed 2 GB).
  public func layoutJSON(scale: Double) throws(RenderError) -> String {
    let marks = sheet.rows.reduce(0) { $0 + 1 + $1.keys.count + $1.holds.count + $1.interpolationLines.count }
    guard marks <= Limits.layoutMarks else {
      throw RenderError(
        .request,
        "the layout would list \(marks) rows, keys, holds and interpolation lines, more than \(Limits.layoutMarks); "
          + "show fewer channels (--channels) or frames (--frames)")
    }
    return sheet.json
  }
}
