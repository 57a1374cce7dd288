import AnimplotCanvas

/// Colours and sizes of the editors, grouped by editor. `blender` is Blender 3.4's default dark
/// theme (the theme file Blender ships: docs/blender.md, "Theme colours"); `light` is a white
/// variant for documents and print. Two themes are equal when every colour is: a customised
/// copy of `.blender` is not `.blender`.
public struct Theme: Sendable, Hashable {
  /// The theme's name (`blender`, `light`), for messages; equality does not stop at it.
  public var name: String

  /// What every editor's time region shares: the scene range, frame labels, the playhead, markers.
  public var ruler: RulerColors
  /// The Graph Editor's main region: grid, value labels, curves, keys and handles.
  public var graph: GraphColors
  /// The channel list at the left of the Graph Editor and the Dope Sheet.
  public var channelList: ChannelListColors
  /// The Dope Sheet and the Timeline: grid, row backdrops, keys by type, holds.
  public var dopeSheet: DopeSheetColors
  /// The Timeline's header: transport buttons and number fields.
  public var header: HeaderColors
  /// The motion path's 3D-viewport-like region: background, grid, path, frames and keys.
  public var view3D: View3DColors
  /// The scrollbars along the Graph Editor's and the Dope Sheet's edges.
  public var scrollbar: ScrollbarColors
  /// The editor header above the Graph Editor and the Dope Sheet (`showHeader`).
  public var editorHeader: EditorHeaderColors

  public init(
    name: String, ruler: RulerColors, graph: GraphColors, channelList: ChannelListColors,
    dopeSheet: DopeSheetColors, header: HeaderColors, view3D: View3DColors = .blender,
    scrollbar: ScrollbarColors = .blender, editorHeader: EditorHeaderColors = .blender
  ) {
    self.name = name
    self.ruler = ruler
    self.graph = graph
    self.channelList = channelList
    self.dopeSheet = dopeSheet
    self.header = header
    self.view3D = view3D
    self.scrollbar = scrollbar
    self.editorHeader = editorHeader
  }

  /// Blender 3.4's default dark theme.
  public static let blender = Theme(
    name: "blender",
    ruler: RulerColors(
      outsideRange: hex("171717").withAlpha(155 / 255),
      rangeLine: hex("000000"),
      frameLabel: hex("A6A6A6"),
      playhead: hex("4772B3"),
      playheadBox: hex("426DAE"),
      playheadBoxOutline: hex("4C77B8"),
      playheadText: hex("FFFFFF"),
      playheadBacking: hex("171717").withAlpha(155 / 255),
      markerLine: hex("FFFFFF4D"),
      markerText: hex("E6E6E6")),
    graph: GraphColors(
      background: hex("303030"),
      gridMajor: hex("1A1A1A"),
      gridMinor: hex("2A2A2A"),
      scrubBackground: hex("161616"),
      valueLabel: hex("E6E6E6"),
      valueLabelShadow: TextShadow(color: hex("000000"), dx: 1, dy: 1, blur: 5),
      cursorLine: hex("3D68A9").withAlpha(205 / 255),
      xAxis: hex("FF3352"),
      yAxis: hex("8BDC00"),
      zAxis: hex("2890FF"),
      otherAxis: Color(red: 0.3, green: 0.8, blue: 1),
      mutedCurve: hex("626262"),
      inactiveCurveAlpha: 0.25,
      vertex: hex("000000"),
      vertexSelected: hex("FF8500"),
      vertexActive: hex("FFFFFF"),
      vertexActiveOutline: nil,
      handleVertex: hex("000000"),
      handleVertexSelected: hex("FF8500"),
      handleFree: ColorPair(hex("000000"), hex("000000")),
      handleAuto: ColorPair(hex("909000"), hex("F0FF40")),
      handleVector: ColorPair(hex("409030"), hex("40C030")),
      handleAligned: ColorPair(hex("803060"), hex("F090A0")),
      handleAutoClamped: ColorPair(hex("994030"), hex("F0AF90"))),
    channelList: ChannelListColors(
      background: hex("1D1D1D"),
      text: hex("B8B8B8"),
      textSelected: hex("FFAF23"),
      channelRow: hex("121212"),
      channelRowSelected: hex("2C2C2C"),
      groupRow: hex("1A332D"),
      groupRowActive: hex("216D5B"),
      actionRow: hex("0F2C4D"),
      summaryRow: hex("4D2727"),
      icon: hex("FFFFFF"),
      toggle: hex("B3B3B3")),
    dopeSheet: DopeSheetColors(
      background: hex("303030"),
      gridMajor: hex("161616"),
      gridMinor: hex("262626"),
      scrubBackground: hex("1D1D1D"),
      channelRow: hex("1D1D1D99"),
      channelRowSelected: hex("60C04044"),
      groupRow: hex("1A332D37"),
      groupRowSelected: hex("216D5B67"),
      actionRow: hex("0F2C4D80"),
      summaryRow: hex("4D272766"),
      keyBorder: hex("000000"),
      keyBorderSelected: hex("000000"),
      keyframe: ColorPair(hex("BFBFBF"), hex("FFBE33")),
      extreme: ColorPair(hex("E8B3CC"), hex("F28080")),
      breakdown: ColorPair(hex("B3DBE8"), hex("54BFED")),
      jitter: ColorPair(hex("94E575"), hex("61C042")),
      movingHold: ColorPair(hex("808080"), hex("FFAF23")),
      generated: ColorPair(hex("585858"), hex("A28962")),
      holdBar: hex("FFFFFF1F"),
      holdBarSelected: hex("FF8C0099"),
      interpolationLine: hex("94E575CC")),
    header: HeaderColors(
      background: hex("353535"),
      text: hex("D9D9D9"),
      field: hex("282828"),
      fieldOutline: hex("3D3D3D"),
      button: hex("545454")))

