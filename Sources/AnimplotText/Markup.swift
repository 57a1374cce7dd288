/// Escaping and encoding for the HTML and XML that the report and the interactive plot write.

/// `text` safe inside XML or HTML text and double- or single-quoted attributes: `&<>"'`
/// as entities, line breaks as `&#10;` in attributes (parsers fold them otherwise), and
/// characters XML 1.0 forbids (control characters, U+FFFE, U+FFFF) as U+FFFD.
package func markupEscaped(_ text: String, attribute: Bool = false) -> String {
  var out = ""
  out.reserveCapacity(text.utf8.count)
  for scalar in text.unicodeScalars {
    switch scalar {
    case "&": out += "&amp;"
    case "<": out += "&lt;"
    case ">": out += "&gt;"
    case "\"": out += "&quot;"
    case "'": out += "&#39;"
    case "\n" where attribute: out += "&#10;"
    case "\r" where attribute: out += "&#13;"
    case "\t" where attribute: out += "&#9;"
    case "\n", "\r", "\t": out.unicodeScalars.append(scalar)
    case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
      out += "\u{FFFD}"
    default: out.unicodeScalars.append(scalar)
    }
  }
  return out
}

/// `bytes` in Base64 (RFC 4648, with padding), for `data:` URIs.
package func base64Encoded(_ bytes: [UInt8]) -> String {
  let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
  var out = [UInt8]()
  out.reserveCapacity((bytes.count + 2) / 3 * 4)
  var i = 0
  while i + 3 <= bytes.count {
    let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
    out += [
      alphabet[Int(n >> 18)], alphabet[Int(n >> 12 & 63)], alphabet[Int(n >> 6 & 63)],
      alphabet[Int(n & 63)],
    ]
    i += 3
  }
  let rest = bytes.count - i
  if rest > 0 {
    let n = UInt32(bytes[i]) << 16 | (rest == 2 ? UInt32(bytes[i + 1]) << 8 : 0)
    out += [alphabet[Int(n >> 18)], alphabet[Int(n >> 12 & 63)]]
    out += rest == 2 ? [alphabet[Int(n >> 6 & 63)], UInt8(ascii: "=")] : [UInt8(ascii: "="), UInt8(ascii: "=")]
  }
  return String(decoding: out, as: UTF8.self)
}
