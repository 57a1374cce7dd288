// AnimplotPlatform is the one module that names the platform's C library: its files import it
// (privately: nothing here re-exports it), and every other module reaches files, descriptors,
// processes and time through the small API here (`FileSystem`, `FileDescriptor`, `Subprocess`,
// `ThisProcess`, `Clock` ...), never through libc. Maths comes from the standard library and
// swift-numerics' RealModule.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("animplot needs a POSIX C library: Glibc, Musl or Darwin")
#endif

/// The C library's `read` and `write` on a descriptor, retrying interrupted calls.
package enum FileDescriptor {
  /// Reads up to `count` bytes into `buffer`: the count read (0 at the end), or the error.
  package static func read(_ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int)
    -> Result<Int, SystemError>
  {
    while true {
      #if canImport(Glibc)
        let n = Glibc.read(fd, buffer, count)
      #elseif canImport(Musl)
        let n = Musl.read(fd, buffer, count)
      #else
        let n = Darwin.read(fd, buffer, count)
      #endif
      if n >= 0 { return .success(n) }
      if errno != EINTR { return .failure(SystemError(errno: errno)) }
    }
  }

  /// Writes every byte of `bytes`, retrying short and interrupted writes.
  package static func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Result<Void, SystemError> {
    guard var p = bytes.baseAddress else { return .success(()) }
    var remaining = bytes.count
    while remaining > 0 {
      #if canImport(Glibc)
        let n = Glibc.write(fd, p, remaining)
      #elseif canImport(Musl)
        let n = Musl.write(fd, p, remaining)
      #else
        let n = Darwin.write(fd, p, remaining)
      #endif
      if n < 0 {
        if errno == EINTR { continue }
        return .failure(SystemError(errno: errno))
      }
      p += n
      remaining -= n
    }
    return .success(())
  }

  /// Writes every byte of `bytes`.
  package static func write(_ fd: Int32, _ bytes: [UInt8]) -> Result<Void, SystemError> {
    bytes.withUnsafeBytes { write(fd, $0) }
  }

  /// Whether `fd` is open on a terminal.
  package static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) != 0 }
}

/// An operating-system error, by its `errno`.
package struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
  package var errno: Int32

  package init(errno: Int32) { self.errno = errno }

  /// The C library's text for the error, such as `No such file or directory`.
  package var description: String { String(cString: strerror(errno)) }

  /// The path is a folder where a file was wanted (`EISDIR`).
  package var isFolder: Bool { errno == EISDIR }
  /// The input is larger than the limit it was read with (`EFBIG`, as `FileSystem.readBytes`
  /// reports `Limits.inputBytes` crossed).
  package var isOverLimit: Bool { errno == EFBIG }
  /// Memory for what was asked could not be had (`ENOMEM`): an error of the whole run, never
  /// a part of the input left out.
  package var isOutOfMemory: Bool { errno == ENOMEM }

  /// Why a file could not be read, for a message: `it is larger than …` past the input limit
  /// (`Limits.inputBytes`), else the C library's text.
  package var unreadableReason: String { isOverLimit ? "it is " + Limits.inputBytesExceeded : description }
  /// Nothing is at the path (`ENOENT`).
  package var isMissing: Bool { errno == ENOENT }
}

/// Raw memory, as the C library compares it.
package enum Memory {
  /// Whether the `count` bytes at `a` and at `b` are the same (`memcmp`).
  @inlinable
  package static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
    memcmp(a, b, count) == 0
  }
}

/// Shell wildcard patterns, as the C library matches them.
package enum Glob {
  /// Whether `text` matches `pattern` (`*`, `?`, `[...]`; `fnmatch` without flags: `*` also
  /// matches `/`).
  package static func matches(_ pattern: String, _ text: String) -> Bool { fnmatch(pattern, text, 0) == 0 }
}

/// Monotonic time.
package enum Clock {
  /// Seconds since an arbitrary fixed point (`CLOCK_MONOTONIC`).
  package static func seconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }
}
