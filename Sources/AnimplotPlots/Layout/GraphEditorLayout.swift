import AnimplotCanvas
import AnimplotConcurrency
import AnimplotCore

/// Where the Graph Editor puts everything it draws, in one picture at one device scale: every
/// channel-list row with its toggles, every curve with its drawn keys and handles, the markers,
/// the scrub strip and the scrollbars, each with its identity. Laid out once
/// (`GraphEditor.layout(scale:)`); the editor draws from it, `hit(_:)` answers what lies under a
/// pixel, and `json` describes it (`animplot graph --format json`).
///
/// Places are in the picture's device pixels (a PNG's pixel columns and rows; SVG and PDF units
/// times the scale), with the origin at the picture's top left and y downward, the header's
/// rows included: a key centre at (412.5, 301.5) is the centre of pixel (412, 301). The
/// geometry is the drawing's own, kept in logical pixels below the header as it was drawn.
public struct GraphEditorLayout: EditorLayout {
  public let places: EditorPlaces
  /// The curves drawn: every visible track, in the action's order.
  public let curves: [CurveLayout]
  /// The curves' drawing order: unselected first, then selected, the active curve last (indices
  /// into `curves`).
  package let drawingOrder: [Int]
  /// The ghost curves, drawn under the others (laid out with the curves' paths).
  package var ghosts: [GhostLayout] = []

  /// The laid-out curve of `channel`; `nil` for a hidden track or no such channel.
  public func curve(for channel: ChannelID) -> CurveLayout? {
    curves.first { $0.channel == channel }
  }

  /// The centre of `key`'s vertex, device pixels (on a device pixel centre, as drawn; also for a
  /// key whose vertex is not drawn); `nil` for no such key on a curve drawn.
  public func center(of key: KeyID) -> Point? {
    guard let curve = curve(for: key.channel), curve.track.keyframes.indices.contains(key.key) else { return nil }
    return devicePoint(curve.keyCenter(key.key))
  }

  /// The end of `key`'s handle on `side`, where its ring is drawn, device pixels; `nil` when that
  /// handle is not drawn.
  public func end(of key: KeyID, side: HandleSide) -> Point? {
    guard let curve = curve(for: key.channel) else { return nil }
    return curve.handles().first { $0.key == key.key && $0.side == side }.map { devicePoint($0.end) }
  }

  /// The area the curves are drawn in (below the scrub strip, right of the channel list),
  /// device pixels.
  public var plotRect: Rect { deviceRect(viewport.rect) }
  /// The frame and value at `p` (device pixels), by the viewport (normalised values with
  /// `normalize`).
  public func frameAndValue(at p: Point) -> (frame: Double, value: Double) {
    let q = editorPoint(p)
    return (viewport.frame(atX: q.x), viewport.value(atY: q.y))
  }
}

/// One curve of the Graph Editor as laid out: its channel, its path, and where its keys and
/// handles are drawn.
public struct CurveLayout: Sendable {
  /// Radius of a handle's hollow ring (to the middle of its stroke), and the stroke's width,
  /// logical pixels.
  static let handleRingRadius = 2.75
  static let handleRingWidth = 1.5

  /// The channel the curve draws.
  public let channel: ChannelID
  /// The track, as drawn (its keys, handles and flags).
  public let track: FCurve
  /// The channel's colour.
  public let color: Color
  /// How the track's values map to the plot's (Normalize).
  public let mapping: ValueMapping
  /// The curve's outline, logical pixels in the editor.
  var path: Path
  /// Where the curve is drawn (frames and values to logical pixels), and the raster's device
  /// pixels, which key centres are snapped to.
  let viewport: Viewport
  let pixels: DevicePixels
  /// Keys whose vertex centre lies outside this rectangle are not drawn (logical pixels).
  let vertexBounds: Rect
  /// Which keys show their handles (`GraphOptions.handles`; `none` on a locked curve).
  let handlesShown: GraphOptions.Handles
  /// The active key (the active curve's last selected key): drawn last, in the active colour.
  public let activeKey: Int?
  /// The curve's opacity: 1 when selected, else the theme's inactive alpha.
  let alpha: Double
  /// The opacity of its key vertices.
  let vertexAlpha: Double
  let strokeWidth: Double
  /// The width of the handle lines (one device pixel line).
  let handleLineWidth: Double
  /// The radius of a round key vertex, or the half-diagonal of a diamond, logical pixels.
  let vertexRadius: Double
  /// Keys drawn as diamonds (`GraphOptions.keyShape`), with a 1-px outline.
  let isDiamond: Bool
  /// Keys whose markers are left out (`GraphOptions.keys`), by index.
  var leftOut = KeyMask()
  /// Whether the curve is drawn as the bands of ink its stroke would make (`CurveBands`): its
  /// `path` is then empty.
  package var isBanded = false
  /// Those bands, device pixels in the editor.
  var bands: [CurveBands.Box] = []
  /// The device rows the curve's stroke crosses (`CurveBands.strokeRows`); 0 when banded.
  package var strokeRows = 0.0

