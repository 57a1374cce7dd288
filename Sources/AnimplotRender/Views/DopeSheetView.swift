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

  /// - Throws: `RenderError` (`.request`) for a layout of more rows, keys, holds and
  ///   interpolation lines than `Limits.dopeSheetMarks`, counted as its rows are made.
  public func content(of actions: [Action]) throws(RenderError) -> DopeSheetEditor {
    try Self.editor(select.apply(to: actions), options: options, fitsHeight: fitsHeight)
  }

  /// The editor of `actions`, its layout stopped past `Limits.dopeSheetMarks` (`play` draws it
  /// too); with `fitsHeight`, as high as its rows.
  static func editor(_ actions: [Action], options: DopeSheetEditorOptions, fitsHeight: Bool = false)
    throws(RenderError) -> DopeSheetEditor
  {
    let sheet: DopeSheetLayout
    do {
      sheet = try DopeSheetLayout(actions: actions, options: options.rows, maximumMarks: Limits.dopeSheetMarks)
    } catch {
      throw Self.tooLarge(error, view: "Dope Sheet")
    }
    var options = options
    if fitsHeight { options.height = DopeSheetEditor.fittingHeight(rows: sheet.rows.count) }
    return DopeSheetEditor(actions: actions, options: options, sheet: sheet)
  }

  /// The error of a layout stopped past `Limits.dopeSheetMarks`.
  static func tooLarge(_ error: DopeSheetLayout.TooLarge, view: String) -> RenderError {
    RenderError(
      .request,
      "the \(view) would hold more than \(Limits.dopeSheetMarks) rows, keys, holds and interpolation lines "
        + "(\(error.marks) when it was stopped); show fewer channels (--channels)")
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
