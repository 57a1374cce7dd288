import AnimplotCore
import AnimplotCanvas

/// The channel list left of the Graph Editor and Dope Sheet: action, group and channel rows
/// (docs/blender.md, "Channel list" and "Channel rows").
///
/// The two editors' lists differ as in Blender: the Graph Editor's channels carry their curve
/// colour and visibility eye; the Dope Sheet's rows have Blender's backdrop shapes and icons, and
/// its group and channel rows end in the modifier, mute and lock toggles.
///
/// The list is laid out once (`layout(_:scale:)`: every row's rectangle, icons, name and toggles
/// on the raster's device pixels) and drawn from that layout.
struct ChannelList {
  /// Which editor the list belongs to.
  enum Style: Sendable { case graphEditor, dopeSheet }

  // Rows: `ChannelRows` (0.8 widget units high, 0.1 apart, on device pixels).
  // Indentation per depth level: `ChannelRows.indent` (0.35 widget units, whole device pixels).
  static let fontSize = TimeRuler.fontSize
  /// Where each icon's art has its middle, logical pixels right of its slot's left edge
  /// (`Slots`): Blender's 16-px icon art is not centred in its 17.85-px slot. Measured on the
  /// screenshots at 1.05 (centroids of Blender's icons against ours).
  enum IconCenter {
    static let disclosure = 8.1, object = 8.1, action = 7.8, pin = 7.9, eye = 7.6
  }
  /// Where the modifier, mute and lock toggles have their middles, logical pixels right of the
  /// toggles' left edge (`togglesLeft`): three 16-px slots.
  enum ToggleCenter {
    static let modifiers = 4.5, mute = 21.5, lock = 38.5
  }

  /// One row of the list.
  struct Row: Sendable, Hashable {
    var kind: ChannelRowKind
    var name: String
    var depth: Int
    var selected = false
    /// The curve colour shown as a band (channels in the Graph Editor).
    var band: Color?
    var hidden = false
    var muted = false
    var locked = false
    /// A channel whose modifier toggle is off (`FCurve.modifiersOff`): its wrench drawn dimmed.
    var modifiersOff = false
    /// A group row whose channels are not listed (its disclosure triangle points right).
    var collapsed = false
    /// The object's type on an object row (its icon).
    var objectType: ObjectType?
    /// The action the row belongs to (object, action, group and channel rows), by its position
    /// among the editor's actions.
    var action: Int?
    /// The channel of a channel row.
    var channel: ChannelID?

    /// The rounded corners of an object or group row's backdrop: the top left while its
    /// channels are listed below it, both left corners when collapsed (Blender's screenshots:
    /// the Ball and Object Transforms rows square at the bottom left).
    var rounded: Path.Corners { collapsed ? .left : .topLeft }
  }

  var theme: Theme
  var width: Double
  var height: Double
  var style = Style.graphEditor

