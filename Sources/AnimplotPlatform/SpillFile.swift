#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Bytes kept on disk rather than in memory, to be read back when asked for: one temporary
/// file without a name (made in the temporary folder, `TMPDIR` else `/tmp`, and unlinked at
/// once), so that nothing is left behind however the process ends. Pieces are appended, from
/// any thread, and never change.
package final class SpillFile: @unchecked Sendable {
  /// Where a piece is.
  package struct Piece: Sendable, Hashable {
    package let offset: Int
    package let count: Int
  }

  private let fd: Int32
  /// The end of what was given out.
  private let end = Locked(0)

  /// Makes the file.
  /// - Throws: the temporary folder and why the file could not be made there.
  package init() throws(FileError) {
    let file = try TemporaryFile(prefix: "kept", suffix: "")
    let fd = open(file.path, O_RDWR | O_CLOEXEC)
    let error = errno
    file.remove()
    guard fd >= 0 else { throw FileError(path: file.path, action: "cannot open", error: SystemError(errno: error)) }
    self.fd = fd
  }

  deinit { close(fd) }

  /// Appends `bytes`.
  /// - Throws: why they could not be written (a full disk).
  package func store(_ bytes: [UInt8]) throws(SystemError) -> Piece {
    let offset = end.withLock { end in
      defer { end += bytes.count }
      return end
    }
    var done = 0
    while done < bytes.count {
      let n = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress! + done, bytes.count - done, off_t(offset + done)) }
      if n < 0 {
        if errno == EINTR { continue }
        throw SystemError(errno: errno)
      }
      done += n
    }
    return Piece(offset: offset, count: bytes.count)
  }

  /// The bytes of `piece`.
  /// - Throws: why they could not be read.
  package func load(_ piece: Piece) throws(SystemError) -> [UInt8] {
    var failure: SystemError?
    let bytes = [UInt8](unsafeUninitializedCapacity: piece.count) { buffer, initialized in
      var done = 0
      while done < piece.count {
        let n = pread(fd, buffer.baseAddress! + done, piece.count - done, off_t(piece.offset + done))
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else {
          failure = SystemError(errno: n < 0 ? errno : EIO)
          break
        }
        done += n
      }
      initialized = failure == nil ? piece.count : 0
    }
    if let failure { throw failure }
    return bytes
  }
}
