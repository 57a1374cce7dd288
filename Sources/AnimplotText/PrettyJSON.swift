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
///
/// Also `nil` when the result would pass `maximumBytes`, or nest deeper than 512 levels (a
/// reference read from a file: `[[[…` of a few megabytes indents to terabytes).
package func prettyJSON(_ text: String, maximumBytes: Int = .max) -> String? {
  var text = text
  return text.withUTF8 { prettyJSON(bytes: $0, maximumBytes: maximumBytes) }
}

/// `prettyJSON` of UTF-8 bytes.
private func prettyJSON(bytes: UnsafeBufferPointer<UInt8>, maximumBytes: Int) -> String? {
  let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\"), space = UInt8(ascii: " ")
  let newline = UInt8(ascii: "\n")
  var out: [UInt8] = []
  out.reserveCapacity(bytes.count * 2 + 16)
  var depth = 0
  // The open containers, as their opening bytes.
  var stack: [UInt8] = []
  // Just after an opener: the next value starts a new line, a closer does not.
  var pendingOpen = false
  var expectValue = true
  var done = false
  var i = 0
  let count = bytes.count

  @inline(__always) func indent(_ out: inout [UInt8], _ depth: Int) {
    out.append(newline)
    for _ in 0..<(2 * depth) { out.append(space) }
  }

  while i < count {
    guard out.count <= maximumBytes, depth <= 512 else { return nil }
    let b = bytes[i]
    switch b {
    case space, newline, UInt8(ascii: "\r"), UInt8(ascii: "\t"):
      i += 1
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      guard expectValue, !done else { return nil }
      if pendingOpen { indent(&out, depth) }
      out.append(b)
      stack.append(b)
      depth += 1
      pendingOpen = true
      i += 1
    case UInt8(ascii: "}"), UInt8(ascii: "]"):
      guard let open = stack.popLast(), open == (b == UInt8(ascii: "}") ? UInt8(ascii: "{") : UInt8(ascii: "["))
      else { return nil }
      depth -= 1
      if pendingOpen {
        pendingOpen = false
      } else {
        guard !expectValue else { return nil }
        indent(&out, depth)
      }
      out.append(b)
      expectValue = false
      done = stack.isEmpty
      i += 1
    case UInt8(ascii: ","):
      guard !stack.isEmpty, !expectValue else { return nil }
      out.append(b)
      indent(&out, depth)
      expectValue = true
      i += 1
    case UInt8(ascii: ":"):
      guard stack.last == UInt8(ascii: "{"), !expectValue else { return nil }
      out.append(b)
      out.append(space)
      expectValue = true
      i += 1
    default:
      // A string, copied as it is written; or a number, true, false or null, copied up to the
      // next delimiter.
      guard expectValue, !done else { return nil }
      if pendingOpen {
        indent(&out, depth)
        pendingOpen = false
      }
      let start = i
      if b == quote {
        i += 1
        while i < count && bytes[i] != quote { i += bytes[i] == backslash ? 2 : 1 }
        guard i < count else { return nil }
        i += 1
      } else {
        while i < count, !isDelimiter(bytes[i]) { i += 1 }
      }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<i]))
      expectValue = false
      done = stack.isEmpty
    }
  }
  guard stack.isEmpty, done, out.count < maximumBytes else { return nil }
  out.append(newline)
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
