import Synchronization

/// Writes outputs atomically: to a temporary file beside the destination, then renamed into
/// place, so a failed write never leaves a half-written or clobbered file. The path `-` means
/// standard output.
public enum OutputFile {
  /// Writes `bytes` to `path` (or standard output for `-`).
  /// - Throws: `FileError` naming the path (`standard output` for `-`) and the system's reason.
  public static func write(_ bytes: [UInt8], to path: String) throws(FileError) {
    if path == "-" {
      if case .failure(let error) = FileDescriptor.write(1, bytes) {
        throw FileError(path: "standard output", action: "cannot write", error: error)
      }
      return
    }
    let temp = temporaryPath(for: path)
    let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw failure(path, errno) }
    var result = FileDescriptor.write(fd, bytes)
    if close(fd) != 0, case .success = result { result = .failure(SystemError(errno: errno)) }
    if case .failure(let error) = result {
      unlink(temp)
      throw FileError(path: path, action: "cannot write", error: error)
    }
    guard rename(temp, path) == 0 else {
      let error = failure(path, errno)
      unlink(temp)
      throw error
    }
  }

  /// Writes UTF-8 text.
  public static func write(_ text: String, to path: String) throws(FileError) {
    try write(Array(text.utf8), to: path)
  }

  /// `dir/.name.animplot-PID-N.tmp`: same directory, so the rename is atomic; N is unique in
  /// the process, even when several threads write.
  private static func temporaryPath(for path: String) -> String {
    let n = counter.add(1, ordering: .relaxed).newValue
    let slash = path.lastIndex(of: "/")
    let dir = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    return "\(dir).\(name).animplot-\(getpid())-\(n).tmp"
  }

  private static let counter = Atomic<Int>(0)

  private static func failure(_ path: String, _ code: Int32) -> FileError {
    FileError(path: path, action: "cannot write", error: SystemError(errno: code))
  }
}
