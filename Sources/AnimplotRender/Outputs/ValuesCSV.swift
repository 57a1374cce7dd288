import AnimplotCore
import AnimplotText

extension OutputFormat {
  /// A table of values as CSV: a `frame` column, then one column per channel named by its
  /// label (SPEC §2.1).
  public static let valuesCSV = OutputFormat(
    id: "values-csv", name: "csv", fileExtensions: ["csv"], accepts: { $0 == ValueTable.self },
    encode: { content, _ in Array((content as! ValueTable).csv.utf8) })
}

extension ValueTable {
  /// The table as CSV text: values printed with enough digits to read back the same `Float`.
  public var csv: String {
    var out = "frame"
    for t in tracks { out += "," + Self.csvField(t.displayLabel) }
    out += "\n"
    out.reserveCapacity(frames.count * (8 + 20 * tracks.count))
    for (row, frame) in frames.enumerated() {
      out += formatNumber(frame)
      for column in columns { out += "," + formatNumber(Double(column[row])) }
      out += "\n"
    }
    return out
  }

  /// A field quoted as RFC 4180 asks when it holds a comma, a quote or a line break.
  static func csvField(_ s: String) -> String {
    guard s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return s }
    return "\"" + s.replacing("\"", with: "\"\"") + "\""
  }
}
