import CAnimplotPNG
import AnimplotCanvas

/// How hard `PNGEncoder` compresses: time against file size.
///
/// Measured with libpng 1.6.39 / zlib 1.2.13 (release build, median of 5–41 runs, busy 2-core
/// VM) on plots drawn by `CairoCanvas` — #303030 background, grid, labels, 1.8 px Bézier
/// curves, 10 px diamonds — against `cairo_surface_write_to_png` (level 6, adaptive filters):
///
/// | image | Cairo's writer | L6 NONE | RLE UP | L9 NONE | L9 UP |
/// |---|---:|---:|---:|---:|---:|
/// | 480×270, 3 curves × 10 keys | 8.9 ms, 19.4 KB | 4.7 ms, 15.2 KB | 2.4 ms, 22.5 KB | 17 ms, 13.9 KB | 19 ms, 18.8 KB |
/// | 480×270, 20 × 100 (dense) | 16.5 ms, 116 KB | 11.7 ms, 86.8 KB | 4.0 ms, 124 KB | 127 ms, 83.4 KB | 134 ms, 100 KB |
/// | 1600×900, 9 × 50 | 72 ms, 302 KB | 49 ms, 274 KB | 21 ms, 314 KB | 284 ms, 252 KB | 310 ms, 287 KB |
/// | 1600×900, 40 × 300 (dense) | 377 ms, 1.90 MB | 303 ms, 2.13 MB | 68 ms, 2.07 MB | 2.2 s, 2.07 MB | 2.4 s, 1.86 MB |
/// | 3840×2160, 9 × 50 | 347 ms, 824 KB | 225 ms, 787 KB | 104 ms, 804 KB | 1.15 s, 721 KB | 1.16 s, 801 KB |
/// | 3840×2160, 100 × 1000 (W2) | 3.5 s, 12.3 MB | 2.1 s, 17.6 MB | 0.53 s, 12.3 MB | 8.3 s, 17.4 MB | 18.9 s, 12.4 MB |
///
/// (L = zlib level, NONE/UP = PNG row filter, RLE = `Z_RLE`, which ignores the level.) Filter
/// NONE wins while the 32 KiB deflate window spans many rows, so that deflate finds vertical
/// repeats itself: on narrow images, and on sparse plots of any width. On wide, dense images it
/// loses badly, and the UP filter (each byte minus the one above) wins. No cheap rule ranks the
/// two everywhere (a level-1 trial picked wrongly on the 480×270 test scene), so `.small`
/// compresses a band of rows both ways at level 9 and keeps the winner's filter.
public enum PNGCompression: String, Sendable, Hashable, CaseIterable {
  /// `Z_RLE` over UP-filtered rows: 3.3–6.7× faster than Cairo's writer, from 2 % smaller
  /// to 16 % larger than its files (larger on small sparse plots).
  case fast
  /// From 1 Mpx up, `.fast`; smaller images level 6 with the UP filter. Measured on
  /// animplot's own Graph Editor pictures against Cairo's writer on the same pixels:
  /// W1 1600×900: 231 KB against 208 KB (+11 %) at ~20 ms against 95 ms; W2 3840×2160:
  /// 7.97 MB against 7.59 MB (+5 %) at ~0.24 s against 1.52 s; W3 480×270 (level 6, UP):
  /// 19.3 KB against 19.8 KB at 4.6 ms against 5.9 ms. (No setting was both smaller than
  /// Cairo's and several times faster on these pictures: level 6 with UP is never larger, but
  /// only 1.3–2× faster.)
  case `default`
  /// Level 9 with filter NONE or UP, whichever compresses the middle 128 rows smaller (images
  /// up to 256 rows: both whole, keeping the smaller file). It picked the better filter on all
  /// the images above: 2–28 % smaller than Cairo's writer (W2: 1 % larger), at 4–18× its time
  /// (1.03–2.2× that of the level-9 encoding alone).
  case small
}

/// zlib and libpng parameters of one PNG encoding.
struct PNGSettings {
  var level: Int32
  var strategy: Int32
  var filter: Int32

  static let rleUp = PNGSettings(level: 6, strategy: Z_RLE, filter: PNG_FILTER_UP)

  /// Level `level` with the default strategy and `filter`.
  static func deflate(_ level: Int32, _ filter: Int32) -> PNGSettings {
    PNGSettings(level: level, strategy: Z_DEFAULT_STRATEGY, filter: filter)
  }
}

/// Encodes images as PNG files with libpng: 8-bit RGB when every pixel is opaque, else 8-bit
/// RGBA with straight alpha; no interlacing and no ancillary chunks (so no timestamp).
public enum PNGEncoder {
  /// The PNG file of `image`.
  public static func encode(_ image: RGBAImage, compression: PNGCompression = .default) -> [UInt8] {
    var opaque = true
    for i in Swift.stride(from: 3, to: image.pixels.count, by: 4) where image.pixels[i] != 255 {
      opaque = false
      break
    }
    return image.pixels.withUnsafeBufferPointer { pixels in
      encode(
        width: image.width, height: image.height, alpha: !opaque, compression: compression,
        // RGBA rows; for RGB libpng drops the fourth byte of each pixel as a "filler".
        transform: opaque ? { png_set_filler($0, 0, PNG_FILLER_AFTER) } : { _ in },
        row: { y, _ in pixels.baseAddress! + y * image.width * 4 })
    }
  }

