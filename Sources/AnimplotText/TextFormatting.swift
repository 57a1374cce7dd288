/// `s` as a JSON string literal, escaped as RFC 8259 requires.
package func jsonStringLiteral(_ s: String) -> String { quoted(s, controls: .json) }

/// A JSON object of `members` in their order, keys as string literals and values as written:
/// `{"a": 1, "b": [2]}`, on one line (`prettyJSON` lays it out).
package func jsonObject(_ members: [(key: String, value: String)]) -> String {
  "{" + members.map { jsonStringLiteral($0.key) + ": " + $0.value }.joined(separator: ", ") + "}"
}

/// A JSON array of `elements` as written, on one line.
package func jsonArray(_ elements: [String]) -> String { "[" + elements.joined(separator: ", ") + "]" }

/// How `quoted` writes a control character other than a line feed, carriage return or tab.
package enum ControlEscape: Sendable {
  /// `\u001b`, as JSON requires (DEL, which JSON allows, as it is).
  case json
  /// `\u{1b}`, as Swift writes it; DEL too (`\u{7f}`).
  case braced
}

/// `s` between double quotes, with `"` and `\` escaped by a backslash, line feed, carriage
/// return and tab as `\n`, `\r`, `\t`, and the other control characters as `controls` says:
/// JSON's string literals, and the display list's texts (`.braced`).
package func quoted(_ s: String, controls: ControlEscape) -> String {
  var out = "\""
  for scalar in s.unicodeScalars {
    switch scalar {
    case "\"": out += "\\\""
    case "\\": out += "\\\\"
    case "\n": out += "\\n"
    case "\r": out += "\\r"
    case "\t": out += "\\t"
    case _ where scalar.value < 0x20 && controls == .json:
      let hex = String(scalar.value, radix: 16)
      out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    case _ where (scalar.value < 0x20 || scalar.value == 0x7F) && controls == .braced:
      out += "\\u{\(String(scalar.value, radix: 16))}"
    default: out.unicodeScalars.append(scalar)
    }
  }
  return out + "\""
}

/// `s` quoted for an error message: as `jsonStringLiteral`, but cut after `limit` Unicode
/// scalars with `…` before the closing quote (a 100,000-character key must not make a
/// 100 KB line), and with the characters that do not show (`needsVisibleEscape`) written as
/// `\u{200B}`, so that `"\u{200B}dataPath"` reads differently from `"dataPath"`.
package func messageQuoted(_ s: String, limit: Int = messageQuoteLimit) -> String {
  var kept = String.UnicodeScalarView()
  var count = 0
  var cut = false
  for scalar in s.unicodeScalars {
    if count == limit {
      cut = true
      break
    }
    kept.append(scalar)
    count += 1
  }
  let literal = visiblyEscaped(jsonStringLiteral(String(kept)))
  return cut ? String(literal.dropLast()) + "…\"" : literal
}

/// The Unicode scalars of one piece of input a message quotes (`messageQuoted`, `listedName`).
package let messageQuoteLimit = 80

/// A name as a line of text shows it: as it is, or, when it holds a control character (which
/// a terminal would obey: an escape sequence retitles the window or colours what follows) or a
/// character that does not show, quoted as `messageQuoted` quotes it, whole.
package func shownName(_ s: String) -> String { shownName(s, limit: .max) }

/// A name from input as a message lists it (the channels there are): as `shownName` shows
/// it, but cut after `messageQuoteLimit` Unicode scalars, ending in "…", as `messageQuoted`
/// cuts, so that a file of long names never makes a message of megabytes.
package func listedName(_ s: String) -> String { shownName(s, limit: messageQuoteLimit) }

private func shownName(_ s: String, limit: Int) -> String {
  let plain = s.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F && !needsVisibleEscape($0, after: "a") }
  guard plain else { return messageQuoted(s, limit: limit) }
  let kept = s.unicodeScalars.prefix(limit)
  return kept.count < limit || kept.endIndex == s.unicodeScalars.endIndex ? s : String(String.UnicodeScalarView(kept)) + "…"
}

/// `s` with every character that does not show (see `needsVisibleEscape`) written as
/// `\u{XXXX}`; other characters, control characters included, are left as they are.
package func visiblyEscaped(_ s: String) -> String {
  guard s.unicodeScalars.contains(where: { $0.value >= 0x80 }) else { return s }
  var out = String.UnicodeScalarView()
  var previous: Unicode.Scalar?
  var previousEscaped = false
  for scalar in s.unicodeScalars {
    if needsVisibleEscape(scalar, after: previousEscaped ? nil : previous) {
      out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
      previousEscaped = true
    } else {
      out.append(scalar)
      previousEscaped = false
    }
    previous = scalar
  }
  return String(out)
}

/// Whether `scalar` would not show, or would show as something else, in a message: C1 control
/// characters, format characters (zero-width space and joiners, bidirectional controls, the
/// byte order mark), line and paragraph separators, spaces other than U+0020, other default
/// ignorable code points (Hangul fillers, variation selectors), and a combining mark with no
/// letter, digit or symbol before it to combine with (`previous` is `nil`, white space, a
/// control, or ASCII punctuation such as a quote).
package func needsVisibleEscape(_ scalar: Unicode.Scalar, after previous: Unicode.Scalar?) -> Bool {
  if scalar.value < 0x80 { return false }
  if scalar.value < 0xA0 { return true }
  let properties = scalar.properties
  switch properties.generalCategory {
  case .format, .lineSeparator, .paragraphSeparator, .spaceSeparator, .control: return true
  case .nonspacingMark, .enclosingMark, .spacingMark:
    guard let previous else { return true }
    return previous.properties.isWhitespace || previous.properties.generalCategory == .control
      || (previous.isASCII && !(previous.properties.isAlphabetic || (0x30...0x39).contains(previous.value)))
  default: return properties.isDefaultIgnorableCodePoint
  }
}
