import AnimplotText

/// A values reference (`NAME.values.csv`, the CSV `animplot eval` writes) compared with the
/// values evaluated now: which channels moved, at which frames, and by how much.
///
/// The values are compared exactly, as numbers (the CSV prints each 32-bit value with the
/// digits that read it back), so `1.50` and `1.5` are equal and any other change is one.
package struct ValuesComparison: Sendable, Hashable {
  /// A channel whose values differ at some frames.
  package struct Moved: Sendable, Hashable {
    /// The column's name (`Z Location`).
    package var channel: String
    /// The frames where the values differ, in the table's order.
    package var frames: [Double]
    /// The largest absolute difference, and the first frame where it is.
    package var largest: Double
    package var largestAt: Double
    /// The reference's and the new value there.
    package var expected: Double
    package var actual: Double
  }

  /// The reference file's name, for messages.
  package var label: String
  /// Channels whose values differ, in the reference's column order.
  package var moved: [Moved] = []
  /// Channels in the new table only, and in the reference only.
  package var added: [String] = []
  package var removed: [String] = []
  /// The frames of the reference and of the new table, when they differ.
  package var expectedFrames: [Double]?
  package var actualFrames: [Double]?

  /// Whether the two tables hold the same channels, frames and values.
  package var passed: Bool { moved.isEmpty && added.isEmpty && removed.isEmpty && expectedFrames == nil }

  /// Compares the CSV text `actual` with the reference `expected`.
  /// - Throws: `ValuesTableError` naming the file and line when one is not such a table.
  package init(expected: String, actual: String, label: String) throws(ValuesComparisonError) {
    self.label = label
    let old: ValuesTable
    let new: ValuesTable
    do {
      old = try ValuesTable(csv: expected)
    } catch {
      throw .reference("\(label):\(error.line): \(error.message)")
    }
    do {
      new = try ValuesTable(csv: actual)
    } catch {
      throw .output("\(label) (actual):\(error.line): \(error.message)")
    }
    let newColumn = Dictionary(new.names.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
    let oldNames = Set(old.names)
    removed = old.names.filter { newColumn[$0] == nil }
    added = new.names.filter { !oldNames.contains($0) }
    if old.frames != new.frames { (expectedFrames, actualFrames) = (old.frames, new.frames) }
    // Values are compared at the frames both tables have.
    let newRow = Dictionary(new.frames.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
    for (c, name) in old.names.enumerated() {
      guard let n = newColumn[name] else { continue }
      var change: Moved?
      for (r, frame) in old.frames.enumerated() {
        guard let nr = newRow[frame] else { continue }
        let a = old.columns[c][r]
        let b = new.columns[n][nr]
        // eval writes nan for a value that is not a number: nan equals nan here.
        guard a != b && !(a.isNaN && b.isNaN) else { continue }
        let d = abs(b - a)
        if change == nil {
          change = Moved(channel: name, frames: [], largest: d, largestAt: frame, expected: a, actual: b)
        }
        change!.frames.append(frame)
        if d > change!.largest {
          (change!.largest, change!.largestAt, change!.expected, change!.actual) = (d, frame, a, b)
        }
      }
      if let change { moved.append(change) }
    }
  }

  /// One line: `match: same values` or what moved, channel by channel.
  package var summary: String {
    if passed { return "match: same values" }
    var parts: [String] = []
    for m in moved {
      parts.append(
        "\(shownName(m.channel)) at \(Self.frameList(m.frames)) (largest \(formatNumber(m.largest)) at frame \(formatNumber(m.largestAt)))")
    }
    // Names as messages show them: a name's terminal escapes never reach the terminal.
    if !added.isEmpty { parts.append("new channel\(added.count == 1 ? "" : "s") " + added.map(shownName).joined(separator: ", ")) }
    if !removed.isEmpty {
      parts.append("channel\(removed.count == 1 ? "" : "s") gone: " + removed.map(shownName).joined(separator: ", "))
    }
    if let expectedFrames, let actualFrames {
      parts.append("frames \(Self.span(expectedFrames)) in the reference, \(Self.span(actualFrames)) now")
    }
    return "values differ: " + parts.joined(separator: "; ")
  }

  /// The table the report shows: one line per channel that moved.
  package var table: String {
    var lines = ["channel | frames where it moved | largest difference | at frame | reference | now"]
    for m in moved {
      lines.append(
        "\(m.channel) | \(Self.frameList(m.frames)) | \(formatNumber(m.largest)) | \(formatNumber(m.largestAt)) | "
          + "\(formatNumber(m.expected)) | \(formatNumber(m.actual))")
    }
    for name in added { lines.append("\(name) | new channel | | | | ") }
    for name in removed { lines.append("\(name) | gone | | | | ") }
    if let expectedFrames, let actualFrames {
      lines.append("frames | \(Self.span(expectedFrames)) in the reference, \(Self.span(actualFrames)) now | | | | ")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `12–20, 25` : runs of consecutive whole frames joined; at most 6 runs, then `and N more`.
  static func frameList(_ frames: [Double]) -> String {
    var runs: [(Double, Double)] = []
    for f in frames {
      if let last = runs.last, f == last.1 + 1 { runs[runs.count - 1].1 = f } else { runs.append((f, f)) }
    }
    let shown = runs.prefix(6).map { $0.0 == $0.1 ? formatNumber($0.0) : "\(formatNumber($0.0))–\(formatNumber($0.1))" }
    let word = frames.count == 1 ? "frame " : "frames "
    return word + shown.joined(separator: ", ") + (runs.count > 6 ? " and \(runs.count - 6) more runs" : "")
  }

  /// `1–134 (134 frames)`.
  static func span(_ frames: [Double]) -> String {
    guard let first = frames.first, let last = frames.last else { return "none" }
    return "\(formatNumber(first))–\(formatNumber(last)) (\(frames.count))"
  }
}

/// Why a values comparison could not be made.
package enum ValuesComparisonError: Error, Sendable, Hashable {
  case reference(String)
  case output(String)
}

/// A values table read from CSV: a `frame` column, then one column per channel; RFC 4180
/// fields.
struct ValuesTable {
  var names: [String]
  var frames: [Double] = []
  /// `columns[c][row]`.
  var columns: [[Double]]

  struct Problem: Error {
    var line: Int
    var message: String
  }

  init(csv text: String) throws(Problem) {
    var rows = try Self.rows(text)
    guard !rows.isEmpty else { throw Problem(line: 1, message: "empty; expected a header frame,<channel>,...") }
    let header = rows.removeFirst()
    guard header.fields.first == "frame" else {
      throw Problem(line: header.line, message: "the first column must be \"frame\", as 'animplot eval' writes it")
    }
    names = Array(header.fields.dropFirst())
    columns = Array(repeating: [], count: names.count)
    for row in rows {
      guard row.fields.count == header.fields.count else {
        throw Problem(
          line: row.line, message: "\(row.fields.count) fields, but the header has \(header.fields.count)")
      }
      let numbers = row.fields.map { field in Double(String(field.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())) }
      guard let frame = numbers[0] else { throw Problem(line: row.line, message: "\"\(row.fields[0])\" is not a frame number") }
      frames.append(frame)
      for c in 0..<names.count {
        guard let v = numbers[c + 1] else {
          throw Problem(line: row.line, message: "\"\(row.fields[c + 1])\" is not a number")
        }
        columns[c].append(v)
      }
    }
  }

  /// The lines' fields, with the line each starts on; blank lines skipped.
  static func rows(_ text: String) throws(Problem) -> [(line: Int, fields: [String])] {
    var rows: [(line: Int, fields: [String])] = []
    var fields: [String] = []
    var field = ""
    var quoted = false
    var inQuotes = false
    var line = 1
    var start = 1
    var rowHasText = false
    var chars = Array(text.unicodeScalars)
    if chars.last != "\n" { chars.append("\n") }
    var i = 0
    while i < chars.count {
      let c = chars[i]
      if inQuotes {
        if c == "\"" {
          if i + 1 < chars.count && chars[i + 1] == "\"" {
            field.unicodeScalars.append("\"")
            i += 1
          } else {
            inQuotes = false
          }
        } else {
          if c == "\n" { line += 1 }
          field.unicodeScalars.append(c)
        }
      } else if c == "\"" && field.isEmpty && !quoted {
        inQuotes = true
        quoted = true
        rowHasText = true
      } else if c == "," {
        fields.append(field)
        (field, quoted) = ("", false)
        rowHasText = true
      } else if c == "\n" {
        if rowHasText || !field.isEmpty {
          fields.append(field)
          rows.append((start, fields))
        }
        (fields, field, quoted, rowHasText) = ([], "", false, false)
        line += 1
        start = line
      } else if c != "\r" {
        field.unicodeScalars.append(c)
        rowHasText = true
      }
      i += 1
    }
    if inQuotes { throw Problem(line: start, message: "a quoted field is not closed") }
    return rows
  }
}
