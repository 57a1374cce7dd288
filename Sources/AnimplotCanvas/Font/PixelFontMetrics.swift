/// Blender's integer UI metrics at a device scale (device pixels per logical pixel).
///
/// Blender 3.4 turns its UI scale into a whole window dpi, `Int(72 · scale)` (75 at 1.05, not
/// 75.6), and derives its font sizes and widget unit from that dpi: so at 1.05 a UI font of
/// 11 pt is 733/64 = 11.453125 device pixels, not 11.55.
package struct BlenderUIScale: Sendable, Hashable {
  /// The window dpi: the integer part of `72 · scale` (at least 1).
  package let dpi: Int
  /// Device pixels per logical pixel: the scale given, or 1 for a non-finite or non-positive
  /// one (every device-pixel rule starts from this one sanitised scale).
  package let deviceScale: Double

  /// The metrics at `deviceScale` (a non-finite or non-positive scale counts as 1).
  ///
  /// A scale whose 72-fold is a whole number only up to floating-point error (72 · 1.05 is
  /// 75.600000000000009) is not moved across an integer: 1e-9 is added before flooring, far
  /// below any dpi step.
  package init(deviceScale: Double) {
    let s = deviceScale.isFinite && deviceScale > 0 ? deviceScale : 1
    self.deviceScale = s
    let d = (72 * s + 1e-9).rounded(.down)
    dpi = d < 1 ? 1 : d > 1_000_000 ? 1_000_000 : Int(d)
  }

  /// `U.pixelsize`: the width of a 1-px line in device pixels, 1 below dpi 128, 2 from scale 2.
  package var pixelSize: Int { max(1, dpi / 64) }

  /// The dpi Blender's factors use: `pixelsize · (dpi / pixelsize)`, the window dpi rounded
  /// down to a multiple of the pixel size (`U.dpi` is kept per pixel).
  var effectiveDPI: Int { pixelSize * (dpi / pixelSize) }

  /// `U.dpi_fac`: device pixels per Blender UI pixel (1.041667 at scale 1.05).
  package var factor: Double { Double(effectiveDPI) / 72 }

  /// A length measured as `devicePixels` on Blender's screenshots at UI scale 1.05 (widget
  /// unit 21), in device pixels at this scale: scaled by the widget unit, unrounded.
  package func fromMeasuredAt105(_ devicePixels: Double) -> Double {
    devicePixels * Double(widgetUnit) / 21
  }

  /// `n` Blender UI pixels in whole device pixels, truncated as Blender's `(int)(n · UI_DPI_FAC)`
  /// (6 at 1.05 for 6, 9 at 1.5, 12 at 2).
  package func uiPixels(_ n: Int) -> Int { n * effectiveDPI / 72 }

  /// `U.widget_unit` in device pixels: 20 UI pixels, rounded (21 at scale 1.05, 40 at 2).
  package var widgetUnit: Int { (effectiveDPI * 20 + 36) / 72 }

  /// The font size FreeType is set to for a font of `points` (Blender's size in points, which
  /// animplot's text styles give as logical pixels): `points · dpi / 72`, in 26.6 fixed point
  /// (1/64 px), rounded as FreeType rounds; at least 1.
  package func fontSize26_6(points: Double) -> Int {
    guard points.isFinite, points > 0 else { return 1 }
    let size64 = Int((min(points, 100_000) * 64).rounded())
    return max(1, (size64 * effectiveDPI + 36) / 72)
  }
}

/// The bundled font measured as Blender 3.4 lays text out on a raster of `deviceScale` device
/// pixels per logical pixel, which `CairoCanvas` reproduces:
///
/// - the font is set at `BlenderUIScale.fontSize26_6` device pixels, unhinted;
/// - each glyph advances by the whole device pixels of its unhinted advance, rounded down (the
///   advance in 26.6 is the design units scaled by FreeType's `FT_MulFix` with the 16.16 scale
///   `FT_DivFix(size, unitsPerEm)`);
/// - no kerning.
///
/// Widths are therefore whole device pixels, returned in logical pixels (device / scale).
/// Ascent, descent and digit height are the font's at the device size, in logical pixels.
package struct PixelFontMetrics: FontMetrics {
  /// The font measured.
  package let font: TrueTypeFont
  /// Device pixels per logical pixel.
  package let deviceScale: Double
  /// Blender's dpi at `deviceScale`.
  package let uiScale: BlenderUIScale

  package init(font: TrueTypeFont, deviceScale: Double) {
    self.font = font
    self.deviceScale = deviceScale.isFinite && deviceScale > 0 ? deviceScale : 1
    uiScale = BlenderUIScale(deviceScale: self.deviceScale)
  }

  /// The font size in device pixels for a style of `size` logical pixels (its 26.6 value / 64).
  package func deviceSize(_ size: Double) -> Double { Double(uiScale.fontSize26_6(points: size)) / 64 }

  /// FreeType's 16.16 scale from font units to 26.6 at `size26_6`: `FT_DivFix`, rounded.
  private func unitScale(_ size26_6: Int) -> Int {
    let upem = font.unitsPerEm
    return ((size26_6 << 16) + upem / 2) / upem
  }

  /// The whole device pixels `glyph` advances the pen at `size26_6` (`FT_MulFix`, then floor).
  @inline(__always) private func advance(glyph: Int, scale: Int) -> Int {
    ((font.advance(ofGlyph: glyph) * scale + 0x8000) >> 16) >> 6
  }

  /// The glyphs of `text` as drawn (`DrawnText.cut`) at `size` logical pixels, each with its
  /// pen position in whole device pixels from the text's origin; and the text's width in
  /// device pixels.
  package func deviceGlyphs(of text: String, size: Double) -> (glyphs: [(glyph: Int, x: Int)], width: Int) {
    let scale = unitScale(uiScale.fontSize26_6(points: size))
    var glyphs: [(glyph: Int, x: Int)] = []
    var pen = 0
    for scalar in DrawnText.cut(text).unicodeScalars {
      let glyph = font.glyph(for: scalar)
      glyphs.append((glyph, pen))
      pen += advance(glyph: glyph, scale: scale)
    }
    return (glyphs, pen)
  }

  /// The width of `text` in whole device pixels.
  package func deviceWidth(of text: String, size: Double) -> Int {
    let scale = unitScale(uiScale.fontSize26_6(points: size))
    var pen = 0
    for scalar in DrawnText.cut(text).unicodeScalars { pen += advance(glyph: font.glyph(for: scalar), scale: scale) }
    return pen
  }

  package func width(of text: String, size: Double) -> Double {
    Double(deviceWidth(of: text, size: size)) / deviceScale
  }

  /// The size in logical pixels the glyphs are drawn at.
  private func effectiveSize(_ size: Double) -> Double { deviceSize(size) / deviceScale }

  package func ascent(size: Double) -> Double { font.ascent(size: effectiveSize(size)) }

  package func descent(size: Double) -> Double { font.descent(size: effectiveSize(size)) }

  package func digitHeight(size: Double) -> Double { font.digitHeight(size: effectiveSize(size)) }
}
