import AnimplotCairo
import AnimplotCanvas
import AnimplotPlatform

/// Reading the PNG files that `diff` and `check` compare, and encoding the diff images.
public enum ImageFile {
  /// Reads and decodes the PNG file at `path`, of at most `Limits.inputBytes` bytes (an
  /// endless input such as `/dev/zero` stops there, or at its first 8 bytes when they are not
  /// the PNG signature).
  public static func read(path: String) throws(ImageFileError) -> RGBAImage {
    try decode(pngBytes: bytes(path: path), path: path)
  }

  /// Reads and decodes the PNG file at `path`, keeping 16-bit samples (see `read(path:)`).
  public static func readKeepingDepth(path: String) throws(ImageFileError) -> DecodedPNG {
    try decodeKeepingDepth(pngBytes: bytes(path: path), path: path)
  }

  private static func bytes(path: String) throws(ImageFileError) -> [UInt8] {
    do {
      return try FileSystem.readBytes(path: path, start: .png)
    } catch {
      throw ImageFileError(path: path, reason: .unreadable(error))
    }
  }

  /// Reads and decodes a PNG from standard input, named `<stdin>` in errors.
  public static func readStandardInput() throws(ImageFileError) -> RGBAImage {
    try readStandardInputKeepingDepth().image  // standard input is read once either way
  }

  /// Reads and decodes a PNG from standard input, keeping 16-bit samples.
  public static func readStandardInputKeepingDepth() throws(ImageFileError) -> DecodedPNG {
    let bytes: [UInt8]
    do {
      bytes = try FileSystem.readBytes(descriptor: 0, start: .png)
    } catch {
      throw ImageFileError(path: "<stdin>", reason: .unreadable(error))
    }
    return try decodeKeepingDepth(pngBytes: bytes, path: "<stdin>")
  }

  /// Decodes PNG file bytes; `path` names them in the error.
  public static func decode(pngBytes bytes: [UInt8], path: String) throws(ImageFileError)
    -> RGBAImage
  {
    do {
      return try PNGDecoder.decode(bytes: bytes)
    } catch {
      throw ImageFileError(path: path, reason: .decoding(error))
    }
  }

  /// Decodes PNG file bytes keeping 16-bit samples; `path` names them in the error.
  public static func decodeKeepingDepth(pngBytes bytes: [UInt8], path: String)
    throws(ImageFileError) -> DecodedPNG
  {
    do {
      return try PNGDecoder.decodeKeepingDepth(bytes: bytes)
    } catch {
      throw ImageFileError(path: path, reason: .decoding(error))
    }
  }

  /// The PNG file bytes of `image`.
  public static func pngBytes(_ image: RGBAImage) -> [UInt8] { PNGEncoder.encode(image) }
}

/// A PNG file that could not be read, and why.
public struct ImageFileError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Why the file could not be used.
  public enum Reason: Sendable, Hashable {
    /// It could not be opened or read: why, as the system says it (`No such file or
    /// directory`), or the input limit it passes.
    case unreadable(String)
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
    case .unreadable(let why): "\(path): cannot read: \(why)"
    case .decoding(let error): "\(path): \(error)"
    }
  }
}

extension ImageFileError.Reason {
  /// Why a file could not be read, from the system's error.
  static func unreadable(_ error: SystemError) -> Self {
    .unreadable(error.unreadableReason)
  }
}
