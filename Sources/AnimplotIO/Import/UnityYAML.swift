import AnimplotPlatform
import AnimplotText

/// The YAML that Unity writes for its assets, read into a tree whose nodes know their line and
/// column.
///
/// Hand-written, not Yams: Yams needs Foundation, whose load (with ICU) costs every animplot
/// process about 7 MB and a few milliseconds whatever it reads (measured, `make bench`), and
/// Unity's serializer writes a small, regular part of YAML 1.1: directives, `--- !u!ID &ANCHOR`
/// documents, block mappings and sequences (a sequence may sit at its key's indentation),
/// flow mappings and sequences on one line (`{x: 0, y: 1}`, `[]`), plain scalars (continued on
/// more-indented lines), 'single' and "double" quoted scalars. Anything else (anchors inside
/// a document, aliases, block scalars `|`/`>`, multi-line flow collections) is an error with its
/// place, never a wrong reading.
struct UnityYAML {
  indirect enum Value {
    case mapping([(key: String, value: Node)])
    case sequence([Node])
    case scalar(String)
  }

  struct Node {
    var value: Value
    var line: Int
    var column: Int

    subscript(key: String) -> Node? {
      guard case .mapping(let members) = value else { return nil }
      return members.first { $0.key == key }?.value
    }
  }

  struct Line {
    var number: Int
    var indent: Int
    var text: Substring  // without the indentation, without a trailing comment-free CR
  }

  private var lines: [Line] = []
  private var position = 0
  /// Nesting of block collections, held to 256 (Unity's clips nest about 8 deep).
  private var depth = 0
  /// The lines kept and the nodes made so far, all documents together, held to
  /// `Limits.jsonValues` as a JSON document's values are (a node is some 70 bytes, a line 50).
  private var values = 0

  /// The message of a file of more lines and nodes than `Limits.jsonValues`.
  static let tooManyValues =
    "more than \(Limits.jsonValues) lines and values, animplot's limit for one document"
  /// The message of a value (a line, or a plain scalar continued over lines) longer than
  /// `Limits.yamlValueBytes`.
  static let tooLongValue =
    "a value longer than \(Limits.yamlValueBytes) bytes, animplot's limit for one value"

  /// Counts one more line or node; throws at `line` past the limit.
  private mutating func count(_ n: Int = 1, at line: Line) throws(ActionDecodingError) {
    guard n <= Limits.jsonValues - values else { throw error(Self.tooManyValues, line) }
    values += n
  }

  /// The documents of `text`, each a node.
  static func documents(_ text: String) throws(ActionDecodingError) -> [Node] {
    var documents: [Node] = []
    var current: [Line] = []
    var started = false
    // Lines kept and nodes made, all documents together.
    var values = 0
    func flush() throws(ActionDecodingError) {
      guard !current.isEmpty else { return }
      var parser = UnityYAML()
      parser.lines = current
      parser.values = values
      documents.append(try parser.block(indent: current[0].indent))
      values = parser.values
      if parser.position < parser.lines.count {
        let l = parser.lines[parser.position]
        throw ActionDecodingError(.invalid("YAML: unexpected indentation"), line: l.number, column: l.indent + 1)
      }
      current = []
    }
    var number = 0
    // ("\r\n" is one Character in Swift.)
    // One line at a time: an array of them all took 32 bytes a line before any was kept (a
    // file of empty lines).
    for raw in LineSequence(rest: Substring(text)) {
      number += 1
      var line = raw
      if line.last == "\r" { line = line.dropLast() }
      if line.hasPrefix("%") && !started { continue }
      if line.hasPrefix("---") {
        try flush()
        started = true
        continue
      }
      if line.hasPrefix("...") { continue }
      let body = line.drop(while: { $0 == " " })
      if body.isEmpty || body.hasPrefix("#") { continue }
      if line.contains("\t") && line.prefix(while: { $0 == " " || $0 == "\t" }).contains("\t") {
        throw ActionDecodingError(.invalid("YAML: a tab in the indentation"), line: number, column: 1)
      }
      guard values < Limits.jsonValues else {
        throw ActionDecodingError(.invalid("YAML: " + tooManyValues), line: number, column: 1)
      }
      guard body.utf8.count <= Limits.yamlValueBytes else {
        throw ActionDecodingError(.invalid("YAML: " + tooLongValue), line: number, column: line.count - body.count + 1)
      }
      values += 1
      current.append(Line(number: number, indent: line.count - body.count, text: body))
    }
    try flush()
    return documents
  }

  /// The lines of a text one at a time, as `split(omittingEmptySubsequences: false)` at "\n"
  /// and "\r\n" gives them.
  struct LineSequence: Sequence, IteratorProtocol {
    var rest: Substring
    var done = false

