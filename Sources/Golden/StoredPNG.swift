import Canvas

/// A minimal PNG encoder: 8-bit RGBA, no filtering, deflate "stored" (uncompressed) blocks.
///
/// Temporary: it stands in for CairoCanvas's PNG encoder, which is written on another branch,
/// and goes when that lands (see `ImageFile.pngBytes`). Files are valid but large.
enum StoredPNG {
  /// The PNG file bytes of `image`.
  static func encode(_ image: RGBAImage) -> [UInt8] {
    var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    var header: [UInt8] = []
    header.appendBigEndian(UInt32(image.width))
    header.appendBigEndian(UInt32(image.height))
    header += [8, 6, 0, 0, 0]  // bit depth 8, RGBA, deflate, filter set 0, not interlaced
    appendChunk("IHDR", header, to: &out)
    appendChunk("IDAT", zlibStored(scanlines(image)), to: &out)
    appendChunk("IEND", [], to: &out)
    return out
  }

  /// Each row preceded by filter type 0 (none).
  private static func scanlines(_ image: RGBAImage) -> [UInt8] {
    let rowBytes = image.width * 4
    var data: [UInt8] = []
    data.reserveCapacity((rowBytes + 1) * image.height)
    for y in 0..<image.height {
      data.append(0)
      data += image.pixels[y * rowBytes..<(y + 1) * rowBytes]
    }
    return data
  }

  /// A zlib stream of stored deflate blocks (at most 65535 bytes each) and the Adler-32.
  private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    out.reserveCapacity(data.count + data.count / 65535 * 5 + 16)
    var start = 0
    repeat {
      let end = min(start + 65535, data.count)
      let length = UInt16(end - start)
      out.append(end == data.count ? 1 : 0)
      out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
      out += data[start..<end]
      start = end
    } while start < data.count
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in data {
      a = (a + UInt32(byte)) % 65521
      b = (b + a) % 65521
    }
    out.appendBigEndian(b << 16 | a)
    return out
  }

  private static func appendChunk(_ type: String, _ data: [UInt8], to out: inout [UInt8]) {
    out.appendBigEndian(UInt32(data.count))
    let typed = Array(type.utf8) + data
    out += typed
    out.appendBigEndian(crc32(typed))
  }

  private static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    return ~crc
  }

  private static let crcTable: [UInt32] = (0..<256).map { n in
    var c = UInt32(n)
    for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    return c
  }
}

extension [UInt8] {
  fileprivate mutating func appendBigEndian(_ value: UInt32) {
    append(contentsOf: [
      UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF),
    ])
  }
}
