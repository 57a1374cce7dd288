import AnimplotCore
import AnimplotCanvas

/// Draws dope-sheet rows' hold bars, interpolation lines and key glyphs, as Blender's
/// `keyframes_draw.cc` does: bars first, then lines, then keys, each key at its row's vertical
/// centre snapped to a pixel centre (docs/blender.md, "Dope Sheet key glyphs" and "Hold bars and
/// interpolation lines").
///
/// Everything of one look across all rows is one canvas call (one path of bars, one batch of
/// markers), so a dope sheet of a hundred thousand keys costs a few dozen calls; rows never
/// overlap, so the batching does not change what covers what between rows.
struct KeyRowPainter: Sendable {
  /// Height of a static hold bar: the base key size (`icon`), pixels.
  static let holdHeight = KeyGlyph.baseSize
  /// Height of a moving hold bar (`0.7 × icon`), pixels.
  static let movingHoldHeight = 0.7 * KeyGlyph.baseSize
  /// Height of the interpolation line (`0.2 × icon`), pixels.
  static let interpolationLineHeight = 0.2 * KeyGlyph.baseSize
  /// Alpha of a locked channel's keys, bars and lines.
  static let lockedAlpha = 0.25

  /// A row to draw and where.
  struct Entry: Sendable {
    var row: DopeSheetRow
    /// The row's vertical centre (`ChannelRows.middle`).
    var middle: Double
    /// Where its key glyphs are drawn (`keyPlaces`).
    var keys: KeyPlaces
  }

  /// Where a row's key glyphs are drawn: on the device pixel row of the row's middle, each drawn
  /// column on its device pixel column (logical pixels).
  struct KeyPlaces: Sendable, Hashable {
    /// The glyphs' centre line.
    var y: Double
    /// The columns drawn (within a glyph of the region), in frame order.
    var columns: [Column]

    struct Column: Sendable, Hashable {
      /// The column's position in the row's `keys`.
      var index: Int
      /// Its centre.
      var x: Double
    }
  }

  /// Where `row`'s glyphs go on a raster of `scale` device pixels per logical pixel, for a row
  /// whose middle is `middle`.
  func keyPlaces(_ row: DopeSheetRow, middle: Double, scale: Double) -> KeyPlaces {
    let left = region.minX - KeyGlyph.baseSize, right = region.maxX + KeyGlyph.baseSize
    let pixels = DevicePixels(scale: scale)
    var columns: [KeyPlaces.Column] = []
    for (i, key) in row.keys.enumerated() {
      let x = viewport.x(Double(key.frame))
      guard x >= left && x <= right else { continue }
      columns.append(KeyPlaces.Column(index: i, x: pixels.center(x)))
    }
    return KeyPlaces(y: pixels.center(middle), columns: columns)
  }

  var theme: Theme
  /// Frame ↔ x mapping.
  var viewport: Viewport
  /// The horizontal extent drawn into (keys and bars outside it are skipped or cut).
  var region: Rect
  /// Blender's "Show Handles and Interpolation": keys shaped by handle type, and the
  /// interpolation line on non-Bézier spans.
  var showsHandleTypes: Bool

  func draw(_ canvas: any Canvas, _ entries: [Entry]) {
    drawHolds(canvas, entries)
    if showsHandleTypes { drawInterpolationLines(canvas, entries) }
    drawKeys(canvas, entries)
  }

  private static func alpha(_ row: DopeSheetRow) -> Double { row.locked ? lockedAlpha : 1 }

  /// The x extent of a span, cut to the region; `nil` when it is outside.
  private func span(_ start: Float, _ end: Float) -> (Double, Double)? {
    let x0 = max(region.minX - 1, viewport.x(Double(start)))
    let x1 = min(region.maxX + 1, viewport.x(Double(end)))
    return x1 > x0 ? (x0, x1) : nil
  }

  /// Fills one path per colour, colours in the order they first appear.
  private func fillBatches(_ canvas: any Canvas, _ rects: [(Color, Rect)]) {
    var order: [Color] = []
    var paths: [Color: Path] = [:]
    for (color, rect) in rects {
      if paths[color] == nil { order.append(color) }
      paths[color, default: Path()].append(.rect(rect))
    }
    for color in order { canvas.fill(paths[color]!, color: color) }
  }

