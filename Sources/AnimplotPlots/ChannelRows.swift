import AnimplotCanvas

/// Where Blender puts its channel rows (Dope Sheet and channel list backdrops) on a raster of
/// `scale` device pixels per logical pixel (docs/blender.md, "Channel rows").
///
/// Blender works in device pixels: its UI scale becomes an integer DPI (`int(72 × scale)`), a
/// line width `U.pixelsize` (2 from scale 2) and an integer widget unit (`BlenderUIScale`: 20
/// at scale 1, 21 at 1.05, 40 at 2). A row is
/// 0.8 widget units high with 0.1 below it; the first starts 0.1 units below the scrub strip
/// (`23 × dpiFactor`). The rows' view coordinates are mapped to pixels and each edge covers
/// the pixels whose centres it encloses, so at 1.05 the rows are 16 or 17 pixels high, not a
/// blurred 16.8. At whole scales every edge is on a pixel and the rows are 16 × scale high
/// every 18 × scale.
///
/// At fractional scales Blender's screenshots (UI scale 1.05) step 227 pixels per 12 rows,
/// 0.09 % more than the 18.9 the widget unit gives: the channel region's view maps to its
/// pixels 1.0009 times larger (`viewScale`). That factor is measured, not derived (the View2D
/// of a locked list maps its `cur` to its pixels 1:1 on paper); at whole scales it is taken as 1.
struct ChannelRows: Sendable {
  /// Device pixels per logical pixel.
  let scale: Double
  /// Blender's widget unit, device pixels.
  let widgetUnit: Double
  /// Blender's `UI_SCALE_FAC` (the DPI factor after rounding the DPI to an integer).
  let dpiFactor: Double
  /// The vertical view → pixel factor measured on Blender's screenshots (see above).
  let viewScale: Double
  /// The top of the first row's slot, device pixels below the editor's top edge, before the
  /// view scale: the scrub strip and one gap.
  private let first: Double

  static let measuredViewScale = 1.0009

  init(scale: Double) {
    let ui = BlenderUIScale(deviceScale: scale)
    let s = ui.deviceScale
    self.scale = s
    dpiFactor = ui.factor
    widgetUnit = Double(ui.widgetUnit)
    viewScale = s == s.rounded() ? 1 : Self.measuredViewScale
    first = TimeRuler.stripHeight * dpiFactor + widgetUnit / 10
  }

  /// `n` tenths of the widget unit, exact when they are whole (18 of 20, not 18.000000000000004).
  private func tenths(_ n: Double) -> Double { widgetUnit * n / 10 }

  /// A view coordinate (device pixels below the editor's top, unscaled) on the pixel edge
  /// whose row centres it encloses, as a logical coordinate.
  private func edge(_ v: Double) -> Double { (v * viewScale).rounded() / scale }

  /// The list's indentation per level, logical pixels: Blender's `0.35 × widget unit`
  /// truncated to whole device pixels (`short` offsets in `anim_channels_defines.cc`), 7 at
  /// 1.05 where 7.35 would put a channel's name a pixel right of Blender's.
  var indent: Double { (widgetUnit * 35 / 100).rounded(.down) / scale }

  /// The widgets of a row whose indentation is `x0` (logical pixels), laid out left to right
  /// as Blender does (`Slots`).
  func slots(x0: Double) -> Slots { Slots(scale: scale, widgetUnit: widgetUnit, x0: x0) }

  /// Row `index`'s top edge, logical pixels below the editor's top.
  func top(_ index: Int) -> Double { edge(first + Double(index) * tenths(9)) }
  /// Row `index`'s name baseline, logical pixels below the editor's top: Blender sets the
  /// text `0.6` widget units below the row's top (0.2 below its middle) and rounds that origin
  /// in view coordinates (`BLF_position`), which the view then maps to pixels: at a fractional
  /// scale (`viewScale` not 1) between two device pixel rows, where Blender samples the glyphs
  /// bilinearly (`TextStyle.keepsFractionalBaseline`); 12 below the top at scale 1, 24 at 2.
  func nameBaseline(_ index: Int) -> Double {
    (first + Double(index) * tenths(9) + tenths(6)).rounded() * viewScale / scale
  }

  /// Row `index`'s height, logical pixels.
  func height(_ index: Int) -> Double {
    edge(first + Double(index) * tenths(9) + tenths(8)) - top(index)
  }
  /// Row `index`'s vertical centre, logical pixels below the editor's top (Blender draws the
  /// keys there, on the pixel line it falls in: `DevicePixels.center`).
  func middle(_ index: Int) -> Double {
    (first + Double(index) * tenths(9) + tenths(4)) * viewScale / scale
  }
}

/// Blender's left-to-right layout of a channel row (docs/blender.md, "Channel list"): from the
/// row's indentation, each icon (disclosure triangle, object or action icon, pin, eye) takes a
/// slot `0.85 × widget unit` wide (`ICON_WIDTH`), added to a whole-pixel offset and truncated,
/// and the name starts 3 device pixels after the last slot. At 1.05 the slots are 17 device pixels
/// apart with no drift (17.85 truncated each time), so a name two slots in starts at
/// `x0 + 37`, not `x0 + 38.7`: measured on the screenshots, every row kind's name at the
/// device pixel this gives.
struct Slots: Sendable {
  let scale: Double
  let widgetUnit: Double
  /// The next slot's left edge, device pixels.
  private(set) var cursor: Double

  init(scale: Double, widgetUnit: Double, x0: Double) {
    self.scale = scale
    self.widgetUnit = widgetUnit
    cursor = (x0 * scale).rounded()
  }

  /// Takes the next slot, `width` device pixels wide (an icon's when nil), and returns its
  /// left edge, logical pixels.
  mutating func next(width: Double? = nil) -> Double {
    let left = cursor / scale
    cursor = (cursor + (width ?? widgetUnit * 0.85)).rounded(.down)
    return left
  }

  /// Where the name starts, logical pixels: 3 device pixels after the last slot.
  var textX: Double { (cursor + 3) / scale }
}
