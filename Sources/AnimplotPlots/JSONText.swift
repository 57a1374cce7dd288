import AnimplotCore
import AnimplotText

/// JSON spellings for the editors' data outputs.
enum JSONText {
  /// `value` as a JSON number (`jsonNumber`).
  static func number(_ value: Float) -> String { jsonNumber(value) }

  /// The shortest decimal that reads back to `value`; `null` for infinities and NaN.
  static func number(_ value: Double) -> String {
    value.isFinite ? formatNumber(value) : "null"
  }

  /// `s` as a JSON string literal.
  static func string(_ s: String) -> String { jsonStringLiteral(s) }
}
