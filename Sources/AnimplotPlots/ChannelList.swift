import AnimplotCore
import AnimplotCanvas

/// The channel list left of the Graph Editor and Dope Sheet: action, group and channel rows
/// (docs/blender.md, "Channel list" and "Channel rows").
///
/// The two editors' lists differ as in Blender: the Graph Editor's channels carry their curve
/// colour and visibility eye; the Dope Sheet's rows have Blender's backdrop shapes and icons, and
/// its group and channel rows end in the modifier, mute and lock toggles.
struct ChannelList {
  /// Which editor the list belongs to.
  enum Style { case graphEditor, dopeSheet }

  // Rows: `ChannelRows` (0.8 widget units high, 0.1 apart, on device pixels).
  // Indentation per depth level: `ChannelRows.indent` (0.35 widget units, whole device pixels).
  static let fontSize = TimeRuler.fontSize
  /// Where each icon's art has its middle, logical pixels right of its slot's left edge
  /// (`Slots`): Blender's 16-px icon art is not centred in its 17.85-px slot. Measured on the
  /// screenshots at 1.05 (centroids of Blender's icons against ours).
  enum IconCenter {
    static let disclosure = 8.1, object = 8.1, action = 7.8, pin = 7.9, eye = 7.6
  }

  /// One row of the list.
  struct Row {
    enum Kind { case summary, object, action, group, channel }
    var kind: Kind
    var name: String
    var depth: Int
    var selected = false
    /// The curve colour shown as a band (channels in the Graph Editor).
    var band: Color?
    var hidden = false
    var muted = false
    var locked = false
    /// A group row whose channels are not listed (its disclosure triangle points right).
    var collapsed = false
    /// The object's type on an object row (its icon).
    var objectType: ObjectType?

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
      rows.append(Row(kind: .object, name: object.name, depth: 0, selected: object.selected, objectType: object.type))
      depth = 1
    }
    rows.append(Row(kind: .action, name: action.name, depth: depth))
    var groups: [String] = []
    for t in action.tracks { if let g = t.group, !groups.contains(g) { groups.append(g) } }
    func channel(_ i: Int, depth: Int) -> Row {
      let t = action.tracks[i]
      return Row(
        kind: .channel, name: t.displayLabel, depth: depth, selected: t.selected, band: colors[i],
        hidden: t.hidden, muted: t.muted, locked: t.locked)
    }
    for g in groups {
      let members = action.tracks.indices.filter { action.tracks[$0].group == g }
      // The format has no group selection of its own: a group reads as selected when it holds
      // a selected or the active channel (Blender's screenshot: the active, unselected Z
      // Location under "Object Transforms" written in the highlight colour).
      let selected = members.contains { action.tracks[$0].selected || action.tracks[$0].active }
      let hidden = members.allSatisfy { action.tracks[$0].hidden }
      rows.append(Row(kind: .group, name: g, depth: depth + 1, selected: selected, hidden: hidden))
      rows += members.map { channel($0, depth: depth + 2) }
    }
    rows += action.tracks.indices.filter { action.tracks[$0].group == nil }.map { channel($0, depth: depth + 1) }
    return rows
  }

  func draw(_ canvas: any Canvas, rows: [Row]) {
    canvas.save()
    canvas.clip(to: Rect(x: 0, y: 0, width: width, height: height))
    canvas.fill(.rect(Rect(x: 0, y: 0, width: width, height: height)), color: theme.channelList.background)
    drawSearchField(canvas)
    let geometry = ChannelRows(canvas)
    let indent = geometry.indent, togglesLeft = togglesLeft(scale: geometry.scale)
    for (i, row) in rows.enumerated() {
      let y = geometry.top(i)
      guard y < height else { break }
      let place = Place(
        rect: Rect(x: 0, y: y, width: width, height: geometry.height(i)), baseline: geometry.nameBaseline(i),
        x0: Double(row.depth) * indent, togglesLeft: togglesLeft, middle: geometry.middle(i),
        geometry: geometry)
      switch style {
      case .graphEditor: drawRow(canvas, row, place)
      case .dopeSheet: drawDopeSheetRow(canvas, row, place)
      }
    }
    canvas.restore()
  }

  /// A Graph Editor row as Blender 3.4 draws it: the backdrop (objects and groups rounded at the
  /// top left, both corners when collapsed; the action row square), the disclosure triangle, the object's or action's icon, the pin and
  /// visibility eye of object and group rows, a channel's colour band and eye (closed when
  /// hidden), the name (in the highlight colour when selected), and the modifier, mute and lock
  /// toggles of group and channel rows. Geometry measured on Blender's screenshots, at UI
  /// scale 1.
  func drawRow(_ canvas: any Canvas, _ row: Row, _ place: Place) {
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
    var slots = place.slots
    let at = place.icon
    if row.kind != .channel {
      ChannelIcons.disclosure(
        canvas, center: at(slots.next() + IconCenter.disclosure), collapsed: row.collapsed, color: list.icon)
    }
    switch row.kind {
    case .summary:
      break
    case .object:
      ChannelIcons.object(
        canvas, row.objectType ?? .empty, center: at(slots.next() + IconCenter.object), color: list.text)
      ChannelIcons.pin(canvas, center: at(slots.next() + IconCenter.pin), color: list.icon.withAlpha(0.53))
      ChannelIcons.eye(canvas, center: at(slots.next() + IconCenter.eye), open: !row.hidden, color: list.icon)
    case .action:
      ChannelIcons.action(canvas, center: at(slots.next() + IconCenter.action), theme: theme)
    case .group:
      ChannelIcons.pin(canvas, center: at(slots.next() + IconCenter.pin), color: list.icon.withAlpha(0.53))
      ChannelIcons.eye(canvas, center: at(slots.next() + IconCenter.eye), open: !row.hidden, color: list.icon)
    case .channel:
      // The colour band: 0.3 widget units on whole device pixels, in a slot half a widget unit
      // wide; the eye's art sits a device pixel further left in the slot after it than in an
      // object's or group's (measured).
      let band = row.band ?? list.text
      let bandLeft = slots.next(width: slots.widgetUnit / 2)
      canvas.fill(
        .rect(Rect(x: bandLeft, y: r.minY, width: (slots.widgetUnit * 0.3).rounded(.down) / slots.scale, height: r.height)),
        color: band.withAlpha(row.hidden ? 0.3 : 1))
      ChannelIcons.eye(
        canvas, center: at(slots.next() + IconCenter.eye - 1 / slots.scale), open: !row.hidden, color: list.icon)
    }
    let textX = slots.textX
    var textColor = row.selected ? list.textSelected : list.text
    if row.muted { textColor = textColor.withAlpha(0.5) }
    drawNameAndToggles(canvas, row, place, textX: textX, color: textColor)
  }
}
