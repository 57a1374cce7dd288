/// A parsed JSON value, for reading back check's JSON summaries (`CheckReport.json`); objects
/// keep their members' order. Numbers are read as `Double` with the standard library's
/// correctly rounded parser, so a number written as the shortest decimal of a `Double` reads
/// back to the same `Double`.
enum JSONValue: Sendable, Hashable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([(key: String, value: JSONValue)])

  static func == (a: JSONValue, b: JSONValue) -> Bool {
    switch (a, b) {
    case (.null, .null): true
    case (.bool(let x), .bool(let y)): x == y
    case (.number(let x), .number(let y)): x == y
    case (.string(let x), .string(let y)): x == y
    case (.array(let x), .array(let y)): x == y
    case (.object(let x), .object(let y)): x.map(\.key) == y.map(\.key) && x.map(\.value) == y.map(\.value)
    default: false
    }
  }

  func hash(into hasher: inout Hasher) {
    switch self {
    case .null: hasher.combine(0)
    case .bool(let x): hasher.combine(x)
    case .number(let x): hasher.combine(x)
    case .string(let x): hasher.combine(x)
    case .array(let x): hasher.combine(x)
    case .object(let x):
      for member in x {
        hasher.combine(member.key)
        hasher.combine(member.value)
      }
    }
  }

  /// The member `key` of an object.
  subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  var string: String? { if case .string(let s) = self { s } else { nil } }
  var number: Double? { if case .number(let n) = self { n } else { nil } }
  var bool: Bool? { if case .bool(let b) = self { b } else { nil } }
  var array: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
  var int: Int? { number.flatMap { $0 == $0.rounded() && abs($0) < 9e15 ? Int($0) : nil } }
  var isNull: Bool { self == .null }

  /// Parses `text`, one JSON value and nothing after it but white space.
  /// - Throws: `JSONSyntaxError` with the byte offset of the first problem.
  static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
    var parser = Parser(bytes: Array(text.utf8))
    let value = try parser.value(depth: 0)
    parser.skipWhitespace()
    guard parser.i == parser.bytes.count else { throw parser.error("unexpected text after the value") }
    return value
  }

  private struct Parser {
    let bytes: [UInt8]
    var i = 0

    func error(_ message: String) -> JSONSyntaxError { JSONSyntaxError(offset: i, message: message) }

    mutating func skipWhitespace() {
      while i < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[i]) { i += 1 }
    }

    mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
      guard depth < 512 else { throw error("nested too deeply") }
      skipWhitespace()
      guard i < bytes.count else { throw error("expected a value, found the end") }
      switch bytes[i] {
      case UInt8(ascii: "{"):
        i += 1
        var members: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
          i += 1
          return .object(members)
        }
        while true {
          skipWhitespace()
          guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw error("expected a member name") }
          let key = try string()
          skipWhitespace()
          guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error("expected ':'") }
          i += 1
          members.append((key, try value(depth: depth + 1)))
          skipWhitespace()
          guard i < bytes.count else { throw error("unterminated object") }
          if bytes[i] == UInt8(ascii: ",") {
            i += 1
          } else if bytes[i] == UInt8(ascii: "}") {
            i += 1
            return .object(members)
          } else {
            throw error("expected ',' or '}'")
          }
        }
      case UInt8(ascii: "["):
        i += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
          i += 1
          return .array(elements)
        }
        while true {
          elements.append(try value(depth: depth + 1))
          skipWhitespace()
          guard i < bytes.count else { throw error("unterminated array") }
          if bytes[i] == UInt8(ascii: ",") {
            i += 1
          } else if bytes[i] == UInt8(ascii: "]") {
            i += 1
            return .array(elements)
          } else {
            throw error("expected ',' or ']'")
          }
        }
      case UInt8(ascii: "\""): return .string(try string())
      case UInt8(ascii: "t"): return try literal("true", .bool(true))
      case UInt8(ascii: "f"): return try literal("false", .bool(false))
      case UInt8(ascii: "n"): return try literal("null", .null)
      default:
        let start = i
        while i < bytes.count, Self.isNumberByte(bytes[i]) { i += 1 }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard !text.isEmpty, let number = Double(text), number.isFinite, Self.isJSONNumber(text) else {
          i = start
          throw error("expected a value")
        }
        return .number(number)
      }
    }

    private static func isNumberByte(_ b: UInt8) -> Bool {
      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: "+")
        || b == UInt8(ascii: ".") || b == UInt8(ascii: "e") || b == UInt8(ascii: "E")
    }

    /// RFC 8259's number grammar (Swift's parser also reads `+1`, `.5`, `1.`).
    private static func isJSONNumber(_ text: String) -> Bool {
      var s = Substring(text)
      if s.hasPrefix("-") { s = s.dropFirst() }
      let integer = s.prefix { $0.isASCII && $0.isNumber }
      guard !integer.isEmpty, integer == "0" || !integer.hasPrefix("0") else { return false }
      s = s.dropFirst(integer.count)
      if s.hasPrefix(".") {
        let fraction = s.dropFirst().prefix { $0.isASCII && $0.isNumber }
        guard !fraction.isEmpty else { return false }
        s = s.dropFirst(1 + fraction.count)
      }
      if s.hasPrefix("e") || s.hasPrefix("E") {
        s = s.dropFirst()
        if s.hasPrefix("+") || s.hasPrefix("-") { s = s.dropFirst() }
        let exponent = s.prefix { $0.isASCII && $0.isNumber }
        guard !exponent.isEmpty else { return false }
        s = s.dropFirst(exponent.count)
      }
      return s.isEmpty
    }

    private mutating func literal(_ word: String, _ value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
      let w = Array(word.utf8)
      guard i + w.count <= bytes.count, Array(bytes[i..<(i + w.count)]) == w else { throw error("expected a value") }
      i += w.count
      return value
    }

    /// A string literal, from its opening quote.
    private mutating func string() throws(JSONSyntaxError) -> String {
      i += 1
      var out: [UInt8] = []
      while true {
        guard i < bytes.count else { throw error("unterminated string") }
        let b = bytes[i]
        if b == UInt8(ascii: "\"") {
          i += 1
          return String(decoding: out, as: UTF8.self)
        }
        guard b >= 0x20 else { throw error("control character in a string") }
        guard b == UInt8(ascii: "\\") else {
          out.append(b)
          i += 1
          continue
        }
        guard i + 1 < bytes.count else { throw error("unterminated string") }
        let escape = bytes[i + 1]
        i += 2
        switch escape {
        case UInt8(ascii: "\""): out.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): out.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
          var scalar = try hex4()
          if (0xD800..<0xDC00).contains(scalar), i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"),
            bytes[i + 1] == UInt8(ascii: "u")
          {
            i += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate") }
            scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
          }
          out.append(contentsOf: Array(String(Unicode.Scalar(scalar) ?? "\u{FFFD}").utf8))
        default: throw error("unknown escape")
        }
      }
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
      guard i + 4 <= bytes.count, let v = UInt32(String(decoding: bytes[i..<(i + 4)], as: UTF8.self), radix: 16)
      else { throw error("expected four hexadecimal digits") }
      i += 4
      return v
    }
  }
}

/// Why a text is not JSON.
struct JSONSyntaxError: Error, Sendable, Hashable {
  /// The byte offset of the problem.
  var offset: Int
  var message: String
}
