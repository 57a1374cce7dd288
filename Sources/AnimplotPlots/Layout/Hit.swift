import AnimplotCanvas
import AnimplotCore

/// One of an editor's scrollbars.
public enum ScrollbarAxis: String, Sendable, Hashable {
  /// Along the bottom: the frames.
  case horizontal
  /// Along the right: the values (Graph Editor) or the rows (Dope Sheet).
  case vertical
}

/// What lies under a point of a Graph Editor picture: the topmost thing drawn there.
public enum GraphEditorHit: Sendable, Hashable {
  /// Blender's editor header above the editor.
  case header
  /// The channel list where no row is (the search field, below the last row, a gap).
  case channelList
  /// A channel-list row (its position in `GraphEditorLayout.channelList.rows`), on one of its
  /// toggles or not.
  case channelRow(Int, toggle: ChannelToggle?)
  /// The scrub strip, at a frame.
  case scrubStrip(frame: Double)
  /// A scrollbar's thumb.
  case scrollbar(ScrollbarAxis)
  /// A marker's triangle (its position in `GraphEditorLayout.markers`' list: `MarkerLayout.index`).
  case marker(Int)
  /// A key's vertex.
  case key(KeyID)
  /// A Bézier handle: its ring or its line.
  case handle(KeyID, HandleSide)
  /// A curve's line.
  case curve(ChannelID)
  /// The plot where nothing else is, at a frame and value (normalised with `normalize`).
  case plot(frame: Double, value: Double)
}

/// What lies under a point of a Dope Sheet picture: the topmost thing drawn there.
public enum DopeSheetEditorHit: Sendable, Hashable {
  case header
  /// The channel list where no row is.
  case channelList
  /// A channel-list row (its position in `DopeSheetEditorLayout.channelList.rows`, which is the
  /// row's position in the editor's rows), on one of its toggles or not.
  case channelRow(Int, toggle: ChannelToggle?)
  case scrubStrip(frame: Double)
  case scrollbar(ScrollbarAxis)
  case marker(Int)
  /// A key glyph: the row (its position in the editor's rows) and the column (its position in
  /// that row's `keys`); `DopeSheetEditor.keys(row:column:)` names the keys it merges.
  case key(row: Int, column: Int)
  /// A row's backdrop where no glyph is (its position in the editor's rows).
  case row(Int)
  /// The key area where no row is (the gaps between rows, below the last), at a frame.
  case keyArea(frame: Double)
}

extension GraphEditorLayout {
  /// The topmost thing drawn at `point` (the picture's device pixels), in Blender's drawing
  /// order: the header; the channel list (drawn over the editor's left), its toggles over its
  /// rows; in the main region the scrollbars, the scrub strip and markers over the curves; of
  /// the curves, the active one over selected ones over the others; on a curve, its key
  /// vertices (the active key over selected ones over the others) over its handles' rings over
  /// their lines over the curve's line. `nil` outside the picture.
  ///
  /// A thing is hit where it is drawn: a key within its vertex's radius, a handle within its
  /// ring or its line's width, a curve within half its line's width; `tolerance` (device pixels)
  /// widens all of these, for a pointer.
  public func hit(_ point: Point, tolerance: Double = 0) -> GraphEditorHit? {
    let slack = max(0, tolerance) / scale
    return places.hit(point) { p in
      for i in drawingOrder.reversed() {
        if let hit = curves[i].hit(p, slack: slack) { return hit }
      }
      return .plot(frame: viewport.frame(atX: p.x), value: viewport.value(atY: p.y))
    }
  }
}

extension CurveLayout {
  /// What of this curve is drawn at `p` (logical pixels), topmost first.
  func hit(_ p: Point, slack: Double) -> GraphEditorHit? {
    let keys = track.keyframes
    func key(_ i: Int) -> KeyID { KeyID(channel: channel, key: i) }
    // Vertices: the active key, then selected ones, then the others, each class later over
    // earlier.
    let radius = vertexRadius + (isDiamond ? 0.5 : 0) + slack
    func onVertex(_ i: Int) -> Bool {
      let c = keyCenter(i)
      guard showsVertex(at: c) else { return false }
      let dx = abs(p.x - c.x), dy = abs(p.y - c.y)
      return isDiamond ? dx + dy <= radius : dx * dx + dy * dy <= radius * radius
    }
    if let a = activeKey, onVertex(a) { return .key(key(a)) }
    for selected in [true, false] {
      for i in keys.indices.reversed() where i != activeKey && keys[i].selected == selected && onVertex(i) {
        return .key(key(i))
      }
    }
    // Handle rings (selected ones drawn over the others), then handle lines.
    let ring = Self.handleRingRadius + Self.handleRingWidth / 2 + slack
    for selected in [true, false] {
      for h in handles.reversed() where h.isSelected == selected {
        if distance(p, h.end) <= ring { return .handle(key(h.key), h.side) }
      }
    }
    for h in handles.reversed() {
      if distance(p, toSegment: keyCenter(h.key), h.end) <= handleLineWidth / 2 + slack {
        return .handle(key(h.key), h.side)
      }
    }
    if path.passes(within: strokeWidth / 2 + slack, of: p) { return .curve(channel) }
    return nil
  }
}