  /// The centre of key `index`'s vertex, on a device pixel centre, logical pixels in the editor.
  ///
  /// Worked out when asked (drawing asks once per key) rather than kept for every key: a curve
  /// sampled every frame has hundreds of thousands.
  func keyCenter(_ index: Int) -> Point {
    let keys = track.keyframes
    return pixels.point(viewport.point(Double(keys.frame(at: index)), mapping.apply(Double(keys.value(at: index)))))
  }

  /// The centre of every key's vertex, in `track.keyframes` order (`keyCenter`).
  var keyCenters: [Point] { track.keyframes.indices.map(keyCenter) }

  /// Whether a vertex centred at `p` (logical) is drawn: within 10 px of the view, as Blender
  /// culls vertices (drawn clipped to the region).
  func showsVertex(at p: Point) -> Bool { vertexBounds.contains(p) }

  /// Whether key `index`'s vertex is drawn.
  public func showsKey(_ index: Int) -> Bool { !leftOut.contains(index) && showsVertex(at: keyCenter(index)) }

  /// Whether the vertex of key `index`, centred at `p`, is drawn.
  func showsKey(_ index: Int, at p: Point) -> Bool { !leftOut.contains(index) && showsVertex(at: p) }

  /// Whether key `index`'s vertex is drawn and reaches into the view (`viewport.rect`: not
  /// clipped away beyond the picture's edges, under the scrub strip or the channel list).
  public func isKeyVisible(_ index: Int) -> Bool {
    let c = keyCenter(index)
    return showsKey(index, at: c) && viewport.rect.insetBy(dx: -vertexRadius, dy: -vertexRadius).contains(c)
  }

  /// The handles drawn, key by key, left before right: of the keys `handlesShown` selects,
  /// where the segment they shape is Bézier, and whose end is a place (a handle overflowing to
  /// infinity is not drawn). Worked out when asked, as `keyCenter`.
  func handles() -> [HandleLayout] {
    var handles: [HandleLayout] = []
    forEachHandle { handles.append($0) }
    return handles
  }

  /// Calls `body` with each handle `handles()` lists, in its order, listing none.
  func forEachHandle(_ body: (HandleLayout) -> Void) {
    // Samples have no Bézier segment, so no handle is drawn.
    guard handlesShown != .none, track.keyframes.sampled == nil else { return }
    let keys = track.keyframes
    for (i, k) in keys.enumerated() {
      guard handlesShown == .all || k.selected || k.selectedHandleLeft || k.selectedHandleRight else { continue }
      let leftShown = i > 0 ? keys[i - 1].interpolation == .bezier : k.interpolation == .bezier
      let sides: [(HandleSide, CurvePoint, HandleType, Bool, Bool)] = [
        (.left, k.handleLeft, k.handleLeftType, k.selectedHandleLeft, leftShown),
        (.right, k.handleRight, k.handleRightType, k.selectedHandleRight, k.interpolation == .bezier),
      ]
      for (side, handle, type, selected, shown) in sides where shown {
        let end = pixels.point(viewport.point(Double(handle.frame), mapping.apply(Double(handle.value))))
        guard end.x.isFinite, end.y.isFinite else { continue }
        body(HandleLayout(key: i, side: side, end: end, type: type, isSelected: selected))
      }
    }
  }

