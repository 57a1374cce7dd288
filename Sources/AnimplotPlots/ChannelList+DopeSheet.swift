import AnimplotCanvas

extension ChannelList.Row {
  /// The list entry of a Dope Sheet row.
  init(_ row: DopeSheetRow) {
    self.init(
      kind: row.kind, name: row.name, depth: row.depth, selected: row.selected, muted: row.muted,
      locked: row.locked, collapsed: row.collapsed, objectType: row.objectType, action: row.action,
      channel: row.channel)
  }
}

extension ChannelList {
  /// Left edge of the toggles at the right of group and channel rows: three 16-px slots
  /// (modifiers, mute, lock) at the right edge of the list's view, as Blender 3.4 places them.
  /// The Graph Editor's list keeps room for a (hidden) vertical scroller at its right, so its
  /// view ends `Scrollbars.width` earlier: its toggles sit 12 device pixels further left at 1.05
  /// than the Dope Sheet's, measured on the screenshots.
  func togglesLeft(scale: Double) -> Double {
    (style == .graphEditor ? width - Scrollbars.width(scale: scale) : width) - 3 * 16
  }

  /// Where a row is drawn, worked out once per list (`layout`): its rectangle, its name's
  /// baseline, its indentation and the toggles' left edge, logical pixels.
  struct Place: Sendable {
    var rect: Rect
    var baseline: Double
    var x0: Double
    var togglesLeft: Double
    /// The row's exact middle (`ChannelRows.middle`), where Blender places its icons from.
    var middle: Double
    /// The list's geometry at the raster's scale, worked out once per layout.
    var geometry: ChannelRows

    /// The row's widget slots from its indentation (`Slots`).
    var slots: Slots { geometry.slots(x0: x0) }

    /// Where an icon whose art has its middle `x` logical px from the list's left edge lands:
    /// on device pixels about the row's exact middle (`ChannelIcons.snapped`), as Blender places
    /// its 16-px icon art.
    func icon(_ x: Double) -> Point { ChannelIcons.snapped(Point(x, middle), scale: geometry.scale) }
  }

  /// The end every row shares: the name from the row's text start, clipped before the toggles
  /// (group and channel rows) or the row's end, on the row's baseline; then the toggles.
  func drawNameAndToggles(_ canvas: any Canvas, _ laid: ChannelRowLayout, color: Color) {
    let row = laid.row, place = laid.place, textX = laid.icons.textX
    let r = place.rect
    let textRight = laid.icons.toggles != nil ? place.togglesLeft : r.maxX - 4
    canvas.save()
    canvas.clip(to: Rect(x: textX, y: r.minY, width: max(0, textRight - textX), height: r.height))
    canvas.text(
      row.name, at: Point(textX, place.baseline),
      style: TextStyle(size: Self.fontSize, color: color, keepsFractionalBaseline: true),
      anchor: TextAnchor(.left, .baseline))
    canvas.restore()
    if let toggles = laid.icons.toggles { drawToggles(canvas, row, toggles) }
  }
  /// Whether group and channel rows end in their toggles: not in a list narrowed below 160 px
  /// (narrow pictures), where the names need the room.
  var showsToggles: Bool { width >= 160 }

  /// A Dope Sheet row as Blender 3.4 draws it: the backdrop (Summary rounded at the left, objects
  /// and groups rounded at the top left, both corners when collapsed), the disclosure triangle, the action
  /// icon, the name, and the toggles of group and channel rows. Geometry measured on Blender's
  /// screenshots, at UI scale 1.
  func drawDopeSheetRow(_ canvas: any Canvas, _ laid: ChannelRowLayout) {
    let row = laid.row, place = laid.place, icons = laid.icons
    let r = place.rect, x0 = place.x0
    let backdrop = Rect(x: x0, y: r.minY, width: r.maxX - x0, height: r.height)
    switch row.kind {
    case .summary:
      // Blender draws the Summary's backdrop 2 device pixels lower than the row
      // (`acf_summary_backdrop`: `yminc - 2`), over the gap below it: its screenshots' list
      // shows the Summary's red down to the next row.
      var summary = backdrop
      summary.height += 2 / place.geometry.scale
      canvas.fill(.roundedRect(summary, radius: 5, corners: .left), color: theme.channelList.summaryRow)
    case .object:
      canvas.fill(.roundedRect(backdrop, radius: 5, corners: row.rounded), color: theme.channelList.objectRow)
    case .action:
      canvas.fill(.rect(backdrop), color: theme.channelList.actionRow)
    case .group:
      canvas.fill(.roundedRect(backdrop, radius: 5, corners: row.rounded), color: theme.channelList.groupRow)
    case .channel:
      canvas.fill(.rect(backdrop), color: theme.dopeSheet.channelRow)
    }
    if let c = icons.disclosure {
      ChannelIcons.disclosure(canvas, center: c, collapsed: row.collapsed, color: theme.channelList.icon)
    }
    if let c = icons.object {
      ChannelIcons.object(canvas, row.objectType ?? .empty, center: c, color: theme.channelList.text)
    }
    if let c = icons.action { ChannelIcons.action(canvas, center: c, theme: theme) }
    drawNameAndToggles(
      canvas, laid, color: row.selected ? theme.channelList.textSelected : theme.channelList.text)
  }

  /// The modifier wrench, the mute checkbox and the lock at the right of group and channel rows.
  func drawToggles(_ canvas: any Canvas, _ row: Row, _ at: ChannelRowIcons.Toggles) {
    // Blender's toggle shows the wrench on, or dimmed when the channel's modifiers are off.
    let wrench = theme.channelList.icon
    ChannelIcons.wrench(canvas, center: at.modifiers, color: row.modifiersOff ? wrench.withAlpha(wrench.alpha * 0.4) : wrench)
    ChannelIcons.checkbox(canvas, center: at.mute, checked: !row.muted, theme: theme)
    ChannelIcons.padlock(canvas, center: at.lock, locked: row.locked, theme: theme)
  }
}

extension ChannelList {
  /// The empty name filter above the rows, with its toggle at the right, as
  /// Blender 3.4 shows it in the scrub strip's height.
  func drawSearchField(_ canvas: any Canvas) {
    // The field ends 3 device px before the region's edge and its toggle is 24 wide, both
    // measured at 1.05 (214 and 190 device px in the Graph Editor, 205 and 181 in the Dope
    // Sheet) and whole device pixels at every scale.
    let ui = BlenderUIScale(deviceScale: canvas.deviceScale), scale = ui.deviceScale
    func whole(_ measured: Double) -> Double { ui.fromMeasuredAt105(measured).rounded() / scale }
    let right = (width * scale).rounded() / scale - whole(3)
    let field = Rect(x: 2, y: 2, width: right - 2, height: 18)
    canvas.fill(.roundedRect(field, radius: 4), color: theme.channelList.background)
    let toggle = Rect(x: field.maxX - whole(24), y: field.minY, width: whole(24), height: field.height)
    canvas.fill(.roundedRect(toggle, radius: 4, corners: [.topRight, .bottomRight]), color: theme.header.button)
    canvas.stroke(
      .roundedRect(field.insetBy(dx: 0.5, dy: 0.5), radius: 3.5), color: theme.header.fieldOutline,
      style: StrokeStyle(width: 1))
    ChannelIcons.magnifier(canvas, center: Point(15, 8.8), color: theme.channelList.icon.withAlpha(0.93))
    ChannelIcons.doubleArrow(
      canvas, center: Point(toggle.midX + ui.fromMeasuredAt105(0.5) / scale, field.midY + 0.5),
      color: theme.channelList.icon.withAlpha(0.84), scale: scale)
  }
}
