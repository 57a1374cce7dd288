import AnimplotText

/// Why an input file could not be read as an action, and where.
///
/// Rendered once, by `description`, as one line:
/// `FILE:LINE:COL: PATH: MESSAGE`, e.g.
/// `walk.json:12:31: tracks[0].keyframes[3].interpolation: unknown value "bezir"; expected one of constant, linear, bezier, …`.
public struct ActionDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What was wrong.
  public enum Kind: Sendable, Equatable {
    /// Not well-formed JSON; the text says what the parser expected.
    case syntax(String)
    /// A field the format does not define (a typo must not pass silently), and the nearest
    /// field the object may hold, when one is near.
    case unknownField(String, suggestion: String? = nil)
    /// The same field twice in one object.
    case duplicateField(String)
    /// A required field is absent.
    case missingField(String)
    /// A value of the wrong JSON type.
    case wrongType(expected: String, found: String)
    /// An enum string not among the accepted ones.
    case unknownValue(String, accepted: [String])
    /// A number that is infinite, NaN or too large for the 32-bit floats Blender stores.
    case nonFinite(String)
    /// A value of the right type that is out of range or inconsistent.
    case invalid(String)
    /// A free or aligned handle side without coordinates.
    case missingHandle(side: String, type: String)
    /// A format version other than 1.
    case unsupportedVersion(String)
    /// Compact form: a channel's value count differs from the timeline's.
    case lengthMismatch(channel: String, count: Int, expected: Int)
    /// The file could not be read at all.
    case unreadable(String)
    /// Neither the content nor the extension names a kind of input animplot reads; the kinds'
    /// summaries.
    case unrecognized([String])
  }

  public var kind: Kind
  /// JSON path of the offending value, e.g. `tracks[2].keyframes[5].handleLeft`; empty for the
  /// document itself.
  public var path: String
  /// 1-based line and column of the offending byte, when known.
  public var line: Int?
  public var column: Int?
  /// The file name as the user gave it, when decoding a file.
  public var file: String?
  /// The offset of the offending byte in a binary file (a `.glb`, an archive), when that is
  /// the place to give.
  public var byteOffset: Int?
  /// The archive entry (`animations/a.json` of a `.lottie`) the line and column are in.
  public var entry: String?

  public init(_ kind: Kind, path: String = "", line: Int? = nil, column: Int? = nil, file: String? = nil) {
    self.kind = kind
    self.path = path
    self.line = line
    self.column = column
    self.file = file
  }

  /// What was wrong, without the place.
  public var message: String {
    switch kind {
    case .syntax(let text): return "invalid JSON: \(text)"
    case .unknownField(let name, let suggestion):
      return "unknown field \(messageQuoted(name))"
        + (suggestion.map { "; did you mean \(messageQuoted($0))?" } ?? "")
    case .duplicateField(let name): return "field \(messageQuoted(name)) appears twice"
    case .missingField(let name): return "missing required field \"\(name)\""
    case .wrongType(let expected, let found): return "expected \(expected), found \(found)"
    case .unknownValue(let value, let accepted):
      return "unknown value \(messageQuoted(value)); expected one of \(accepted.map(Self.oneLine).joined(separator: ", "))"
    case .nonFinite(let text): return "number \(text) is not finite as a 32-bit float"
    case .invalid(let text): return text
    case .missingHandle(let side, let type):
      return "\(side) is required: the \(side == "handleLeft" ? "left" : "right") handle is \(type)"
    case .unsupportedVersion(let v): return "unsupported format version \(v) (\"animplot\": \(v)); this animplot reads version 1"
    case .lengthMismatch(let channel, let count, let expected):
      return "channel \(messageQuoted(channel)) has \(count) values but the timeline has \(expected)"
    case .unreadable(let reason): return "cannot read: \(reason)"
    case .unrecognized(let kinds):
      return "cannot tell what kind of input this is; animplot reads " + kinds.joined(separator: ", ")
    }
  }

  /// `text` with line breaks and other control characters escaped, so a message stays one line.
  static func oneLine(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return text }
    let quoted = jsonStringLiteral(text)
    return String(quoted.dropFirst().dropLast())
  }

  public var description: String {
    var place = Self.oneLine(file ?? "<input>")
    if let entry { place += ": " + Self.oneLine(entry) }
    if let line { place += ":\(line)" + (column.map { ":\($0)" } ?? "") }
    if let byteOffset { place += ": byte \(byteOffset)" }
    let message = Self.oneLine(self.message)
    // The version's path is the field `animplot`, which would read as the program's name twice.
    if case .unsupportedVersion = kind { return "\(place): \(message)" }
    return path.isEmpty ? "\(place): \(message)" : "\(place): \(Self.oneLine(path)): \(message)"
  }

  /// The error with `component` prepended to its path (`key` or `[index]`).
  func prefixed(_ component: String) -> ActionDecodingError {
    var e = self
    if path.isEmpty {
      e.path = component
    } else if path.hasPrefix("[") {
      e.path = component + path
    } else {
      e.path = component + "." + path
    }
    return e
  }
}