  /// Whether `handle`, a handle of this curve, reaches into the view (its line or its ring).
  func isVisible(_ handle: HandleLayout) -> Bool {
    let ring = Self.handleRingRadius + Self.handleRingWidth / 2
    return viewport.rect.insetBy(dx: -ring, dy: -ring).contains(handle.end)
      || viewport.rect.meets(from: keyCenter(handle.key), to: handle.end)
  }
}

/// What drawing a Graph Editor's layout on a raster costs beyond its size, counted before it is
/// drawn (`GraphEditorLayout.drawingWork`).
package struct GraphDrawingWork: Sendable, Hashable {
  /// Device rows crossed by stroked segments (curves, ghosts, handle lines), one more a segment
  /// (`CurveBands.strokeRows`).
  package var strokeRows = 0
  /// Device pixels of the bands curves are drawn as (`CurveBands`).
  package var bandPixels = 0
  /// Key vertices and handles drawn (a handle: its line and its ring).
  package var marks = 0

  package init(strokeRows: Int = 0, bandPixels: Int = 0, marks: Int = 0) {
    self.strokeRows = strokeRows
    self.bandPixels = bandPixels
    self.marks = marks
  }
}

extension GraphEditorLayout {
  /// What drawing this layout costs: every curve's and ghost's stroke or bands, every key vertex
  /// and handle drawn (`GraphDrawingWork`); it looks at every key, building no path.
  package var drawingWork: GraphDrawingWork {
    var work = GraphDrawingWork()
    let scale = places.scale
    var rows = ghosts.reduce(0.0) { $0 + $1.strokeRows }
    var pixels = ghosts.reduce(0) { $0 + CurveBands.area(of: $1.bands) }
    for curve in curves {
      rows += curve.strokeRows
      pixels += CurveBands.area(of: curve.bands)
      let keys = curve.track.keyframes
      for i in keys.indices where curve.showsKey(i) { work.marks += 1 }
      let top = curve.viewport.rect.minY * scale, bottom = curve.viewport.rect.maxY * scale
      curve.forEachHandle { handle in
        work.marks += 2
        let a = curve.keyCenter(handle.key).y * scale, b = handle.end.y * scale
        rows += max(0, min(bottom, max(a, b)) - max(top, min(a, b))) + 1
      }
    }
    let limit = Double(Int.max / 4)
    work.strokeRows = rows.isFinite && rows < limit ? Int(rows.rounded(.up)) : Int.max / 4
    work.bandPixels = pixels
    return work
  }
}

extension Rect {
  /// Whether the segment from `a` to `b` crosses the rectangle (Liang–Barsky clipping).
  func meets(from a: Point, to b: Point) -> Bool {
    guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return false }
    var t0 = 0.0, t1 = 1.0
    let dx = b.x - a.x, dy = b.y - a.y
    for (p, q) in [(-dx, a.x - minX), (dx, maxX - a.x), (-dy, a.y - minY), (dy, maxY - a.y)] {
      if p == 0 {
        if q < 0 { return false }
      } else {
        let t = q / p
        if p < 0 { t0 = max(t0, t) } else { t1 = min(t1, t) }
        if t0 > t1 { return false }
      }
    }
    return true
  }
}

/// A Bézier handle as drawn: a line from its key's centre to `end` and a hollow ring at `end`.
public struct HandleLayout: Sendable, Hashable {
  /// The key's position in its track's `keyframes`.
  public let key: Int
  public let side: HandleSide
  /// The handle's end, where its ring is drawn, on a device pixel centre, logical pixels in the
  /// editor.
  let end: Point
  /// The handle's type (its line's colour).
  public let type: HandleType
  /// The handle itself is selected (its ring in the selected colour).
  public let isSelected: Bool
}

/// A marker as drawn: a dashed line at its frame and a triangle near the region's bottom.
public struct MarkerLayout: Sendable, Hashable {
  /// The marker's position in the list drawn (the action's markers; the Dope Sheet's and
  /// Timeline's: every action's, each frame and name once).
  public let index: Int
  public let frame: Double
  public let name: String
  public let isSelected: Bool
  /// The line's x, on a device pixel centre, logical pixels in the editor.
  let x: Double
  /// The line's top (below the scrub strip) and the bottom of the region the marker is drawn
  /// in (raised over a horizontal scrollbar), logical pixels in the editor.
  let top: Double
  let bottom: Double
  /// Half the triangle's base, logical pixels.
  static let halfWidth = 5.0

