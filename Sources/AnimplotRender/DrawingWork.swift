import AnimplotCairo
import AnimplotCanvas
import AnimplotPlatform
import AnimplotPlots

/// A picture whose drawing work its input decides beyond the picture's size, weighed at the
/// device scale it is drawn at, before anything is drawn (`Renderer.cairo`,
/// `Renderer.cairoAnimation`).
package protocol WeighedDrawing {
  /// - Throws: `RenderError` (`.request`) when the drawing would pass its limit, saying what
  ///   to reduce.
  func checkDrawingWork(scale: Double) throws(RenderError)
}

/// `points` at `scale` in whole device pixels, at most 2²⁰ (past every picture's limit; an
/// infinite or NaN scale, which a library caller may give, counts as that too): products of
/// such sides and the counts weighed with them cannot overflow.
package func deviceSide(_ points: Double, scale: Double) -> Int {
  let side = (points * scale).rounded(.up)
  return side >= 0 && side <= Double(1 << 20) ? Int(side) : 1 << 20
}

extension GraphEditor: WeighedDrawing {
  /// Every curve (a ghost too) is stroked across the plot, and one drawn sampled is evaluated
  /// there: the work is the curves times the plot's device columns, held to
  /// `Limits.graphCurveColumns`.
  package func checkDrawingWork(scale: Double) throws(RenderError) {
    let columns = deviceSide(viewport.rect.width, scale: scale)
    let work = strokedCurves * columns
    guard work <= Limits.graphCurveColumns else {
      throw RenderError(
        .request,
        "the Graph Editor would draw \(strokedCurves) curves across \(columns) device pixels, \(work) curve columns, "
          + "more than \(Limits.graphCurveColumns); show fewer channels (--channels, --hide) or draw a narrower "
          + "picture (--width, --scale)")
    }
  }
}

extension PlayheadAnimation: WeighedDrawing {
  /// The editor's still layer, drawn once, weighed as the editor is.
  package func checkDrawingWork(scale: Double) throws(RenderError) {
    try (layers as? any WeighedDrawing)?.checkDrawingWork(scale: scale)
  }
}

/// A picture laid out before it is drawn on a Cairo surface, so that what its layout holds is
/// weighed first and laid out once (`Renderer.cairo`).
package protocol LaidOutDrawing: Drawable {
  /// The picture laid out at `scale`, ready to draw on a canvas of that scale.
  /// - Throws: `RenderError` (`.request`) when drawing it as `format` would pass a limit,
  ///   saying what to reduce.
  func laidOut(scale: Double, format: CairoCanvas.Format) throws(RenderError) -> any Drawable
}

extension GraphEditor: LaidOutDrawing {
  /// The editor laid out at `scale`; on a raster, its curves' strokes and bands and its key
  /// vertices and handles weighed (`GraphDrawingWork`): vector surfaces only record them, and
  /// hold their marks to `Limits.vectorMarks`.
  package func laidOut(scale: Double, format: CairoCanvas.Format) throws(RenderError) -> any Drawable {
    let layout = layout(scale: scale)
    if format == .png { try layout.drawingWork.check() }
    return LaidOutGraphEditor(editor: self, layout: layout)
  }
}

/// A Graph Editor and its layout at the scale it is drawn at.
struct LaidOutGraphEditor: Drawable {
  let editor: GraphEditor
  let layout: GraphEditorLayout
  var size: Size { editor.size }
  func draw(on canvas: any Canvas) { editor.draw(layout, on: canvas) }
}

extension GraphDrawingWork {
  /// - Throws: `RenderError` (`.request`) past `Limits.graphStrokeRows`,
  ///   `Limits.graphBandPixels` or `Limits.graphMarks`, saying what to reduce.
  func check() throws(RenderError) {
    if strokeRows > Limits.graphStrokeRows {
      throw RenderError(
        .request,
        "the Graph Editor's curves and handles would be stroked across \(strokeRows) device rows, more than "
          + "\(Limits.graphStrokeRows); show fewer channels (--channels, --hide) or handles (--handles), or draw a "
          + "smaller picture (--width, --height, --scale)")
    }
    if bandPixels > Limits.graphBandPixels {
      throw RenderError(
        .request,
        "the Graph Editor would fill \(bandPixels) device pixels with curves that cross the plot in every pixel "
          + "column, more than \(Limits.graphBandPixels); show fewer channels (--channels, --hide) or draw a "
          + "smaller picture (--width, --height, --scale)")
    }
    if marks > Limits.graphMarks {
      throw RenderError(
        .request,
        "the Graph Editor would draw \(marks) key vertices and handles, more than \(Limits.graphMarks); "
          + "show fewer keys (--keys auto or none), handles (--handles) or channels (--channels), or fewer frames (--frames)")
    }
  }
}
