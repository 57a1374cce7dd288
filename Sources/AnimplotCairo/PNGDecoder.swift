import AnimplotCanvas
import AnimplotPlatform
import CAnimplotPNG

/// Decodes PNG files of any kind into 8-bit straight-alpha `RGBAImage`s.
///
/// Uses libpng's simplified API (`png_image_*`), which catches libpng's internal `longjmp`
/// errors itself and reports them as a return code and a message, so a corrupt file can never
/// unwind through Swift frames. Every PNG colour type is accepted: palette (with `tRNS`
/// transparency), grey, grey+alpha, RGB and RGBA, at every bit depth, interlaced (Adam7) or not.
/// 16-bit samples are *scaled* to 8 bits with rounding (`v·255/65535`, libpng's
/// `png_set_scale_16`), not stripped to their high byte, and are taken as sRGB-encoded like
/// 8-bit ones. A file with a `gAMA`/`sRGB`/`cHRM`/`iCCP` description other than sRGB is
/// converted to sRGB by libpng. `decodeKeepingDepth(bytes:)` also keeps a 16-bit file's samples
/// as stored, for comparisons that must see every bit.
public enum PNGDecoder {
  /// The largest image accepted, in pixels (`Limits.imagePixels`, 8192×8192): a corrupt
  /// header must not make us allocate gigabytes.
  public static var maxPixelCount: Int { Limits.imagePixels }

  /// Decodes the bytes of a PNG file.
  public static func decode(bytes: [UInt8]) throws(PNGDecodingError) -> RGBAImage {
    try decode(bytes: bytes, keepingDepth: false).image
  }

  /// Decodes the bytes of a PNG file into 8-bit pixels, as `decode(bytes:)` does, and keeps
  /// a 16-bit file's samples at their full depth too (`DecodedPNG.samples16`).
  public static func decodeKeepingDepth(bytes: [UInt8]) throws(PNGDecodingError) -> DecodedPNG {
    try decode(bytes: bytes, keepingDepth: true)
  }

  private static func decode(bytes: [UInt8], keepingDepth: Bool) throws(PNGDecodingError)
    -> DecodedPNG
  {
    let chunks = try PNGChunks.list(bytes)
    var header: PNGHeader?
    if let first = chunks.first, first.type == "IHDR", first.crcMatches(in: bytes) {
      header = PNGHeader(bytes[first.data])
    }
    var libpngBytes = bytes
    if let header, header.bitDepth == 16, header.interlaced {
      libpngBytes = try PNGDeinterlacer.deinterlace(bytes, header: header, chunks: chunks)
    }
    let image = try decode8(bytes: libpngBytes)
    // libpng draws a palette index past the end of PLTE as black, silently (its own check,
    // png_get_palette_max, is not in the simplified API): such a file is refused here.
    if let header, header.colorType == 3, [1, 2, 4, 8].contains(header.bitDepth),
      let palette = chunks.first(where: { $0.type == "PLTE" }), palette.data.count / 3 < 1 << header.bitDepth
    {
      let colours = palette.data.count / 3
      let largest = try PNGDeinterlacer.largestPaletteIndex(bytes, header: header, chunks: chunks)
      if largest >= colours {
        throw .malformed(
          "palette index \(largest) past the end of the PLTE chunk's \(colours) colour\(colours == 1 ? "" : "s")")
      }
    }
    guard keepingDepth, let header, header.bitDepth == 16 else { return DecodedPNG(image: image, samples16: nil) }
    // libpng accepted the file, so its header and data are sound.
    let stored = try PNGDeinterlacer.pixelBytes(bytes, header: header, chunks: chunks)
    let transparent = chunks.first { $0.type == "tRNS" }.map { Array(bytes[$0.data]) }
    return DecodedPNG(
      image: image,
      samples16: rgba16(stored, header: header, transparent: transparent))
  }