  /// The dashed line's end and the triangle's tip; the triangle's base; the name's baseline.
  var tip: Double { bottom - 12 }
  var base: Double { bottom - 3 }
  var nameBaseline: Double { bottom - 4 }

  /// The triangle's bounding box, logical pixels in the editor: where the marker is grabbed.
  var triangle: Rect { Rect(x: x - Self.halfWidth, y: tip, width: 2 * Self.halfWidth, height: base - tip) }
}

extension GraphEditor {
  /// The editor laid out on a raster of `scale` device pixels per logical pixel (the scale of
  /// the canvas it is drawn on: `RenderSettings.scale`).
  public func layout(scale: Double) -> GraphEditorLayout { layout(scale: scale, withPaths: true) }

  /// The layout, its curves' paths built (for drawing and `hit`) or not (for the JSON, which
  /// does not list them).
  package func layout(scale: Double, withPaths: Bool) -> GraphEditorLayout {
    let pixels = DevicePixels(scale: scale)
    let visible = viewport.rect.insetBy(dx: -10, dy: -10)
    // Thinning the markers of sampled curves looks at every key: on every core for many. Each
    // curve's path is built as it is laid out, so that one drawn as bands is let go at once.
    let parallel = buildsInParallel
    let build = withPaths ? pathBuilder(deviceScale: pixels.scale, parallel: parallel) : nil
    let lay: @Sendable (Int) -> CurveLayout = { i in
      curveLayout(curves[i], path: build?(i) ?? Path(), pixels: pixels, vertexBounds: visible)
    }
    let laidCurves = parallel ? Parallel.map(count: curves.count, lay) : curves.indices.map(lay)
    let scrollbars = scrollbars()
    let frame = editorFrame(playhead: nil, scrollbars: scrollbars)
    let markers = frame.markerLayouts(scale: pixels.scale)
    let list: ChannelListLayout? =
      main.minX > 0
      ? ChannelList(theme: options.theme, width: main.minX, height: options.height)
        .layout(ChannelList.graphRows(action, colors: trackColors), scale: pixels.scale)
      : nil
    let places = EditorPlaces(
      scale: pixels.scale, pictureSize: pictureSize,
      headerRows: options.showHeader ? EditorHeader.deviceRows(editorHeight: options.height, scale: pixels.scale) : 0,
      viewport: viewport, region: main, channelList: list, markers: markers, scrollbars: scrollbars)
    var layout = GraphEditorLayout(places: places, curves: laidCurves, drawingOrder: drawingOrder())
    if withPaths { layout.ghosts = ghostLayouts(scale: pixels.scale) }
    return layout
  }

  /// One curve laid out: where its keys and handles are drawn (worked out when asked), its look.
  func curveLayout(_ curve: Curve, path: Path, pixels: DevicePixels, vertexBounds: Rect) -> CurveLayout {
    let theme = options.theme
    let track = curve.track, mapping = curve.mapping
    let keys = track.keyframes
    let alpha = track.selected ? 1 : theme.graph.inactiveCurveAlpha
    let radius: Double =
      switch options.keyShape {
      case .round: 3 * (track.locked ? 0.8 : 1.0)
      case .diamond: 4.5
      }
    // As Blender: a modifier that reshapes the curve (Envelope, Limits, a Generator or Built-in
    // Function that replaces the value) hides its keys and handles.
    let usable = track.keyframesUsable
    var layout = CurveLayout(
      channel: curve.channel, track: track, color: curve.color, mapping: mapping, path: path,
      viewport: viewport, pixels: pixels, vertexBounds: usable ? vertexBounds : Rect(x: .infinity, y: .infinity, width: 0, height: 0),
      handlesShown: track.locked || !usable ? .none : options.handles,
      // Files carry no active-key index: the active curve's last selected key is the active one.
      activeKey: track.active ? keys.lastIndex(where: \.selected) : nil,
      alpha: alpha, vertexAlpha: min(1, max(0.2, 1 - 0.5 * (1 - alpha))),
      strokeWidth: track.active && !track.locked ? 2.5 : 1, handleLineWidth: pixels.lineWidth,
      vertexRadius: radius, isDiamond: options.keyShape == .diamond)
    if !path.isEmpty {
      let rows = CurveBands.strokeRows(of: path, scale: pixels.scale, clip: viewport.rect)
      if CurveBands.isBanded(rows: rows, width: viewport.rect.width, scale: pixels.scale) {
        layout.isBanded = true
        layout.bands = CurveBands.bands(of: path, scale: pixels.scale, lineWidth: layout.strokeWidth, clip: viewport.rect)
        layout.path = Path()
      } else {
        layout.strokeRows = rows
      }
    }
    switch options.keys {
    case .all: break
    case .none: layout.leftOut = .every
    case .auto: layout.leftOut = Self.touching(layout)
    }
    return layout
  }

