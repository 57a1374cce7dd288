#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#else
  import Darwin
#endif

/// The file-system operations animplot needs, on the C library.
package enum FileSystem {
  /// The whole content of the file at `path`, or the system's reason why not.
  /// - Parameter limit: the most bytes to accept (`Limits.inputBytes`); a longer file is
  ///   `EFBIG`, found before reading when the file's size is known and while reading otherwise.
  /// - Parameter start: what the input must begin with; an input that does not is read no
  ///   further (see `InputStart`).
  package static func readBytes(
    path: String, limit: Int = Limits.inputBytes, start: InputStart? = nil
  ) throws(SystemError) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw SystemError(errno: errno) }
    defer { close(fd) }
    return try readBytes(descriptor: fd, limit: limit, start: start)
  }

  /// Everything left to read on `fd` (a file, a pipe, a terminal); a directory is `EISDIR`;
  /// more than `limit` bytes is `EFBIG`; memory that cannot be had for the bytes is `ENOMEM`
  /// (an error, not an abort, under `ulimit -v`).
  /// - Parameter start: what the input must begin with. The first `start.length` bytes are read
  ///   alone; when `start` refuses them, only they are returned (the decoder then says what is
  ///   wrong), so `/dev/zero` given as a PNG costs 8 bytes, not the whole input limit.
  package static func readBytes(
    descriptor fd: Int32, limit: Int = Limits.inputBytes, start: InputStart? = nil
  ) throws(SystemError) -> [UInt8] {
    var info = stat()
    let known = fstat(fd, &info) == 0
    if known && (info.st_mode & S_IFMT) == S_IFDIR { throw SystemError(errno: EISDIR) }
    var chunks: [[UInt8]] = []
    var count = 0
    if let start {
      let head = try readChunk(fd, capacity: min(max(start.length, 1), limit + 1))
      if head.count > limit { throw SystemError(errno: EFBIG) }
      if head.count < start.length || !start.accepts(head) { return head }
      chunks.append(head)
      count = head.count
    }
    // A regular file is read straight into an array of its size (plus one byte, to see it
    // grow). Anything else (a pipe, a device, a file that grew) is read in chunks that are
    // joined at the end, so that memory stays near the bytes read: an array grown by
    // doubling would hold old and new copies at once (1.6 GB to refuse /dev/zero at 1 GiB).
    let size = known && (info.st_mode & S_IFMT) == S_IFREG ? max(Int(info.st_size) - count, 0) : 0
    if count + size > limit { throw SystemError(errno: EFBIG) }
    // Read after the first bytes, in the same array: joined later, a file of the input limit
    // was held twice (a 600 MB input took 1.17 GB before it was decoded).
    let head = chunks.popLast() ?? []
    let first = try readChunk(fd, capacity: size + 1, after: head)
    count = first.count
    if first.count - head.count <= size { return first }
    chunks.append(first)
    var chunkSize = 1 << 16
    /// Whether a chunk read in the loop (not the file's known size) ends the reading.
    func stopsAt(_ chunk: [UInt8]) -> Bool {
      guard let start, let continues = start.continues, let head = chunks.first else { return false }
      return !continues(head, chunk)
    }
    let reading = !(size == 0 && stopsAt(first))
    while reading {
      if count > limit { throw SystemError(errno: EFBIG) }
      // One byte past the limit is enough to see it crossed.
      let capacity = min(chunkSize, limit + 1 - count)
      let chunk = try readChunk(fd, capacity: capacity)
      count += chunk.count
      if count > limit { throw SystemError(errno: EFBIG) }
      chunks.append(chunk)
      if chunk.count < capacity || stopsAt(chunk) { break }  // the end of the input, or a bad one
      chunkSize = min(chunkSize * 2, 1 << 26)
    }
    try reserve(count)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(count)
    for i in chunks.indices {
      bytes += chunks[i]
      chunks[i] = []
    }
    return bytes
  }

  /// `prefix`, then up to `capacity` bytes from `fd`: fewer only at the end of the input.
  private static func readChunk(_ fd: Int32, capacity: Int, after prefix: [UInt8] = []) throws(SystemError) -> [UInt8] {
    try reserve(prefix.count + capacity)
    var chunk = [UInt8](repeating: 0, count: prefix.count + capacity)
    chunk.replaceSubrange(0..<prefix.count, with: prefix)
    let capacity = chunk.count
    var filled = prefix.count
    while filled < capacity {
      let n = try chunk.withUnsafeMutableBytes {
        FileDescriptor.read(fd, into: $0.baseAddress! + filled, count: $0.count - filled)
      }.get()
      if n == 0 { break }
      filled += n
    }
    chunk.removeLast(capacity - filled)
    return chunk
  }

  /// Throws `ENOMEM` when `count` bytes cannot be allocated now: Swift's arrays abort the
  /// program when memory runs out (exit 134 under `ulimit -v`), so a large read asks first,
  /// for a mebibyte more than it needs: the array's own allocation (its header, a page more
  /// when mapped) must not be the one that fails. The probe is a mapping made and unmade by
  /// system calls: a `malloc` followed by `free` is removed by the optimiser, which assumes
  /// that it succeeds (it did, and the release binary aborted).
  private static func reserve(_ count: Int) throws(SystemError) {
    guard count >= 1 << 20 else { return }
    let length = count + (1 << 20)
    let probe = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
    guard let probe, probe != MAP_FAILED else { throw SystemError(errno: ENOMEM) }
    munmap(probe, length)
  }

  /// The kind and identity of a file, following symbolic links; `nil` when it does not exist.
  package static func status(of path: String) -> FileStatus? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    let kind: FileStatus.Kind =
      switch info.st_mode & S_IFMT {
      case S_IFDIR: .directory
      case S_IFREG: .file
      default: .other
      }
    return FileStatus(
      kind: kind, identity: FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)),
      size: Int64(info.st_size),
      modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
      statusChanged: Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec))
  }

  /// What a path that is neither a regular file nor a folder is, for messages: `a FIFO`,
  /// `a character device`, `a dangling symbolic link` …; `nil` for a file or a folder.
  package static func oddKind(of path: String) -> String? {
    var info = stat()
    guard stat(path, &info) == 0 else {
      var link = stat()
      if lstat(path, &link) == 0 && link.st_mode & S_IFMT == S_IFLNK { return "a dangling symbolic link" }
      return "unreadable (\(SystemError(errno: errno)))"
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG, S_IFDIR: return nil
    case S_IFIFO: return "a FIFO"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFSOCK: return "a socket"
    default: return "not a regular file"
    }
  }

  /// The absolute path `path` names, with symbolic links resolved as far as it exists: the
  /// same for two spellings of one file, even one not yet written (`dir/../a.png`).
  package static func absolute(_ path: String) -> String {
    if let resolved = canonical(path) { return resolved }
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    guard let base = canonical(folder) else { return path }
    return (base == "/" ? "" : base) + "/" + name
  }

  /// The absolute path `path` names, resolved as far as it exists: the longest existing
  /// prefix through `canonical`, the rest appended with `.` and `..` applied to the text. For a
  /// folder that may not exist yet (`out/new/deeper`), comparable with `canonical` paths.
  package static func resolvedAbsolute(_ path: String) -> String {
    var head = path.isEmpty ? "." : path
    var rest: [Substring] = []
    while canonical(head) == nil {
      let trimmed = head.count > 1 && head.hasSuffix("/") ? String(head.dropLast()) : head
      guard let slash = trimmed.lastIndex(of: "/") else {
        rest.insert(Substring(trimmed), at: 0)
        head = "."
        break
      }
      rest.insert(trimmed[trimmed.index(after: slash)...], at: 0)
      head = slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }
    var parts = (canonical(head) ?? "/").split(separator: "/")
    for part in rest.flatMap({ $0.split(separator: "/") }) {
      if part == "." { continue }
      if part == ".." {
        if !parts.isEmpty { parts.removeLast() }
      } else {
        parts.append(part)
      }
    }
    return "/" + parts.joined(separator: "/")
  }

  /// The first folder on the way from `root` to `root/relative` (excluding `root` itself and
  /// the last part of `relative`) that is a symbolic link, as `root/part…`; `nil` when none
  /// is. What writes only in real folders checks before writing.
  package static func linkedFolder(under root: String, toward relative: String) -> String? {
    var path = root.hasSuffix("/") ? String(root.dropLast()) : root
    for part in relative.split(separator: "/").dropLast() {
      path += "/" + part
      if isSymbolicLink(path) { return path }
    }
    return nil
  }

  /// Whether `path` itself (not following a link) is a regular file.
  package static func isRegularFile(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
  }

  /// Whether `path` itself is a symbolic link (dangling or not).
  package static func isSymbolicLink(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
  }

  /// Whether `path` is a folder (following symbolic links).
  package static func isDirectory(_ path: String) -> Bool { status(of: path)?.kind == .directory }

  /// The names in the directory at `path`, without `.` and `..`, in no particular order.
  package static func entries(of path: String) throws(SystemError) -> [String] {
    var notUTF8: [String] = []
    return try entries(of: path, notUTF8: &notUTF8)
  }

  /// The names in the directory at `path` that are UTF-8 text, as `entries(of:)`; those that
  /// are not are left out and added to `notUTF8`, their bytes shown as `byteEscaped` shows them
  /// (no path can be made of them: animplot reads every path as UTF-8).
  package static func entries(of path: String, notUTF8: inout [String]) throws(SystemError) -> [String] {
    guard let dir = opendir(path) else { throw SystemError(errno: errno) }
    defer { closedir(dir) }
    var names: [String] = []
    while true {
      errno = 0
      guard let entry = readdir(dir) else {
        if errno != 0 { throw SystemError(errno: errno) }
        return names
      }
      let bytes: [UInt8] = withUnsafePointer(to: &entry.pointee.d_name) {
        $0.withMemoryRebound(to: CChar.self, capacity: 256) { raw in
          UnsafeBufferPointer(start: raw, count: strlen(raw)).map { UInt8(bitPattern: $0) }
        }
      }
      guard let name = String(validating: bytes, as: UTF8.self) else {
        notUTF8.append(byteEscaped(bytes))
        continue
      }
      if name != "." && name != ".." { names.append(name) }
    }
  }

  /// Bytes as a message shows a name that is not UTF-8 text: printable ASCII as itself, any
  /// other byte as `\xNN`; at most about 80 characters.
  package static func byteEscaped(_ bytes: some Sequence<UInt8>) -> String {
    var shown = ""
    for byte in bytes {
      guard shown.utf8.count < 80 else { break }
      shown += byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    }
    return shown
  }

  /// The resolved absolute path of an existing file, or `nil`.
  package static func canonical(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Creates a folder and its missing parents, as `mkdir -p`.
  /// - Returns: the folders it made, outermost first.
  /// - Throws: the folder that could not be made and why.
  @discardableResult
  package static func createFolders(_ path: String) throws(FileError) -> [String] {
    var prefix = path.hasPrefix("/") ? "/" : ""
    var made: [String] = []
    for part in path.split(separator: "/") {
      prefix += part
      // Listed before it is made, so that Ctrl-C while the run writes into it takes it back
      // (when still empty); unlisted when it was there already.
      // (Held meanwhile: a signal between a failed mkdir and the unlisting would remove a
      // folder that was there already, when empty.)
      let error = SignalCleanup.holding {
        let slot = SignalCleanup.addFolder(prefix)
        if mkdir(prefix, 0o755) == 0 { return Int32(0) }
        let error = errno
        SignalCleanup.removeFolder(slot)
        return error
      }
      if error == 0 {
        made.append(prefix)
      } else if error != EEXIST {
        throw FileError(path: prefix + "/", action: "cannot create the folder", error: SystemError(errno: error))
      }
      prefix += "/"
    }
    return made
  }

  /// The environment variable `name`, if set.
  package static func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// Keeps the regular file at `path` under a new name beside it (a hard link), so that it can
  /// be put back after `path` is replaced: the kept name, or `nil` when there is no regular
  /// file there (or it cannot be linked: then it cannot be taken back either).
  package static func keep(_ path: String) -> String? {
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let kept = folder + ".\(name).\(getpid()).kept"
    unlink(kept)
    return link(path, kept) == 0 ? kept : nil
  }

  /// Renames `from` to `to`; whether it did.
  @discardableResult
  package static func move(_ from: String, to: String) -> Bool { rename(from, to) == 0 }

  /// Removes the file (or link) at `path`.
  package static func removeFile(_ path: String) throws(SystemError) {
    if unlink(path) != 0 { throw SystemError(errno: errno) }
  }

  /// Removes the folder at `path` if it is empty; whether it did.
  @discardableResult
  package static func removeEmptyFolder(_ path: String) -> Bool { rmdir(path) == 0 }

  /// Whether this process may run the file at `path`.
  package static func isExecutable(_ path: String) -> Bool { access(path, X_OK) == 0 }
}

