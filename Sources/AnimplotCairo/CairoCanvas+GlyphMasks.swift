import AnimplotCanvas
import CAnimplotCairo

// Glyph coverage rendered alone into A8 masks, for text and its shadow.
extension CairoCanvas {
  /// The most pixels a text's or a shadow's A8 mask may have.
  static let maximumMaskPixels = 16_000_000

  /// An A8 surface of `width`×`height` holding the coverage of `glyphs` drawn under `matrix`
  /// with the context's font face, options and size (flushed); nil if Cairo cannot make it.
  /// The caller destroys it.
  func glyphMask(
    _ glyphs: [cairo_glyph_t], width: Int, height: Int, matrix: inout cairo_matrix_t
  ) -> OpaquePointer? {
    let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height))!
    guard cairo_surface_status(mask) == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(mask)
      return nil
    }
    let cr = cairo_create(mask)!
    cairo_set_matrix(cr, &matrix)
    let options = cairo_font_options_create()
    cairo_get_font_options(context, options)
    cairo_set_font_options(cr, options)
    cairo_font_options_destroy(options)
    cairo_set_font_face(cr, cairo_get_font_face(context))
    var fontMatrix = cairo_matrix_t()
    cairo_get_font_matrix(context, &fontMatrix)
    cairo_set_font_matrix(cr, &fontMatrix)
    cairo_show_glyphs(cr, glyphs, Int32(glyphs.count))
    cairo_destroy(cr)
    cairo_surface_flush(mask)
    return mask
  }
}
