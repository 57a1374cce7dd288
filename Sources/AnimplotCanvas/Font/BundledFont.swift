internal import CAnimplotFont

/// The one font animplot draws text with: DejaVu Sans 2.37 (Blender 3.4's UI font), linked
/// into the binary so that an installed `animplot` needs no font file.
///
/// Every backend measures with `metrics(deviceScale:)` and the Cairo backend renders from
/// `fileBytes`, so layout is the same in a display list, a PNG, an SVG and a PDF.
public enum BundledFont {
  /// The bytes of the font file `DejaVuSans.ttf`; valid for the life of the process.
  public static var fileBytes: UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(
      start: animplot_dejavu_sans_bytes(), count: Int(animplot_dejavu_sans_count()))
  }

  /// The font's metrics as a raster of `deviceScale` device pixels per logical pixel lays text
  /// out (Blender's whole-pixel advances): what every canvas measures with.
  package static func metrics(deviceScale: Double) -> PixelFontMetrics {
    PixelFontMetrics(font: metrics, deviceScale: deviceScale)
  }

  /// The font's design metrics (unrounded advances), read from `fileBytes` on first use.
  public static let metrics: TrueTypeFont = {
    do {
      return try TrueTypeFont(data: fileBytes)
    } catch {
      fatalError("the bundled font cannot be read: \(error)")
    }
  }()
}
