/// JSON spellings for the editors' data outputs. Plots sees neither Foundation nor AnimationIO,
/// so this repeats AnimationIO's `formatNumber` and `jsonStringLiteral`.
enum JSONText {
  /// The shortest decimal that reads back to `value` as a `Float`, without a needless `.0`;
  /// `0` for -0, and `null` for infinities and NaN, which JSON cannot spell.
  static func number(_ value: Float) -> String {
    guard value.isFinite else { return "null" }
    let s = value.description
    if s.hasSuffix(".0") { return s == "-0.0" ? "0" : String(s.dropLast(2)) }
    return s
  }

  /// `s` as a JSON string literal, escaped as RFC 8259 requires.
  static func string(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
