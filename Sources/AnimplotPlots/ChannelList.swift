import AnimplotCore
import AnimplotCanvas

/// The channel list left of the Graph Editor and Dope Sheet: action, group and channel rows
/// (research/blender.md §3.8, §4.1).
///
/// The two editors' lists differ as in Blender: the Graph Editor's channels carry their curve
/// colour and visibility eye; the Dope Sheet's rows have Blender's backdrop shapes and icons, and
/// its group and channel rows end in the modifier, mute and lock toggles.
struct ChannelList {
  /// Which editor the list belongs to.
  enum Style { case graphEditor, dopeSheet }

  /// Row height and the gap below each row, pixels (0.8 and 0.1 widget units).
  static let rowHeight = 16.0
  static let rowGap = 2.0
  /// Indentation per depth level, pixels (0.35 widget units).
  static let indent = 7.0
  static let fontSize = TimeRuler.fontSize
  /// Width of a channel's colour band, pixels (0.3 widget units).
  static let bandWidth = 6.0

  /// One row of the list.
  struct Row {
    enum Kind { case summary, action, group, channel }
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
  }

  var theme: Theme
  var width: Double
  var height: Double
  var style = Style.graphEditor
  /// The top of the first row (below the scrub strip and a gap).
  var top = TimeRuler.stripHeight + rowGap

  /// The Graph Editor's rows: the action, then each group with its channels, then ungrouped
  /// channels; every track is listed, hidden ones greyed.
  static func graphRows(_ action: Action, colors: [Color]) -> [Row] {
    var rows = [Row(kind: .action, name: action.name, depth: 0, selected: false)]
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
      // Location under a highlighted "Object Transforms").
      let selected = members.contains { action.tracks[$0].selected || action.tracks[$0].active }
      rows.append(Row(kind: .group, name: g, depth: 1, selected: selected))
      rows += members.map { channel($0, depth: 2) }
    }
    rows += action.tracks.indices.filter { action.tracks[$0].group == nil }.map { channel($0, depth: 1) }
    return rows
  }

  func draw(_ canvas: any Canvas, rows: [Row]) {
    canvas.save()
    canvas.clip(to: Rect(x: 0, y: 0, width: width, height: height))
    canvas.fill(.rect(Rect(x: 0, y: 0, width: width, height: height)), color: theme.channelList.background)
    if style == .dopeSheet { drawSearchField(canvas) }
    let step = Self.rowHeight + Self.rowGap
    for (i, row) in rows.enumerated() {
      let y = top + Double(i) * step
      guard y < height else { break }
      let rect = Rect(x: 0, y: y, width: width, height: Self.rowHeight)
      switch style {
      case .graphEditor: drawRow(canvas, row, rect)
      case .dopeSheet: drawDopeSheetRow(canvas, row, rect)
      }
    }
    canvas.restore()
  }

  func drawRow(_ canvas: any Canvas, _ row: Row, _ r: Rect) {
    let x0 = Double(row.depth) * Self.indent
    let background: Color
    switch row.kind {
    case .summary: background = theme.channelList.summaryRow
    case .action: background = theme.channelList.actionRow
    case .group: background = row.selected ? theme.channelList.groupRowActive : theme.channelList.groupRow
    case .channel: background = row.selected ? theme.channelList.channelRowSelected : theme.channelList.channelRow
    }
    let rowRect = Rect(x: x0, y: r.minY, width: r.width - x0, height: r.height)
    if row.kind == .channel {
      canvas.fill(.rect(rowRect), color: background)
    } else {
      canvas.fill(.roundedRect(rowRect, radius: 8, corners: .left), color: background)
    }
    var x = x0 + 4
    if row.kind != .channel {
      // The expanded disclosure triangle.
      let cx = x + 5, cy = r.midY
      canvas.fill(.polygon([Point(cx - 4, cy - 2.5), Point(cx + 4, cy - 2.5), Point(cx, cy + 3)]), color: theme.channelList.text)
      x += 14
    }
    if let band = row.band {
      canvas.fill(.rect(Rect(x: x0 + 2, y: r.minY, width: Self.bandWidth, height: r.height)), color: band.withAlpha(row.hidden ? 0.3 : 1))
      x = x0 + 2 + Self.bandWidth + 4
      if !row.hidden { drawEye(canvas, center: Point(x + 6, r.midY)) }
      x += 16
    }
    var textColor = row.selected ? theme.channelList.textSelected : theme.channelList.text
    if row.hidden || row.muted { textColor = textColor.withAlpha(0.5) }
    canvas.save()
    canvas.clip(to: Rect(x: x, y: r.minY, width: max(0, r.maxX - x - 4), height: r.height))
    canvas.text(row.name, at: Point(x, r.midY), style: TextStyle(size: Self.fontSize, color: textColor), anchor: TextAnchor(.left, .middle))
    canvas.restore()
  }

  /// Blender's visibility eye, as a small vector icon.
  func drawEye(_ canvas: any Canvas, center c: Point) {
    var lid = Path()
    lid.move(to: Point(c.x - 6, c.y))
    lid.curve(to: Point(c.x + 6, c.y), control1: Point(c.x - 3, c.y - 5), control2: Point(c.x + 3, c.y - 5))
    lid.curve(to: Point(c.x - 6, c.y), control1: Point(c.x + 3, c.y + 5), control2: Point(c.x - 3, c.y + 5))
    lid.close()
    canvas.stroke(lid, color: theme.channelList.text, style: StrokeStyle(width: 1.2))
    canvas.fill(.circle(center: c, radius: 1.8), color: theme.channelList.text)
  }
}
