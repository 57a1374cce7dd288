/// JSON text laid out one member or element per line, indented by two spaces, as
/// `python3 -m json.tool` and `jq .` lay it out: `{` and `[` end their line, `"key": value`,
/// `,` ends a line, and empty objects and arrays stay `{}` and `[]`; a final newline.
///
/// Only the layout changes: keys keep their order, and strings and numbers their spelling, so
/// two texts that differ only in layout (the one-row-per-line dope-sheet layouts animplot
/// wrote before, and this form) give the same text. A text diff of two such layouts then
/// shows a changed key frame or flag as one changed line.
///
/// Returns `nil` when `text` is not one well-formed JSON value (as far as its layout goes:
/// brackets balanced and closed in order, strings terminated, separators between values).
public func prettyJSON(_ text: String) -> String? {
  var out: [UInt8] = []
  var depth = 0
  // The open containers; after an opener, whether anything was written inside yet.
  var stack: [UInt8] = []
  var pendingOpen = false
  var expectValue = true
  var sawValue = false
  let bytes = Array(text.utf8)
  var i = 0

  func newline(_ depth: Int) {
    out.append(UInt8(ascii: "\n"))
    out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
  }
  /// Starts a value: after an opener, on its own indented line.
  func beginValue() {
    if pendingOpen {
      newline(depth)
      pendingOpen = false
    }
  }

  while i < bytes.count {
    let b = bytes[i]
    switch b {
    case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
      i += 1
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      guard expectValue, !(sawValue && stack.isEmpty) else { return nil }
      beginValue()
      out.append(b)
      stack.append(b)
      depth += 1
      pendingOpen = true
      expectValue = true
      i += 1
    case UInt8(ascii: "}"), UInt8(ascii: "]"):
      guard let open = stack.popLast(), open == (b == UInt8(ascii: "}") ? UInt8(ascii: "{") : UInt8(ascii: "["))
      else { return nil }
      depth -= 1
      if pendingOpen {
        pendingOpen = false
      } else {
        guard !expectValue else { return nil }
        newline(depth)
      }
      out.append(b)
      expectValue = false
      if stack.isEmpty { sawValue = true }
      i += 1
    case UInt8(ascii: ","):
      guard !stack.isEmpty, !expectValue else { return nil }
      out.append(b)
      newline(depth)
      expectValue = true
      i += 1
    case UInt8(ascii: ":"):
      guard stack.last == UInt8(ascii: "{"), !expectValue else { return nil }
      out.append(contentsOf: [UInt8(ascii: ":"), UInt8(ascii: " ")])
      expectValue = true
      i += 1
    case UInt8(ascii: "\""):
      guard expectValue, !(sawValue && stack.isEmpty) else { return nil }
      beginValue()
      let start = i
      i += 1
      while i < bytes.count && bytes[i] != UInt8(ascii: "\"") {
        i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1
      }
      guard i < bytes.count else { return nil }
      i += 1
      out.append(contentsOf: bytes[start..<i])
      expectValue = false
      if stack.isEmpty { sawValue = true }
    default:
      // A number, true, false or null: copied as it is spelt.
      guard expectValue, !(sawValue && stack.isEmpty) else { return nil }
      beginValue()
      let start = i
      while i < bytes.count, !isDelimiter(bytes[i]) { i += 1 }
      out.append(contentsOf: bytes[start..<i])
      expectValue = false
      if stack.isEmpty { sawValue = true }
    }
  }
  guard stack.isEmpty, sawValue else { return nil }
  out.append(UInt8(ascii: "\n"))
  return String(decoding: out, as: UTF8.self)
}

/// Whether `b` ends a number or a literal.
private func isDelimiter(_ b: UInt8) -> Bool {
  switch b {
  case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ","),
    UInt8(ascii: ":"), UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"),
    UInt8(ascii: "\""):
    true
  default: false
  }
}
