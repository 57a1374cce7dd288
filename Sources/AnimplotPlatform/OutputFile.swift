import CAnimplotSignals
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#else
  import Darwin
#endif

/// Writes outputs so that a failure never leaves a half-written or clobbered file, and never
/// replaces what is not a plain file.
///
/// - A regular file (new, or existing: its mode is kept) is written to a temporary file beside
///   it and renamed into place.
/// - A symbolic link is followed: its target is replaced, in the target's folder.
/// - Anything else that exists (a device such as `/dev/null`, a FIFO, a terminal) is opened and
///   written to directly; it is never replaced.
/// - A folder is refused. The path `-` means standard output.
///
/// Several outputs of one command are made in two steps, `stage` then `commit`, so that a
/// failure of any leaves none of them.
package enum OutputFile {
  /// Writes `bytes` to `path` (or standard output for `-`).
  /// - Throws: `FileError` naming the path (`standard output` for `-`) and the system's reason.
  package static func write(_ bytes: [UInt8], to path: String) throws(FileError) {
    try stage(bytes, to: path).commit()
  }

  /// Writes UTF-8 text.
  package static func write(_ text: String, to path: String) throws(FileError) {
    try write(Array(text.utf8), to: path)
  }

  /// Writes `bytes` to a temporary file beside `path` and renames it over `path` itself: a
  /// symbolic link there is replaced by the file, its target left untouched; a regular file
  /// keeps its mode. A folder is refused. For files a command owns (check's artifacts), where
  /// writing through a link could change a file elsewhere.
  /// - Throws: `FileError`; nothing is left behind.
  package static func replace(_ bytes: [UInt8], at path: String) throws(FileError) {
    var info = stat()
    var mode: mode_t?
    if lstat(path, &info) == 0 {
      switch info.st_mode & S_IFMT {
      case S_IFDIR: throw FileError(path: path, action: "cannot write", error: SystemError(errno: EISDIR))
      case S_IFREG: mode = info.st_mode & 0o7777
      default: break
      }
    } else if errno != ENOENT {
      throw FileError(path: path, action: "cannot write", error: SystemError(errno: errno))
    }
    let (temporary, slot) = try temporaryFile(bytes, for: path, mode: mode, path: path)
    try StagedOutput(target: .file(temporary: temporary, slot: slot, target: path, path: path)).commit()
  }

  /// Writes `bytes` where they will go, without touching `path` yet: for a regular or new file,
  /// into a temporary file beside the target; other targets are written on `commit`.
  /// - Throws: `FileError`; nothing is left behind.
  package static func stage(_ bytes: [UInt8], to path: String) throws(FileError) -> StagedOutput {
    if path == "-" { return StagedOutput(target: .standardOutput(bytes)) }
    let target = resolved(path)
    var info = stat()
    if stat(target, &info) == 0 {
      switch info.st_mode & S_IFMT {
      case S_IFREG:
        let (temporary, slot) = try temporaryFile(bytes, for: target, mode: info.st_mode & 0o7777, path: path)
        return StagedOutput(target: .file(temporary: temporary, slot: slot, target: target, path: path))
      case S_IFDIR:
        throw FileError(path: path, action: "cannot write", error: SystemError(errno: EISDIR))
      default:
        return StagedOutput(target: .device(bytes, path: target, shown: path))
      }
    } else if errno != ENOENT {
      // A loop of symbolic links (ELOOP), a part of the path that is not a folder (ENOTDIR):
      // said as such, never replaced by a new file.
      throw FileError(path: path, action: "cannot write", error: SystemError(errno: errno))
    }
    let (temporary, slot) = try temporaryFile(bytes, for: target, mode: nil, path: path)
    return StagedOutput(target: .file(temporary: temporary, slot: slot, target: target, path: path))
  }

  /// The file a path names: the final target of a symbolic link (relative links resolved from
  /// the link's folder, dangling ones too), else the path itself.
  static func resolved(_ path: String) -> String {
    var current = path
    for _ in 0..<40 {
      var info = stat()
      guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let n = readlink(current, &buffer, buffer.count - 1)
      guard n > 0 else { return current }
      let link = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if link.hasPrefix("/") {
        current = link
      } else {
        let folder = current.lastIndex(of: "/").map { String(current[...$0]) } ?? ""
        current = folder + link
      }
    }
    return current
  }

  /// Writes `bytes` to a new temporary file beside `target` and returns its path and its slot
  /// in the list of files a signal removes (`removeTemporariesOnSignals`).
  private static func temporaryFile(_ bytes: [UInt8], for target: String, mode: mode_t?, path: String)
    throws(FileError) -> (path: String, slot: Int32)
  {
    let temp = temporaryPath(for: target)
    // Listed before it exists, so that no signal finds it made but unlisted.
    let (slot, fd, error) = SignalCleanup.holding {
      let slot = SignalCleanup.add(temp)
      let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode ?? 0o644)
      let error = fd >= 0 ? 0 : errno
      if fd < 0 { SignalCleanup.remove(slot) }
      return (slot, fd, error)
    }
    guard fd >= 0 else { throw FileError(path: path, action: "cannot write", error: SystemError(errno: error)) }
    var result = FileDescriptor.write(fd, bytes)
    // The umask narrowed the mode of the new file: give it the one of the file it replaces.
    if let mode, case .success = result, fchmod(fd, mode) != 0 { result = .failure(SystemError(errno: errno)) }
    if close(fd) != 0, case .success = result { result = .failure(SystemError(errno: errno)) }
    if case .failure(let error) = result {
      discard(temp, slot: slot)
      throw FileError(path: path, action: "cannot write", error: error)
    }
    return (temp, slot)
  }

  /// `dir/.name.PID-N.tmp` beside the target, so the rename is atomic; N is unique in the
  /// process, even when several threads write. The name is shortened to stay within the
  /// file-name limit.
  static func temporaryPath(for path: String) -> String {
    let n = counter.add(1, ordering: .relaxed).newValue
    let slash = path.lastIndex(of: "/")
    let dir = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let suffix = ".\(getpid())-\(n).tmp"
    var stem = name
    while 1 + stem.utf8.count + suffix.utf8.count > 255 { stem.removeLast() }
    return "\(dir).\(stem)\(suffix)"
  }

  private static let counter = Atomic<Int>(0)

  /// Removes a temporary file and unlists it.
  static func discard(_ temp: String, slot: Int32) {
    unlink(temp)
    SignalCleanup.remove(slot)
  }
}

