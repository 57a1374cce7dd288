import AnimplotCanvas

/// An editor drawn in two layers, so that an animation of its playhead draws the unchanging
/// picture once: the still layer (everything that does not depend on the current frame), and
/// over it the playhead layer (the playhead, and the Timeline's frame readout).
///
/// For a raster canvas, `drawStill` then `drawPlayhead(f)` gives the same pixels as `draw` with
/// the current frame set to `f` (the playhead layer is the last drawn where it lies).
public protocol PlayheadLayered: Sendable {
  /// The picture's size in logical pixels.
  var pictureSize: Size { get }
  /// Draws everything but the playhead layer.
  func drawStill(on canvas: any Canvas)
  /// Draws the playhead layer at `frame`, over the still layer.
  func drawPlayhead(_ frame: Double, on canvas: any Canvas)
}
