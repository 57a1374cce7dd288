import AnimplotCanvas
import AnimplotCore

/// What lies under a point of a Timeline picture: the topmost thing drawn there.
public enum TimelineHit: Sendable, Hashable {
  /// The header with the transport controls and the readout.
  case header
  /// The scrub strip, at a frame.
  case scrubStrip(frame: Double)
  /// A marker's triangle (its position in the Timeline's markers: `MarkerLayout.index`).
  case marker(Int)
  /// A key glyph of the Summary row: its position in `Timeline.keys.keys`.
  case key(column: Int)
  /// The strip below the scrub strip where no key is, at a frame.
  case keyArea(frame: Double)
}

/// Where the Timeline puts what it draws, in one picture at one device scale: its header, scrub
/// strip, markers and the Summary row's key glyphs. Laid out once (`Timeline.layout(scale:)`);
/// `hit(_:)` answers what lies under a pixel.
///
/// Places are in the picture's device pixels (see `EditorLayout`); the Timeline's transport
/// header is part of the editor (its logical rows from the top), not an editor header above it.
public struct TimelineLayout: EditorLayout {
  public let places: EditorPlaces
  /// The Summary row whose keys are drawn.
  public let keys: DopeSheetRow
  let painter: KeyRowPainter
  let glyphs: KeyRowPainter.KeyPlaces
  /// The transport header's height, logical pixels.
  let headerHeight: Double

  /// The centre of key glyph `column` (its position in `keys.keys`), device pixels; `nil` when
  /// that glyph is not drawn.
  public func center(ofKey column: Int) -> Point? {
    glyphs.columns.first { $0.index == column }.map { devicePoint(Point($0.x, glyphs.y)) }
  }

  /// The topmost thing drawn at `point` (the picture's device pixels): the header; below it the
  /// scrub strip and the markers' triangles over the keys; a key glyph within its drawn outline,
  /// widened by `tolerance` device pixels. `nil` outside the picture.
  public func hit(_ point: Point, tolerance: Double = 0) -> TimelineHit? {
    guard point.x >= 0, point.y >= 0, point.x < pictureSize.width * scale, point.y < pictureSize.height * scale
    else { return nil }
    let p = editorPoint(point)
    if p.y < headerHeight { return .header }
    if p.y < headerHeight + TimeRuler.stripHeight {
      return .scrubStrip(frame: TimeRuler.frame(atRegionX: p.x, region: places.region, viewport: viewport, scale: scale))
    }
    if let marker = markers.last(where: { $0.triangle.holds(p) }) { return .marker(marker.index) }
    let slack = max(0, tolerance) / scale
    var top: (look: KeyRowPainter.Look, column: Int)?
    if abs(p.y - glyphs.y) <= KeyGlyph.maximumHalfExtent + slack {
      for column in glyphs.columns where abs(p.x - column.x) <= KeyGlyph.maximumHalfExtent + slack {
        let look = painter.look(keys.keys[column.index], of: keys)
        let glyph = KeyGlyph(type: look.type, shape: look.shape, scale: scale)
        guard glyph.contains(Point(p.x - column.x, p.y - glyphs.y), slack: slack) else { continue }
        if let t = top, t.look > look { continue }
        top = (look, column.index)
      }
    }
    if let top { return .key(column: top.column) }
    return .keyArea(frame: viewport.frame(atX: p.x))
  }
}

extension Timeline {
  /// The Timeline laid out on a raster of `scale` device pixels per logical pixel (the scale of
  /// the canvas it is drawn on).
  public func layout(scale: Double) -> TimelineLayout {
    let geometry = ChannelRows(scale: scale)
    let painter = KeyRowPainter(theme: options.theme, viewport: viewport, region: main, showsHandleTypes: false)
    let middle = main.minY + geometry.middle(0)
    let places = EditorPlaces(
      scale: geometry.scale, pictureSize: pictureSize, headerRows: 0, viewport: viewport, region: main,
      channelList: nil, markers: editorFrame(playhead: nil).markerLayouts(scale: geometry.scale), scrollbars: nil)
    return TimelineLayout(
      places: places, keys: keys, painter: painter, glyphs: painter.keyPlaces(keys, middle: middle, scale: geometry.scale),
      headerHeight: Self.headerHeight)
  }
}