  /// The Graph Editor's rows: the object (when the action names one), the action, then each
  /// group with its channels, then ungrouped channels; every track is listed, hidden ones with
  /// a closed eye.
  static func graphRows(_ action: Action, colors: [Color]) -> [Row] {
    var rows: [Row] = []
    var depth = 0
    if let object = action.object {
      rows.append(
        Row(kind: .object, name: object.name, depth: 0, selected: object.selected, objectType: object.type, action: 0))
      depth = 1
    }
    rows.append(Row(kind: .action, name: action.name, depth: depth, action: 0))
    // Each group's members, groups in order of first use (by name: a search per track was
    // quadratic, minutes for 200,000 groups).
    var groups: [String] = []
    var membersOf: [String: [Int]] = [:]
    for (i, t) in action.tracks.enumerated() {
      guard let g = t.group else { continue }
      if membersOf[g] == nil { groups.append(g) }
      membersOf[g, default: []].append(i)
    }
    func channel(_ i: Int, depth: Int) -> Row {
      let t = action.tracks[i]
      return Row(
        kind: .channel, name: t.displayLabel, depth: depth, selected: t.selected, band: colors[i],
        hidden: t.hidden, muted: t.muted, locked: t.locked, modifiersOff: t.modifiersOff, action: 0,
        channel: ChannelID(action: 0, track: i))
    }
    for g in groups {
      let members = membersOf[g]!
      // The format has no group selection of its own: a group reads as selected when it holds
      // a selected or the active channel (Blender's screenshot: the active, unselected Z
      // Location under "Object Transforms" written in the highlight colour).
      let selected = members.contains { action.tracks[$0].selected || action.tracks[$0].active }
      let hidden = members.allSatisfy { action.tracks[$0].hidden }
      rows.append(Row(kind: .group, name: g, depth: depth + 1, selected: selected, hidden: hidden, action: 0))
      rows += members.map { channel($0, depth: depth + 2) }
    }
    rows += action.tracks.indices.filter { action.tracks[$0].group == nil }.map { channel($0, depth: depth + 1) }
    return rows
  }

  /// Lays `rows` out on a raster of `scale` device pixels per logical pixel: the rows whose top
  /// lies within the list, each with its rectangle, icons, name and toggles.
  func layout(_ rows: [Row], scale: Double) -> ChannelListLayout {
    let geometry = ChannelRows(scale: scale)
    let indent = geometry.indent, togglesLeft = togglesLeft(scale: geometry.scale)
    var placed: [ChannelRowLayout] = []
    for (i, row) in rows.enumerated() {
      let y = geometry.top(i)
      guard y < height else { break }
      let place = Place(
        rect: Rect(x: 0, y: y, width: width, height: geometry.height(i)), baseline: geometry.nameBaseline(i),
        x0: Double(row.depth) * indent, togglesLeft: togglesLeft, middle: geometry.middle(i),
        geometry: geometry)
      placed.append(ChannelRowLayout(row: row, place: place, icons: icons(row, place)))
    }
    return ChannelListLayout(width: width, height: height, scale: geometry.scale, rows: placed)
  }

  /// Draws the list laid out in `layout` (by `layout(_:scale:)` at the canvas's scale).
  func draw(_ canvas: any Canvas, _ layout: ChannelListLayout) {
    canvas.save()
    canvas.clip(to: Rect(x: 0, y: 0, width: width, height: height))
    canvas.fill(.rect(Rect(x: 0, y: 0, width: width, height: height)), color: theme.channelList.background)
    drawSearchField(canvas)
    for row in layout.rows {
      switch style {
      case .graphEditor: drawRow(canvas, row)
      case .dopeSheet: drawDopeSheetRow(canvas, row)
      }
    }
    canvas.restore()
  }

