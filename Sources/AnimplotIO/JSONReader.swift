import AnimplotPlatform

/// A strict, allocation-light pull parser over UTF-8 JSON bytes (RFC 8259).
///
/// Hand-written rather than Foundation's `JSONDecoder` because big actions must decode in
/// tens of milliseconds (`JSONDecoder` takes ~430 ms on a 9 MB action) while errors still carry
/// a JSON path and a line and column. Decoders walk the document with `object`/`array`
/// iteration and typed reads; an error records the byte offset, turned into line:column only
/// when it is reported.
struct JSONReader {
  let bytes: UnsafeBufferPointer<UInt8>
  var offset = 0

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// The JSON type of a value, as error messages name it.
  enum ValueKind: String {
    case object = "an object", array = "an array", string = "a string", number = "a number"
    case bool = "true or false", null = "null", end = "the end of the input"
  }

  // MARK: Errors

  /// An error at byte `at` (default: the current position) with an empty path.
  func error(_ kind: ActionDecodingError.Kind, at: Int? = nil) -> ActionDecodingError {
    let (line, column) = lineAndColumn(of: at ?? offset)
    return ActionDecodingError(kind, line: line, column: column)
  }

  /// 1-based line and column (in characters: UTF-8 continuation bytes do not count) of a
  /// byte offset.
  func lineAndColumn(of target: Int) -> (Int, Int) {
    var line = 1
    var column = 1
    var i = 0
    let end = min(target, bytes.count)
    while i < end {
      if bytes[i] == 0x0A {
        line += 1
        column = 1
      } else if bytes[i] & 0xC0 != 0x80 {
        column += 1
      }
      i += 1
    }
    return (line, column)
  }

  // MARK: Whitespace and structure

