import AnimplotCore
import AnimplotText

extension OutputFormat {
  /// A table of values as CSV: a `frame` column, then one column per channel named by its
  /// label (README, "The command line").
  public static let valuesCSV = OutputFormat(
    id: "values-csv", name: "csv", fileExtensions: ["csv"], accepts: { $0 == ValueTable.self },
    encode: { content, _ in Array((content as! ValueTable).csv.utf8) })
}

extension ValueTable {
  /// The table as CSV text: values printed with enough digits to read back the same `Float`.
  public var csv: String {
    var out = "frame"
    for name in columnNames { out += "," + Self.csvField(name) }
    out += "\n"
    out.reserveCapacity(frames.count * (8 + 20 * tracks.count))
    for (row, frame) in frames.enumerated() {
      out += formatNumber(frame)
      for column in columns { out += "," + formatNumber(Double(column[row])) }
      out += "\n"
    }
    return out
  }

  /// The columns' names, each once: a channel's label; a label two channels share gets their
  /// `dataPath[index]` too (`X Location (location[0])`), and one still shared a number (`#2`).
  public var columnNames: [String] { Self.columnNames(of: tracks) }

  /// The column names of `tracks` (`columnNames`).
  public static func columnNames(of tracks: [FCurve]) -> [String] {
    var labels: [String: Int] = [:]
    for t in tracks { labels[t.displayLabel, default: 0] += 1 }
    let named = tracks.map { labels[$0.displayLabel]! > 1 ? "\($0.displayLabel) (\($0.address))" : $0.displayLabel }
    var seen: [String: Int] = [:]
    return named.map { name in
      seen[name, default: 0] += 1
      return seen[name]! > 1 ? "\(name) #\(seen[name]!)" : name
    }
  }

  /// A field quoted as RFC 4180 asks when it holds a comma, a quote or a line break.
  static func csvField(_ s: String) -> String {
    guard s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return s }
    return "\"" + s.replacing("\"", with: "\"\"") + "\""
  }
}
