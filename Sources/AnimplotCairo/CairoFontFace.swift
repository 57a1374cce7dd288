import CAnimplotCairo
import AnimplotCanvas

/// The bundled font as a Cairo font face, made once per process from the font bytes in the
/// binary through FreeType (never through fontconfig), and shared by every canvas.
///
/// Sharing is safe across threads: only Cairo uses the `FT_Face`, and Cairo locks it (the
/// unscaled font's mutex) around every use. Sharing also lets Cairo's glyph cache serve many
/// renders in one process. The face is never released; if Cairo ever released the font face,
/// the user-data destroy callback would release the `FT_Face` after it, as Cairo requires.
final class CairoFontFace: @unchecked Sendable {
  /// `cairo_font_face_t *`, with one reference held for the life of the process.
  let face: OpaquePointer

  /// The shared face, or why it could not be made.
  static let shared: Result<CairoFontFace, CairoCanvasError> = Result {
    () throws(CairoCanvasError) in
    try CairoFontFace()
  }

  private init() throws(CairoCanvasError) {
    var library: FT_Library?
    var error = FT_Init_FreeType(&library)
    guard error == 0 else { throw .font(freeTypeError: Int(error)) }
    // The library is kept for the life of the process, like the face made from it.
    let bytes = BundledFont.fileBytes
    var ftFace: FT_Face?
    error = FT_New_Memory_Face(
      library, bytes.baseAddress!.assumingMemoryBound(to: FT_Byte.self), FT_Long(bytes.count), 0,
      &ftFace)
    guard error == 0, let ftFace else { throw .font(freeTypeError: Int(error)) }

    // The address Cairo knows the `FT_Face` user data by. It must outlive the font face, so it
    // is never deallocated (one small allocation per process).
    let key = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)
    let face = cairo_ft_font_face_create_for_ft_face(
      ftFace, Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP))!
    var status = cairo_font_face_status(face)
    if status == CAIRO_STATUS_SUCCESS {
      status = cairo_font_face_set_user_data(face, key, ftFace) { ftFace in
        FT_Done_Face(ftFace?.assumingMemoryBound(to: FT_FaceRec_.self))
      }
    }
    guard status == CAIRO_STATUS_SUCCESS else {
      cairo_font_face_destroy(face)
      FT_Done_Face(ftFace)
      key.deallocate()
      throw CairoCanvasError(status)
    }
    self.face = face
  }
}

extension CairoCanvasError {
  /// The error for a Cairo status other than success.
  init(_ status: cairo_status_t) {
    self = .cairo(
      status: Int(status.rawValue), message: String(cString: cairo_status_to_string(status)))
  }
}
