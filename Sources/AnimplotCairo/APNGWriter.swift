import AnimplotPlatform
import CAnimplotCairo

/// A rectangle of device pixels.
struct FrameRect: Hashable {
  var x: Int, y: Int, width: Int, height: Int

  /// The smallest rectangle holding every pixel that differs between `a` and `b` (same size);
  /// the top-left pixel when none does (an APNG frame cannot be empty).
  static func changed(from a: CairoCanvas, to b: CairoCanvas) -> FrameRect {
    cairo_surface_flush(a.surface)
    cairo_surface_flush(b.surface)
    return a.withSurfacePixels { p in
      b.withSurfacePixels { q in
        var minX = Int.max, maxX = -1, minY = Int.max, maxY = -1
        for y in 0..<p.height {
          let r = p.row(y), s = q.row(y)
          var first = 0
          while first < p.width && r[first] == s[first] { first += 1 }
          if first == p.width { continue }
          var last = p.width - 1
          while r[last] == s[last] { last -= 1 }
          minX = min(minX, first)
          maxX = max(maxX, last)
          minY = min(minY, y)
          maxY = y
        }
        guard maxY >= 0 else { return FrameRect(x: 0, y: 0, width: 1, height: 1) }
        return FrameRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
      }
    }
  }
}

/// Writes an APNG (the PNG extension of Mozilla, in libpng's registry of chunks): signature,
/// IHDR, acTL (frames, plays), then per frame an fcTL and its image data (IDAT for the first,
/// which is also the picture a viewer without APNG shows; fdAT with a sequence number for the
/// others), IEND. Each frame's data is taken from an ordinary PNG of its rectangle.
struct APNGWriter {
  private var file = PNGSignature.bytes
  private let width: Int, height: Int
  private let frames: Int
  private let plays: Int
  private var sequence: UInt32 = 0
  private var written = 0

  init(width: Int, height: Int, frames: Int, plays: Int) {
    self.width = width
    self.height = height
    self.frames = frames
    self.plays = plays
  }

  /// Adds a frame: `png` is a PNG of exactly `rect`'s pixels, with the first frame's colour
  /// type (the first must be the whole picture).
  mutating func append(png: [UInt8], at rect: FrameRect, delay: Double) {
    let encoded = EncodedPNG(png)
    if written == 0 {
      precondition(rect == FrameRect(x: 0, y: 0, width: width, height: height), "the first frame is the whole picture")
      PNGChunks.append("IHDR", encoded.header, to: &file)
      var control: [UInt8] = []
      PNGChunks.appendBigEndian(UInt32(frames), to: &control)
      PNGChunks.appendBigEndian(UInt32(max(0, min(plays, Int(UInt32.max)))), to: &control)
      PNGChunks.append("acTL", control, to: &file)
    }
    var control: [UInt8] = []
    PNGChunks.appendBigEndian(sequence, to: &control)
    sequence += 1
    for value in [rect.width, rect.height, rect.x, rect.y] { PNGChunks.appendBigEndian(UInt32(value), to: &control) }
    let (numerator, denominator) = APNGDelay.fraction(delay)
    control += [UInt8(numerator >> 8), UInt8(numerator & 0xFF), UInt8(denominator >> 8), UInt8(denominator & 0xFF)]
    control += [0, 0]  // dispose_op none: the frame stays; blend_op source: its pixels replace
    PNGChunks.append("fcTL", control, to: &file)
    for data in encoded.data {
      if written == 0 {
        PNGChunks.append("IDAT", data, to: &file)
      } else {
        var number: [UInt8] = []
        PNGChunks.appendBigEndian(sequence, to: &number)
        sequence += 1
        PNGChunks.append("fdAT", number, data, to: &file)
      }
    }
    written += 1
  }

  mutating func finish() -> [UInt8] {
    precondition(written == frames, "frames promised in acTL: \(frames), written: \(written)")
    PNGChunks.append("IEND", [], to: &file)
    return file
  }
}

/// The delay of an APNG frame: a fraction of two 16-bit numbers of seconds.
public enum APNGDelay {
  /// `seconds` as the nearest fraction of two 16-bit numbers (the denominator above 0), by
  /// continued fractions: 1/24 s is 1/24, 1/29.97 s is 1001/30000.
  public static func fraction(_ seconds: Double) -> (UInt16, UInt16) {
    guard seconds.isFinite, seconds > 0 else { return (0, 1) }
    if seconds >= 65535 { return (65535, 1) }
    var best: (Int, Int) = (Int(seconds.rounded()), 1)
    var (h0, h1, k0, k1) = (0, 1, 1, 0)
    var x = seconds
    for _ in 0..<32 {
      let a = x.rounded(.down)
      guard a < 1e9 else { break }
      let h = Int(a) * h1 + h0, k = Int(a) * k1 + k0
      guard h <= 65535, k <= 65535 else { break }
      best = (h, k)
      (h0, h1, k0, k1) = (h1, h, k1, k)
      let rest = x - a
      guard rest > 1e-12 else { break }
      x = 1 / rest
    }
    if best.0 == 0 && best.1 == 1 { return (1, 65535) }
    return (UInt16(best.0), UInt16(best.1))
  }
}

/// The IHDR data and the IDAT chunks' data of a PNG file that animplot's encoder wrote.
struct EncodedPNG {
  var header: [UInt8] = []
  var data: [[UInt8]] = []

  init(_ png: [UInt8]) {
    // The encoder's own output: a whole, well-formed file.
    let chunks = (try? PNGChunks.list(png)) ?? []
    for chunk in chunks where chunk.type == "IHDR" || chunk.type == "IDAT" {
      if chunk.type == "IHDR" { header = Array(png[chunk.data]) } else { data.append(Array(png[chunk.data])) }
    }
  }
}