  /// A light theme for documents and print: white ground, darker axis colours, stronger
  /// unselected curves.
  public static let light = Theme(
    name: "light",
    ruler: RulerColors(
      outsideRange: hex("000000").withAlpha(0.05),
      rangeLine: hex("8C8C8C"),
      frameLabel: hex("505050"),
      playhead: hex("3A6FC4"),
      playheadBox: hex("3A6FC4"),
      playheadBoxOutline: hex("2F5FAE"),
      playheadText: hex("FFFFFF"),
      playheadBacking: hex("FFFFFF").withAlpha(0.6),
      markerLine: hex("00000040"),
      markerText: hex("303030")),
    graph: GraphColors(
      background: hex("FFFFFF"),
      gridMajor: hex("C8C8C8"),
      gridMinor: hex("E6E6E6"),
      scrubBackground: hex("F0F0F0"),
      valueLabel: hex("404040"),
      valueLabelShadow: TextShadow(color: hex("FFFFFF"), dx: 0, dy: 0, blur: 5),
      cursorLine: hex("3A6FC4").withAlpha(0.5),
      xAxis: hex("E0243F"),
      yAxis: hex("5FA000"),
      zAxis: hex("1C6FD6"),
      otherAxis: hex("2A8FB8"),
      mutedCurve: hex("A0A0A0"),
      inactiveCurveAlpha: 0.45,
      vertex: hex("202020"),
      vertexSelected: hex("F07800"),
      vertexActive: hex("FFFFFF"),
      vertexActiveOutline: hex("202020"),
      handleVertex: hex("202020"),
      handleVertexSelected: hex("F07800"),
      handleFree: ColorPair(hex("404040"), hex("202020")),
      handleAuto: ColorPair(hex("8C8C00"), hex("B0B000")),
      handleVector: ColorPair(hex("3C8C2C"), hex("2CA01C")),
      handleAligned: ColorPair(hex("8C3068"), hex("C0507A")),
      handleAutoClamped: ColorPair(hex("A04030"), hex("D0703C"))),
    channelList: ChannelListColors(
      background: hex("F5F5F5"),
      text: hex("303030"),
      textSelected: hex("C06A00"),
      channelRow: hex("FFFFFF"),
      channelRowSelected: hex("E4E4E4"),
      groupRow: hex("DCEBE6"),
      groupRowActive: hex("B8DDD2"),
      actionRow: hex("DCE6F2"),
      summaryRow: hex("F2DCDC"),
      icon: hex("404040"),
      toggle: hex("8C8C8C"),
      objectRow: hex("C9DBEF")),
    dopeSheet: DopeSheetColors(
      background: hex("FFFFFF"),
      gridMajor: hex("C8C8C8"),
      gridMinor: hex("E6E6E6"),
      scrubBackground: hex("F0F0F0"),
      channelRow: hex("00000008"),
      channelRowSelected: hex("60C04040"),
      groupRow: hex("1A332D20"),
      groupRowSelected: hex("216D5B40"),
      actionRow: hex("0F2C4D20"),
      summaryRow: hex("4D272730"),
      keyBorder: hex("000000"),
      keyBorderSelected: hex("000000"),
      keyframe: ColorPair(hex("A0A0A0"), hex("FFB020")),
      extreme: ColorPair(hex("E090B0"), hex("F06060")),
      breakdown: ColorPair(hex("90C8E0"), hex("30A8E0")),
      jitter: ColorPair(hex("80D060"), hex("50B030")),
      movingHold: ColorPair(hex("707070"), hex("FFA010")),
      generated: ColorPair(hex("C0C0C0"), hex("A28962")),
      holdBar: hex("00000020"),
      holdBarSelected: hex("FF8C0080"),
      interpolationLine: hex("50A040CC"),
      objectRow: hex("194E8030"),
      objectRowSelected: hex("194E8024")),
    header: HeaderColors(
      background: hex("E6E6E6"),
      text: hex("303030"),
      field: hex("FFFFFF"),
      fieldOutline: hex("BDBDBD"),
      button: hex("D0D0D0")),
    view3D: .light,
    scrollbar: .light,
    editorHeader: .light)

