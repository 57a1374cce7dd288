import AnimplotCanvas

/// Colours and sizes of the editors. `blender` is Blender 3.4's default dark theme (values
/// from `userdef_default_theme.c`, see research/blender.md §5); `light` is a white variant for
/// documents and print.
public struct Theme: Sendable, Hashable {
  public var name: String
  // Graph Editor main region.
  public var background: Color
  public var gridMajor: Color
  public var gridMinor: Color
  /// Laid over frames outside the scene range.
  public var outsideRange: Color
  /// The 1-px lines at the scene range's ends.
  public var rangeLine: Color
  public var scrubBackground: Color
  public var frameLabel: Color
  public var valueLabel: Color
  public var playhead: Color
  public var playheadBox: Color
  public var playheadBoxOutline: Color
  public var playheadText: Color
  /// Behind the playhead line.
  public var playheadBacking: Color
  /// The 2D cursor's value line (Blender draws it at the cursor value, 0 by default).
  public var cursorLine: Color
  public var markerLine: Color
  public var markerText: Color
  /// Laid over values beyond ±1 when curves are normalised.
  public var normalizeOverlay: Color
  // Curves and keys.
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
  public var handleVertex: Color
  public var handleVertexSelected: Color
  /// Handle line colours by type, unselected and selected.
  public var handleFree: (Color, Color)
  public var handleAuto: (Color, Color)
  public var handleVector: (Color, Color)
  public var handleAligned: (Color, Color)
  public var handleAutoClamped: (Color, Color)
  // Channel list.
  public var listBackground: Color
  public var listText: Color
  public var listTextSelected: Color
  public var channelRow: Color
  public var channelRowSelected: Color
  public var groupRow: Color
  public var groupRowActive: Color
  public var actionRow: Color
  public var summaryRow: Color
  // Dope Sheet.
  public var dopeBackground: Color
  public var dopeGridMajor: Color
  public var dopeGridMinor: Color
  public var dopeScrubBackground: Color
  public var dopeChannelRow: Color
  public var dopeChannelRowSelected: Color
  public var dopeGroupRow: Color
  public var dopeGroupRowSelected: Color
  public var dopeActionRow: Color
  public var dopeSummaryRow: Color
  public var keyBorder: Color
  public var keyBorderSelected: Color
  /// Key fill colours by key type, unselected and selected.
  public var keyframe: (Color, Color)
  public var extreme: (Color, Color)
  public var breakdown: (Color, Color)
  public var jitter: (Color, Color)
  public var movingHold: (Color, Color)
  public var generated: (Color, Color)
  public var holdBar: Color
  public var holdBarSelected: Color
  public var interpolationLine: Color
  // Widgets of the Dope Sheet's channel list and the Timeline's header.
  /// Disclosure triangles, the action icon and the modifier wrench of the Dope Sheet's list.
  public var listIcon: Color
  /// The mute checkbox of the Dope Sheet's list.
  public var listToggle: Color
  public var header: Color
  public var headerText: Color
  /// Number fields and buttons in the header.
  public var headerField: Color
  public var headerFieldOutline: Color
  /// Toggle buttons (the channel filter's "only show errors" toggle).
  public var headerButton: Color

  public static func == (a: Theme, b: Theme) -> Bool { a.name == b.name }
  public func hash(into hasher: inout Hasher) { hasher.combine(name) }

  /// Blender 3.4's default dark theme.
  public static let blender = Theme(
    name: "blender",
    background: hex("303030"), gridMajor: hex("1A1A1A"), gridMinor: hex("2A2A2A"),
    outsideRange: hex("171717").withAlpha(155 / 255), rangeLine: hex("000000"),
    scrubBackground: hex("161616"), frameLabel: hex("A6A6A6"), valueLabel: hex("E6E6E6"),
    playhead: hex("4772B3"), playheadBox: hex("426DAE"), playheadBoxOutline: hex("4C77B8"),
    playheadText: hex("FFFFFF"), playheadBacking: hex("171717").withAlpha(155 / 255),
    cursorLine: hex("3D68A9").withAlpha(205 / 255), markerLine: hex("FFFFFF4D"),
    markerText: hex("E6E6E6"), normalizeOverlay: hex("171717").withAlpha(75 / 255),
    xAxis: hex("FF3352"), yAxis: hex("8BDC00"), zAxis: hex("2890FF"),
    otherAxis: Color(red: 0.3, green: 0.8, blue: 1), mutedCurve: hex("626262"),
    inactiveCurveAlpha: 0.25,
    vertex: hex("000000"), vertexSelected: hex("FF8500"), vertexActive: hex("FFFFFF"),
    handleVertex: hex("000000"), handleVertexSelected: hex("FF8500"),
    handleFree: (hex("000000"), hex("000000")), handleAuto: (hex("909000"), hex("F0FF40")),
    handleVector: (hex("409030"), hex("40C030")), handleAligned: (hex("803060"), hex("F090A0")),
    handleAutoClamped: (hex("994030"), hex("F0AF90")),
    listBackground: hex("1D1D1D"), listText: hex("B8B8B8"), listTextSelected: hex("FFAF23"),
    channelRow: hex("121212"), channelRowSelected: hex("2C2C2C"), groupRow: hex("1A332D"),
    groupRowActive: hex("216D5B"), actionRow: hex("0F2C4D"), summaryRow: hex("4D2727"),
    dopeBackground: hex("303030"), dopeGridMajor: hex("161616"), dopeGridMinor: hex("262626"),
    dopeScrubBackground: hex("1D1D1D"), dopeChannelRow: hex("1D1D1D99"),
    dopeChannelRowSelected: hex("60C04044"), dopeGroupRow: hex("1A332D37"),
    dopeGroupRowSelected: hex("216D5B67"), dopeActionRow: hex("0F2C4D80"),
    dopeSummaryRow: hex("4D272766"), keyBorder: hex("000000"), keyBorderSelected: hex("000000"),
    keyframe: (hex("BFBFBF"), hex("FFBE33")), extreme: (hex("E8B3CC"), hex("F28080")),
    breakdown: (hex("B3DBE8"), hex("54BFED")), jitter: (hex("94E575"), hex("61C042")),
    movingHold: (hex("808080"), hex("FFAF23")), generated: (hex("585858"), hex("A28962")),
    holdBar: hex("FFFFFF1F"), holdBarSelected: hex("FF8C0099"), interpolationLine: hex("94E575CC"),
    listIcon: hex("FFFFFF"), listToggle: hex("B3B3B3"), header: hex("353535"),
    headerText: hex("D9D9D9"), headerField: hex("282828"), headerFieldOutline: hex("3D3D3D"),
    headerButton: hex("545454"))

