import AnimplotPlatform
import CAnimplotPNG

/// PNG's container, written and read in one place: the signature, then chunks of a 4-byte
/// big-endian length, a 4-letter type, the data and the CRC-32 (zlib's) of type and data.
/// The banded PNG writer, the APNG writer, the de-interlacer and the tests' PNG fixtures write
/// their chunks with it; the decoder and the APNG writer list a file's chunks with it.
package enum PNGChunks {
  /// A chunk's bytes: length, type, data, CRC.
  package static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    var bytes: [UInt8] = []
    append(type, data, to: &bytes)
    return bytes
  }

  /// Appends a chunk to `file` whose data is `parts` one after the other (an APNG frame's
  /// sequence number and its image data, say), with no copy of the data to join them.
  package static func append(_ type: String, _ parts: [UInt8]..., to file: inout [UInt8]) {
    let typeBytes = Array(type.utf8)
    appendBigEndian(UInt32(parts.reduce(0) { $0 + $1.count }), to: &file)
    file += typeBytes
    var checksum = crc(typeBytes)
    for part in parts {
      file += part
      checksum = crc(part, after: checksum)
    }
    appendBigEndian(checksum, to: &file)
  }

  /// Appends `value` as 4 bytes, most significant first, as PNG stores its numbers.
  package static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
    bytes += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }

  /// zlib's CRC-32 of `bytes` (a chunk's type and data), as PNG chunks carry it; `after` the
  /// CRC of what comes before them, to go on from it.
  package static func crc<Bytes: Collection<UInt8>>(_ bytes: Bytes, after start: UInt32 = 0) -> UInt32 {
    func of(_ buffer: UnsafeBufferPointer<UInt8>) -> UInt32 {
      UInt32(crc32(uLong(start), buffer.baseAddress, uInt(buffer.count)))
    }
    return bytes.withContiguousStorageIfAvailable(of) ?? Array(bytes).withUnsafeBufferPointer(of)
  }

  /// Checks the signature and lists the chunks up to `IEND`, so that a cut-off file is
  /// reported as truncated rather than with whatever libpng says when its input runs out.
  static func list(_ bytes: [UInt8]) throws(PNGDecodingError) -> [PNGChunk] {
    guard !bytes.isEmpty else { throw .empty }
    guard bytes.count >= 8, bytes[0..<8].elementsEqual(PNGSignature.bytes) else { throw .notPNG }
    var chunks: [PNGChunk] = []
    var offset = 8
    while true {
      // length (4), type (4), data (length), CRC (4)
      guard offset + 8 <= bytes.count else { throw .truncated }
      let length =
        Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
        | Int(bytes[offset + 3])
      guard offset + 12 + length <= bytes.count else { throw .truncated }
      let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
      chunks.append(PNGChunk(type: type, data: offset + 8..<offset + 8 + length))
      if type == "IEND" { return chunks }
      offset += 12 + length
    }
  }
}

/// One chunk of a PNG file: its type and where its data lies in the file.
struct PNGChunk {
  var type: String
  /// The data's bytes in the file; the length and type precede it, the CRC follows it.
  var data: Range<Int>

  /// Whether the stored CRC matches the chunk's type and data.
  func crcMatches(in bytes: [UInt8]) -> Bool {
    let stored = bytes[data.upperBound..<data.upperBound + 4].reduce(0) { $0 << 8 | UInt32($1) }
    return PNGChunks.crc(bytes[data.lowerBound - 4..<data.upperBound]) == stored
  }
}