  /// The theme called `name` (`blender` or `light`), or `nil`.
  public static func named(_ name: String) -> Theme? {
    switch name.lowercased() {
    case "blender", "dark": return .blender
    case "light": return .light
    default: return nil
    }
  }

  public static let names = ["blender", "light"]

  private static func hex(_ s: String) -> Color { Color(hex: s)! }
}

/// What every editor's time region shares: the scene range, frame labels, the playhead, markers.
public struct RulerColors: Sendable, Hashable {
  /// Laid over frames outside the scene range.
  public var outsideRange: Color
  /// The 1-px lines at the scene range's ends.
  public var rangeLine: Color
  public var frameLabel: Color
  public var playhead: Color
  public var playheadBox: Color
  public var playheadBoxOutline: Color
  public var playheadText: Color
  /// Behind the playhead line.
  public var playheadBacking: Color
  public var markerLine: Color
  public var markerText: Color

  public init(
    outsideRange: Color, rangeLine: Color, frameLabel: Color, playhead: Color, playheadBox: Color, playheadBoxOutline: Color, playheadText: Color, playheadBacking: Color, markerLine: Color, markerText: Color
  ) {
    self.outsideRange = outsideRange
    self.rangeLine = rangeLine
    self.frameLabel = frameLabel
    self.playhead = playhead
    self.playheadBox = playheadBox
    self.playheadBoxOutline = playheadBoxOutline
    self.playheadText = playheadText
    self.playheadBacking = playheadBacking
    self.markerLine = markerLine
    self.markerText = markerText
  }
}

