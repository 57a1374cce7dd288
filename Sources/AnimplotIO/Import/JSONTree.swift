import AnimplotText
import AnimplotPlatform

/// JSON that is not an action (glTF, Lottie; check's JSON summaries) as a tree whose every value
/// knows its byte offset, so that readers can walk it freely and still name the place of a bad
/// value.
///
/// Built with the strict `JSONReader` (RFC 8259, nesting limited to 512 levels, a repeated
/// member is an error). Importers read it through `JSONCursor`, which carries the path; `check`
/// reads its summaries with it (package access).
package struct JSONNode: Sendable {
  package enum Value: Sendable {
    case object([(key: String, value: JSONNode)])
    case array([JSONNode])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
  }

  package var value: Value
  /// Offset of the value's first byte in the parsed bytes.
  package var offset: Int

  package init(value: Value, offset: Int) {
    self.value = value
    self.offset = offset
  }

  /// The JSON type's name, as messages say it.
  package var kindName: String {
    switch value {
    case .object: "an object"
    case .array: "an array"
    case .string: "a string"
    case .number: "a number"
    case .bool: "true or false"
    case .null: "null"
    }
  }

  /// Parses a whole document (a UTF-8 byte order mark is skipped), of at most
  /// `Limits.jsonValues` values, each counted before it is made.
  /// - Parameter keeping: the members of the root object to make (when the root is an
  ///   object): the others are read through, validated, but neither made nor counted, as an
  ///   importer never reads them (a glTF's materials and `extras`, a Lottie's fonts).
  /// - Throws: `ActionDecodingError` with the line and column of the first problem.
  package static func parse(_ bytes: UnsafeBufferPointer<UInt8>, keeping: Set<String>? = nil)
    throws(ActionDecodingError) -> JSONNode
  {
    var reader = JSONReader(afterByteOrderMark: bytes)
    var values = 0
    let root = try read(&reader, depth: 0, values: &values, keeping: keeping)
    try reader.expectEnd()
    return root
  }

  /// How many elements the array `key` of the document's top-level object holds, counted
  /// without making the tree (values are skipped, not kept), and no further than one past
  /// `limit`; `nil` when the document is no object with such an array, or not JSON before it
  /// (`parse` says what is wrong).
  package static func elementCount(ofMember key: String, in bytes: UnsafeBufferPointer<UInt8>, upTo limit: Int) -> Int? {
    var r = JSONReader(afterByteOrderMark: bytes)
    do throws(ActionDecodingError) {
      guard r.peekKind() == .object else { return nil }
      try r.beginObject()
      while let member = try r.nextKey() {
        guard try r.keyString(member) == key else {
          try r.skipValue(depth: 1)
          continue
        }
        guard r.peekKind() == .array else { return nil }
        try r.beginArray()
        var count = 0
        while try r.nextElement() {
          count += 1
          if count > limit { break }
          try r.skipValue(depth: 2)
        }
        return count
      }
    } catch {
      return nil
    }
    return nil
  }

  /// The message of a document of more than `Limits.jsonValues` values.
  static let tooManyValues =
    "more than \(Limits.jsonValues) JSON values, animplot's limit for one document (members it does not read are not counted)"

  private static func read(_ r: inout JSONReader, depth: Int, values: inout Int, keeping: Set<String>? = nil)
    throws(ActionDecodingError) -> JSONNode
  {
    r.skipWhitespace()
    let at = r.offset
    guard values < Limits.jsonValues else { throw r.error(.invalid(tooManyValues), at: at) }
    values += 1
    switch r.peekKind() {
    case .object:
      guard depth < JSONReader.maximumDepth else {
        throw r.error(.syntax("arrays and objects nested deeper than \(JSONReader.maximumDepth) levels"))
      }
      try r.beginObject()
      var members: [(key: String, value: JSONNode)] = []
      var seen = Set<String>()
      while let key = try r.nextKey() {
        let name = try r.keyString(key)
        guard seen.insert(name).inserted else { throw r.error(.duplicateField(name), at: key.start) }
        if let keeping, !keeping.contains(name) {
          r.skipWhitespace()
          try r.skipValue(depth: depth + 1)
          continue
        }
        members.append((name, try read(&r, depth: depth + 1, values: &values)))
      }
      return JSONNode(value: .object(members), offset: at)
    case .array:
      guard depth < JSONReader.maximumDepth else {
        throw r.error(.syntax("arrays and objects nested deeper than \(JSONReader.maximumDepth) levels"))
      }
      try r.beginArray()
      var elements: [JSONNode] = []
      while try r.nextElement() { elements.append(try read(&r, depth: depth + 1, values: &values)) }
      return JSONNode(value: .array(elements), offset: at)
    case .string: return JSONNode(value: .string(try r.readString()), offset: at)
    case .number: return JSONNode(value: .number(try r.readNumber()), offset: at)
    case .bool:
      do {
        return JSONNode(value: .bool(try r.readBool()), offset: at)
      } catch {
        throw r.error(.syntax("invalid literal: expected true or false"), at: at)
      }
    case .null:
      guard r.readNullIfPresent() else { throw r.error(.syntax("invalid literal: expected null"), at: at) }
      return JSONNode(value: .null, offset: at)
    case .end: throw r.error(.syntax("unexpected end of input"))
    case nil: throw r.unexpectedCharacter()
    }
  }
}

