import AnimplotPlatform
import AnimplotText
import CAnimplotZlib

/// The entries of a ZIP file in memory, for `.lottie` archives: stored and deflated entries,
/// CRC-checked, each held to a size limit before it is inflated.
///
/// Hand-written on zlib, not ZIPFoundation: that library needs Foundation, whose load costs
/// every animplot process about 7 MB and a few milliseconds (measured, `make bench`), and a
/// `.lottie` needs only reading, from memory. ZIP64 and encryption are refused.
struct ZIPArchive {
  struct Entry {
    var name: String
    var method: Int
    var crc: UInt32
    var compressedSize: Int
    var size: Int
    var localHeader: Int
    /// Made on Unix with the mode of a symbolic link (its data is the link's target).
    var isSymbolicLink: Bool
  }

  let bytes: UnsafeBufferPointer<UInt8>
  private(set) var entries: [Entry] = []

  private static func fail(_ message: String, at offset: Int) -> ActionDecodingError {
    var e = ActionDecodingError(.invalid(message))
    e.byteOffset = offset
    return e
  }

  private func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
  private func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }

  init(_ bytes: UnsafeBufferPointer<UInt8>) throws(ActionDecodingError) {
    self.bytes = bytes
    // The end-of-central-directory record: within the last 64 KiB + 22 bytes.
    var end = -1
    var i = bytes.count - 22
    while i >= max(0, bytes.count - 22 - 65_535) {
      if bytes[i] == 0x50 && bytes[i + 1] == 0x4B && bytes[i + 2] == 0x05 && bytes[i + 3] == 0x06 {
        end = i
        break
      }
      i -= 1
    }
    guard end >= 0 else {
      throw Self.fail("not a readable ZIP archive: no end-of-central-directory record (truncated?)", at: bytes.count)
    }
    let count = u16(end + 10)
    let directorySize = u32(end + 12)
    let directory = u32(end + 16)
    guard count != 0xFFFF, directory != 0xFFFF_FFFF else {
      throw Self.fail("ZIP64 archives are not read", at: end)
    }
    guard directory + directorySize <= end else {
      throw Self.fail("the central directory (\(directorySize) bytes at \(directory)) runs past its end record", at: end + 12)
    }
    var at = directory
    // Two entries of one name are read differently by different readers (the first, or the
    // last): which animation the archive holds would depend on the reader.
    var names = Set<String>()
    for n in 0..<count {
      guard at + 46 <= end, u32(at) == 0x0201_4B50 else {
        throw Self.fail("central directory entry \(n) is damaged", at: at)
      }
      let flags = u16(at + 8)
      let nameLength = u16(at + 28), extra = u16(at + 30), comment = u16(at + 32)
      guard at + 46 + nameLength <= end else { throw Self.fail("entry \(n)'s name runs past the directory", at: at) }
      let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(at + 46)..<(at + 46 + nameLength)]), as: UTF8.self)
      guard flags & 1 == 0 else { throw Self.fail("\(name) is encrypted", at: at) }
      guard names.insert(name).inserted else {
        throw Self.fail("the archive holds two entries named \(messageQuoted(name)); expected one of each name", at: at)
      }
      entries.append(
        Entry(
          name: name, method: u16(at + 10), crc: UInt32(u32(at + 16)), compressedSize: u32(at + 20),
          size: u32(at + 24), localHeader: u32(at + 42),
          isSymbolicLink: u16(at + 4) >> 8 == 3 && (u32(at + 38) >> 16) & 0o170000 == 0o120000))
      at += 46 + nameLength + extra + comment
    }
  }

  /// The content of entry `name`, or `nil` when the archive has none.
  /// - Parameter limit: the largest size accepted, checked before inflating.
  func read(_ name: String, limit: Int) throws(ActionDecodingError) -> [UInt8]? {
    guard let entry = entries.first(where: { $0.name == name }) else { return nil }
    guard !entry.isSymbolicLink else {
      throw Self.fail("\(name) in the archive is a symbolic link; animplot reads only files", at: entry.localHeader)
    }
    guard entry.size <= limit else {
      throw Self.fail(
        "\(name) in the archive inflates to \(entry.size) bytes, more than animplot's input limit, \(Limits.inputBytesDescription)",
        at: entry.localHeader)
    }
    let at = entry.localHeader
    guard at + 30 <= bytes.count, u32(at) == 0x0403_4B50 else {
      throw Self.fail("\(name)'s local header is damaged or missing (truncated?)", at: at)
    }
    let start = at + 30 + u16(at + 26) + u16(at + 28)
    guard start + entry.compressedSize <= bytes.count else {
      throw Self.fail("\(name)'s data runs past the end of the archive (truncated?)", at: start)
    }
    let data = UnsafeBufferPointer(rebasing: bytes[start..<(start + entry.compressedSize)])
    var out = [UInt8](repeating: 0, count: entry.size)
    switch entry.method {
    case 0:
      guard entry.compressedSize == entry.size else { throw Self.fail("\(name): stored sizes disagree", at: at) }
      for (i, b) in data.enumerated() { out[i] = b }
    case 8:
      var stream = z_stream()
      guard inflateInit2_(&stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
        throw Self.fail("\(name): zlib cannot start", at: at)
      }
      defer { inflateEnd(&stream) }
      let status = out.withUnsafeMutableBufferPointer { o -> Int32 in
        stream.next_in = UnsafeMutablePointer(mutating: data.baseAddress)
        stream.avail_in = UInt32(data.count)
        stream.next_out = o.baseAddress
        stream.avail_out = UInt32(o.count)
        return inflate(&stream, Z_FINISH)
      }
      guard status == Z_STREAM_END, Int(stream.total_out) == entry.size else {
        throw Self.fail("\(name) in the archive is damaged (it does not inflate to its \(entry.size) bytes)", at: start)
      }
    default:
      throw Self.fail("\(name) is compressed with method \(entry.method); .lottie archives use stored (0) or deflate (8)", at: at)
    }
    let crc = out.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, UInt32($0.count))) }
    guard crc == entry.crc else { throw Self.fail("\(name) in the archive is damaged (CRC mismatch)", at: start) }
    return out
  }
}