  /// Where a row's icons, name and toggles go, from its place: Blender's slots from the
  /// indentation (`Slots`), each icon's art centred on device pixels about the row's middle
  /// (`Place.icon`).
  ///
  /// A Graph Editor row: the disclosure triangle (not on channels), then an object's icon, pin
  /// and eye, an action's icon, a group's pin and eye, or a channel's colour band and eye. A
  /// Dope Sheet row: the triangle, then an object's or action's icon.
  func icons(_ row: Row, _ place: Place) -> ChannelRowIcons {
    var icons = ChannelRowIcons()
    var slots = place.slots
    let at = place.icon
    if row.kind != .channel { icons.disclosure = at(slots.next() + IconCenter.disclosure) }
    switch (style, row.kind) {
    case (_, .summary):
      break
    case (.graphEditor, .object):
      icons.object = at(slots.next() + IconCenter.object)
      icons.pin = at(slots.next() + IconCenter.pin)
      icons.eye = at(slots.next() + IconCenter.eye)
    case (_, .action):
      icons.action = at(slots.next() + IconCenter.action)
    case (.graphEditor, .group):
      icons.pin = at(slots.next() + IconCenter.pin)
      icons.eye = at(slots.next() + IconCenter.eye)
    case (.graphEditor, .channel):
      // The colour band: 0.3 widget units on whole device pixels, in a slot half a widget unit
      // wide; the eye's art sits a device pixel further left in the slot after it than in an
      // object's or group's (measured).
      let bandLeft = slots.next(width: slots.widgetUnit / 2)
      icons.band = Rect(
        x: bandLeft, y: place.rect.minY, width: (slots.widgetUnit * 0.3).rounded(.down) / slots.scale,
        height: place.rect.height)
      icons.eye = at(slots.next() + IconCenter.eye - 1 / slots.scale)
    case (.dopeSheet, .object):
      icons.object = at(slots.next() + IconCenter.object)
    case (.dopeSheet, .group), (.dopeSheet, .channel):
      break
    }
    icons.textX = slots.textX
    if showsToggles && (row.kind == .group || row.kind == .channel) {
      // Blender centres its 16-px icons on the row, on whole device pixels (`snapped`).
      icons.toggles = ChannelRowIcons.Toggles(
        modifiers: at(place.togglesLeft + ToggleCenter.modifiers), mute: at(place.togglesLeft + ToggleCenter.mute),
        lock: at(place.togglesLeft + ToggleCenter.lock))
    }
    return icons
  }

  /// A Graph Editor row as Blender 3.4 draws it: the backdrop (objects and groups rounded at the
  /// top left, both corners when collapsed; the action row square), the disclosure triangle, the object's or action's icon, the pin and
  /// visibility eye of object and group rows, a channel's colour band and eye (closed when
  /// hidden), the name (in the highlight colour when selected), and the modifier, mute and lock
  /// toggles of group and channel rows. Geometry measured on Blender's screenshots, at UI
  /// scale 1.
  func drawRow(_ canvas: any Canvas, _ laid: ChannelRowLayout) {
    let row = laid.row, place = laid.place, icons = laid.icons
    let r = place.rect, x0 = place.x0
    let list = theme.channelList
    let background: Color
    switch row.kind {
    case .summary: background = list.summaryRow
    case .object: background = list.objectRow
    case .action: background = list.actionRow
    case .group: background = list.groupRow
    case .channel: background = list.channelRow
    }
    let left = row.kind == .group || row.kind == .channel ? x0 - 1 : x0
    let rowRect = Rect(x: left, y: r.minY, width: r.maxX - left, height: r.height)
    switch row.kind {
    case .channel, .action:
      canvas.fill(.rect(rowRect), color: background)
    case .summary:
      canvas.fill(.roundedRect(rowRect, radius: 5, corners: .left), color: background)
    case .object, .group:
      canvas.fill(.roundedRect(rowRect, radius: 5, corners: row.rounded), color: background)
    }
    if let c = icons.disclosure {
      ChannelIcons.disclosure(canvas, center: c, collapsed: row.collapsed, color: list.icon)
    }
    if let c = icons.object { ChannelIcons.object(canvas, row.objectType ?? .empty, center: c, color: list.text) }
    if let c = icons.action { ChannelIcons.action(canvas, center: c, theme: theme) }
    if let c = icons.pin { ChannelIcons.pin(canvas, center: c, color: list.icon.withAlpha(0.53)) }
    if let band = icons.band {
      canvas.fill(.rect(band), color: (row.band ?? list.text).withAlpha(row.hidden ? 0.3 : 1))
    }
    if let c = icons.eye { ChannelIcons.eye(canvas, center: c, open: !row.hidden, color: list.icon) }
    var textColor = row.selected ? list.textSelected : list.text
    if row.muted { textColor = textColor.withAlpha(0.5) }
    drawNameAndToggles(canvas, laid, color: textColor)
  }
}

