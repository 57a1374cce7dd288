import AnimplotCanvas

/// What the editors' layouts share: an editor drawn below an optional header on a raster of
/// `scale` device pixels per logical pixel, its channel list, main region, scrub strip, markers
/// and scrollbars (`EditorPlaces`), and the conversions between the editor's logical pixels
/// (what it draws in) and the picture's device pixels (what `hit` and the JSON speak).
public protocol EditorLayout: Sendable {
  /// Where the parts every editor has lie.
  var places: EditorPlaces { get }
}

/// Where the parts every editor has lie in one picture: the header's rows, the channel list,
/// the main region with its scrub strip, the markers and the scrollbars.
public struct EditorPlaces: Sendable {
  /// Device pixels per logical pixel (a scale that is not finite and positive counts as 1).
  public let scale: Double
  /// The picture's size, logical pixels.
  public let pictureSize: Size
  /// Device rows of the editor header above the editor (0 without one).
  public let headerRows: Int
  /// The frames (and values) in view and the logical rectangle they are drawn in, below the
  /// scrub strip and right of the channel list, in the editor's logical coordinates (below the
  /// header).
  public let viewport: Viewport
  /// The editor's main region, scrub strip included, logical pixels below the header.
  let region: Rect
  /// The channel list, when the picture shows it.
  public let channelList: ChannelListLayout?
  /// The markers drawn, in the order they are drawn.
  public let markers: [MarkerLayout]
  /// Blender's scrollbars, when drawn.
  let scrollbars: Scrollbars?

  /// What lies at `point` (device pixels), topmost first: among the parts every editor has,
  /// the header; the channel list (drawn over the editor's left), a row's toggles over the row;
  /// in the main region the scrollbars, the scrub strip and the markers' triangles, which are
  /// drawn over the editor's content; else what `content` finds at the point (logical pixels in
  /// the editor). `nil` outside the picture.
  func hit<Hit: EditorPartHit>(_ point: Point, content: (Point) -> Hit) -> Hit? {
    guard point.x >= 0, point.y >= 0, point.x < pictureSize.width * scale, point.y < pictureSize.height * scale
    else { return nil }
    if point.y < Double(headerRows) { return .header }
    let p = editorPoint(point)
    if let list = channelList, p.x < list.width {
      guard let (row, toggle) = list.hit(p) else { return .channelList }
      return .channelRow(row, toggle: toggle)
    }
    guard region.holds(p) else { return nil }
    if let axis = scrollbars?.axis(at: p) { return .scrollbar(axis) }
    if p.y < region.minY + TimeRuler.stripHeight {
      return .scrubStrip(frame: TimeRuler.frame(atRegionX: p.x, region: region, viewport: viewport, scale: scale))
    }
    if let marker = markers.last(where: { $0.triangle.holds(p) }) { return .marker(marker.index) }
    return content(p)
  }

  /// `p` (logical pixels in the editor, below the header) in the picture's device pixels.
  public func devicePoint(_ p: Point) -> Point { Point(p.x * scale, p.y * scale + Double(headerRows)) }

  /// `r` (logical pixels in the editor) in the picture's device pixels.
  public func deviceRect(_ r: Rect) -> Rect {
    Rect(x: r.minX * scale, y: r.minY * scale + Double(headerRows), width: r.width * scale, height: r.height * scale)
  }

  /// `p` (the picture's device pixels) in the editor's logical pixels, below the header.
  public func editorPoint(_ p: Point) -> Point { Point(p.x / scale, (p.y - Double(headerRows)) / scale) }
}

/// What an editor's hit can be on the parts every editor has (the cases of `GraphEditorHit` and
/// `DopeSheetEditorHit` of those names).
protocol EditorPartHit {
  static var header: Self { get }
  static var channelList: Self { get }
  static func channelRow(_ row: Int, toggle: ChannelToggle?) -> Self
  static func scrollbar(_ axis: ScrollbarAxis) -> Self
  static func scrubStrip(frame: Double) -> Self
  static func marker(_ index: Int) -> Self
}

extension EditorLayout {
  /// Device pixels per logical pixel (a scale that is not finite and positive counts as 1).
  public var scale: Double { places.scale }
  /// The picture's size, logical pixels.
  public var pictureSize: Size { places.pictureSize }
  /// Device rows of the editor header above the editor (0 without one).
  public var headerRows: Int { places.headerRows }
  /// The frames (and values) in view and the logical rectangle they are drawn in.
  public var viewport: Viewport { places.viewport }
  /// The channel list, when the picture shows it.
  public var channelList: ChannelListLayout? { places.channelList }
  /// The markers drawn, in the order they are drawn.
  public var markers: [MarkerLayout] { places.markers }

  /// `p` (logical pixels in the editor, below the header) in the picture's device pixels.
  public func devicePoint(_ p: Point) -> Point { places.devicePoint(p) }
  /// `r` (logical pixels in the editor) in the picture's device pixels.
  public func deviceRect(_ r: Rect) -> Rect { places.deviceRect(r) }
  /// `p` (the picture's device pixels) in the editor's logical pixels, below the header.
  public func editorPoint(_ p: Point) -> Point { places.editorPoint(p) }

  /// The scrub strip along the top of the main region, device pixels.
  public var scrubStripRect: Rect {
    let region = places.region
    return deviceRect(Rect(x: region.minX, y: region.minY, width: region.width, height: TimeRuler.stripHeight))
  }
  /// The channel list at the left, device pixels; `nil` when it is not shown.
  public var channelListRect: Rect? {
    channelList.map { deviceRect(Rect(x: 0, y: 0, width: $0.width, height: $0.height)) }
  }
  /// A channel-list row's rectangle, across the list, device pixels.
  public func rect(of row: ChannelRowLayout) -> Rect { deviceRect(row.place.rect) }
  /// The centres of a channel-list row's eye and toggles, device pixels.
  public func toggles(of row: ChannelRowLayout) -> [(toggle: ChannelToggle, center: Point)] {
    row.toggleCenters.map { ($0.0, devicePoint($0.1)) }
  }
  /// The frame at `x` (device pixels).
  public func frame(atX x: Double) -> Double { viewport.frame(atX: x / scale) }
  /// The marker's line's x, device pixels.
  public func x(of marker: MarkerLayout) -> Double { marker.x * scale }
}
