#if canImport(Glibc)
  import Glibc
#endif

/// The few file-system operations Golden needs, on the C library.
public enum FileSystem {
  /// The whole content of the file at `path`, or the system's reason why not.
  public static func readBytes(path: String) throws(SystemError) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw SystemError(errno: errno) }
    defer { close(fd) }
    var info = stat()
    if fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
      throw SystemError(errno: EISDIR)
    }
    // Read straight into the array, sized from the file and grown if the file grows.
    var bytes = [UInt8](repeating: 0, count: max(Int(info.st_size), 0) + 1)
    var count = 0
    while true {
      if count == bytes.count { bytes += [UInt8](repeating: 0, count: max(count, 1 << 16)) }
      let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
      if n < 0 {
        if errno == EINTR { continue }
        throw SystemError(errno: errno)
      }
      if n == 0 { break }
      count += n
    }
    bytes.removeLast(bytes.count - count)
    return bytes
  }

  /// The kind and identity of a file, following symbolic links; `nil` when it does not exist.
  static func status(of path: String) -> FileStatus? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    let kind: FileStatus.Kind =
      switch info.st_mode & S_IFMT {
      case S_IFDIR: .directory
      case S_IFREG: .file
      default: .other
      }
    return FileStatus(kind: kind, identity: FileIdentity(device: info.st_dev, inode: info.st_ino))
  }

  /// The names in the directory at `path`, without `.` and `..`, in no particular order.
  static func entries(of path: String) throws(SystemError) -> [String] {
    guard let dir = opendir(path) else { throw SystemError(errno: errno) }
    defer { closedir(dir) }
    var names: [String] = []
    while true {
      errno = 0
      guard let entry = readdir(dir) else {
        if errno != 0 { throw SystemError(errno: errno) }
        return names
      }
      let name = withUnsafePointer(to: &entry.pointee.d_name) {
        $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
      }
      if name != "." && name != ".." { names.append(name) }
    }
  }
}

/// What `FileSystem.status` tells about a path.
struct FileStatus: Sendable, Hashable {
  enum Kind: Sendable, Hashable { case file, directory, other }
  var kind: Kind
  var identity: FileIdentity
}

/// A file's device and inode: the same file whatever the path that reaches it.
struct FileIdentity: Sendable, Hashable {
  var device: UInt
  var inode: UInt
}

/// An operating-system error, by its `errno`.
public struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
  public var errno: Int32

  public init(errno: Int32) { self.errno = errno }

  /// The C library's text for the error, such as `No such file or directory`.
  public var description: String { String(cString: strerror(errno)) }
}
