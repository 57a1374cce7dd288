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

extension LaidOutGraphEditor: PlayheadLayered {
  var pictureSize: Size { editor.pictureSize }
  func drawStill(on canvas: any Canvas) { editor.drawStill(layout, on: canvas) }
  func drawPlayhead(_ frame: Double, on canvas: any Canvas) { editor.drawPlayhead(frame, on: canvas) }
}

extension PlayheadAnimation {
  /// The animation with its still layer laid out at `scale`, once, for a raster (`play
  /// --editor graph` as an APNG or a folder of frames): the Graph Editor's curves, bands, keys
  /// and handles are drawn once, under every picture's playhead, and weighed as a PNG of the
  /// editor is (`GraphDrawingWork`). A preview's stage is given back weighed by the pixels its
  /// shapes cover in every picture (`Limits.previewShapePixels`); other editors, and an
  /// animation laid out already, as they are.
  /// - Throws: `RenderError` (`.request`) when drawing the still layer would pass a limit.
  package func laidOutForRaster(scale: Double) throws(RenderError) -> PlayheadAnimation {
    if let stage = layers as? Stage {
      try stage.checkShapePixels(pictures: frames.count, scale: scale)
      return self
    }
    guard let editor = layers as? GraphEditor else { return self }
    let layout = editor.layout(scale: scale)
    try layout.drawingWork.check()
    return PlayheadAnimation(
      layers: LaidOutGraphEditor(editor: editor, layout: layout), frames: frames, delays: delays, plays: plays)
  }
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

extension Stage {
  /// - Throws: `RenderError` (`.request`) when the shapes of `pictures` pictures at `scale`
  ///   would cover more than `Limits.previewShapePixels` device pixels (`shapePixels`).
  func checkShapePixels(pictures: Int, scale: Double) throws(RenderError) {
    let pixels = shapePixels(pictures: pictures, scale: scale)
    guard pixels > Double(Limits.previewShapePixels) else { return }
    let shown = pixels < 1e18 ? "\(Int(pixels))" : "more than 10^18"
    throw RenderError(
      .request,
      "the preview's shapes would cover \(shown) device pixels over \(pictures) pictures, more than "
        + "\(Limits.previewShapePixels); show one object with --object NAME, give a shorter --frames or a larger "
        + "--step, or draw a smaller picture (--width, --height, --scale)")
  }
}

extension StageFilmstrip: LaidOutDrawing {
  /// On a raster, the pixels its shapes cover in every cell are weighed as a preview's pictures
  /// are (`Limits.previewShapePixels`): a cell is the stage drawn whole.
  package func laidOut(scale: Double, format: CairoCanvas.Format) throws(RenderError) -> any Drawable {
    if format == .png { try stage.checkShapePixels(pictures: frames.count, scale: scale) }
    return self
  }
}