  /// A light theme for documents and print: white ground, darker axis colours, stronger
  /// unselected curves.
  public static let light = Theme(
    name: "light",
    background: hex("FFFFFF"), gridMajor: hex("C8C8C8"), gridMinor: hex("E6E6E6"),
    outsideRange: hex("000000").withAlpha(0.05), rangeLine: hex("8C8C8C"),
    scrubBackground: hex("F0F0F0"), frameLabel: hex("505050"), valueLabel: hex("404040"),
    playhead: hex("3A6FC4"), playheadBox: hex("3A6FC4"), playheadBoxOutline: hex("2F5FAE"),
    playheadText: hex("FFFFFF"), playheadBacking: hex("FFFFFF").withAlpha(0.6),
    cursorLine: hex("3A6FC4").withAlpha(0.5), markerLine: hex("00000040"),
    markerText: hex("303030"), normalizeOverlay: hex("000000").withAlpha(0.04),
    xAxis: hex("E0243F"), yAxis: hex("5FA000"), zAxis: hex("1C6FD6"),
    otherAxis: hex("2A8FB8"), mutedCurve: hex("A0A0A0"), inactiveCurveAlpha: 0.45,
    vertex: hex("202020"), vertexSelected: hex("F07800"), vertexActive: hex("FFFFFF"),
    handleVertex: hex("202020"), handleVertexSelected: hex("F07800"),
    handleFree: (hex("404040"), hex("202020")), handleAuto: (hex("8C8C00"), hex("B0B000")),
    handleVector: (hex("3C8C2C"), hex("2CA01C")), handleAligned: (hex("8C3068"), hex("C0507A")),
    handleAutoClamped: (hex("A04030"), hex("D0703C")),
    listBackground: hex("F5F5F5"), listText: hex("303030"), listTextSelected: hex("C06A00"),
    channelRow: hex("FFFFFF"), channelRowSelected: hex("E4E4E4"), groupRow: hex("DCEBE6"),
    groupRowActive: hex("B8DDD2"), actionRow: hex("DCE6F2"), summaryRow: hex("F2DCDC"),
    dopeBackground: hex("FFFFFF"), dopeGridMajor: hex("C8C8C8"), dopeGridMinor: hex("E6E6E6"),
    dopeScrubBackground: hex("F0F0F0"), dopeChannelRow: hex("00000008"),
    dopeChannelRowSelected: hex("60C04040"), dopeGroupRow: hex("1A332D20"),
    dopeGroupRowSelected: hex("216D5B40"), dopeActionRow: hex("0F2C4D20"),
    dopeSummaryRow: hex("4D272730"), keyBorder: hex("000000"), keyBorderSelected: hex("000000"),
    keyframe: (hex("A0A0A0"), hex("FFB020")), extreme: (hex("E090B0"), hex("F06060")),
    breakdown: (hex("90C8E0"), hex("30A8E0")), jitter: (hex("80D060"), hex("50B030")),
    movingHold: (hex("707070"), hex("FFA010")), generated: (hex("C0C0C0"), hex("A28962")),
    holdBar: hex("00000020"), holdBarSelected: hex("FF8C0080"), interpolationLine: hex("50A040CC"),
    listIcon: hex("404040"), listToggle: hex("8C8C8C"), header: hex("E6E6E6"),
    headerText: hex("303030"), headerField: hex("FFFFFF"), headerFieldOutline: hex("BDBDBD"),
    headerButton: hex("D0D0D0"))

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
