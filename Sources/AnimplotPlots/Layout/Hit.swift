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
    // A diamond's 1-px outline reaches half a pixel past its edge: 0.5·√2 in |x| + |y|.
    let radius = vertexRadius + (isDiamond ? 0.5 * 2.0.squareRoot() : 0) + slack
    let centers = keyCenters
    func onVertex(_ i: Int) -> Bool {
      let c = centers[i]
      guard showsKey(i, at: c) else { return false }
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
    let handles = self.handles()
    let ring = Self.handleRingRadius + Self.handleRingWidth / 2 + slack
    for selected in [true, false] {
      for h in handles.reversed() where h.isSelected == selected {
        if pointDistance(p, h.end) <= ring { return .handle(key(h.key), h.side) }
      }
    }
    for h in handles.reversed() {
      if distanceToChord(p, centers[h.key], h.end) <= handleLineWidth / 2 + slack {
        return .handle(key(h.key), h.side)
      }
    }
    if path.passes(within: strokeWidth / 2 + slack, of: p) || CurveBands.contains(bands, p, scale: pixels.scale, slack: slack) {
      return .curve(channel)
    }
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
      // The glyphs holding `p` (a glyph may reach past its row's backdrop: the rows around `p`),
      // the one drawn last on top: by batch (`KeyRowPainter.Look`), then row, then column.
      var top: (look: KeyRowPainter.Look, row: Int, column: Int, index: Int)?
      for (r, laid) in rows.enumerated() where abs(p.y - laid.keys.y) <= KeyGlyph.maximumHalfExtent + slack {
        for (c, column) in laid.keys.columns.enumerated()
        where abs(p.x - column.x) <= KeyGlyph.maximumHalfExtent + slack {
          let key = laid.row.keys[column.index]
          let look = painter.look(key, of: laid.row)
          let glyph = KeyGlyph(type: look.type, shape: look.shape, scale: scale)
          guard glyph.contains(Point(p.x - column.x, p.y - laid.keys.y), slack: slack) else { continue }
          if let t = top, (t.look, t.row, t.column) > (look, r, c) { continue }
          top = (look, r, c, column.index)
        }
      }
      if let top { return .key(row: rows[top.row].index, column: top.index) }
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
    bars.last { $0.thumbRect.holds(p) }?.axis
  }
}

extension Rect {
  /// Whether `p` lies in the rectangle: on or right of its left edge and below its top, left of
  /// its right edge and above its bottom (a pixel belongs to one of two adjacent rectangles).
  func holds(_ p: Point) -> Bool { p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY }
}

extension Path {
  /// Whether the path's outline passes within `limit` of `p`: its lines, and its cubics
  /// flattened (`flattenCubic`, to a tenth of a pixel) where their control polygon comes near
  /// `p`. Points that are not finite are never near.
  func passes(within limit: Double, of p: Point) -> Bool {
    func near(_ points: [Point]) -> Bool {
      // The box of `points` (which holds a cubic when they are its control polygon) near `p`;
      // false for points that are not finite.
      guard let minX = points.map(\.x).min(), let maxX = points.map(\.x).max(),
        let minY = points.map(\.y).min(), let maxY = points.map(\.y).max()
      else { return false }
      return p.x >= minX - limit && p.x <= maxX + limit && p.y >= minY - limit && p.y <= maxY + limit
        && points.allSatisfy { $0.x.isFinite && $0.y.isFinite }
    }
    func onSegment(_ a: Point, _ b: Point) -> Bool {
      // The segment's box first (false for points that are not finite), then the distance.
      p.x >= min(a.x, b.x) - limit && p.x <= max(a.x, b.x) + limit && p.y >= min(a.y, b.y) - limit
        && p.y <= max(a.y, b.y) + limit && distanceToChord(p, a, b) <= limit
    }
    var start = Point.zero, current = Point.zero
    for element in elements {
      switch element {
      case .move(let q):
        start = q
        current = q
      case .line(let q):
        if onSegment(current, q) { return true }
        current = q
      case .cubic(let c1, let c2, let end):
        if near([current, c1, c2, end]) {
          var points = [current]
          flattenCubic(current, c1, c2, end, tolerance: 0.1, depth: 0, into: &points)
          if zip(points, points.dropFirst()).contains(where: onSegment) { return true }
        }
        current = end
      case .close:
        if onSegment(current, start) { return true }
        current = start
      }
    }
    return false
  }
}
