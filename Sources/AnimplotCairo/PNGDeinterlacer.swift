import CAnimplotPNG

/// Rewrites an interlaced 16-bit PNG as the same image without interlacing, with zlib only.
///
/// Works around a libpng bug: since the fix for CVE-2025-65018 (libpng 1.6.51, and Debian's
/// backport in 1.6.39-2+deb12u1 and later), `png_image_finish_read` converts interlaced 16-bit
/// images to 8 bits through a row buffer that forgets the earlier Adam7 passes, so most rows
/// come out wrong. Upstream fixed it in commit ef12208 (May 2026, 1.7.0 betas). Until every
/// libpng we meet has that fix, such files are de-interlaced here and libpng still does every
/// colour transform. Only whole-byte (16-bit) pixels occur, which keeps this small.
enum PNGDeinterlacer {
  /// The file's bytes with its IDAT data de-interlaced and the IHDR interlace byte cleared.
  /// `header` is the parsed IHDR; `chunks` every chunk of the file in order.
  static func deinterlace(
    _ bytes: [UInt8], header: PNGHeader, chunks: [PNGChunk]
  ) throws(PNGDecodingError) -> [UInt8] {
    let pixels = try pixelBytes(bytes, header: header, chunks: chunks)
    let rowBytes = header.width * header.channels * 2
    var plain = [UInt8](repeating: 0, count: header.height * (1 + rowBytes))  // filter 0 rows
    for y in 0..<header.height {
      plain[y * (1 + rowBytes) + 1..<(y + 1) * (1 + rowBytes)] =
        pixels[y * rowBytes..<(y + 1) * rowBytes]
    }

    var out = Array(bytes[0..<8])
    var wroteData = false
    for chunk in chunks {
      switch chunk.type {
      case "IHDR":
        var data = Array(bytes[chunk.data])
        data[12] = 0
        PNGChunks.append("IHDR", data, to: &out)
      case "IDAT":
        if !wroteData { PNGChunks.append("IDAT", try deflate(plain), to: &out) }
        wroteData = true
      default:
        out += bytes[chunk.data.lowerBound - 8..<chunk.data.upperBound + 4]
      }
    }
    return out
  }

  /// The pixels of a 16-bit PNG as stored, rows top to bottom without filter bytes, each
  /// pixel its `header.channels` big-endian 16-bit samples: the IDAT data inflated,
  /// unfiltered and, when the file is interlaced, put back in place.
  static func pixelBytes(
    _ bytes: [UInt8], header: PNGHeader, chunks: [PNGChunk]
  ) throws(PNGDecodingError) -> [UInt8] {
    precondition(header.bitDepth == 16, "whole-byte (16-bit) samples only")
    let bytesPerPixel = header.channels * 2
    var compressed: [UInt8] = []
    for chunk in chunks where chunk.type == "IDAT" {
      guard chunk.crcMatches(in: bytes) else { throw .malformed("IDAT: CRC error") }
      compressed += bytes[chunk.data]
    }
    // The passes' filtered scanlines, each a filter byte and the pass's row of pixels; a file
    // without interlacing is one pass over every pixel.
    let passes = (header.interlaced ? adam7 : [(x: 0, y: 0, dx: 1, dy: 1)]).map { pass in
      (
        pass, columns: count(header.width, pass.x, pass.dx),
        rows: count(header.height, pass.y, pass.dy)
      )
    }.filter { $0.columns > 0 && $0.rows > 0 }
    let expected = passes.reduce(0) { $0 + $1.rows * (1 + $1.columns * bytesPerPixel) }
    let filtered = try inflate(compressed, size: expected)

    let rowBytes = header.width * bytesPerPixel
    var plain = [UInt8](repeating: 0, count: header.height * rowBytes)
    var offset = 0
    for (pass, columns, rows) in passes {
      let passRowBytes = columns * bytesPerPixel
      var previous = [UInt8](repeating: 0, count: passRowBytes)
      for row in 0..<rows {
        let filter = filtered[offset]
        var line = Array(filtered[offset + 1..<offset + 1 + passRowBytes])
        try unfilter(&line, previous: previous, filter: filter, bytesPerPixel: bytesPerPixel)
        let y = pass.y + row * pass.dy
        if pass.dx == 1 {
          plain[y * rowBytes..<(y + 1) * rowBytes] = line[...]
        } else {
          for column in 0..<columns {
            let x = pass.x + column * pass.dx
            let to = y * rowBytes + x * bytesPerPixel
            plain[to..<to + bytesPerPixel] =
              line[column * bytesPerPixel..<(column + 1) * bytesPerPixel]
          }
        }
        previous = line
        offset += 1 + passRowBytes
      }
    }
    return plain
  }

