import AnimplotCore

#if canImport(Glibc)
  import Glibc
#endif

/// Reading action files from disk.
public enum ActionFile {
  /// Reads and decodes the file at `path` (see `ActionDecoder.decode`).
  /// - Throws: `ActionDecodingError` naming the file.
  public static func load(_ path: String, recalculate: Bool = true) throws(ActionDecodingError) -> ActionDocument {
    let bytes = try readBytes(path)
    return try ActionDecoder.decode(bytes, file: path, recalculate: recalculate)
  }

  /// The bytes of the file at `path`; `-` reads standard input.
  public static func readBytes(_ path: String) throws(ActionDecodingError) -> [UInt8] {
    let fd = path == "-" ? 0 : open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw ActionDecodingError(.unreadable(String(cString: strerror(errno))), file: path) }
    defer { if fd != 0 { close(fd) } }
    var info = stat()
    if fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
      throw ActionDecodingError(.unreadable("it is a directory"), file: path)
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(info.st_size > 0 ? Int(info.st_size) : 1 << 16)
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        throw ActionDecodingError(.unreadable(String(cString: strerror(errno))), file: path)
      }
      if n == 0 { break }
      bytes.append(contentsOf: chunk[0..<n])
    }
    return bytes
  }
}