  /// Whether `keys` are samples rather than keys set by hand: mostly generated keys (Lottie's
  /// sampled paths), or at least 16 keys of which three quarters are a frame or less apart
  /// (mocap, a CSV of samples, baked curves).
  static func isSampled(_ keys: Keyframes) -> Bool {
    // (Compact samples are all of type `keyframe`.)
    if keys.sampled == nil && 2 * keys.lazy.filter({ $0.type == .generated }).count > keys.count { return true }
    guard keys.count >= 16 else { return false }
    var close = 0
    for i in 1..<keys.count where keys.frame(at: i) - keys.frame(at: i - 1) <= 1.0001 { close += 1 }
    return 4 * close >= 3 * (keys.count - 1)
  }

  /// The keys of `curve` whose markers would touch a neighbour's or nearly (less than a
  /// marker's width of space to the key before or after), as `path` thins its dots: where keys crowd,
  /// the curve shows instead of a chain of markers. The first and last keys, the keys of the
  /// curve's lowest and highest values, and selected keys are always drawn. Only a sampled
  /// curve is thinned (`isSampled`): keys set by hand keep every marker, as Blender draws them,
  /// however small the picture.
  static func touching(_ curve: CurveLayout) -> KeyMask {
    let keys = curve.track.keyframes
    guard keys.count > 2, isSampled(keys) else { return KeyMask() }
    // Centres two diameters apart leave a marker's width between the markers.
    let spacing = 4 * curve.vertexRadius
    var lowest = 0, highest = 0
    for i in keys.indices {
      if keys.value(at: i) < keys.value(at: lowest) { lowest = i }
      if keys.value(at: i) > keys.value(at: highest) { highest = i }
    }
    // (Compact samples are never selected.)
    let selectable = keys.sampled == nil
    var leftOut = KeyMask(capacity: keys.count)
    var previous = curve.keyCenter(0), center = curve.keyCenter(1)
    func apart(_ a: Point, _ b: Point) -> Bool {
      let dx = a.x - b.x, dy = a.y - b.y
      return !(dx * dx + dy * dy < spacing * spacing)
    }
    for i in 1..<(keys.count - 1) {
      let next = curve.keyCenter(i + 1)
      let kept =
        i == lowest || i == highest || (selectable && keys[i].selected) || i == curve.activeKey
        || (apart(center, previous) && apart(center, next))
      if !kept { leftOut.insert(i) }
      (previous, center) = (center, next)
    }
    return leftOut
  }
}

/// A set of key indices as one bit each: the markers `touching` leaves out of a sampled curve of
/// 10 000 keys take 1.25 kB (as a `Set<Int>`, 128 kB: 130 MB for W5's thousand tracks).
struct KeyMask: Sendable {
  private var words: [UInt64] = []
  /// Every index, without storing any.
  private var everything = false

  /// No index.
  init() {}

  /// No index yet, with room for indices below `capacity`.
  init(capacity: Int) { words = [UInt64](repeating: 0, count: (capacity + 63) / 64) }

  /// Every index.
  static let every: KeyMask = {
    var mask = KeyMask()
    mask.everything = true
    return mask
  }()

  func contains(_ index: Int) -> Bool {
    if everything { return true }
    guard index >= 0, index / 64 < words.count else { return false }
    return words[index / 64] & (1 << UInt64(index % 64)) != 0
  }

  /// Adds `index` (within the capacity it was made with).
  mutating func insert(_ index: Int) { words[index / 64] |= 1 << UInt64(index % 64) }
}
