import AnimplotCanvas

/// What the editors' layouts share: an editor drawn below an optional header on a raster of
/// `scale` device pixels per logical pixel, and the conversions between the editor's logical
/// pixels (what it draws in) and the picture's device pixels (what `hit` and the JSON speak).
public protocol EditorLayout: Sendable {
  /// Device pixels per logical pixel (a scale that is not finite and positive counts as 1).
  var scale: Double { get }
  /// Device rows of the editor header above the editor (0 without one).
  var headerRows: Int { get }
}

extension EditorLayout {
  /// `p` (logical pixels in the editor, below the header) in the picture's device pixels.
  public func devicePoint(_ p: Point) -> Point { Point(p.x * scale, p.y * scale + Double(headerRows)) }

  /// `r` (logical pixels in the editor) in the picture's device pixels.
  public func deviceRect(_ r: Rect) -> Rect {
    Rect(x: r.minX * scale, y: r.minY * scale + Double(headerRows), width: r.width * scale, height: r.height * scale)
  }

  /// `p` (the picture's device pixels) in the editor's logical pixels, below the header.
  public func editorPoint(_ p: Point) -> Point { Point(p.x / scale, (p.y - Double(headerRows)) / scale) }
}
