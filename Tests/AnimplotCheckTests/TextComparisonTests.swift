@testable import AnimplotCheck
import AnimplotGolden
import Testing

/// Text references: exact after line-end normalisation, with a unified diff when not.
@Suite struct TextComparisonTests {
  @Test func lineEndsAndTrailingNewlinesDoNotCount() {
    let c = TextComparison(expected: "a\nb\n\n", actual: "a\r\nb", label: "x")
    #expect(c.identical && c.passed)
    #expect(c.summary == "match: identical text (2 lines)")
    #expect(c.unifiedDiff.isEmpty)
    #expect(TextComparison(expected: "", actual: "\n\n", label: "x").identical)
    #expect(!TextComparison(expected: "a\n\nb", actual: "a\nb", label: "x").identical)
    #expect(!TextComparison(expected: "a ", actual: "a", label: "x").identical)
  }

  @Test func unifiedDiffWithContext() {
    let old = (1...20).map { "line \($0)" }
    var new = old
    new[4] = "line five"
    new.insert("inserted", at: 15)
    new.removeLast()
    let c = TextComparison(
      expected: old.joined(separator: "\n") + "\n", actual: new.joined(separator: "\n"),
      label: "case.displaylist.txt")
    #expect(!c.passed)
    #expect(c.removedLines == 2 && c.addedLines == 2)
    #expect(c.firstDifference == 5)
    #expect(
      c.summary
        == "differ: 2 lines removed, 2 added, first at line 5 (reference 20 lines, actual 20)")
    #expect(
      c.unifiedDiff == """
        --- case.displaylist.txt (reference)
        +++ case.displaylist.txt (actual)
        @@ -2,7 +2,7 @@
         line 2
         line 3
         line 4
        -line 5
        +line five
         line 6
         line 7
         line 8
        @@ -13,8 +13,8 @@
         line 13
         line 14
         line 15
        +inserted
         line 16
         line 17
         line 18
         line 19
        -line 20

        """)
  }

  @Test func insertionIntoAnEmptyText() {
    let c = TextComparison(expected: "", actual: "one\ntwo", label: "x")
    #expect(c.firstDifference == 1)
    #expect(c.unifiedDiff == "--- x (reference)\n+++ x (actual)\n@@ -0,0 +1,2 @@\n+one\n+two\n")
  }

  /// The edit script is minimal on small cases (checked against the LCS length) and always
  /// rebuilds both texts.
  @Test func editScriptsRebuildBothTextsMinimally() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<300 {
      let a = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
        Substring(["a", "b", "c"].randomElement(using: &generator)!)
      }
      let b = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
        Substring(["a", "b", "c"].randomElement(using: &generator)!)
      }
      let diff = LineDiff(old: a, new: b)
      var oldLines: [Substring] = []
      var newLines: [Substring] = []
      var changes = 0
      for edit in diff.edits {
        switch edit {
        case .same(let o, let n):
          #expect(a[o] == b[n])
          oldLines.append(a[o])
          newLines.append(b[n])
        case .removed(let o):
          oldLines.append(a[o])
          changes += 1
        case .added(let n):
          newLines.append(b[n])
          changes += 1
        }
      }
      #expect(oldLines == a && newLines == b)
      #expect(changes == a.count + b.count - 2 * Self.lcs(a, b), "\(a) → \(b)")
    }
  }

  @Test func hugeDifferencesFallBackToReplacingTheMiddle() {
    let a = (0..<3000).map { Substring("old \($0)") }
    let b = (0..<3000).map { Substring("new \($0)") }
    let diff = LineDiff(old: a, new: b)
    #expect(diff.edits.count == 6000)
    #expect(diff.edits.prefix(3000).allSatisfy { if case .removed = $0 { true } else { false } })
  }

  static func lcs(_ a: [Substring], _ b: [Substring]) -> Int {
    var row = [Int](repeating: 0, count: b.count + 1)
    for x in a {
      var previous = 0
      for j in 1...max(b.count, 1) where j <= b.count {
        let saved = row[j]
        row[j] = x == b[j - 1] ? previous + 1 : max(row[j], row[j - 1])
        previous = saved
      }
    }
    return row[b.count]
  }
}