    mutating func next() -> Substring? {
      guard !done else { return nil }
      guard let end = rest.firstIndex(where: { $0 == "\n" || $0 == "\r\n" }) else {
        done = true
        return rest
      }
      let line = rest[..<end]
      rest = rest[rest.index(after: end)...]
      return line
    }
  }

  private func error(_ message: String, _ line: Line, column: Int? = nil) -> ActionDecodingError {
    ActionDecodingError(.invalid("YAML: " + message), line: line.number, column: column ?? line.indent + 1)
  }

  /// A block node whose lines start at `indent`.
  private mutating func block(indent: Int) throws(ActionDecodingError) -> Node {
    let first = lines[position]
    depth += 1
    defer { depth -= 1 }
    guard depth <= 256 else { throw error("collections nested deeper than 256 levels", first) }
    try count(at: first)
    if first.text == "-" || first.text.hasPrefix("- ") { return try sequence(indent: indent) }
    return try mapping(indent: indent)
  }

  private mutating func sequence(indent: Int) throws(ActionDecodingError) -> Node {
    let first = lines[position]
    var items: [Node] = []
    while position < lines.count, lines[position].indent == indent,
      lines[position].text == "-" || lines[position].text.hasPrefix("- ")
    {
      let line = lines[position]
      let rest = line.text.dropFirst(1).drop(while: { $0 == " " })
      if rest.isEmpty {
        position += 1
        guard position < lines.count, lines[position].indent > indent else {
          try count(at: line)
          items.append(Node(value: .scalar(""), line: line.number, column: line.indent + 2))
          continue
        }
        items.append(try block(indent: lines[position].indent))
      } else {
        // `- key: value`: the item is a block at the column after "- ".
        let column = line.indent + (line.text.count - rest.count)
        lines[position] = Line(number: line.number, indent: column, text: rest)
        items.append(try block(indent: column))
      }
    }
    return Node(value: .sequence(items), line: first.number, column: indent + 1)
  }

  private mutating func mapping(indent: Int) throws(ActionDecodingError) -> Node {
    let first = lines[position]
    var members: [(key: String, value: Node)] = []
    var seen = Set<String>()
    while position < lines.count, lines[position].indent == indent {
      let line = lines[position]
      if line.text == "-" || line.text.hasPrefix("- ") { break }
      guard let (key, rest, valueColumn) = split(line) else {
        throw error("expected \"key: value\"", line)
      }
      guard seen.insert(key).inserted else { throw error("key \(messageQuoted(key)) appears twice in one mapping", line) }
      position += 1
      let value: Node
      if rest.isEmpty {
        if position < lines.count, lines[position].indent > indent {
          value = try block(indent: lines[position].indent)
        } else if position < lines.count, lines[position].indent == indent,
          lines[position].text == "-" || lines[position].text.hasPrefix("- ")
        {
          value = try sequence(indent: indent)
        } else {
          try count(at: line)
          value = Node(value: .scalar(""), line: line.number, column: valueColumn)
        }
      } else {
        var text = rest
        var folded: String?
        // A plain scalar continued on more-indented lines (appended in place: a new string
        // for each line was quadratic in the lines).
        if !(rest.hasPrefix("{") || rest.hasPrefix("[") || rest.hasPrefix("'") || rest.hasPrefix("\"")) {
          while position < lines.count, lines[position].indent > indent {
            if folded == nil { folded = String(text) }
            folded! += " " + lines[position].text
            guard folded!.utf8.count <= Limits.yamlValueBytes else { throw error(Self.tooLongValue, lines[position]) }
            position += 1
          }
        }
        if let folded { text = Substring(folded) }
        value = try inline(text, line: line, column: valueColumn)
      }
      members.append((key, value))
    }
    return Node(value: .mapping(members), line: first.number, column: indent + 1)
  }

  /// `key: rest` of a mapping line (the key plain or quoted), and the column of `rest`.
  private func split(_ line: Line) -> (String, Substring, Int)? {
    var text = line.text
    var key: String
    if text.first == "'" || text.first == "\"" {
      let quote = text.first!
      guard let close = text.dropFirst().firstIndex(of: quote) else { return nil }
      key = String(text[text.index(after: text.startIndex)..<close])
      text = text[text.index(after: close)...]
      guard text.first == ":" else { return nil }
    } else {
      guard let colon = Self.keyColon(text) else { return nil }
      key = String(text[..<colon]).trimmedOfSpaces
      text = text[colon...]
    }
    let rest = text.dropFirst().drop(while: { $0 == " " })
    let column = line.indent + 1 + (line.text.count - rest.count)
    return (key, Self.stripComment(rest), column)
  }

  /// The `:` that ends a plain key: followed by a space or the end of the line.
  static func keyColon(_ text: Substring) -> Substring.Index? {
    var i = text.startIndex
    while i < text.endIndex {
      if text[i] == ":" {
        let next = text.index(after: i)
        if next == text.endIndex || text[next] == " " { return i }
      }
      i = text.index(after: i)
    }
    return nil
  }