extension DopeSheetEditorLayout {
  /// The topmost thing drawn at `point` (the picture's device pixels): the header; the channel
  /// list, its toggles over its rows; in the main region the scrollbars, the scrub strip and
  /// markers over the rows; on a row, its key glyphs over its backdrop. A glyph is hit within
  /// its drawn outline (border included), widened by `tolerance` device pixels. `nil` outside
  /// the picture.
  public func hit(_ point: Point, tolerance: Double = 0) -> DopeSheetEditorHit? {
    let slack = max(0, tolerance) / scale
    return places.hit(point) { p in
      // A glyph may reach past its row's backdrop: look at the rows around `p` for glyphs first.
      for laid in rows where abs(p.y - laid.keys.y) <= KeyGlyph.maximumHalfExtent + slack {
        for column in laid.keys.columns.reversed() {
          let key = laid.row.keys[column.index]
          let glyph = KeyGlyph(type: key.type, shape: showsHandleTypes ? key.shape : nil, scale: scale)
          if glyph.contains(Point(p.x - column.x, p.y - laid.keys.y), slack: slack) {
            return .key(row: laid.index, column: column.index)
          }
        }
      }
      if let laid = rows.first(where: { $0.backdrop.holds(p) }) { return .row(laid.index) }
      return .keyArea(frame: viewport.frame(atX: p.x))
    }
  }
}

extension GraphEditorHit: EditorPartHit {}
extension DopeSheetEditorHit: EditorPartHit {}

extension Scrollbars {
  /// The scrollbar whose thumb holds `p` (logical pixels), the last drawn first.
  func axis(at p: Point) -> ScrollbarAxis? {
    bars.last { $0.thumbRect.holds(p) }.map { $0.axis == .horizontal ? .horizontal : .vertical }
  }
}

extension Rect {
  /// Whether `p` lies in the rectangle: on or right of its left edge and below its top, left of
  /// its right edge and above its bottom (a pixel belongs to one of two adjacent rectangles).
  func holds(_ p: Point) -> Bool { p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY }
}

/// The distance between two points.
func distance(_ a: Point, _ b: Point) -> Double {
  let dx = a.x - b.x, dy = a.y - b.y
  return (dx * dx + dy * dy).squareRoot()
}

/// The distance from `p` to the segment `a`–`b`.
func distance(_ p: Point, toSegment a: Point, _ b: Point) -> Double {
  let dx = b.x - a.x, dy = b.y - a.y
  let length2 = dx * dx + dy * dy
  guard length2 > 0 else { return distance(p, a) }
  let t = max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2))
  return distance(p, Point(a.x + t * dx, a.y + t * dy))
}

extension Path {
  /// Whether the path's outline passes within `limit` of `p`: its lines, and its cubics
  /// flattened finely enough (segments of at most a logical pixel) for a pointer.
  func passes(within limit: Double, of p: Point) -> Bool {
    var start = Point.zero, current = Point.zero
    func near(_ a: Point, _ b: Point) -> Bool {
      // Cheap rejection by the segment's box before the exact distance.
      guard p.x >= min(a.x, b.x) - limit, p.x <= max(a.x, b.x) + limit, p.y >= min(a.y, b.y) - limit,
        p.y <= max(a.y, b.y) + limit
      else { return false }
      return AnimplotPlots.distance(p, toSegment: a, b) <= limit
    }
    for element in elements {
      switch element {
      case .move(let q):
        start = q
        current = q
      case .line(let q):
        if near(current, q) { return true }
        current = q
      case .cubic(let c1, let c2, let end):
        // The control polygon holds the curve: skip cubics whose hull is far from `p`.
        let xs = [current.x, c1.x, c2.x, end.x], ys = [current.y, c1.y, c2.y, end.y]
        if p.x >= xs.min()! - limit, p.x <= xs.max()! + limit, p.y >= ys.min()! - limit, p.y <= ys.max()! + limit {
          let hull = AnimplotPlots.distance(current, c1) + AnimplotPlots.distance(c1, c2) + AnimplotPlots.distance(c2, end)
          let steps = Swift.max(4, Swift.min(1024, Int(hull.rounded(.up))))
          var previous = current
          for k in 1...steps {
            let t = Double(k) / Double(steps), u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            let q = Point(
              a * current.x + b * c1.x + c * c2.x + d * end.x, a * current.y + b * c1.y + c * c2.y + d * end.y)
            if near(previous, q) { return true }
            previous = q
          }
        }
        current = end
      case .close:
        if near(current, start) { return true }
        current = start
      }
    }
    return false
  }
}
