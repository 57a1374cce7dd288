// The one place that turns numbers into decimal text, for the text outputs: display lists,
// SVG, JSON, CSV, reports and labels (messages quote numbers as Swift writes them). Each
// caller chooses its form by the parameters: the shortest decimal that reads back
// (`formatNumber(_:)`), or a fixed number of decimals (`formatNumber(_:decimals:trailingZeros:)`).

/// The shortest decimal that reads back to `value` as a `Float`, without a needless `.0`
/// (`1`, `0.6666667`, `1e-05`); `0` for −0.
package func formatNumber(_ value: Float) -> String { formatNumber(value, wholeBelow: .infinity) }

/// The shortest decimal that reads back to `value` as a `Double`, without a needless `.0`;
/// `0` for −0.
package func formatNumber(_ value: Double) -> String { formatNumber(value, wholeBelow: .infinity) }

/// `formatNumber(value)`, but whole numbers of magnitude `limit` or more keep Swift's own
/// spelling (`1000000.0` for `limit` 1e6).
package func formatNumber(_ value: Float, wholeBelow limit: Float) -> String {
  shortest(value, value.description, wholeBelow: limit)
}

/// `formatNumber(value)`, but whole numbers of magnitude `limit` or more keep Swift's own
/// spelling (`1000000000000000.0` for `limit` 1e15).
package func formatNumber(_ value: Double, wholeBelow limit: Double) -> String {
  shortest(value, value.description, wholeBelow: limit)
}

private func shortest<Value: BinaryFloatingPoint>(_ value: Value, _ text: String, wholeBelow limit: Value) -> String {
  guard value == value.rounded(), abs(value) < limit else { return text }
  if value == 0 { return "0" }
  return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
}

/// `value` rounded to `decimals` decimals (half away from zero) and written with exactly that
/// many, like C's `%.*f` (`2.50`), or without the zeros that end them with `trailingZeros`
/// false (`2.5`, `3`); never `-0`. A value that is not finite, or too large to hold that many
/// decimals in a double (from 2⁵³ units of the last decimal), is written as Swift writes it
/// (`nan`, `inf`, `1e+20`, `10000000000.0`).
package func formatNumber(_ value: Double, decimals: Int, trailingZeros: Bool = true) -> String {
  var scale = 1.0
  for _ in 0..<decimals { scale *= 10 }
  let scaled = (abs(value) * scale).rounded()
  guard scaled < 9_007_199_254_740_992 else { return value.description }
  let sign = value < 0 && scaled != 0 ? "-" : ""
  // Up to 18 decimals the whole part and the fraction are integers (a display list writes
  // millions of numbers: no string slicing); beyond, the digits are cut as text.
  if decimals <= 18 {
    var unit: UInt64 = 1
    for _ in 0..<decimals { unit *= 10 }
    let units = UInt64(scaled)
    var fraction = units % unit, count = decimals
    if !trailingZeros {
      if fraction == 0 { count = 0 }
      while count > 0 && fraction % 10 == 0 {
        fraction /= 10
        count -= 1
      }
    }
    let whole = String(units / unit)
    guard count > 0 else { return sign + whole }
    let text = String(fraction)
    return sign + whole + "." + String(repeating: "0", count: count - text.count) + text
  }
  var digits = String(Int(scaled))
  if digits.count <= decimals { digits = String(repeating: "0", count: decimals + 1 - digits.count) + digits }
  let whole = digits.dropLast(decimals)
  var fraction = digits.suffix(decimals)
  if !trailingZeros {
    while fraction.last == "0" { fraction = fraction.dropLast() }
  }
  return sign + whole + (fraction.isEmpty ? "" : "." + fraction)
}

/// `value` as a JSON number: its shortest decimal (`formatNumber`), `null` for infinities and
/// NaN, which JSON cannot spell.
package func jsonNumber(_ value: Float) -> String { value.isFinite ? formatNumber(value) : "null" }

/// `value` as a JSON number: its shortest decimal (`formatNumber`), `null` for infinities and
/// NaN, which JSON cannot spell.
package func jsonNumber(_ value: Double) -> String { value.isFinite ? formatNumber(value) : "null" }

/// `text` read as a finite decimal number (`12`, `-0.5`, `1e-3`), or `nil`: unlike
/// `Double(_:)`, no hexadecimal (`0x10`), `nan` or `inf`, which no user means by a number.
package func decimalNumber(_ text: some StringProtocol) -> Double? {
  let decimal = text.utf8.allSatisfy { b in (48...57).contains(b) || b == 43 || b == 45 || b == 46 || b == 101 || b == 69 }
  guard decimal, let d = Double(String(text)), d.isFinite else { return nil }
  return d
}
