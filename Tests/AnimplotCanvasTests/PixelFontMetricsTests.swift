import AnimplotCanvas
import Testing

/// Blender 3.4's whole-pixel text layout. Expected numbers: FreeType 2.12's unhinted
/// `advance.x` at 733/64 px, and the widths Blender draws in its UI screenshots at scale 1.05.
@Suite("PixelFontMetrics")
struct PixelFontMetricsTests {
  @Test(
    "Blender's integer dpi, widget unit and font size",
    arguments: [
      (1.0, 72, 20, 704), (1.05, 75, 21, 733), (2.0, 144, 40, 1408), (1.5, 108, 30, 1056),
      (0.5, 36, 10, 352), (1.25, 90, 25, 880),
    ])
  func uiScale(scale: Double, dpi: Int, unit: Int, size26_6: Int) {
    let ui = BlenderUIScale(deviceScale: scale)
    #expect(ui.dpi == dpi)
    #expect(ui.widgetUnit == unit)
    #expect(ui.fontSize26_6(points: 11) == size26_6)
    // Lengths measured at 1.05 follow the widget unit; UI pixels truncate (HEADER_PADDING_Y).
    #expect(ui.fromMeasuredAt105(21) == Double(unit))
    #expect(ui.uiPixels(6) == 6 * dpi / 72)
  }

  @Test("72 · 1.05 is 75.600000000000009: still dpi 75; absurd scales stay in range")
  func edges() {
    #expect(72 * 1.05 > 75.6)
    #expect(BlenderUIScale(deviceScale: 1.05).dpi == 75)
    #expect(BlenderUIScale(deviceScale: 0.001).dpi == 1)
    #expect(BlenderUIScale(deviceScale: .nan).dpi == 72)
    #expect(BlenderUIScale(deviceScale: -2).dpi == 72)
    #expect(BlenderUIScale(deviceScale: 1e300).dpi == 1_000_000)
    #expect(BlenderUIScale(deviceScale: 1).fontSize26_6(points: 0) == 1)
    #expect(BlenderUIScale(deviceScale: 1).fontSize26_6(points: .infinity) == 1)
  }

  @Test(
    "whole-pixel advances at 733/64 px (FreeType's unhinted advance.x, floored)",
    arguments: [
      (" ", 3), ("-", 4), (".", 3), ("0", 7), ("A", 7), ("C", 8), ("L", 6), ("O", 9), ("T", 7),
      ("Z", 7), ("a", 7), ("f", 4), ("m", 11), ("o", 7), ("s", 5), ("W", 11),
    ])
  func advances(text: String, pixels: Int) {
    let metrics = BundledFont.metrics(deviceScale: 1.05)
    #expect(metrics.deviceWidth(of: text, size: 11) == pixels)
  }

  @Test("widths of the screenshots' words (Blender's BLF widths at 1.05)")
  func words() {
    let metrics = BundledFont.metrics(deviceScale: 1.05)
    #expect(metrics.deviceWidth(of: "Z Location", size: 11) == 57)
    #expect(metrics.width(of: "Z Location", size: 11) == 57 / 1.05)
    let laid = metrics.deviceGlyphs(of: "Z Lo", size: 11)
    #expect(laid.glyphs.map(\.x) == [0, 7, 10, 16])
    #expect(laid.width == 23)
    // No kerning: "AV" is A's advance plus V's.
    #expect(metrics.deviceWidth(of: "AV", size: 11) == metrics.deviceWidth(of: "A", size: 11) + metrics.deviceWidth(of: "V", size: 11))
  }

  @Test("at scale 1 and 2 the font is 11 and 22 px; widths are whole device pixels")
  func integerScales() {
    let one = BundledFont.metrics(deviceScale: 1), two = BundledFont.metrics(deviceScale: 2)
    #expect(one.deviceSize(11) == 11)
    #expect(two.deviceSize(11) == 22)
    for text in ["Frame 250", "X Location", "-0.25", "Quaternion Rotation W"] {
      let w1 = one.width(of: text, size: 11), w2 = two.width(of: text, size: 11)
      #expect(w1 == w1.rounded())
      #expect(w2 * 2 == (w2 * 2).rounded())
      // Floored per glyph: never wider than the design width.
      #expect(w1 <= BundledFont.metrics.width(of: text, size: 11))
      #expect(w2 <= BundledFont.metrics.width(of: text, size: 11))
    }
    #expect(one.ascent(size: 11) == BundledFont.metrics.ascent(size: 11))
    #expect(abs(BundledFont.metrics(deviceScale: 1.05).digitHeight(size: 11) - BundledFont.metrics.digitHeight(size: 733.0 / 64) / 1.05) < 1e-12)
  }

  @Test("a recording canvas measures as a raster of its scale")
  func recordingCanvas() {
    let canvas = RecordingCanvas(size: Size(10, 10), deviceScale: 1.05)
    #expect(canvas.fontMetrics.width(of: "Z Location", size: 11) == 57 / 1.05)
  }
}
