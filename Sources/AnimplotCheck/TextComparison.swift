import AnimplotPlatform

/// A comparison of a text reference (layout JSON, display list) with the text drawn now.
///
/// The texts are compared exactly after normalising line ends: `\r\n` reads as `\n`, and
/// trailing newlines are ignored.
package struct TextComparison: Sendable, Hashable {
  /// Whether the normalised texts are equal.
  package var identical: Bool
  /// Lines in the reference and in the actual text.
  package var expectedLineCount: Int
  package var actualLineCount: Int
  /// Lines of the reference removed, and lines added, by the shortest edit.
  package var removedLines: Int
  package var addedLines: Int
  /// The first reference line (1-based) that is not kept, when the texts differ.
  package var firstDifference: Int?
  /// A unified diff from the reference to the actual text; empty when identical.
  package var unifiedDiff: String
  /// Said after the summary: how the texts were read, when that matters.
  package var note: String?
  /// For JSON (a layout, an action file), the changes said by row, key and member
  /// (`JSONChanges`); the summary then names the first.
  package var changes: [String]?
  /// The change the summary names (`JSONChanges.lead`).
  package var leadChange: String?

  /// Compares `actual` with `expected`; `label` names the reference in the diff's headers.
  package init(expected: String, actual: String, label: String) {
    // Counted before they are split (32 bytes a line, and the diff's edits as many again): a
    // reference of a hundred million empty lines was gigabytes.
    let expectedLines = Self.lineCount(expected), actualLines = Self.lineCount(actual)
    guard expectedLines <= Limits.comparedTextLines, actualLines <= Limits.comparedTextLines else {
      // Beyond the limit the texts are only compared whole: equal texts are identical still.
      if expected == actual {
        identical = true
        expectedLineCount = expectedLines
        actualLineCount = actualLines
        removedLines = 0
        addedLines = 0
        unifiedDiff = ""
        return
      }
      identical = false
      expectedLineCount = expectedLines
      actualLineCount = actualLines
      removedLines = expectedLines
      addedLines = actualLines
      firstDifference = 1
      unifiedDiff = ""
      note = "more than \(Limits.comparedTextLines) lines, so not compared line by line"
      return
    }
    let old = Self.lines(expected)
    let new = Self.lines(actual)
    expectedLineCount = old.count
    actualLineCount = new.count
    identical = old == new
    guard !identical else {
      removedLines = 0
      addedLines = 0
      unifiedDiff = ""
      return
    }
    let diff = LineDiff(old: old, new: new)
    var removed = 0
    var added = 0
    var first: Int?
    var referenceLinesBefore = 0
    for edit in diff.edits {
      switch edit {
      case .same: referenceLinesBefore += 1
      case .removed:
        first = first ?? referenceLinesBefore + 1
        referenceLinesBefore += 1
        removed += 1
      case .added:
        first = first ?? referenceLinesBefore + 1
        added += 1
      }
    }
    removedLines = removed
    addedLines = added
    firstDifference = first
    unifiedDiff = diff.unified(oldLabel: label + " (reference)", newLabel: label + " (actual)")
  }

  /// Whether the texts match.
  package var passed: Bool { identical }

  /// One line: `match: identical text (120 lines)` or `differ: 2 lines removed, 3 added,
  /// first at line 40 (reference 120 lines, actual 121)`.
  package var summary: String {
    func lines(_ n: Int) -> String { "\(n) line\(n == 1 ? "" : "s")" }
    let tail = note.map { "; " + $0 } ?? ""
    if identical { return "match: identical text (\(lines(expectedLineCount)))" + tail }
    if let changes, let first = leadChange ?? changes.first {
      let more = changes.count - 1
      return "differ: " + first + (more > 0 ? " (and \(more) more change\(more == 1 ? "" : "s"))" : "") + tail
    }
    return "differ: \(lines(removedLines)) removed, \(addedLines) added, first at line "
      + "\(firstDifference ?? 1) (reference \(lines(expectedLineCount)), actual \(actualLineCount))" + tail
  }

  /// `lines(text).count`, at most one more, without splitting.
  static func lineCount(_ text: String) -> Int {
    var n = 1
    for b in text.utf8 where b == UInt8(ascii: "\n") { n += 1 }
    return n
  }

  /// The lines of `text` with `\r\n` read as `\n` and trailing newlines dropped.
  static func lines(_ text: String) -> [Substring] {
    var end = text.endIndex
    while end > text.startIndex {
      let before = text.index(before: end)
      guard text[before] == "\n" || text[before] == "\r\n" else { break }
      end = before
    }
    if end == text.startIndex { return [] }
    return text[..<end].split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
  }
}
