import AnimplotConcurrency
import AnimplotPlatform
import CAnimplotPNG

/// Writes a PNG whose image data is deflated in bands of rows on every core, as pigz does for
/// gzip: each band is filtered and compressed on its own and ends on a byte boundary (a sync
/// flush), the bands' deflate data joined make one zlib stream, and their Adler-32 checksums
/// are combined. The file is an ordinary PNG; its bytes depend only on the pixels and the
/// settings (the bands are fixed by the image's height, not by the number of cores).
///
/// libpng compresses on one thread, and on large pictures compression is most of the time
/// (W1, 1600×900: two thirds of all instructions), so large pictures are written here; the
/// container (signature, IHDR, IDAT, IEND, CRCs) is a few lines, and zlib does the rest.
enum BandedPNGWriter {
  /// Rows per band: large enough that a band's restart costs nothing measurable in size.
  static let bandRows = 128

  /// The PNG of `height` rows of `width` pixels, 3 (RGB) or 4 (RGBA) bytes per pixel, each row
  /// given by `row(y, scratch)` (which may fill and return `scratch`, `4·width` bytes; it is
  /// called from several threads at once). Rows are UP-filtered and deflated with `level` and
  /// `strategy`.
  /// - Parameter parallel: compress the bands on every core (the default) or one after the
  ///   other; the bytes are the same.
  static func write(
    width: Int, height: Int, alpha: Bool, level: Int32, strategy: Int32, parallel: Bool = true,
    row: @Sendable (Int, UnsafeMutablePointer<UInt8>) -> UnsafePointer<UInt8>
  ) -> [UInt8] {
    let channels = alpha ? 4 : 3
    let rowBytes = width * channels
    let bandCount = (height + bandRows - 1) / bandRows
    let all = Parallel.map(count: bandCount, jobs: parallel ? .max : 1) { band in
      compress(
        rows: band * bandRows..<min(height, (band + 1) * bandRows), rowBytes: rowBytes, width: width,
        level: level, strategy: strategy, last: band == bandCount - 1, row: row)
    }

    var file = PNGSignature.bytes
    var header: [UInt8] = []
    PNGChunks.appendBigEndian(UInt32(width), to: &header)
    PNGChunks.appendBigEndian(UInt32(height), to: &header)
    header += [8, alpha ? 6 : 2, 0, 0, 0]
    PNGChunks.append("IHDR", header, to: &file)
    // zlib header: deflate with a 32 KiB window, FLEVEL 2 (the default), FCHECK making it a
    // multiple of 31.
    var adler: uLong = adler32(0, nil, 0)
    for (i, band) in all.enumerated() {
      var data = i == 0 ? [0x78, 0x9C] + band.deflated : band.deflated
      adler = adler32_combine(adler, band.adler, .init(band.length))
      if i == all.count - 1 { PNGChunks.appendBigEndian(UInt32(truncatingIfNeeded: adler), to: &data) }
      PNGChunks.append("IDAT", data, to: &file)
    }
    PNGChunks.append("IEND", [], to: &file)
    return file
  }

  /// A band's deflate data (raw, no zlib header), and the Adler-32 and length of its
  /// filtered bytes.
  struct Band: Sendable {
    let deflated: [UInt8]
    let adler: uLong
    let length: Int
  }

  /// Filters (UP) and deflates one band of rows, a row at a time, so that a band needs no
  /// more memory than a row, zlib's state and its compressed bytes.
  static func compress(
    rows: Range<Int>, rowBytes: Int, width: Int, level: Int32, strategy: Int32, last: Bool,
    row: (Int, UnsafeMutablePointer<UInt8>) -> UnsafePointer<UInt8>
  ) -> Band {
    let lineBytes = rowBytes + 1
    let line = UnsafeMutablePointer<UInt8>.allocate(capacity: lineBytes)
    let scratchA = UnsafeMutablePointer<UInt8>.allocate(capacity: 4 * width)
    let scratchB = UnsafeMutablePointer<UInt8>.allocate(capacity: 4 * width)
    defer {
      line.deallocate()
      scratchA.deallocate()
      scratchB.deallocate()
    }
    var stream = z_stream()
    let status = deflateInit2_(
      &stream, level, Z_DEFLATED, -15, 8, strategy, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
    guard status == Z_OK else { fatalError("zlib: deflateInit2 failed (\(status))") }
    defer { deflateEnd(&stream) }
    var out: [UInt8] = []
    let chunk = UnsafeMutablePointer<UInt8>.allocate(capacity: 1 << 16)
    defer { chunk.deallocate() }
    /// Deflates what `stream` holds with `flush`, appending the output to `out`.
    func run(_ flush: Int32) {
      repeat {
        stream.next_out = chunk
        stream.avail_out = 1 << 16
        let result = deflate(&stream, flush)
        guard result == Z_OK || result == Z_STREAM_END || result == Z_BUF_ERROR else {
          fatalError("zlib: deflate failed (\(result))")
        }
        out.append(contentsOf: UnsafeBufferPointer(start: chunk, count: (1 << 16) - Int(stream.avail_out)))
      } while stream.avail_out == 0
    }

    var adler = adler32(0, nil, 0)
    // The row above the band's first row, for the UP filter (none above the image's first).
    var previous: UnsafePointer<UInt8>? = rows.lowerBound > 0 ? row(rows.lowerBound - 1, scratchA) : nil
    var scratch = scratchB
    line[0] = 2  // UP
    for y in rows {
      let current = row(y, scratch)
      if let above = previous {
        for x in 0..<rowBytes { line[1 + x] = current[x] &- above[x] }
      } else {
        (line + 1).update(from: current, count: rowBytes)
      }
      previous = current
      // The next row must not overwrite the one just used as `previous`.
      scratch = current == UnsafePointer(scratchA) ? scratchB : scratchA
      adler = adler32(adler, line, uInt(lineBytes))
      stream.next_in = line
      stream.avail_in = uInt(lineBytes)
      run(Z_NO_FLUSH)
    }
    run(last ? Z_FINISH : Z_SYNC_FLUSH)
    return Band(deflated: out, adler: adler, length: lineBytes * rows.count)
  }
}
