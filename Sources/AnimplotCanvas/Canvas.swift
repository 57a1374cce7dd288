/// A drawing surface with few primitives, in logical pixels (y downward). The editors draw on
/// any `Canvas`; a backend knows nothing of animation.
///
/// Implementations: `RecordingCanvas` (a display list, for tests and `--format displaylist`)
/// and the Cairo backend (PNG, SVG, PDF).
public protocol Canvas: AnyObject {
  /// The drawing area in logical pixels.
  var size: Size { get }
  /// The text measurer the backend draws with.
  var fontMetrics: any FontMetrics { get }
  /// Device pixels per logical pixel (a raster's `--scale`), with which editors put 1-px
  /// lines and text baselines on whole device pixels, as Blender draws them. 1 by default.
  var deviceScale: Double { get }

  /// Fills `path` (non-zero winding) with `color`.
  func fill(_ path: Path, color: Color)
  /// Strokes `path` with `color` in `style`.
  func stroke(_ path: Path, color: Color, style: StrokeStyle)
  /// Draws `text` in one line so that `anchor` of the text sits at `point`.
  func text(_ text: String, at point: Point, style: TextStyle, anchor: TextAnchor)
  /// Draws the same marker centred at each point: `shape` is given around the origin, filled
  /// with `fill` and then stroked with `stroke` (either may be absent). A backend may draw
  /// markers faster than one path each; the default does just that.
  func markers(_ shape: Path, at points: [Point], fill: Color?, stroke: (Color, StrokeStyle)?)
  /// Fills each of `rects`, which do not overlap, with `color`, as `fill` of their outlines
  /// does. A raster backend may fill rectangles that lie on whole device pixels directly,
  /// without scan converting them; the default fills one path of them all.
  func fill(rects: [Rect], color: Color)
  /// Pushes the current clip and transform.
  func save()
  /// Pops what the matching `save()` pushed.
  func restore()
  /// Intersects the clip with `path`.
  func clip(to path: Path)
  /// Applies `transform` to everything drawn after it (until `restore()`).
  func concatenate(_ transform: Transform)
}

extension Canvas {
  public var deviceScale: Double { 1 }

  public func markers(_ shape: Path, at points: [Point], fill: Color?, stroke: (Color, StrokeStyle)?) {
    for p in points {
      save()
      concatenate(.translation(p.x, p.y))
      if let fill { self.fill(shape, color: fill) }
      if let (color, style) = stroke { self.stroke(shape, color: color, style: style) }
      restore()
    }
  }

  public func fill(rects: [Rect], color: Color) {
    var path = Path()
    for rect in rects { path.append(.rect(rect)) }
    fill(path, color: color)
  }

  /// Clips to `rect`.
  public func clip(to rect: Rect) { clip(to: .rect(rect)) }
}