  private static func stripComment(_ text: Substring) -> Substring {
    guard !(text.hasPrefix("'") || text.hasPrefix("\"")), let hash = text.firstRange(of: " #") else {
      return Substring(String(text).trimmedOfSpaces)
    }
    return Substring(String(text[..<hash.lowerBound]).trimmedOfSpaces)
  }

  /// A value on one line: a flow collection, a quoted or a plain scalar.
  private mutating func inline(_ text: Substring, line: Line, column: Int) throws(ActionDecodingError) -> Node {
    var reader = FlowReader(text: Array(text), line: line, column: column, budget: Limits.jsonValues - values)
    let node = try reader.value(depth: 0)
    reader.skipSpaces()
    guard reader.at == reader.text.count else {
      throw error("unexpected text after a value", line, column: column + reader.at)
    }
    values += reader.made
    return node
  }

  struct FlowReader {
    let text: [Character]
    let line: Line
    let column: Int
    /// The nodes it may make (`Limits.jsonValues` less what the document made before).
    let budget: Int
    var at = 0
    /// The nodes it made.
    var made = 0

    func fail(_ message: String) -> ActionDecodingError {
      ActionDecodingError(.invalid("YAML: " + message), line: line.number, column: column + at)
    }

    mutating func skipSpaces() { while at < text.count && text[at] == " " { at += 1 } }

    mutating func value(depth: Int) throws(ActionDecodingError) -> Node {
      guard depth < 64 else { throw fail("flow collections nested deeper than 64 levels") }
      guard made < budget else { throw fail(UnityYAML.tooManyValues) }
      made += 1
      skipSpaces()
      let start = column + at
      guard at < text.count else { return Node(value: .scalar(""), line: line.number, column: start) }
      switch text[at] {
      case "{":
        at += 1
        var members: [(key: String, value: Node)] = []
        skipSpaces()
        if at < text.count && text[at] == "}" {
          at += 1
          return Node(value: .mapping([]), line: line.number, column: start)
        }
        while true {
          skipSpaces()
          let keyNode = try scalar(stops: [":", ",", "}"])
          guard case .scalar(let key) = keyNode.value, at < text.count, text[at] == ":" else {
            throw fail("expected \"key: value\" in a flow mapping")
          }
          at += 1
          members.append((key, try value(depth: depth + 1)))
          skipSpaces()
          guard at < text.count else { throw fail("a flow mapping is not closed with '}'") }
          if text[at] == "}" {
            at += 1
            return Node(value: .mapping(members), line: line.number, column: start)
          }
          guard text[at] == "," else { throw fail("expected ',' or '}'") }
          at += 1
        }
      case "[":
        at += 1
        var items: [Node] = []
        skipSpaces()
        if at < text.count && text[at] == "]" {
          at += 1
          return Node(value: .sequence([]), line: line.number, column: start)
        }
        while true {
          items.append(try value(depth: depth + 1))
          skipSpaces()
          guard at < text.count else { throw fail("a flow sequence is not closed with ']'") }
          if text[at] == "]" {
            at += 1
            return Node(value: .sequence(items), line: line.number, column: start)
          }
          guard text[at] == "," else { throw fail("expected ',' or ']'") }
          at += 1
        }
      case "&", "*", "|", ">", "!":
        throw fail("'\(text[at])' (anchors, aliases, tags, block scalars) is not part of Unity's YAML")
      default:
        return try scalar(stops: depth == 0 ? [] : [",", "}", "]"])
      }
    }

    /// A quoted scalar, or a plain one up to a stop character (or `: `).
    mutating func scalar(stops: Set<Character>) throws(ActionDecodingError) -> Node {
      let start = column + at
      if at < text.count && (text[at] == "'" || text[at] == "\"") {
        let quote = text[at]
        at += 1
        var out = ""
        while true {
          guard at < text.count else { throw fail("a quoted scalar is not closed") }
          let c = text[at]
          if c == quote {
            if quote == "'" && at + 1 < text.count && text[at + 1] == "'" {
              out.append("'")
              at += 2
              continue
            }
            at += 1
            break
          }
          if quote == "\"" && c == "\\" && at + 1 < text.count {
            let e = text[at + 1]
            out.append(["n": "\n", "t": "\t", "\\": "\\", "\"": "\"", "/": "/", "0": "\0"][e] ?? e)
            at += 2
            continue
          }
          out.append(c)
          at += 1
        }
        return Node(value: .scalar(out), line: line.number, column: start)
      }
      var out = ""
      while at < text.count, !stops.contains(text[at]) {
        if text[at] == ":" && !stops.isEmpty && (at + 1 == text.count || text[at + 1] == " ") { break }
        out.append(text[at])
        at += 1
      }
      return Node(value: .scalar(out.trimmedOfSpaces), line: line.number, column: start)
    }
  }
}

