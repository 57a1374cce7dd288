import AnimplotCanvas
import CAnimplotCairo

// Long thin strokes on raster surfaces, drawn a segment at a time (`stroke` chooses them).
extension CairoCanvas {
  /// Long thin strokes are drawn one segment at a time on raster surfaces.
  ///
  /// Cairo 1.16 scan-converts a stroke over its whole bounding box, so one stroke of a
  /// 1000-key curve across a 4K picture costs about twice as much as its segments stroked one by
  /// one (W2 of the benchmark, whole picture: 1.75 s with one stroke per curve, 1.72 s with
  /// pieces of 16 segments, 1.45 s with single segments). Pieces abut with butt ends where a
  /// join would be; at widths up to 1.5 px that changes a few levels of antialiasing at the
  /// joints (W1: RMS 0.05, no pixel over pixelmatch's 0.1 threshold), and Blender draws curves as
  /// separate GL segments anyway. Vector formats keep one path.
  static let strokeChunk = 1
  /// Shorter paths (and closed ones) keep their joins.
  static let chunkedStrokeMinimumElements = 32
  static let chunkedStrokeMaximumWidth = 1.5

  /// Segments per device pixel column of a path's width above which it is stroked whole: there
  /// the cost of a stroke per segment outweighs Cairo's scan of the whole bounding box. A curve
  /// summed up per pixel column (`CurvePath`'s envelope: three lines a column) is; a curve
  /// sampled every half pixel (easings, modifiers, quaternions: two a column at scale 1) and
  /// every ordinary curve are not. W5's Graph Editor (1000 curves of 10,000 keys): 3.5 s -> 2.1 s
  /// of CPU.
  static let denseSegmentsPerColumn = 2.5

  /// Whether `path` has more than `denseSegmentsPerColumn` segments per device pixel of its
  /// width.
  func isDense(_ path: Path) -> Bool {
    var minX = Double.infinity, maxX = -Double.infinity
    for element in path.elements {
      switch element {
      case .move(let p), .line(let p):
        minX = min(minX, p.x)
        maxX = max(maxX, p.x)
      case .cubic(let c1, let c2, let end):
        minX = min(minX, c1.x, c2.x, end.x)
        maxX = max(maxX, c1.x, c2.x, end.x)
      case .close: continue
      }
    }
    guard minX.isFinite, maxX.isFinite else { return false }
    return Double(path.elements.count) > Self.denseSegmentsPerColumn * max(1, (maxX - minX) * scale)
  }

  func strokeInChunks(_ path: Path) {
    var current = Point.zero
    var start = Point.zero
    var segments = 0
    cairo_new_path(context)
    for element in path.elements {
      switch element {
      case .move(let p):
        if segments > 0 {
          cairo_stroke(context)
          segments = 0
        }
        cairo_move_to(context, p.x, p.y)
        current = p
        start = p
        continue
      case .line(let p):
        cairo_line_to(context, p.x, p.y)
        current = p
      case .cubic(let c1, let c2, let end):
        cairo_curve_to(context, c1.x, c1.y, c2.x, c2.y, end.x, end.y)
        current = end
      case .close:
        cairo_close_path(context)
        current = start
      }
      segments += 1
      if segments == Self.strokeChunk {
        cairo_stroke(context)
        cairo_move_to(context, current.x, current.y)
        segments = 0
      }
    }
    if segments > 0 { cairo_stroke(context) } else { cairo_new_path(context) }
  }
}
