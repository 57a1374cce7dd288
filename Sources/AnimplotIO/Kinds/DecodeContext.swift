import AnimplotCore
import AnimplotPlatform
import AnimplotText

/// Settings of the importers: what a file of another tool does not say.
public struct ImportOptions: Sendable, Hashable {
  /// How CSV samples are joined into a curve.
  public enum SampleInterpolation: String, Sendable, Hashable, CaseIterable {
    /// Straight lines between samples.
    case linear
    /// A smooth curve through every sample: Catmull-Rom/cardinal tangents from the
    /// neighbours, turned into Bézier handles.
    case hermite
  }

  /// Frames per second for inputs that count time in seconds (glTF, Unity, CSV's `time`
  /// column); `nil`: the file's own rate where it has one, else 24.
  public var fps: Double?
  /// CSV: how samples are joined.
  public var sampleInterpolation: SampleInterpolation = .linear
  /// CSV with `hermite`: the cardinal-spline tension, 0 (Catmull-Rom) to 1 (flat tangents).
  public var tension: Double = 0
  /// Whose rules every action follows where Blender versions differ, whatever the file says
  /// (`--blender`); `nil`: the file's `"blender"`, else 3.4.
  public var blender: BlenderVersion?

  public init(
    fps: Double? = nil, sampleInterpolation: SampleInterpolation = .linear, tension: Double = 0,
    blender: BlenderVersion? = nil
  ) {
    self.fps = fps
    self.sampleInterpolation = sampleInterpolation
    self.tension = tension
    self.blender = blender
  }
}

/// What a decoder is given besides the bytes: the input's name and place, and the options.
public struct DecodeContext: Sendable {
  /// Names the input in errors.
  public var file: String
  /// The input's path; `nil` for standard input and bytes in memory (which then cannot refer
  /// to other files).
  public var path: String?
  /// Apply Blender's `fcurve.update()` to the keys (the default).
  public var recalculate: Bool
  public var options: ImportOptions

  public init(file: String, path: String?, recalculate: Bool = true, options: ImportOptions = ImportOptions()) {
    self.file = file
    self.path = path
    self.recalculate = recalculate
    self.options = options
  }

  /// Why a file the input refers to was not read.
  public enum ResourceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The reference is refused (absolute, remote, outside the input's folder): why.
    case refused(String)
    /// The file could not be read: the system's reason.
    case unreadable(String)

    public var description: String {
      switch self {
      case .refused(let why), .unreadable(let why): why
      }
    }
  }

  /// The bytes of the file `uri` names (a glTF buffer's `uri`), relative to the input's folder.
  /// Only files in that folder or below it are read: absolute paths, URIs with a scheme
  /// (`http:`, `file:`), `..` that climbs out and symbolic links that lead out are refused,
  /// so an input cannot make animplot read elsewhere.
  /// - Parameters:
  ///   - uri: the reference as the input writes it (percent-escapes are decoded).
  ///   - limit: the most bytes to read; a longer file is an error.
  public func resource(_ uri: String, limit: Int) throws(ResourceError) -> [UInt8] {
    let path = try resourcePath(uri)
    do {
      return try FileSystem.readBytes(path: path, limit: limit)
    } catch {
      throw .unreadable(
        "\(quoted(uri)): "
          + (error.isOverLimit ? Limits.inputBytesExceeded : "\(error)"))
    }
  }

  /// The real path of the file `uri` names, with every check of `resource(_:limit:)` made
  /// but nothing read: two references to one file (`a.bin`, `./a.bin`) give one path.
  package func resourcePath(_ uri: String) throws(ResourceError) -> String {
    guard let decoded = Self.percentDecoded(uri) else {
      throw .refused("\(quoted(uri)) is not a valid URI (bad %-escape)")
    }
    if decoded.contains("\0") { throw .refused("\(quoted(uri)) holds a NUL character") }
    if decoded.hasPrefix("/") || decoded.hasPrefix("\\") {
      throw .refused("\(quoted(uri)) is an absolute path; animplot reads only files beside the input")
    }
    if let colon = decoded.firstIndex(of: ":"), !decoded[..<colon].contains("/") {
      // (A scheme, `http:`, or a Windows drive, `C:`.)
      throw .refused("\(quoted(uri)) names a scheme or drive (\(decoded[..<colon]):); animplot reads only files beside the input")
    }
    var parts: [Substring] = []
    for part in decoded.split(separator: "/", omittingEmptySubsequences: true) {
      if part == "." { continue }
      if part == ".." {
        guard !parts.isEmpty else {
          throw .refused("\(quoted(uri)) leads outside the input's folder; animplot reads only files beside the input or below it")
        }
        parts.removeLast()
      } else {
        parts.append(part)
      }
    }
    guard !parts.isEmpty else { throw .refused("\(quoted(uri)) names the input's folder, not a file") }
    guard let path else {
      throw .refused("the input is read from \(file == "-" ? "standard input" : "memory"), so it has no folder for \(quoted(uri))")
    }
    let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
    let target = (folder.isEmpty ? "" : folder) + "/" + parts.joined(separator: "/")
    guard let realFolder = FileSystem.canonical(folder.isEmpty ? "/" : folder) else {
      throw .unreadable("\(quoted(uri)): the input's folder cannot be resolved")
    }
    guard let realTarget = FileSystem.canonical(target) else {
      throw .unreadable("\(quoted(uri)): no such file beside the input")
    }
    let prefix = realFolder.hasSuffix("/") ? realFolder : realFolder + "/"
    guard realTarget.hasPrefix(prefix) else {
      throw .refused("\(quoted(uri)) is a link that leads outside the input's folder")
    }
    guard let status = FileSystem.status(of: realTarget), status.kind == .file else {
      throw .refused("\(quoted(uri)) is not a regular file")
    }
    return realTarget
  }

  /// The input's name without folder and extension, to name an action whose file has none
  /// (`stdin` for standard input).
  public var stem: String {
    let name = file.split(separator: "/").last.map(String.init) ?? file
    if name == "-" { return "stdin" }
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
    return String(name[..<dot])
  }

  /// A URI or path from the input, quoted as messages quote input (`messageQuoted`: cut after
  /// 80 characters; a 2 MB URI made a 2 MB line).
  package func quoted(_ s: String) -> String { messageQuoted(s) }

  /// `text` with its %XX escapes decoded, or `nil` when an escape is malformed or the result
  /// is not UTF-8.
  static func percentDecoded(_ text: String) -> String? {
    guard text.contains("%") else { return text }
    var bytes: [UInt8] = []
    var utf8 = Array(text.utf8)[...]
    while let b = utf8.popFirst() {
      if b == UInt8(ascii: "%") {
        guard utf8.count >= 2, let hi = hex(utf8.popFirst()!), let lo = hex(utf8.popFirst()!) else { return nil }
        bytes.append(hi << 4 | lo)
      } else {
        bytes.append(b)
      }
    }
    return String(validating: bytes, as: UTF8.self)
  }

  private static func hex(_ b: UInt8) -> UInt8? {
    switch b {
    case 48...57: b - 48
    case 65...70: b - 55
    case 97...102: b - 87
    default: nil
    }
  }
}
