import CAnimplotCairo
import CAnimplotPNG

/// The versions of the C libraries pictures depend on, as loaded at run time: a golden image
/// made with one Cairo, pixman, FreeType, libpng or zlib may differ by a pixel or a byte with
/// another.
public enum LibraryVersions {
  /// Each library's name and version, in the order cairo, pixman, FreeType, libpng, zlib.
  public static let all: [(name: String, version: String)] = {
    var freetype = "unknown"
    var library: FT_Library?
    if FT_Init_FreeType(&library) == 0, let library {
      var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
      FT_Library_Version(library, &major, &minor, &patch)
      freetype = "\(major).\(minor).\(patch)"
      FT_Done_FreeType(library)
    }
    return [
      ("cairo", String(cString: cairo_version_string())), ("pixman", String(cString: pixman_version_string())),
      ("FreeType", freetype), ("libpng", String(cString: png_get_libpng_ver(nil))), ("zlib", String(cString: zlibVersion())),
    ]
  }()

  /// `cairo 1.16.0, pixman 0.42.2, FreeType 2.12.1, libpng 1.6.39, zlib 1.2.13`.
  public static var summary: String { all.map { "\($0.name) \($0.version)" }.joined(separator: ", ") }
}