  /// The PNG file of a Cairo ARGB32 image.
  /// - Parameters:
  ///   - alpha: whether to write an alpha channel; `nil` writes one only when a pixel is not
  ///     opaque (the frames of an APNG must all say the same).
  ///   - parallel: whether a large picture is deflated on every core; the bytes are the same.
  static func encode(
    argb32 pixels: ARGB32Pixels, compression: PNGCompression, alpha: Bool? = nil, parallel: Bool = true
  ) -> [UInt8] {
    let opaque = alpha.map { !$0 } ?? pixels.isOpaque
    @Sendable func row(_ y: Int, _ scratch: UnsafeMutablePointer<UInt8>) -> UnsafePointer<UInt8> {
      if opaque {
        pixels.rgbRow(y, into: scratch)
      } else {
        pixels.unpremultiplyRow(y, into: scratch)
      }
      return UnsafePointer(scratch)
    }
    // Large pictures at the fast settings: deflated in bands on every core.
    if compression == .fast || (compression == .default && pixels.width * pixels.height >= largeImage) {
      let settings = PNGSettings.rleUp
      return BandedPNGWriter.write(
        width: pixels.width, height: pixels.height, alpha: !opaque, level: settings.level,
        strategy: settings.strategy, parallel: parallel, row: row)
    }
    // Cairo's rows as R G B bytes (or straight-alpha R G B A), converted here: a tight loop is
    // several times cheaper than libpng's per-pixel transforms (BGR, filler).
    return encode(
      width: pixels.width, height: pixels.height, alpha: !opaque, compression: compression,
      transform: { _ in }, row: row)
  }

  /// From this many pixels up, `.default` compresses as `.fast` does.
  static let largeImage = 1_000_000

  /// Chooses the settings for `compression` (running the trial of `.small`) and writes.
  private static func encode(
    width: Int, height: Int, alpha: Bool, compression: PNGCompression,
    transform: (png_structp) -> Void,
    row: (Int, UnsafeMutablePointer<UInt8>) -> UnsafePointer<UInt8>
  ) -> [UInt8] {
    func write(_ settings: PNGSettings, rows: Range<Int> = 0..<height) -> [UInt8] {
      PNGEncoder.write(
        width: width, rows: rows, alpha: alpha, settings: settings, transform: transform, row: row)
    }
    switch compression {
    case .fast:
      return write(.rleUp)
    case .default:
      return write(width * height >= largeImage ? .rleUp : .deflate(6, PNG_FILTER_UP))
    case .small:
      let none = PNGSettings.deflate(9, PNG_FILTER_NONE)
      let up = PNGSettings.deflate(9, PNG_FILTER_UP)
      if height <= 2 * trialRows {
        let a = write(none)
        let b = write(up)
        return a.count <= b.count ? a : b
      }
      let band = (height - trialRows) / 2..<(height + trialRows) / 2
      return write(write(none, rows: band).count <= write(up, rows: band).count ? none : up)
    }
  }

  /// The height of the band of rows `.small` compresses both ways to choose the row filter.
  static let trialRows = 128

  /// Writes a PNG of the rows `rows`, as `row(y, scratch)` returns them; `scratch` is a
  /// `4·width`-byte buffer the row function may fill and return.
  ///
  /// libpng reports an error by calling the error function and then `longjmp`, which must never
  /// cross Swift frames. Here the only possible errors are programming errors (the parameters
  /// are valid by construction, sizes at most 32767) and running out of memory, so the error
  /// function stops the process with libpng's message instead of returning.
  static func write(
    width: Int, rows: Range<Int>, alpha: Bool, settings: PNGSettings,
    transform: (png_structp) -> Void,
    row: (Int, UnsafeMutablePointer<UInt8>) -> UnsafePointer<UInt8>
  ) -> [UInt8] {
    let sink = PNGSink()
    var png: png_structp? = png_create_write_struct(
      PNG_LIBPNG_VER_STRING, nil,
      { _, message in fatalError("libpng: \(message.map { String(cString: $0) } ?? "error")") },
      { _, _ in })
    guard let writer = png else { fatalError("libpng: out of memory") }
    var info: png_infop? = png_create_info_struct(writer)
    defer { png_destroy_write_struct(&png, &info) }
    png_set_write_fn(
      writer, Unmanaged.passUnretained(sink).toOpaque(),
      { png, data, length in
        let sink = Unmanaged<PNGSink>.fromOpaque(png_get_io_ptr(png)!).takeUnretainedValue()
        sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: length))
      },
      { _ in })
    png_set_IHDR(
      writer, info, UInt32(width), UInt32(rows.count), 8,
      alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
      PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT)
    png_set_filter(writer, 0, settings.filter)
    png_set_compression_level(writer, settings.level)
    png_set_compression_strategy(writer, settings.strategy)
    png_write_info(writer, info)
    transform(writer)
    let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: 4 * width)
    defer { scratch.deallocate() }
    for y in rows { png_write_row(writer, row(y, scratch)) }
    png_write_end(writer, nil)
    return sink.bytes
  }
}

/// The bytes libpng writes.
private final class PNGSink {
  var bytes: [UInt8] = []
}