  /// A 16-bit file's stored pixels as RGBA samples: grey copied to R, G and B, alpha 65535
  /// when the file has none, except 0 for the colour its `tRNS` chunk names.
  private static func rgba16(_ stored: [UInt8], header: PNGHeader, transparent: [UInt8]?)
    -> [UInt16]
  {
    let count = header.width * header.height
    let channels = header.channels
    let colorType = header.colorType
    func sample(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt16 {
      UInt16(bytes[2 &* i]) << 8 | UInt16(bytes[2 &* i &+ 1])
    }
    // The tRNS colour of a grey or RGB file, grey repeated; (-1, -1, -1) for none.
    var key = (-1, -1, -1)
    if let t = transparent {
      t.withUnsafeBufferPointer { t in
        if colorType == 0 && t.count == 2 {
          let g = Int(sample(t, 0))
          key = (g, g, g)
        } else if colorType == 2 && t.count == 6 {
          key = (Int(sample(t, 0)), Int(sample(t, 1)), Int(sample(t, 2)))
        }
      }
    }
    let out = [UInt16](unsafeUninitializedCapacity: count * 4) { out, initialized in
      stored.withUnsafeBufferPointer { stored in
        for p in 0..<count {
          let s = p &* channels
          let o = p &* 4
          let r: UInt16, g: UInt16, b: UInt16
          if colorType == 0 || colorType == 4 {
            r = sample(stored, s)
            (g, b) = (r, r)
          } else {
            (r, g, b) = (sample(stored, s), sample(stored, s &+ 1), sample(stored, s &+ 2))
          }
          out[o] = r
          out[o &+ 1] = g
          out[o &+ 2] = b
          switch colorType {
          case 4: out[o &+ 3] = sample(stored, s &+ 1)
          case 6: out[o &+ 3] = sample(stored, s &+ 3)
          default: out[o &+ 3] = key == (Int(r), Int(g), Int(b)) ? 0 : 65535
          }
        }
      }
      initialized = count * 4
    }
    return out
  }

  /// libpng's 8-bit RGBA decoding of a file (16-bit interlaced ones already de-interlaced).
  private static func decode8(bytes: [UInt8]) throws(PNGDecodingError) -> RGBAImage {
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    let result: Result<RGBAImage, PNGDecodingError> = bytes.withUnsafeBytes { raw in
      guard png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count) != 0 else {
        return .failure(.malformed(message(of: &image)))
      }
      let width = Int(image.width)
      let height = Int(image.height)
      // PNG dimensions are below 2³¹, so the product cannot overflow.
      guard width * height <= maxPixelCount else {
        png_image_free(&image)
        return .failure(.tooLarge(width: width, height: height))
      }
      image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)  // PNG_FORMAT_RGBA
      // Without this flag libpng takes untagged 16-bit samples as linear light and
      // gamma-encodes them; animplot's 16-bit inputs are ordinary sRGB values.
      image.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)
      var pixels = [UInt8](repeating: 0, count: width * height * 4)
      let ok = pixels.withUnsafeMutableBytes { out in
        png_image_finish_read(&image, nil, out.baseAddress, Int32(width * 4), nil)
      }
      guard ok != 0 else { return .failure(.malformed(message(of: &image))) }
      return .success(RGBAImage(width: width, height: height, pixels: pixels))
    }
    return try result.get()
  }


  /// libpng's error message, stored in the `png_image` as a fixed C array.
  private static func message(of image: inout png_image) -> String {
    withUnsafeBytes(of: &image.message) { raw in
      let text = String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      return text.isEmpty ? "libpng reported an error" : text
    }
  }
}

/// A decoded PNG image: its 8-bit pixels, and for a file with 16-bit samples those samples.
public struct DecodedPNG: Sendable, Hashable {
  /// The pixels scaled to 8 bits (what `PNGDecoder.decode(bytes:)` returns).
  public var image: RGBAImage
  /// For a 16-bit file: `width · height · 4` samples, R G B A, straight alpha, as stored (grey
  /// copied to R, G and B; alpha 65535 without an alpha channel, 0 for a `tRNS` colour), with
  /// no colour-space conversion; `nil` for files of 8 bits or fewer.
  public var samples16: [UInt16]?

  public init(image: RGBAImage, samples16: [UInt16]?) {
    precondition(samples16 == nil || samples16!.count == image.pixels.count)
    self.image = image
    self.samples16 = samples16
  }
}

/// Why a PNG file could not be decoded.
public enum PNGDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file has no bytes at all.
  case empty
  /// The file does not start with the PNG signature.
  case notPNG
  /// The file ends before its `IEND` chunk: it was cut off.
  case truncated
  /// The header declares an image larger than `PNGDecoder.maxPixelCount` pixels.
  case tooLarge(width: Int, height: Int)
  /// libpng rejected the data (bad CRC, bad compressed data, invalid header ...); its message.
  case malformed(String)

  public var description: String {
    switch self {
    case .empty: "empty file, not a PNG image"
    case .notPNG: "not a PNG image (no PNG signature)"
    case .truncated: "truncated PNG file (it ends before its IEND chunk)"
    case .tooLarge(let width, let height):
      "PNG image too large: \(width)×\(height) pixels (at most \(PNGDecoder.maxPixelCount))"
    case .malformed(let message): "corrupt PNG file: \(message)"
    }
  }
}