/// The Graph Editor's main region: grid, value labels, curves, keys and handles.
public struct GraphColors: Sendable, Hashable {
  public var background: Color
  public var gridMajor: Color
  public var gridMinor: Color
  public var scrubBackground: Color
  public var valueLabel: Color
  /// The soft shadow under value labels (Blender 3.4: black, blurred 5×5, 1 px right and down;
  /// the light theme: a white halo), which keeps them readable over grid lines and curves.
  public var valueLabelShadow: TextShadow?
  /// The 2D cursor's value line (Blender draws it at the cursor value, 0 by default).
  public var cursorLine: Color
  public var xAxis: Color
  public var yAxis: Color
  public var zAxis: Color
  /// Other elements of XYZ-coloured properties.
  public var otherAxis: Color
  public var mutedCurve: Color
  /// Alpha of unselected curves (Blender's `fcu_inactive_alpha`).
  public var inactiveCurveAlpha: Double
  public var vertex: Color
  public var vertexSelected: Color
  public var vertexActive: Color
  /// A ring around the active key, where `vertexActive` alone would not show (white on white).
  public var vertexActiveOutline: Color?
  public var handleVertex: Color
  public var handleVertexSelected: Color
  /// Handle line colours by type, unselected and selected.
  public var handleFree: ColorPair
  public var handleAuto: ColorPair
  public var handleVector: ColorPair
  public var handleAligned: ColorPair
  public var handleAutoClamped: ColorPair

  public init(
    background: Color, gridMajor: Color, gridMinor: Color, scrubBackground: Color, valueLabel: Color, valueLabelShadow: TextShadow? = nil, cursorLine: Color, xAxis: Color, yAxis: Color, zAxis: Color, otherAxis: Color, mutedCurve: Color, inactiveCurveAlpha: Double, vertex: Color, vertexSelected: Color, vertexActive: Color, vertexActiveOutline: Color? = nil, handleVertex: Color, handleVertexSelected: Color, handleFree: ColorPair, handleAuto: ColorPair, handleVector: ColorPair, handleAligned: ColorPair, handleAutoClamped: ColorPair
  ) {
    self.background = background
    self.gridMajor = gridMajor
    self.gridMinor = gridMinor
    self.scrubBackground = scrubBackground
    self.valueLabel = valueLabel
    self.valueLabelShadow = valueLabelShadow
    self.cursorLine = cursorLine
    self.xAxis = xAxis
    self.yAxis = yAxis
    self.zAxis = zAxis
    self.otherAxis = otherAxis
    self.mutedCurve = mutedCurve
    self.inactiveCurveAlpha = inactiveCurveAlpha
    self.vertex = vertex
    self.vertexSelected = vertexSelected
    self.vertexActive = vertexActive
    self.vertexActiveOutline = vertexActiveOutline
    self.handleVertex = handleVertex
    self.handleVertexSelected = handleVertexSelected
    self.handleFree = handleFree
    self.handleAuto = handleAuto
    self.handleVector = handleVector
    self.handleAligned = handleAligned
    self.handleAutoClamped = handleAutoClamped
  }
}

/// The channel list at the left of the Graph Editor and the Dope Sheet.
public struct ChannelListColors: Sendable, Hashable {
  public var background: Color
  public var text: Color
  public var textSelected: Color
  public var channelRow: Color
  public var channelRowSelected: Color
  public var groupRow: Color
  public var groupRowActive: Color
  public var actionRow: Color
  public var summaryRow: Color
  /// The row of the object an action animates (Blender's `ds_channel`).
  public var objectRow: Color
  /// Disclosure triangles, the action icon and the modifier wrench of the Dope Sheet's list.
  public var icon: Color
  /// The mute checkbox of the Dope Sheet's list.
  public var toggle: Color

  public init(
    background: Color, text: Color, textSelected: Color, channelRow: Color, channelRowSelected: Color, groupRow: Color, groupRowActive: Color, actionRow: Color, summaryRow: Color, icon: Color, toggle: Color,
    objectRow: Color = Color(bytes: 0x19, 0x4E, 0x80)
  ) {
    self.objectRow = objectRow
    self.background = background
    self.text = text
    self.textSelected = textSelected
    self.channelRow = channelRow
    self.channelRowSelected = channelRowSelected
    self.groupRow = groupRow
    self.groupRowActive = groupRowActive
    self.actionRow = actionRow
    self.summaryRow = summaryRow
    self.icon = icon
    self.toggle = toggle
  }
}

