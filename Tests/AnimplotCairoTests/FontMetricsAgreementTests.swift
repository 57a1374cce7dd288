import CAnimplotCairo
import AnimplotCanvas
import Testing

/// `BundledFont.metrics` (pure Swift) measures what Cairo and FreeType measure, independently
/// of the canvas: a face made here from the same bytes, `cairo_text_extents` with hint metrics
/// off.
@Suite("Font metrics agree with Cairo/FreeType")
struct FontMetricsAgreementTests {
  /// A Cairo context with its own FreeType face of the bundled font, at `size` px.
  final class CairoText {
    var library: FT_Library?
    var face: FT_Face?
    let surface: OpaquePointer
    let context: OpaquePointer
    let fontFace: OpaquePointer

    init() {
      FT_Init_FreeType(&library)
      let bytes = BundledFont.fileBytes
      FT_New_Memory_Face(
        library, bytes.baseAddress!.assumingMemoryBound(to: FT_Byte.self), FT_Long(bytes.count), 0,
        &face)
      fontFace = cairo_ft_font_face_create_for_ft_face(face, 0)
      surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 8, 8)
      context = cairo_create(surface)
      let options = cairo_font_options_create()
      cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
      cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
      cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
      cairo_set_font_options(context, options)
      cairo_font_options_destroy(options)
      cairo_set_font_face(context, fontFace)
    }

    deinit {
      cairo_destroy(context)
      cairo_surface_destroy(surface)
      cairo_font_face_destroy(fontFace)
      // Cairo may still cache the font face; the face and library are left to the process.
    }

    func extents(_ text: String, size: Double) -> cairo_text_extents_t {
      cairo_set_font_size(context, size)
      var extents = cairo_text_extents_t()
      cairo_text_extents(context, text, &extents)
      return extents
    }

    func fontExtents(size: Double) -> cairo_font_extents_t {
      cairo_set_font_size(context, size)
      var extents = cairo_font_extents_t()
      cairo_font_extents(context, &extents)
      return extents
    }
  }

  static let strings = [
    "0", "13", "-0.5", "250", "1.25e-05", "Frame 250", "X Location", "Quaternion Rotation W",
    "Ωé€ßçñ", "Ĳ ŋ ж Ж ש", "\u{1F600}", "AV Ta", " !\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~",
    String((32..<127).map { Character(Unicode.Scalar($0)!) }),
  ]
  static let sizes = [7.5, 11, 12, 13, 24, 100]
  let metrics = BundledFont.metrics

  @Test("text widths agree to 1e-3 px", arguments: sizes)
  func widths(size: Double) {
    let cairo = CairoText()
    for text in Self.strings {
      let expected = cairo.extents(text, size: size).x_advance
      #expect(abs(metrics.width(of: text, size: size) - expected) <= 1e-3, "\(text) at \(size) px")
    }
  }

  @Test("ascent and descent agree to 1e-6 px; the height of \"0\" to 1/64 px", arguments: sizes)
  func verticalMetrics(size: Double) {
    let cairo = CairoText()
    let font = cairo.fontExtents(size: size)
    #expect(abs(metrics.ascent(size: size) - font.ascent) <= 1e-6)
    #expect(abs(metrics.descent(size: size) - font.descent) <= 1e-6)
    // FreeType reports glyph boxes in 26.6 fixed point.
    #expect(
      abs(metrics.digitHeight(size: size) - cairo.extents("0", size: size).height) <= 1.0 / 64)
  }

  @Test("every code point maps to the glyph FreeType picks")
  func characterMap() {
    let cairo = CairoText()
    var mismatches: [UInt32] = []
    let codes = Array(UInt32(0)...0xFFFF) + Array(UInt32(0x1_0000)...0x1_FFFF)
    for code in codes {
      guard let scalar = Unicode.Scalar(code) else { continue }
      if UInt32(metrics.glyph(for: scalar)) != FT_Get_Char_Index(cairo.face, FT_ULong(code)) {
        mismatches.append(code)
      }
    }
    #expect(
      mismatches.isEmpty, "\(mismatches.count) code points differ, first \(mismatches.prefix(5))")
  }
}