/// Where the channel list's rows lie, worked out once per picture at one device scale
/// (`ChannelList.layout(_:scale:)`): what the list draws, and what `hit` tests.
public struct ChannelListLayout: Sendable {
  /// The list's size, logical pixels (it starts at the editor's left edge, below any header).
  let width: Double
  let height: Double
  /// Device pixels per logical pixel.
  let scale: Double
  /// The rows whose top lies within the list, from the top.
  public let rows: [ChannelRowLayout]

  /// The row (and toggle) at `p`, logical pixels in the editor, if any.
  func hit(_ p: Point) -> (row: Int, toggle: ChannelToggle?)? {
    guard p.x >= 0, p.x < width, p.y >= 0, p.y < height else { return nil }
    for (i, row) in rows.enumerated() where row.contains(p) {
      return (i, row.toggle(at: p))
    }
    return nil
  }
}

/// One row of the channel list as laid out: what it stands for and where its parts are.
public struct ChannelRowLayout: Sendable {
  /// What the row draws and stands for.
  let row: ChannelList.Row
  /// Its rectangle, name baseline, indentation and toggles' edge, logical pixels.
  let place: ChannelList.Place
  /// Where its icons, name and toggles go, logical pixels.
  let icons: ChannelRowIcons

  /// What the row stands for.
  public var kind: ChannelRowKind { row.kind }
  /// The text of the row: the object's, action's or group's name or the channel's label.
  public var name: String { row.name }
  /// Indentation level (Blender indents `depth × 0.35` widget units).
  public var depth: Int { row.depth }
  /// The action of an object, action, group or channel row, by its position among the editor's
  /// actions; `nil` on the Summary.
  public var action: Int? { row.action }
  /// The channel of a channel row.
  public var channel: ChannelID? { row.channel }
  /// The row's name drawn in the highlight colour.
  public var isSelected: Bool { row.selected }
  /// A channel (or every channel of a group or object) hidden in the Graph Editor: a closed eye.
  public var isHidden: Bool { row.hidden }
  public var isMuted: Bool { row.muted }
  public var isLocked: Bool { row.locked }
  /// A group row whose channels are not listed.
  public var isCollapsed: Bool { row.collapsed }

  /// The toggles the row draws, each with its centre, logical pixels in the editor.
  var toggleCenters: [(ChannelToggle, Point)] {
    var centers: [(ChannelToggle, Point)] = []
    if let eye = icons.eye { centers.append((.visibility, eye)) }
    if let t = icons.toggles { centers += [(.modifiers, t.modifiers), (.mute, t.mute), (.lock, t.lock)] }
    return centers
  }

  /// Whether `p` (logical pixels in the editor) lies on the row: across the list, from the row's
  /// top to its bottom (the gap below a row belongs to no row).
  func contains(_ p: Point) -> Bool { p.y >= place.rect.minY && p.y < place.rect.maxY }

  /// The toggle whose 16-px slot, as high as the row, holds `p`.
  func toggle(at p: Point) -> ChannelToggle? {
    toggleCenters.first { abs(p.x - $0.1.x) <= ChannelRowIcons.toggleHalfWidth }?.0
  }
}

/// Where a channel-list row's icons, name and toggles are drawn, logical pixels in the editor: the
/// centres of the icons' art on device pixels; `nil` for what the row does not draw.
struct ChannelRowIcons: Sendable, Hashable {
  /// Half the width of an icon's slot for `hit` (Blender's icons are 16 px wide).
  static let toggleHalfWidth = 8.0

  /// The modifier, mute and lock toggles of group and channel rows.
  struct Toggles: Sendable, Hashable {
    var modifiers: Point
    var mute: Point
    var lock: Point
  }

  var disclosure: Point?
  var object: Point?
  var action: Point?
  var pin: Point?
  var eye: Point?
  /// A Graph Editor channel's colour band.
  var band: Rect?
  /// Where the name starts.
  var textX = 0.0
  var toggles: Toggles?
}