/// The Dope Sheet and the Timeline: grid, row backdrops, keys by type, holds.
public struct DopeSheetColors: Sendable, Hashable {
  public var background: Color
  public var gridMajor: Color
  public var gridMinor: Color
  public var scrubBackground: Color
  public var channelRow: Color
  public var channelRowSelected: Color
  public var groupRow: Color
  public var groupRowSelected: Color
  public var actionRow: Color
  public var summaryRow: Color
  /// The object row's backdrop (`ds_channel`), and that of a selected object (its alpha
  /// replaced by the selected rows' alpha, as Blender does).
  public var objectRow: Color
  public var objectRowSelected: Color
  public var keyBorder: Color
  public var keyBorderSelected: Color
  /// Key fill colours by key type, unselected and selected.
  public var keyframe: ColorPair
  public var extreme: ColorPair
  public var breakdown: ColorPair
  public var jitter: ColorPair
  public var movingHold: ColorPair
  public var generated: ColorPair
  public var holdBar: Color
  public var holdBarSelected: Color
  public var interpolationLine: Color

  public init(
    background: Color, gridMajor: Color, gridMinor: Color, scrubBackground: Color, channelRow: Color, channelRowSelected: Color, groupRow: Color, groupRowSelected: Color, actionRow: Color, summaryRow: Color, keyBorder: Color, keyBorderSelected: Color, keyframe: ColorPair, extreme: ColorPair, breakdown: ColorPair, jitter: ColorPair, movingHold: ColorPair, generated: ColorPair, holdBar: Color, holdBarSelected: Color, interpolationLine: Color,
    objectRow: Color = Color(bytes: 0x19, 0x4E, 0x80, 0x80),
    objectRowSelected: Color = Color(bytes: 0x19, 0x4E, 0x80, 0x44)
  ) {
    self.objectRow = objectRow
    self.objectRowSelected = objectRowSelected
    self.background = background
    self.gridMajor = gridMajor
    self.gridMinor = gridMinor
    self.scrubBackground = scrubBackground
    self.channelRow = channelRow
    self.channelRowSelected = channelRowSelected
    self.groupRow = groupRow
    self.groupRowSelected = groupRowSelected
    self.actionRow = actionRow
    self.summaryRow = summaryRow
    self.keyBorder = keyBorder
    self.keyBorderSelected = keyBorderSelected
    self.keyframe = keyframe
    self.extreme = extreme
    self.breakdown = breakdown
    self.jitter = jitter
    self.movingHold = movingHold
    self.generated = generated
    self.holdBar = holdBar
    self.holdBarSelected = holdBarSelected
    self.interpolationLine = interpolationLine
  }
}

/// The Timeline's header: transport buttons and number fields.
public struct HeaderColors: Sendable, Hashable {
  public var background: Color
  public var text: Color
  /// Number fields and buttons in the header.
  public var field: Color
  public var fieldOutline: Color
  /// Toggle buttons (the channel filter's "only show errors" toggle).
  public var button: Color

  public init(
    background: Color, text: Color, field: Color, fieldOutline: Color, button: Color
  ) {
    self.background = background
    self.text = text
    self.field = field
    self.fieldOutline = fieldOutline
    self.button = button
  }
}

/// Blender's View2D scrollers as they rest (the pointer away): a rounded thumb over an unseen
/// track, with a dot at each end of a zoomable one.
public struct ScrollbarColors: Sendable, Hashable {
  /// The thumb.
  public var thumb: Color
  /// The zoom dots at the thumb's ends.
  public var dot: Color
  /// The opacity of a thin thumb (the Dope Sheet's vertical scrollbar, which does not zoom).
  public var thinAlpha: Double

  public init(thumb: Color, dot: Color, thinAlpha: Double) {
    self.thumb = thumb
    self.dot = dot
    self.thinAlpha = thinAlpha
  }

  /// Blender 3.4's dark theme, measured on its screenshots at UI scale 1.05: a #545454 thumb,
  /// #242424 dots, the thin thumb at 40 % (#363636 over #212121).
  public static let blender = ScrollbarColors(
    thumb: Color(bytes: 0x54, 0x54, 0x54), dot: Color(bytes: 0x24, 0x24, 0x24), thinAlpha: 0.4)
  /// The light theme's: a mid grey thumb on white, dots near the ground as in the dark theme.
  public static let light = ScrollbarColors(
    thumb: Color(bytes: 0xC4, 0xC4, 0xC4), dot: Color(bytes: 0xF4, 0xF4, 0xF4), thinAlpha: 0.5)
}

