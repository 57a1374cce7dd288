import AnimplotCore
import AnimplotText

/// JSON spellings for the editors' data outputs.
enum JSONText {
  /// `value` as a JSON number (`jsonNumber`).
  static func number(_ value: Float) -> String { jsonNumber(value) }

  /// `s` as a JSON string literal.
  static func string(_ s: String) -> String { jsonStringLiteral(s) }
}