/// Where a `JSONNode` tree came from, to turn offsets into places: line and column in a JSON
/// file, or the byte offset in a binary container (a `.glb`'s JSON chunk).
struct JSONSource {
  let bytes: UnsafeBufferPointer<UInt8>
  /// When set, places are given as bytes of the enclosing file: this offset plus the node's.
  let containerOffset: Int?

  func error(_ kind: ActionDecodingError.Kind, path: String, at offset: Int) -> ActionDecodingError {
    if let containerOffset {
      var e = ActionDecodingError(kind, path: path)
      e.byteOffset = containerOffset + offset
      return e
    }
    let (line, column) = JSONReader(bytes).lineAndColumn(of: offset)
    return ActionDecodingError(kind, path: path, line: line, column: column)
  }
}

/// A node with its path from the root (`accessors[3].count`), for typed reads with located
/// errors.
struct JSONCursor {
  let node: JSONNode
  let path: String
  let source: JSONSource

  init(root: JSONNode, source: JSONSource) {
    node = root
    path = ""
    self.source = source
  }

  private init(node: JSONNode, path: String, source: JSONSource) {
    self.node = node
    self.path = path
    self.source = source
  }

  /// An error about this value.
  func error(_ kind: ActionDecodingError.Kind) -> ActionDecodingError {
    source.error(kind, path: path, at: node.offset)
  }

  /// An error that the value is invalid, with `message`.
  func invalid(_ message: String) -> ActionDecodingError { error(.invalid(message)) }

  private func wrongType(_ expected: String) -> ActionDecodingError {
    error(.wrongType(expected: expected, found: node.kindName))
  }

  private func child(_ name: String, _ node: JSONNode) -> JSONCursor {
    JSONCursor(node: node, path: path.isEmpty ? name : path + "." + name, source: source)
  }

  /// Whether the value is an object.
  var isObject: Bool { if case .object = node.value { true } else { false } }
  var isArray: Bool { if case .array = node.value { true } else { false } }
  var isNumber: Bool { if case .number = node.value { true } else { false } }
  var isString: Bool { if case .string = node.value { true } else { false } }

  /// The members of an object, in order.
  func members() throws(ActionDecodingError) -> [(key: String, value: JSONCursor)] {
    guard case .object(let members) = node.value else { throw wrongType("an object") }
    return members.map { ($0.key, child($0.key, $0.value)) }
  }

  /// The member `name` of an object (`nil` when absent or null).
  func member(_ name: String) throws(ActionDecodingError) -> JSONCursor? {
    guard case .object(let members) = node.value else { throw wrongType("an object") }
    guard let found = members.first(where: { $0.key == name }) else { return nil }
    if case .null = found.value.value { return nil }
    return child(name, found.value)
  }

  /// The member `name`, which must be there.
  func required(_ name: String) throws(ActionDecodingError) -> JSONCursor {
    guard let found = try member(name) else { throw error(.missingField(name)) }
    return found
  }

  /// The elements of an array.
  func elements() throws(ActionDecodingError) -> [JSONCursor] {
    guard case .array(let elements) = node.value else { throw wrongType("an array") }
    return elements.enumerated().map { i, e in
      JSONCursor(node: e, path: path + "[\(i)]", source: source)
    }
  }

  /// The first `limit` elements of an array (all of them when it holds fewer).
  func elements(prefix limit: Int) throws(ActionDecodingError) -> [JSONCursor] {
    guard case .array(let elements) = node.value else { throw wrongType("an array") }
    return elements.prefix(limit).enumerated().map { i, e in
      JSONCursor(node: e, path: path + "[\(i)]", source: source)
    }
  }

  /// A finite number.
  func number() throws(ActionDecodingError) -> Double {
    guard case .number(let d) = node.value else { throw wrongType("a number") }
    guard d.isFinite else { throw error(.nonFinite(String(describing: d))) }
    return d
  }

  /// A frame: a finite number that fits a 32-bit float, as every frame does.
  func frame() throws(ActionDecodingError) -> Double {
    let d = try number()
    guard Float(d).isFinite else { throw error(.nonFinite(String(describing: d))) }
    return d
  }

  /// A whole number within `range`.
  func integer(in range: ClosedRange<Int> = 0...Int(Int32.max)) throws(ActionDecodingError) -> Int {
    let d = try number()
    guard d == d.rounded(), d >= Double(range.lowerBound), d <= Double(range.upperBound) else {
      throw invalid("expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(Self.show(d))")
    }
    return Int(d)
  }

  func string() throws(ActionDecodingError) -> String {
    guard case .string(let s) = node.value else { throw wrongType("a string") }
    return s
  }

  /// A string that names something (a node, an animation, a layer): at most
  /// `Limits.nameBytes` bytes.
  func name() throws(ActionDecodingError) -> String {
    let s = try string()
    guard s.utf8.count <= Limits.nameBytes else { throw invalid(JSONReader.nameTooLong) }
    return s
  }

  func bool() throws(ActionDecodingError) -> Bool {
    guard case .bool(let b) = node.value else { throw wrongType("true or false") }
    return b
  }

  /// A number, or an array of numbers (`[1, 2]`), as an array.
  func numbers() throws(ActionDecodingError) -> [Double] {
    if isNumber { return [try number()] }
    guard isArray else { throw wrongType("a number or an array of numbers") }
    var out: [Double] = []
    for e in try elements() { out.append(try e.number()) }
    return out
  }

  static func show(_ d: Double) -> String { formatNumber(d, wholeBelow: 1e15) }
}