/// An output written but not yet in place: `commit()` puts it there, `discard()` drops it.
package struct StagedOutput: Sendable {
  enum Target: Sendable {
    case standardOutput([UInt8])
    case file(temporary: String, slot: Int32, target: String, path: String)
    case device([UInt8], path: String, shown: String)
  }

  let target: Target

  /// Moves the output into place (renames the temporary file, or writes the device).
  /// - Throws: `FileError`; a temporary file is removed.
  package func commit() throws(FileError) {
    switch target {
    case .standardOutput(let bytes):
      if case .failure(let error) = FileDescriptor.write(1, bytes) {
        throw FileError(path: FileError.standardOutput, action: "cannot write", error: error)
      }
    case .file(let temporary, let slot, let target, let path):
      guard rename(temporary, target) == 0 else {
        let error = SystemError(errno: errno)
        OutputFile.discard(temporary, slot: slot)
        throw FileError(path: path, action: "cannot write", error: error)
      }
      SignalCleanup.remove(slot)
    case .device(let bytes, let path, let shown):
      let fd = open(path, O_WRONLY | O_CLOEXEC)
      guard fd >= 0 else { throw FileError(path: shown, action: "cannot write", error: SystemError(errno: errno)) }
      var result = FileDescriptor.write(fd, bytes)
      if close(fd) != 0, case .success = result { result = .failure(SystemError(errno: errno)) }
      if case .failure(let error) = result { throw FileError(path: shown, action: "cannot write", error: error) }
    }
  }

  /// Whether `commit()` renames a temporary file into place (a regular or new file), rather
  /// than opening what is there (a device or FIFO, which may block) or writing standard output.
  package var renamesIntoPlace: Bool {
    if case .file = target { true } else { false }
  }

  /// Drops the output: removes its temporary file, if any.
  package func discard() {
    if case .file(let temporary, let slot, _, _) = target { OutputFile.discard(temporary, slot: slot) }
  }

  /// Puts several outputs of one command in place: those written only now (a device, a FIFO,
  /// standard output, whose write is what fails: `/dev/full`, a reader gone) first, then the
  /// temporary files renamed. One that fails leaves none of the outputs after it: their
  /// temporary files are removed; the outputs before it are in place.
  /// - Throws: `CommitFailure`: which output failed (its index in `outputs`) and why.
  package static func commit(_ outputs: [StagedOutput]) throws(CommitFailure) {
    let order = outputs.indices.filter { !outputs[$0].renamesIntoPlace } + outputs.indices.filter { outputs[$0].renamesIntoPlace }
    for (n, i) in order.enumerated() {
      do {
        try outputs[i].commit()
      } catch {
        for rest in order[(n + 1)...] { outputs[rest].discard() }
        throw CommitFailure(index: i, error: error)
      }
    }
  }

  /// The output of several that could not be put in place (`commit(_:)`).
  package struct CommitFailure: Error, Sendable {
    /// Its index among the outputs.
    package var index: Int
    /// Why.
    package var error: FileError
  }
}

/// The temporary files (and new output folders) to remove if SIGINT, SIGTERM or SIGHUP ends the process: those of
/// outputs not yet in place (`OutputFile`) and any other (`check`'s SVG rasterising). The list
/// and the handler are in C (CAnimplotSignals): a handler may only call async-signal-safe code.
package enum SignalCleanup {
  /// Installs the handler (leaving signals that are ignored, as under nohup, ignored). Call
  /// once, early.
  package static func install() { animplot_temporaries_install() }

  /// Lists `path`; returns the slot to unlist it with.
  package static func add(_ path: String) -> Int32 { animplot_temporary_add(path) }

  /// Unlists a path (after removing or renaming it).
  package static func remove(_ slot: Int32) { animplot_temporary_remove(slot) }

  /// Lists a folder to remove, if still empty, when a signal ends the process (after the
  /// temporary files); folders listed later are removed first.
  package static func addFolder(_ path: String) -> Int32 { animplot_folder_add(path) }

  /// Unlists a folder.
  package static func removeFolder(_ slot: Int32) { animplot_folder_remove(slot) }

  /// `body`, with the signals the handler acts on held until it returns: around making a file
  /// or folder and listing it (or a child process), so that a signal in between finds it
  /// listed, and none is made once the handler has looked (another thread waits for the end).
  package static func holding<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
    animplot_signals_hold()
    defer { animplot_signals_release() }
    return try body()
  }
}
