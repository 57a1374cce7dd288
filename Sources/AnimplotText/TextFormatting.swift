/// The shortest decimal that reads back to `value` as a `Float`, without a needless `.0`
/// (`1`, `0.6666667`, `1e-05`); `0` for −0.
public func formatNumber(_ value: Float) -> String {
  trimmedNumber(value.description)
}

/// The shortest decimal that reads back to `value` as a `Double`, without a needless `.0`.
public func formatNumber(_ value: Double) -> String {
  trimmedNumber(value.description)
}

private func trimmedNumber(_ s: String) -> String {
  if s == "-0.0" { return "0" }
  if s.hasSuffix(".0") { return String(s.dropLast(2)) }
  return s
}

/// `s` as a JSON string literal, escaped as RFC 8259 requires.
public func jsonStringLiteral(_ s: String) -> String {
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
