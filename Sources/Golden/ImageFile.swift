import CairoCanvas
import Canvas

#if canImport(Glibc)
  import Glibc
#endif

/// Reading the PNG files that `diff` and `check` compare, and encoding the diff images.
public enum ImageFile {
  /// Reads and decodes the PNG file at `path`.
  public static func read(path: String) throws(ImageFileError) -> RGBAImage {
    let bytes: [UInt8]
    do {
      bytes = try readBytes(path: path)
    } catch {
      throw ImageFileError(path: path, reason: .unreadable(error))
    }
    do {
      return try PNGDecoder.decode(bytes: bytes)
    } catch {
      throw ImageFileError(path: path, reason: .decoding(error))
    }
  }

  /// The PNG file bytes of `image`.
  public static func pngBytes(_ image: RGBAImage) -> [UInt8] { PNGEncoder.encode(image) }

  /// The whole content of a file, or the system's reason why not.
  private static func readBytes(path: String) throws(SystemError) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw SystemError(errno: errno) }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        throw SystemError(errno: errno)
      }
      if n == 0 { return bytes }
      bytes += chunk[0..<n]
    }
  }
}

/// An operating-system error, by its `errno`.
public struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
  public var errno: Int32

  public init(errno: Int32) { self.errno = errno }

  /// The C library's text for the error, such as `No such file or directory`.
  public var description: String { String(cString: strerror(errno)) }
}

/// A PNG file that could not be read, and why.
public struct ImageFileError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Why the file could not be used.
  public enum Reason: Sendable, Hashable {
    /// It could not be opened or read.
    case unreadable(SystemError)
    /// It was read but is not a valid PNG image.
    case decoding(PNGDecodingError)
  }

  public var path: String
  public var reason: Reason

  public init(path: String, reason: Reason) {
    self.path = path
    self.reason = reason
  }

  /// `PATH: cannot read: No such file or directory`, `PATH: truncated PNG file ...`.
  public var description: String {
    switch reason {
    case .unreadable(let error): "\(path): cannot read: \(error)"
    case .decoding(let error): "\(path): \(error)"
    }
  }
}
