import AnimplotCairo

/// A PNG file written sample by sample, in any colour type, bit depth and interlacing, to
/// test the decoder against files it did not write itself. Compression is deflate "stored"
/// blocks: valid for every PNG reader, and simple enough to corrupt on purpose.
package struct PNGFixture {
  /// PNG colour types (IHDR byte 9).
  package enum ColorType: UInt8 {
    case grey = 0
    case rgb = 2
    case palette = 3
    case greyAlpha = 4
    case rgba = 6

    package var channels: Int {
      switch self {
      case .grey, .palette: 1
      case .greyAlpha: 2
      case .rgb: 3
      case .rgba: 4
      }
    }
  }

  package var width: Int
  package var height: Int
  package var colorType: ColorType
  package var bitDepth: Int
  /// `width · height · channels` samples, rows top to bottom, each below 2^bitDepth
  /// (palette indices for `.palette`).
  package var samples: [Int]
  /// PLTE entries for `.palette`.
  package var palette: [(UInt8, UInt8, UInt8)] = []
  /// The raw tRNS chunk data, if any.
  package var transparency: [UInt8]? = nil
  package var interlaced = false
  /// The scanline filter applied to every row (0 none, 1 sub, 2 up, 3 average, 4 Paeth).
  package var filter: UInt8 = 0

  package init(
    width: Int, height: Int, colorType: ColorType, bitDepth: Int, samples: [Int],
    palette: [(UInt8, UInt8, UInt8)] = [], transparency: [UInt8]? = nil, interlaced: Bool = false, filter: UInt8 = 0
  ) {
    self.width = width
    self.height = height
    self.colorType = colorType
    self.bitDepth = bitDepth
    self.samples = samples
    self.palette = palette
    self.transparency = transparency
    self.interlaced = interlaced
    self.filter = filter
  }

  /// The file's bytes.
  package func encode() -> [UInt8] {
    var out = Self.signature
    var header = Self.bigEndian(UInt32(width)) + Self.bigEndian(UInt32(height))
    header += [UInt8(bitDepth), colorType.rawValue, 0, 0, interlaced ? 1 : 0]
    out += PNGChunks.chunk("IHDR", header)
    if !palette.isEmpty { out += PNGChunks.chunk("PLTE", palette.flatMap { [$0.0, $0.1, $0.2] }) }
    if let transparency { out += PNGChunks.chunk("tRNS", transparency) }
    // Two IDAT chunks, so that readers must join them.
    let stream = Self.zlibStored(imageData())
    let half = stream.count / 2
    out += PNGChunks.chunk("IDAT", Array(stream[..<half])) + PNGChunks.chunk("IDAT", Array(stream[half...]))
    out += PNGChunks.chunk("IEND", [])
    return out
  }

  /// The filtered scanlines, pass after pass when interlaced.
  private func imageData() -> [UInt8] {
    let passes: [(x: Int, y: Int, dx: Int, dy: Int)] =
      interlaced
      ? [
        (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2),
        (0, 1, 1, 2),
      ]
      : [(0, 0, 1, 1)]
    var data: [UInt8] = []
    for pass in passes {
      let columns = Array(stride(from: pass.x, to: width, by: pass.dx))
      guard !columns.isEmpty else { continue }
      var previous: [UInt8] = []
      for y in stride(from: pass.y, to: height, by: pass.dy) {
        var row: [Int] = []
        for x in columns {
          let start = (y * width + x) * colorType.channels
          row += samples[start..<start + colorType.channels]
        }
        let raw = pack(row)
        if previous.isEmpty { previous = [UInt8](repeating: 0, count: raw.count) }
        data.append(filter)
        data += filtered(raw, previous: previous)
        previous = raw
      }
    }
    return data
  }

  /// `raw` minus PNG's predictor for `filter`, byte by byte.
  private func filtered(_ raw: [UInt8], previous: [UInt8]) -> [UInt8] {
    let bpp = max(1, colorType.channels * bitDepth / 8)
    return raw.indices.map { i in
      let a = i >= bpp ? Int(raw[i - bpp]) : 0
      let b = Int(previous[i])
      let c = i >= bpp ? Int(previous[i - bpp]) : 0
      let predictor: Int
      switch filter {
      case 1: predictor = a
      case 2: predictor = b
      case 3: predictor = (a + b) / 2
      case 4:
        let p = a + b - c
        let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
        predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
      default: predictor = 0
      }
      return raw[i] &- UInt8(predictor & 0xFF)
    }
  }

  /// Samples packed big-endian at `bitDepth` bits, the row padded to whole bytes.
  private func pack(_ row: [Int]) -> [UInt8] {
    switch bitDepth {
    case 16: return row.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    case 8: return row.map { UInt8($0) }
    default:
      var bytes: [UInt8] = []
      var current = 0
      var used = 0
      for sample in row {
        current = current << bitDepth | sample
        used += bitDepth
        if used == 8 {
          bytes.append(UInt8(current))
          current = 0
          used = 0
        }
      }
      if used > 0 { bytes.append(UInt8(current << (8 - used))) }
      return bytes
    }
  }

  package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  package static func bigEndian(_ v: UInt32) -> [UInt8] {
    var bytes: [UInt8] = []
    PNGChunks.appendBigEndian(v, to: &bytes)
    return bytes
  }

  package static func zlibStored(_ data: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    var start = 0
    repeat {
      let end = min(start + 65535, data.count)
      let n = end - start
      out += [
        end == data.count ? 1 : 0, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF),
        UInt8((~n >> 8) & 0xFF),
      ]
      out += data[start..<end]
      start = end
    } while start < data.count
    var a = 1
    var b = 0
    for byte in data {
      a = (a + Int(byte)) % 65521
      b = (b + a) % 65521
    }
    return out + bigEndian(UInt32(b << 16 | a))
  }
}
