import AnimplotCore
import AnimplotText

extension OutputFormat {
  /// A table of values as JSON: `{"frames": [...], "tracks": [{"dataPath", "index", "label",
  /// "values"}]}` (README, "The command line"); values that are not finite are `null`.
  public static let valuesJSON = OutputFormat(
    id: "values-json", name: "json", fileExtensions: ["json"], accepts: { $0 == ValueTable.self },
    encode: { content, _ in Array((content as! ValueTable).json.utf8) })
}

extension ValueTable {
  /// The table as a JSON document.
  public var json: String {
    var out = "{\"frames\": [" + frames.map(formatNumber).joined(separator: ", ") + "],\n \"tracks\": ["
    for (i, t) in tracks.enumerated() {
      out += i == 0 ? "\n  " : ",\n  "
      out += "{\"dataPath\": " + jsonStringLiteral(t.dataPath) + ", \"index\": \(t.index), \"label\": "
        + jsonStringLiteral(t.displayLabel) + ", \"values\": ["
        + columns[i].map { jsonNumber(Double($0)) }.joined(separator: ", ") + "]}"
    }
    return out + "\n ]}\n"
  }
}
