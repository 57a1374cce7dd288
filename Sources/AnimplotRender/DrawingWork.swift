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

extension GraphEditor: WeighedDrawing {
  /// Every curve (a ghost too) is stroked across the plot, and one drawn sampled is evaluated
  /// there: the work is the curves times the plot's device columns, held to
  /// `Limits.graphCurveColumns`.
  package func checkDrawingWork(scale: Double) throws(RenderError) {
    let columns = Int((viewport.rect.width * scale).rounded(.up))
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