/// The editor header's colours (`EditorHeader`).
public struct EditorHeaderColors: Sendable, Hashable {
  /// The header's fill.
  public var background: Color
  /// The area's edge along the header's top and left, outside its rounded corners.
  public var areaEdge: Color
  /// Menu names, dropdown text and icons.
  public var text: Color
  /// The menu names' shadow (one device pixel down, sharp), or none.
  public var textShadow: Color?
  /// Dropdowns and popovers.
  public var dropdown: Color
  /// Every box's outline.
  public var outline: Color
  /// The line under each box.
  public var emboss: Color
  /// A toggle that is off.
  public var toggle: Color
  /// The text and icon of a toggle that is off.
  public var toggleText: Color
  /// A toggle that is on (Normalize with `--normalize`, the select-only toggle).
  public var toggleOn: Color
  /// The text and icon of a toggle that is on.
  public var toggleOnText: Color

  /// Colours for every element of the header.
  public init(
    background: Color, areaEdge: Color, text: Color, textShadow: Color?, dropdown: Color, outline: Color,
    emboss: Color, toggle: Color, toggleText: Color, toggleOn: Color, toggleOnText: Color
  ) {
    self.background = background
    self.areaEdge = areaEdge
    self.text = text
    self.textShadow = textShadow
    self.dropdown = dropdown
    self.outline = outline
    self.emboss = emboss
    self.toggle = toggle
    self.toggleText = toggleText
    self.toggleOn = toggleOn
    self.toggleOnText = toggleOnText
  }

  /// Blender 3.4's dark theme, measured on its screenshots at UI scale 1.05: a #353535 header,
  /// #282828 dropdowns and #545454 toggles outlined #3D3D3D, #4772B3 when on.
  public static let blender = EditorHeaderColors(
    background: Color(bytes: 0x35, 0x35, 0x35), areaEdge: Color(bytes: 0x18, 0x18, 0x18),
    text: Color(bytes: 0xD9, 0xD9, 0xD9), textShadow: Color(bytes: 0, 0, 0, 77),
    dropdown: Color(bytes: 0x28, 0x28, 0x28), outline: Color(bytes: 0x3D, 0x3D, 0x3D),
    emboss: Color(bytes: 0, 0, 0, 38), toggle: Color(bytes: 0x54, 0x54, 0x54),
    toggleText: Color(bytes: 0xE5, 0xE5, 0xE5), toggleOn: Color(bytes: 0x47, 0x72, 0xB3),
    toggleOnText: Color(bytes: 0xFF, 0xFF, 0xFF))
  /// The light theme's: a light grey header, white dropdowns, the light theme's blue. Not
  /// Blender's (its light theme has no screenshot here): chosen to sit with animplot's light
  /// theme (its list and plot colours), dark text on light boxes, no text shadow.
  public static let light = EditorHeaderColors(
    background: Color(bytes: 0xE6, 0xE6, 0xE6), areaEdge: Color(bytes: 0xC4, 0xC4, 0xC4),
    text: Color(bytes: 0x30, 0x30, 0x30), textShadow: nil,
    dropdown: Color(bytes: 0xFF, 0xFF, 0xFF), outline: Color(bytes: 0xBD, 0xBD, 0xBD),
    emboss: Color(bytes: 0, 0, 0, 15), toggle: Color(bytes: 0xD6, 0xD6, 0xD6),
    toggleText: Color(bytes: 0x30, 0x30, 0x30), toggleOn: Color(bytes: 0x3A, 0x6F, 0xC4),
    toggleOnText: Color(bytes: 0xFF, 0xFF, 0xFF))
}

/// A colour for an element in its normal and its selected state.
public struct ColorPair: Sendable, Hashable {
  public var normal: Color
  public var selected: Color

  public init(_ normal: Color, _ selected: Color) {
    self.normal = normal
    self.selected = selected
  }

  /// The colour for the state.
  public func color(selected isSelected: Bool) -> Color { isSelected ? selected : normal }
}
