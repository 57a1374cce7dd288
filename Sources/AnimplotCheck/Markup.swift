import AnimplotText

/// Escaping and encoding for the XML and HTML reports.
enum Markup {
  /// `text` safe inside XML or HTML text and attributes (`markupEscaped`).
  static func escaped(_ text: String, attribute: Bool = false) -> String { markupEscaped(text, attribute: attribute) }

  /// `bytes` in Base64 (`base64Encoded`).
  static func base64(_ bytes: [UInt8]) -> String { base64Encoded(bytes) }

  /// The bytes of Base64 `text` (RFC 4648, padding optional); `nil` if it is not Base64.
  static func base64Decoded(_ text: String) -> [UInt8]? {
    var values: [UInt8] = []
    values.reserveCapacity(text.utf8.count)
    var padding = 0
    for c in text.utf8 {
      let v: UInt8
      switch c {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): v = c - UInt8(ascii: "A")
      case UInt8(ascii: "a")...UInt8(ascii: "z"): v = c - UInt8(ascii: "a") + 26
      case UInt8(ascii: "0")...UInt8(ascii: "9"): v = c - UInt8(ascii: "0") + 52
      case UInt8(ascii: "+"): v = 62
      case UInt8(ascii: "/"): v = 63
      case UInt8(ascii: "="):
        padding += 1
        continue
      default: return nil
      }
      guard padding == 0 else { return nil }
      values.append(v)
    }
    guard values.count % 4 != 1, padding <= 2 else { return nil }
    var out: [UInt8] = []
    out.reserveCapacity(values.count * 3 / 4)
    var i = 0
    while i < values.count {
      let chunk = values[i..<min(i + 4, values.count)]
      var n: UInt32 = 0
      for (j, v) in chunk.enumerated() { n |= UInt32(v) << UInt32(18 - 6 * j) }
      out.append(UInt8(n >> 16 & 0xFF))
      if chunk.count > 2 { out.append(UInt8(n >> 8 & 0xFF)) }
      if chunk.count > 3 { out.append(UInt8(n & 0xFF)) }
      i += 4
    }
    return out
  }

  /// Seconds with three decimals, as JUnit's `time` attributes have them.
  static func seconds(_ value: Double) -> String { formatNumber(max(value, 0), decimals: 3) }
}
