import AnimplotCore
import AnimplotText

extension DopeSheetLayout {
  /// The layout as JSON (`animplot dopesheet --format json`), one member per line, indented
  /// by two spaces (as `jq .` lays it out), so that a text diff of two layouts shows a moved
  /// key or a changed flag as one line; the format is described in docs/dopesheet-json.md.
  ///
  /// `{"rows": [ROW, ...]}`. Each row has `name`, `kind` (`summary`, `object`, `action`,
  /// `group`, `channel`) and `depth`; object rows then `objectType`; channel rows then
  /// `dataPath` and `index`; then the flags
  /// `selected`, `locked`, `muted`, `collapsed`, each only when true; then `keys` (`frame`,
  /// `type`, `selected`, `shape`), `holds` (`start`, `end`, `kind`, `selected`) and
  /// `interpolationLines` (`start`, `end`, `mixed`), in frame order. Numbers are the shortest
  /// decimals that read back to the same 32-bit floats. The same layout always gives the same
  /// text.
  public var json: String {
    // Written compactly, one row per line (the form before November 2026), then laid out.
    var out = "{\"rows\": ["
    for (i, row) in rows.enumerated() {
      out += i == 0 ? "\n  " : ",\n  "
      out += Self.json(row)
    }
    out += "\n]}\n"
    guard let pretty = prettyJSON(out) else { preconditionFailure("the layout's JSON is malformed: \(out)") }
    return pretty
  }

  private static func json(_ row: DopeSheetRow) -> String {
    var out =
      "{\"name\": " + jsonStringLiteral(row.name) + ", \"kind\": \"" + row.kind.rawValue
      + "\", \"depth\": " + String(row.depth)
    if let type = row.objectType { out += ", \"objectType\": \"" + "\(type)" + "\"" }
    if let dataPath = row.dataPath { out += ", \"dataPath\": " + jsonStringLiteral(dataPath) }
    if let index = row.index { out += ", \"index\": " + String(index) }
    for (flag, name) in [
      (row.selected, "selected"), (row.locked, "locked"), (row.muted, "muted"),
      (row.collapsed, "collapsed"),
    ] where flag {
      out += ", \"" + name + "\": true"
    }
    out += ", \"keys\": [" + row.keys.map(json).joined(separator: ", ") + "]"
    out += ", \"holds\": [" + row.holds.map(json).joined(separator: ", ") + "]"
    out += ", \"interpolationLines\": [" + row.interpolationLines.map(json).joined(separator: ", ") + "]"
    return out + "}"
  }

  private static func json(_ key: KeyColumn) -> String {
    "{\"frame\": " + jsonNumber(key.frame) + ", \"type\": \"" + "\(key.type)"
      + "\", \"selected\": " + String(key.selected) + ", \"shape\": \"" + "\(key.shape)" + "\"}"
  }

  private static func json(_ hold: HoldBlock) -> String {
    "{\"start\": " + jsonNumber(hold.start) + ", \"end\": " + jsonNumber(hold.end)
      + ", \"kind\": \"" + hold.kind.rawValue + "\", \"selected\": " + String(hold.selected) + "}"
  }

  private static func json(_ line: InterpolationLine) -> String {
    "{\"start\": " + jsonNumber(line.start) + ", \"end\": " + jsonNumber(line.end)
      + ", \"mixed\": " + String(line.mixed) + "}"
  }
}
