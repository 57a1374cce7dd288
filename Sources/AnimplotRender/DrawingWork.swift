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