  @inline(__always)
  mutating func skipWhitespace() {
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x20, 0x0A, 0x0D, 0x09: offset += 1
      default: return
      }
    }
  }

  /// The kind of the next value, without consuming it.
  mutating func peekKind() -> ValueKind? {
    skipWhitespace()
    guard offset < bytes.count else { return .end }
    switch bytes[offset] {
    case UInt8(ascii: "{"): return .object
    case UInt8(ascii: "["): return .array
    case UInt8(ascii: "\""): return .string
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
    case UInt8(ascii: "n"): return .null
    default: return nil
    }
  }

  /// The error for finding something other than `expected` here.
  mutating func typeMismatch(expected: String) -> ActionDecodingError {
    guard let kind = peekKind() else { return unexpectedCharacter() }
    return error(.wrongType(expected: expected, found: kind.rawValue))
  }

  mutating func unexpectedCharacter() -> ActionDecodingError {
    guard offset < bytes.count else { return error(.syntax("unexpected end of input")) }
    let b = bytes[offset]
    let shown = b >= 0x20 && b < 0x7F ? "'\(Character(Unicode.Scalar(b)))'" : "byte 0x\(String(b, radix: 16))"
    return error(.syntax("unexpected \(shown)"))
  }

  /// Consumes `{`; then call `nextKey` until it returns `nil`.
  mutating func beginObject() throws(ActionDecodingError) {
    skipWhitespace()
    guard offset < bytes.count, bytes[offset] == UInt8(ascii: "{") else {
      throw typeMismatch(expected: "an object")
    }
    offset += 1
    pendingFirst = true
  }

  /// Whether the next member/element is the first of its container.
  private var pendingFirst = false

  /// The next key of the current object (consuming the `:`), or `nil` at its `}`.
  mutating func nextKey() throws(ActionDecodingError) -> Key? {
    skipWhitespace()
    guard offset < bytes.count else { throw error(.syntax("unterminated object: expected '}'")) }
    if bytes[offset] == UInt8(ascii: "}") {
      offset += 1
      pendingFirst = false
      return nil
    }
    if !pendingFirst {
      guard bytes[offset] == UInt8(ascii: ",") else {
        throw error(.syntax("expected ',' or '}' after an object member"))
      }
      offset += 1
      skipWhitespace()
    }
    pendingFirst = false
    guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
      throw error(.syntax(offset < bytes.count && bytes[offset] == UInt8(ascii: "}")
        ? "trailing comma before '}'" : "expected a string key"))
    }
    let start = offset
    let raw = try scanString()
    skipWhitespace()
    guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else {
      throw error(.syntax("expected ':' after a key"))
    }
    offset += 1
    return Key(start: start, contentStart: raw.start, contentEnd: raw.end, escaped: raw.escaped)
  }

  /// Consumes `[`; then call `nextElement` until it returns `false`.
  mutating func beginArray() throws(ActionDecodingError) {
    skipWhitespace()
    guard offset < bytes.count, bytes[offset] == UInt8(ascii: "[") else {
      throw typeMismatch(expected: "an array")
    }
    offset += 1
    pendingFirst = true
  }

  /// Whether another element follows in the current array (consuming the `,`), or `false` at
  /// its `]`.
  mutating func nextElement() throws(ActionDecodingError) -> Bool {
    skipWhitespace()
    guard offset < bytes.count else { throw error(.syntax("unterminated array: expected ']'")) }
    if bytes[offset] == UInt8(ascii: "]") {
      offset += 1
      pendingFirst = false
      return false
    }
    if !pendingFirst {
      guard bytes[offset] == UInt8(ascii: ",") else {
        throw error(.syntax("expected ',' or ']' after an array element"))
      }
      offset += 1
      skipWhitespace()
      if offset < bytes.count && bytes[offset] == UInt8(ascii: "]") {
        throw error(.syntax("trailing comma before ']'"))
      }
    }
    pendingFirst = false
    return true
  }

  /// Fails unless only whitespace remains.
  mutating func expectEnd() throws(ActionDecodingError) {
    skipWhitespace()
    if offset < bytes.count { throw error(.syntax("unexpected data after the top-level value")) }
  }

  // MARK: Keys

  /// A member key: its byte range inside the quotes.
  struct Key {
    /// Offset of the opening quote (for error positions).
    let start: Int
    let contentStart: Int
    let contentEnd: Int
    let escaped: Bool
  }

  /// Whether `key` spells `name` exactly (escaped keys are decoded first).
  @inline(__always)
  func key(_ key: Key, is name: StaticString) -> Bool {
    let n = name.utf8CodeUnitCount
    if key.escaped { return (try? keyString(key)) == name.description }
    guard key.contentEnd - key.contentStart == n, bytes[key.contentStart] == name.utf8Start[0] else {
      return false
    }
    return Memory.equal(bytes.baseAddress! + key.contentStart, name.utf8Start, count: n)
  }

  /// The index in `names` of the name `key` spells, or `nil`.
  func match(_ key: Key, _ names: [[UInt8]]) -> Int? {
    if key.escaped {
      guard let text = try? keyString(key) else { return nil }
      let utf8 = Array(text.utf8)
      return names.firstIndex(of: utf8)
    }
    let n = key.contentEnd - key.contentStart
    let first = bytes[key.contentStart]
    for (i, name) in names.enumerated() where name.count == n && name[0] == first {
      let same = name.withUnsafeBufferPointer { Memory.equal(bytes.baseAddress! + key.contentStart, $0.baseAddress!, count: n) }
      if same { return i }
    }
    return nil
  }

  /// The key's text.
  /// The key's text; invalid UTF-8 in it is an error at the key.
  func keyString(_ key: Key) throws(ActionDecodingError) -> String {
    var copy = self
    copy.offset = key.start
    return try copy.readString()
  }

  // MARK: Scalars

  /// Scans a string token at the current offset (which must be `"`), validating escapes and
  /// UTF-8 control characters; returns the content range.
  private mutating func scanString() throws(ActionDecodingError) -> (start: Int, end: Int, escaped: Bool) {
    let open = offset
    offset += 1
    let start = offset
    var escaped = false
    while offset < bytes.count {
      let b = bytes[offset]
      if b == UInt8(ascii: "\"") {
        let end = offset
        offset += 1
        return (start, end, escaped)
      }
      if b == UInt8(ascii: "\\") {
        escaped = true
        offset += 1
        guard offset < bytes.count else { break }
        switch bytes[offset] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
          UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
          offset += 1
        case UInt8(ascii: "u"):
          guard offset + 4 < bytes.count, (1...4).allSatisfy({ hexValue(bytes[offset + $0]) != nil }) else {
            throw error(.syntax("invalid \\u escape in a string"))
          }
          offset += 5
        default:
          throw error(.syntax("invalid escape in a string"))
        }
        continue
      }
      if b < 0x20 { throw error(.syntax("control character in a string (escape it)")) }
      offset += 1
    }
    throw error(.syntax("unterminated string"), at: open)
  }

  @inline(__always)
  private func hexValue(_ b: UInt8) -> UInt32? {
    switch b {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(b - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(b - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(b - UInt8(ascii: "A") + 10)
    default: return nil
    }
  }

  /// Reads a string value.
  mutating func readString() throws(ActionDecodingError) -> String {
    skipWhitespace()
    guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
      throw typeMismatch(expected: "a string")
    }
    let tokenStart = offset
    let (start, end, escaped) = try scanString()
    let slice = UnsafeBufferPointer(rebasing: bytes[start..<end])
    if !escaped {
      guard let s = String(validating: slice, as: UTF8.self) else {
        throw error(.syntax("invalid UTF-8 in a string"), at: tokenStart)
      }
      return s
    }
    // The text's UTF-8, escapes decoded, validated once at the end: appending to a string
    // piece by piece copied it at each escape (quadratic in the escapes: a summary's text
    // diff of 400,000 "\n" took 30 s).
    var utf8: [UInt8] = []
    utf8.reserveCapacity(end - start)
    var i = start
    while i < end {
      let b = bytes[i]
      if b != UInt8(ascii: "\\") {
        utf8.append(b)
        i += 1
        continue
      }
      let e = bytes[i + 1]
      i += 2
      switch e {
      case UInt8(ascii: "b"): utf8.append(0x08)
      case UInt8(ascii: "f"): utf8.append(0x0C)
      case UInt8(ascii: "n"): utf8.append(0x0A)
      case UInt8(ascii: "r"): utf8.append(0x0D)
      case UInt8(ascii: "t"): utf8.append(0x09)
      case UInt8(ascii: "u"):
        var code = (0..<4).reduce(UInt32(0)) { $0 << 4 | hexValue(bytes[i + $1])! }
        i += 4
        if (0xD800...0xDBFF).contains(code), i + 5 < end, bytes[i] == UInt8(ascii: "\\"),
          bytes[i + 1] == UInt8(ascii: "u")
        {
          let low = (0..<4).reduce(UInt32(0)) { $0 << 4 | (hexValue(bytes[i + 2 + $1]) ?? 0) }
          if (0xDC00...0xDFFF).contains(low) {
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            i += 6
          }
        }
        guard let scalar = Unicode.Scalar(code) else {
          throw error(.syntax("invalid \\u escape (unpaired surrogate)"), at: tokenStart)
        }
        UTF8.encode(scalar) { utf8.append($0) }
      default: utf8.append(e)
      }
    }
    guard let s = String(validating: utf8, as: UTF8.self) else {
      throw error(.syntax("invalid UTF-8 in a string"), at: tokenStart)
    }
    return s
  }

  /// The message of a name longer than `Limits.nameBytes`.
  static let nameTooLong = "a name of more than \(Limits.nameBytes) bytes, animplot's limit for one name"

  /// Reads a string that names something (a data path, a group, an action, a marker):
  /// refused at its place when longer than `Limits.nameBytes` (UTF-8), a long one before it is
  /// decoded (an escape decodes to at least a sixth of its bytes).
  mutating func readName() throws(ActionDecodingError) -> String {
    skipWhitespace()
    let at = offset
    if offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") {
      var probe = self
      let (start, end, _) = try probe.scanString()
      guard end - start <= 6 * Limits.nameBytes else { throw error(.invalid(Self.nameTooLong), at: at) }
    }
    let name = try readString()
    guard name.utf8.count <= Limits.nameBytes else { throw error(.invalid(Self.nameTooLong), at: at) }
    return name
  }

  /// The key's text as a name (`readName`).
  func keyName(_ key: Key) throws(ActionDecodingError) -> String {
    var copy = self
    copy.offset = key.start
    return try copy.readName()
  }

  /// The bytes of a string without escapes, consumed; `nil` (nothing consumed) for a string
  /// with escapes. Throws if no string is next.
  mutating func rawUnescapedString() throws(ActionDecodingError) -> UnsafeBufferPointer<UInt8>? {
    skipWhitespace()
    guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
      throw typeMismatch(expected: "a string")
    }
    let start = offset
    let (s, e, escaped) = try scanString()
    if escaped {
      offset = start
      return nil
    }
    return UnsafeBufferPointer(rebasing: bytes[s..<e])
  }

  /// Reads `true` or `false`.
  mutating func readBool() throws(ActionDecodingError) -> Bool {
    skipWhitespace()
    if matchLiteral("true") { return true }
    if matchLiteral("false") { return false }
    throw typeMismatch(expected: "true or false")
  }

  /// Consumes `null` if it is next.
  mutating func readNullIfPresent() -> Bool {
    skipWhitespace()
    return matchLiteral("null")
  }

  private mutating func matchLiteral(_ word: StaticString) -> Bool {
    let n = word.utf8CodeUnitCount
    guard offset + n <= bytes.count, Memory.equal(bytes.baseAddress! + offset, word.utf8Start, count: n)
    else { return false }
    if offset + n < bytes.count, isIdentifierByte(bytes[offset + n]) { return false }
    offset += n
    return true
  }

  @inline(__always)
  private func isIdentifierByte(_ b: UInt8) -> Bool {
    (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") || (b >= 0x30 && b <= 0x39)
  }

  /// Powers of ten exactly representable as `Double`.
  private static let exactPowers: [Double] = (0...22).map { p in
    var v = 1.0
    for _ in 0..<p { v *= 10 }
    return v
  }

  /// Reads a number (strict JSON grammar), correctly rounded to `Double`.
  ///
  /// Fast path (Clinger): up to 19 significant digits with a mantissa below 2^53 and a decimal
  /// exponent within ±22 is exact in one multiplication or division; anything else goes to
  /// the standard library's parser (`slowNumber`).
  mutating func readNumber() throws(ActionDecodingError) -> Double {
    skipWhitespace()
    let start = offset
    let count = bytes.count
    var i = offset
    var negative = false
    if i < count && bytes[i] == UInt8(ascii: "-") {
      negative = true
      i += 1
    }
    guard i < count, bytes[i] >= 0x30 && bytes[i] <= 0x39 else {
      if i == start { throw typeMismatch(expected: "a number") }
      throw error(.syntax("invalid number"), at: start)
    }
    var mantissa: UInt64 = 0
    var digits = 0
    var exponent = 0
    if bytes[i] == 0x30 {
      i += 1
      if i < count && bytes[i] >= 0x30 && bytes[i] <= 0x39 {
        throw error(.syntax("invalid number: leading zero"), at: start)
      }
    } else {
      while i < count && bytes[i] >= 0x30 && bytes[i] <= 0x39 {
        if digits < 19 {
          mantissa = mantissa &* 10 &+ UInt64(bytes[i] - 0x30)
          if mantissa != 0 { digits += 1 }
        } else {
          exponent += 1
          digits += 1
        }
        i += 1
      }
    }
    if i < count && bytes[i] == UInt8(ascii: ".") {
      i += 1
      guard i < count, bytes[i] >= 0x30 && bytes[i] <= 0x39 else {
        throw error(.syntax("invalid number: digit expected after '.'"), at: start)
      }
      while i < count && bytes[i] >= 0x30 && bytes[i] <= 0x39 {
        if digits < 19 {
          mantissa = mantissa &* 10 &+ UInt64(bytes[i] - 0x30)
          exponent -= 1
          if mantissa != 0 { digits += 1 }
        } else {
          digits += 1
        }
        i += 1
      }
    }
    if i < count && (bytes[i] | 0x20) == UInt8(ascii: "e") {
      i += 1
      var expNegative = false
      if i < count && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) {
        expNegative = bytes[i] == UInt8(ascii: "-")
        i += 1
      }
      guard i < count, bytes[i] >= 0x30 && bytes[i] <= 0x39 else {
        throw error(.syntax("invalid number: digit expected in the exponent"), at: start)
      }
      var e = 0
      while i < count && bytes[i] >= 0x30 && bytes[i] <= 0x39 {
        if e < 100_000 { e = e * 10 + Int(bytes[i] - 0x30) }
        i += 1
      }
      exponent += expNegative ? -e : e
    }
    offset = i
    if digits <= 19 && mantissa < (1 << 53) && exponent >= -22 && exponent <= 22 {
      var value = Double(mantissa)
      if exponent < 0 {
        value /= Self.exactPowers[-exponent]
      } else {
        value *= Self.exactPowers[exponent]
      }
      return negative ? -value : value
    }
    return slowNumber(start, i)
  }

  /// The standard library's correctly rounded parser on the token (already checked against
  /// JSON's grammar): infinity beyond the largest `Double`, as `strtod` gives.
  private func slowNumber(_ start: Int, _ end: Int) -> Double {
    Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)) ?? .nan
  }

  /// The deepest nesting of arrays and objects accepted (far beyond any action, far below what
  /// would exhaust the stack).
  static let maximumDepth = 512

  /// Skips one value of any type, validating it.
  mutating func skipValue(depth: Int = 0) throws(ActionDecodingError) {
    switch peekKind() {
    case .object:
      guard depth < Self.maximumDepth else { throw tooDeep() }
      try beginObject()
      while try nextKey() != nil { try skipValue(depth: depth + 1) }
    case .array:
      guard depth < Self.maximumDepth else { throw tooDeep() }
      try beginArray()
      while try nextElement() { try skipValue(depth: depth + 1) }
    case .string: _ = try scanString()
    case .number: _ = try readNumber()
    case .bool: _ = try readBool()
    case .null: _ = readNullIfPresent()
    case .end: throw error(.syntax("unexpected end of input"))
    case nil: throw unexpectedCharacter()
    }
  }

  private func tooDeep() -> ActionDecodingError {
    error(.syntax("arrays and objects nested deeper than \(Self.maximumDepth) levels"))
  }

  /// Skips one value and returns its exact source text.
  mutating func rawValue() throws(ActionDecodingError) -> String {
    skipWhitespace()
    let start = offset
    try skipValue()
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
  }
}