  /// The largest palette index the pixels of a palette PNG (colour type 3, 1 to 8 bits) use:
  /// the IDAT data inflated and unfiltered pass by pass, the padding bits at the end of each
  /// row left out.
  static func largestPaletteIndex(
    _ bytes: [UInt8], header: PNGHeader, chunks: [PNGChunk]
  ) throws(PNGDecodingError) -> Int {
    precondition(header.colorType == 3 && [1, 2, 4, 8].contains(header.bitDepth))
    let depth = header.bitDepth
    var compressed: [UInt8] = []
    for chunk in chunks where chunk.type == "IDAT" { compressed += bytes[chunk.data] }
    let passes = (header.interlaced ? adam7 : [(x: 0, y: 0, dx: 1, dy: 1)]).map { pass in
      (columns: count(header.width, pass.x, pass.dx), rows: count(header.height, pass.y, pass.dy))
    }.filter { $0.columns > 0 && $0.rows > 0 }
    let expected = passes.reduce(0) { $0 + $1.rows * (1 + ($1.columns * depth + 7) / 8) }
    let filtered = try inflate(compressed, size: expected)
    var largest = 0
    var offset = 0
    for (columns, rows) in passes {
      let passRowBytes = (columns * depth + 7) / 8
      var previous = [UInt8](repeating: 0, count: passRowBytes)
      for _ in 0..<rows {
        var line = Array(filtered[offset + 1..<offset + 1 + passRowBytes])
        try unfilter(&line, previous: previous, filter: filtered[offset], bytesPerPixel: 1)
        if depth == 8 {
          largest = max(largest, Int(line.max() ?? 0))
        } else {
          let mask = (1 << depth) - 1
          for column in 0..<columns {
            let bit = column * depth
            let shift = 8 - depth - bit % 8
            largest = max(largest, Int(line[bit / 8]) >> shift & mask)
          }
        }
        previous = line
        offset += 1 + passRowBytes
      }
    }
    return largest
  }

  /// Adam7's passes: first column and row, and the steps between them.
  private static let adam7: [(x: Int, y: Int, dx: Int, dy: Int)] = [
    (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2),
    (0, 1, 1, 2),
  ]

  private static func count(_ size: Int, _ start: Int, _ step: Int) -> Int {
    size > start ? (size - start + step - 1) / step : 0
  }

  /// Undoes one of PNG's five scanline filters in place.
  private static func unfilter(
    _ line: inout [UInt8], previous: [UInt8], filter: UInt8, bytesPerPixel bpp: Int
  ) throws(PNGDecodingError) {
    guard filter <= 4 else { throw .malformed("bad adaptive filter value") }
    guard filter != 0 else { return }
    let n = line.count
    line.withUnsafeMutableBufferPointer { line in
      previous.withUnsafeBufferPointer { above in
        // One loop per filter; the left and upper-left bytes of the first pixel are 0.
        switch filter {
        case 1:
          for i in bpp..<max(bpp, n) { line[i] &+= line[i &- bpp] }
        case 2:
          for i in 0..<n { line[i] &+= above[i] }
        case 3:
          for i in 0..<n {
            let left = i >= bpp ? Int(line[i &- bpp]) : 0
            line[i] &+= UInt8(truncatingIfNeeded: (left &+ Int(above[i])) >> 1)
          }
        default:
          for i in 0..<n {
            let a = i >= bpp ? Int(line[i &- bpp]) : 0  // left
            let b = Int(above[i])  // above
            let c = i >= bpp ? Int(above[i &- bpp]) : 0  // above left
            let p = a &+ b &- c
            let pa = abs(p &- a)
            let pb = abs(p &- b)
            let pc = abs(p &- c)
            line[i] &+= UInt8(truncatingIfNeeded: pa <= pb && pa <= pc ? a : pb <= pc ? b : c)
          }
        }
      }
    }
  }

  private static func inflate(_ data: [UInt8], size: Int) throws(PNGDecodingError) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: size)
    var length = uLongf(size)
    let status = out.withUnsafeMutableBufferPointer { out in
      data.withUnsafeBufferPointer { data in
        uncompress(out.baseAddress, &length, data.baseAddress, uLong(data.count))
      }
    }
    switch status {
    // Data beyond the image (a full buffer, Z_BUF_ERROR) is ignored, as libpng does.
    case Z_OK where length == size, Z_BUF_ERROR: return out
    case Z_OK: throw .malformed("Not enough image data")
    default: throw .malformed("IDAT: invalid or incomplete compressed data")
    }
  }

  private static func deflate(_ data: [UInt8]) throws(PNGDecodingError) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: Int(compressBound(uLong(data.count))))
    var length = uLongf(out.count)
    let status = out.withUnsafeMutableBufferPointer { out in
      data.withUnsafeBufferPointer { data in
        compress2(out.baseAddress, &length, data.baseAddress, uLong(data.count), Z_BEST_SPEED)
      }
    }
    guard status == Z_OK else { throw .malformed("cannot recompress the image data") }
    return Array(out[0..<Int(length)])
  }
}

/// The fields of an IHDR chunk the decoder needs.
struct PNGHeader {
  var width: Int
  var height: Int
  var bitDepth: Int
  var colorType: Int
  var interlaced: Bool

  /// Reads a 13-byte IHDR; `nil` for any other length.
  init?(_ data: ArraySlice<UInt8>) {
    guard data.count == 13 else { return nil }
    let d = Array(data)
    width = Int(d[0]) << 24 | Int(d[1]) << 16 | Int(d[2]) << 8 | Int(d[3])
    height = Int(d[4]) << 24 | Int(d[5]) << 16 | Int(d[6]) << 8 | Int(d[7])
    bitDepth = Int(d[8])
    colorType = Int(d[9])
    interlaced = d[12] == 1
  }

  /// Samples per pixel: grey 1, grey+alpha 2, RGB 3, RGBA 4; palette 1.
  var channels: Int {
    switch colorType {
    case 2: 3
    case 4: 2
    case 6: 4
    default: 1
    }
  }
}
