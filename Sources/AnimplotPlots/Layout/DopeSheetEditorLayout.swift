import AnimplotCanvas
import AnimplotCore

/// Where the Dope Sheet puts everything it draws, in one picture at one device scale: every
/// channel-list row with its toggles, every row's backdrop and key glyphs, the markers, the
/// scrub strip and the scrollbars, each with its identity. Laid out once
/// (`DopeSheetEditor.layout(scale:)`); the editor draws from it and `hit(_:)` answers what lies
/// under a pixel. (`DopeSheetLayout`, its rows as data, is what `--format json` prints.)
///
/// Places are in the picture's device pixels (see `EditorLayout`); the geometry is the drawing's
/// own, kept in logical pixels below the header.
public struct DopeSheetEditorLayout: EditorLayout {
  public let places: EditorPlaces
  /// The rows drawn (those whose top lies within the region), from the top.
  public let rows: [DopeSheetRowLayout]
  /// What draws the rows' glyphs, in which order.
  let painter: KeyRowPainter

  /// The area the rows are drawn in (below the scrub strip, right of the channel list), device
  /// pixels.
  public var keyAreaRect: Rect { deviceRect(viewport.rect) }
  /// A row's backdrop across the key area, device pixels.
  public func rect(of row: DopeSheetRowLayout) -> Rect { deviceRect(row.backdrop) }
  /// The centre of a key glyph of `row` (`column` is its position in `row.row.keys`), device
  /// pixels; `nil` when that glyph is not drawn.
  public func center(of row: DopeSheetRowLayout, column: Int) -> Point? {
    row.keys.columns.first { $0.index == column }.map { devicePoint(Point($0.x, row.keys.y)) }
  }
}

/// One Dope Sheet row as laid out: the row, its backdrop across the key area and where its key
/// glyphs are drawn.
public struct DopeSheetRowLayout: Sendable {
  /// The row's position in the editor's rows (`DopeSheetLayout.rows`).
  public let index: Int
  /// The row: its kind, name, channel and key columns.
  public let row: DopeSheetRow
  /// The backdrop, logical pixels in the editor.
  let backdrop: Rect
  /// The row's vertical centre (`ChannelRows.middle`), where bars and keys are centred.
  let middle: Double
  /// Where its key glyphs are drawn.
  let keys: KeyRowPainter.KeyPlaces

  /// The positions (in `row.keys`) of the key columns drawn, in frame order.
  public var drawnColumns: [Int] { keys.columns.map(\.index) }
}

extension DopeSheetEditor {
  /// The editor laid out on a raster of `scale` device pixels per logical pixel (the scale of
  /// the canvas it is drawn on: `RenderSettings.scale`).
  public func layout(scale: Double) -> DopeSheetEditorLayout {
    let geometry = ChannelRows(scale: scale)
    let painter = painter
    let visible = sheet.rows.indices.prefix { main.minY + geometry.top($0) < main.maxY }
    let rows = visible.map { i in
      let middle = main.minY + geometry.middle(i)
      return DopeSheetRowLayout(
        index: i, row: sheet.rows[i],
        backdrop: Rect(x: main.minX, y: main.minY + geometry.top(i), width: main.width, height: geometry.height(i)),
        middle: middle, keys: painter.keyPlaces(sheet.rows[i], middle: middle, scale: geometry.scale))
    }
    let scrollbars = scrollbars()
    let markers = editorFrame(playhead: nil, scrollbars: scrollbars).markerLayouts(scale: geometry.scale)
    let list: ChannelListLayout?
    if main.minX > 0 {
      list = ChannelList(theme: options.theme, width: main.minX, height: options.height, style: .dopeSheet)
        .layout(sheet.rows.map(ChannelList.Row.init), scale: geometry.scale)
    } else {
      list = nil
    }
    let places = EditorPlaces(
      scale: geometry.scale, pictureSize: pictureSize,
      headerRows: options.showHeader ? EditorHeader.deviceRows(editorHeight: options.height, scale: geometry.scale) : 0,
      viewport: viewport, region: main, channelList: list, markers: markers, scrollbars: scrollbars)
    return DopeSheetEditorLayout(places: places, rows: rows, painter: painter)
  }

  /// The keys merged into key column `column` of row `row` (positions in `sheet.rows` and in
  /// that row's `keys`), in the order they were merged: every key of the row's channels that
  /// Blender's keylist puts in that column.
  public func keys(row: Int, column: Int) -> [KeyID] {
    guard sheet.rows.indices.contains(row) else { return [] }
    let channels = sheet.rows[row].channels
    var list = KeyList(tracking: true)
    for channel in channels {
      let track = actions[channel.action].tracks[channel.track]
      let order = DopeSheetLayout.keyOrder(track)
      list.add(curve: Keyframes(order.map { track.keyframes[$0] }), ids: order.map { KeyID(channel: channel, key: $0) })
    }
    let merged = list.columnKeys
    return merged.indices.contains(column) ? merged[column] : []
  }
}