  /// Hold bars of one look that touch (a hold ends at the column the next starts from) are one
  /// bar when either is narrower than a device pixel: a row of a million holds across a
  /// thousand pixels is a few bars, not a million rectangles (each took about 300 bytes of path
  /// and the rasteriser's memory per row, 1.5 GB in all). Bars a pixel wide or more stay
  /// apart, as they were drawn.
  private func drawHolds(_ canvas: any Canvas, _ entries: [Entry]) {
    var rects: [(Color, Rect)] = []
    let pixel = 1 / DevicePixels(canvas).scale
    for entry in entries {
      let middle = entry.middle
      let alpha = Self.alpha(entry.row)
      let first = rects.count
      // Where the last bar of the row ended (its end as `span` gave it, not as its width adds up).
      var end = -Double.infinity
      for hold in entry.row.holds {
        guard let (x0, x1) = span(hold.start, hold.end) else { continue }
        let base = hold.selected ? theme.dopeSheet.holdBarSelected : theme.dopeSheet.holdBar
        let (height, factor) =
          hold.kind == .static ? (Self.holdHeight, 1.0) : (Self.movingHoldHeight, 0.8)
        let color = base.withAlpha(base.alpha * factor * alpha)
        let rect = Rect(x: x0, y: middle - height / 2, width: x1 - x0, height: height)
        defer { end = x1 }
        if rects.count > first, let (lastColor, last) = rects.last, lastColor == color, end == x0,
          last.height == height, last.width < pixel || rect.width < pixel
        {
          rects[rects.count - 1].1 = Rect(x: last.minX, y: last.minY, width: x1 - last.minX, height: height)
          continue
        }
        rects.append((color, rect))
      }
    }
    fillBatches(canvas, rects)
  }

  private func drawInterpolationLines(_ canvas: any Canvas, _ entries: [Entry]) {
    var rects: [(Color, Rect)] = []
    let height = Self.interpolationLineHeight
    for entry in entries {
      let middle = entry.middle
      let alpha = Self.alpha(entry.row)
      for line in entry.row.interpolationLines {
        guard let (x0, x1) = span(line.start, line.end) else { continue }
        let base = theme.dopeSheet.interpolationLine
        let color = base.withAlpha(base.alpha * (line.mixed ? 0.5 : 1) * alpha)
        rects.append((color, Rect(x: x0, y: middle - height / 2, width: x1 - x0, height: height)))
      }
    }
    fillBatches(canvas, rects)
  }

  /// What keys drawn in one batch share. Batches are drawn in this order: unselected under
  /// selected, then by type and shape, so the order never depends on hashing.
  struct Look: Hashable, Comparable {
    var type: KeyframeType
    var selected: Bool
    var shape: KeyShape?
    var alpha: Double

    static func < (a: Look, b: Look) -> Bool {
      (a.selected ? 1 : 0, a.type.rawValue, a.shape?.rawValue ?? 0, a.alpha)
        < (b.selected ? 1 : 0, b.type.rawValue, b.shape?.rawValue ?? 0, b.alpha)
    }
  }

  /// The batch `key` of `row` is drawn in.
  func look(_ key: KeyColumn, of row: DopeSheetRow) -> Look {
    Look(type: key.type, selected: key.selected, shape: showsHandleTypes ? key.shape : nil, alpha: Self.alpha(row))
  }

  private func drawKeys(_ canvas: any Canvas, _ entries: [Entry]) {
    var points: [Look: [Point]] = [:]
    let pixels = DevicePixels(canvas)
    for entry in entries {
      let y = entry.keys.y
      for column in entry.keys.columns {
        points[look(entry.row.keys[column.index], of: entry.row), default: []].append(Point(column.x, y))
      }
    }
    // Each batch in `Look`'s order; within one, the rows from the top, the columns by frame.
    let looks = points.keys.sorted()
    for look in looks {
      let glyph = KeyGlyph(type: look.type, shape: look.shape, scale: pixels.scale)
      let colors = fillColors(look.type)
      let fill = colors.color(selected: look.selected)
      let border = look.selected ? theme.dopeSheet.keyBorderSelected : theme.dopeSheet.keyBorder
      let at = points[look]!
      canvas.markers(
        glyph.outline, at: at, fill: fill.withAlpha(fill.alpha * look.alpha),
        stroke: (border.withAlpha(border.alpha * look.alpha), StrokeStyle(width: glyph.borderWidth)))
      if let dot = glyph.dot {
        canvas.markers(dot, at: at, fill: border.withAlpha(border.alpha * look.alpha), stroke: nil)
      }
    }
  }

  /// The theme's fill colours of a key type, unselected and selected.
  private func fillColors(_ type: KeyframeType) -> ColorPair {
    switch type {
    case .keyframe: theme.dopeSheet.keyframe
    case .breakdown: theme.dopeSheet.breakdown
    case .movingHold: theme.dopeSheet.movingHold
    case .extreme: theme.dopeSheet.extreme
    case .jitter: theme.dopeSheet.jitter
    case .generated: theme.dopeSheet.generated
    }
  }
}
