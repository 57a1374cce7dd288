#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#else
  import Darwin
#endif

/// A folder opened once, by its path as it was then: files written relative to it land in that
/// folder, whatever the path names later (the folder renamed, or replaced by a symbolic link to
/// another, while `check --review` waits for an approval). Each folder below it on the way is
/// opened without following a link, and the file itself is never a link: no step of a write
/// can be redirected between a check and the write.
package final class OpenFolder: Sendable {
  /// The path it was opened by.
  package let path: String
  private let descriptor: Int32

  /// Opens the folder at `path` (following a link there, as the path named it then).
  /// - Throws: `FileError` naming the path.
  package init(_ path: String) throws(FileError) {
    let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { throw FileError(path: path, action: "cannot open the folder", error: SystemError(errno: errno)) }
    self.path = path
    descriptor = fd
  }

  deinit { close(descriptor) }

  /// Whether `path` still names this folder (the same device and inode, following links as
  /// when it was opened).
  package var isStillAtItsPath: Bool {
    var named = stat(), opened = stat()
    guard stat(path, &named) == 0, fstat(descriptor, &opened) == 0 else { return false }
    return named.st_dev == opened.st_dev && named.st_ino == opened.st_ino
  }

  /// Why a file could not be written below the folder.
  package enum WriteError: Error, Sendable {
    /// A folder on the way is a symbolic link (or not a folder).
    case linkedFolder
    /// The file itself is a symbolic link.
    case link
    /// The file is something other than a regular file (a folder, FIFO, device).
    case notRegularFile
    /// The system refused.
    case failed(FileError)
  }

  /// Writes `bytes` as the regular file `relative` (`a/b.png`) below the folder, atomically (a
  /// temporary file beside it, renamed into place); a file there keeps its mode. `shown` names
  /// the file in errors.
  package func write(_ bytes: [UInt8], at relative: String, shown: String) throws(WriteError) {
    var parts = relative.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    guard let name = parts.popLast(), name != ".", name != ".." else {
      throw .failed(FileError(path: shown, action: "cannot write", error: SystemError(errno: EISDIR)))
    }
    var folder = descriptor
    defer { if folder != descriptor { close(folder) } }
    var walked = path
    for part in parts {
      // `..` would leave the folder; a link or a file is no folder of its own.
      guard part != ".." else { throw .linkedFolder }
      let next = openat(folder, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      guard next >= 0 else {
        let error = errno
        if error == ELOOP || error == ENOTDIR { throw .linkedFolder }
        throw .failed(FileError(path: shown, action: "cannot write", error: SystemError(errno: error)))
      }
      if folder != descriptor { close(folder) }
      folder = next
      walked += "/" + part
    }
    var info = stat()
    var mode: mode_t?
    if fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 {
      switch info.st_mode & S_IFMT {
      case S_IFREG: mode = info.st_mode & 0o7777
      case S_IFLNK: throw .link
      default: throw .notRegularFile
      }
    } else if errno != ENOENT {
      throw .failed(FileError(path: shown, action: "cannot write", error: SystemError(errno: errno)))
    }
    let temporary = OutputFile.temporaryPath(for: name)
    // Listed for the signal handler by its path as named now (a path elsewhere at worst names
    // no file: the name is this process's own).
    let (slot, fd, error) = SignalCleanup.holding {
      let slot = SignalCleanup.add(walked + "/" + temporary)
      let fd = openat(folder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode ?? 0o644)
      let error = fd >= 0 ? 0 : errno
      if fd < 0 { SignalCleanup.remove(slot) }
      return (slot, fd, error)
    }
    guard fd >= 0 else {
      throw .failed(FileError(path: shown, action: "cannot write", error: SystemError(errno: error)))
    }
    var result = FileDescriptor.write(fd, bytes)
    if let mode, case .success = result, fchmod(fd, mode) != 0 { result = .failure(SystemError(errno: errno)) }
    if close(fd) != 0, case .success = result { result = .failure(SystemError(errno: errno)) }
    if case .success = result, renameat(folder, temporary, folder, name) != 0 { result = .failure(SystemError(errno: errno)) }
    if case .failure(let error) = result {
      unlinkat(folder, temporary, 0)
      SignalCleanup.remove(slot)
      throw .failed(FileError(path: shown, action: "cannot write", error: error))
    }
    SignalCleanup.remove(slot)
  }
}
