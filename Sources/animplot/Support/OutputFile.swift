import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Writes a command's output atomically: to a temporary file beside the destination, then
/// renamed into place, so a failed command never leaves a half-written or clobbered file.
/// The path `-` means standard output.
enum OutputFile {
  /// Writes `bytes` to `path` (or standard output for `-`).
  /// - Throws: `CLIError` naming the path and the system's reason.
  static func write(_ bytes: [UInt8], to path: String) throws {
    if path == "-" {
      guard bytes.withUnsafeBufferPointer({ Terminal.write($0, to: 1) }) else {
        throw CLIError("standard output: cannot write: \(String(cString: strerror(errno)))")
      }
      return
    }
    let temp = temporaryPath(for: path)
    let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw failure(path) }
    var ok = true
    bytes.withUnsafeBytes { raw in
      var p = raw.baseAddress!
      var remaining = raw.count
      while remaining > 0 {
        let n = Glibc.write(fd, p, remaining)
        if n < 0 {
          if errno == EINTR { continue }
          ok = false
          return
        }
        p += n
        remaining -= n
      }
    }
    let savedErrno = errno
    if close(fd) != 0 { ok = false }
    guard ok else {
      unlink(temp)
      errno = savedErrno
      throw failure(path)
    }
    guard rename(temp, path) == 0 else {
      let error = failure(path)
      unlink(temp)
      throw error
    }
  }

  /// Writes UTF-8 text.
  static func write(_ text: String, to path: String) throws {
    try write(Array(text.utf8), to: path)
  }

  /// `dir/.name.animplot-PID-N.tmp`: same directory, so the rename is atomic; N is unique in
  /// the process, even when `check` writes from several threads.
  private static func temporaryPath(for path: String) -> String {
    let n = counter.add(1, ordering: .relaxed).newValue
    let slash = path.lastIndex(of: "/")
    let dir = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    return "\(dir).\(name).animplot-\(getpid())-\(n).tmp"
  }

  private static let counter = Atomic<Int>(0)

  private static func failure(_ path: String) -> CLIError {
    CLIError("\(path): cannot write: \(String(cString: strerror(errno)))")
  }
}