/// What `FileSystem.status` tells about a path.
package struct FileStatus: Sendable, Hashable {
  package enum Kind: Sendable, Hashable { case file, directory, other }
  package var kind: Kind
  package var identity: FileIdentity
  /// The size in bytes.
  package var size: Int64 = 0
  /// The last modification, in nanoseconds since 1970.
  package var modified: Int64 = 0
  /// The last change of the file or its status (`st_ctime`), in nanoseconds since 1970: a
  /// write whose modification time was set back (`touch -d`) still changes it.
  package var statusChanged: Int64 = 0
}

/// A file's device and inode: the same file whatever the path that reaches it.
package struct FileIdentity: Sendable, Hashable {
  package var device: UInt64
  package var inode: UInt64
}

/// A file operation that failed: `PATH: ACTION: REASON`.
package struct FileError: Error, Sendable, Hashable, CustomStringConvertible {
  package var path: String
  /// What was being done: `cannot write`, `cannot create the folder`.
  package var action: String
  package var error: SystemError

  package init(path: String, action: String, error: SystemError) {
    self.path = path
    self.action = action
    self.error = error
  }

  package var description: String { "\(path): \(action): \(error)" }

  /// The path errors give standard output (`-`).
  package static let standardOutput = "standard output"

  /// A write to standard output whose reader has gone (`animplot eval ... | head`).
  package var isClosedStandardOutput: Bool { path == Self.standardOutput && error.errno == EPIPE }
}

/// What an input must begin with to be worth reading on: `FileSystem.readBytes` reads the
/// first `length` bytes alone and stops there when `accepts` refuses them.
package struct InputStart: Sendable {
  /// How many bytes `accepts` judges.
  package var length: Int
  /// Whether the input's first `length` bytes can begin a valid input.
  package var accepts: @Sendable ([UInt8]) -> Bool

  /// Whether a chunk read after the accepted `head` can continue a valid input; when it
  /// cannot, reading stops after it (the decoder then says what is wrong, where). Judged on
  /// inputs read in chunks (pipes, devices), not on a regular file, whose size is known.
  package var continues: (@Sendable (_ head: [UInt8], _ chunk: [UInt8]) -> Bool)?

  package init(
    length: Int, accepts: @escaping @Sendable ([UInt8]) -> Bool,
    continues: (@Sendable (_ head: [UInt8], _ chunk: [UInt8]) -> Bool)? = nil
  ) {
    self.length = length
    self.accepts = accepts
    self.continues = continues
  }

  /// The PNG signature (PNG 1.2 §5.2), 8 bytes.
  package static let png = InputStart(length: PNGSignature.bytes.count) { $0 == PNGSignature.bytes }

  /// A text or binary file whose first byte is not a control character other than white space
  /// (tab, line feed, form feed, carriage return): every kind of action input begins with
  /// text (`{`, a CSV header, `%YAML`) or a printable magic number (`glTF`, `PK`), so an input
  /// of zero bytes (`/dev/zero`) is refused at its first byte. A text input (any but a binary
  /// glTF or a zip) holds no NUL byte: a pipe that sends one (`{` then `/dev/zero`) is read no
  /// further than the chunk that has it.
  package static let printable = InputStart(
    length: 4,
    accepts: { head in
      guard let b = head.first else { return true }
      return b >= 0x20 && b != 0x7F || b == 0x09 || b == 0x0A || b == 0x0C || b == 0x0D
    },
    continues: { head, chunk in
      // Binary glTF ("glTF") and zip ("PK") containers hold zero bytes; text never does.
      head.starts(with: [0x67, 0x6C, 0x54, 0x46]) || head.starts(with: [0x50, 0x4B]) || !chunk.contains(0)
    })
}

/// The eight bytes every PNG file begins with (PNG 1.2 §5.2): written by the encoders, checked
/// by the decoder and by readers that stop early on what is not a PNG.
package enum PNGSignature {
  package static let bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
}
