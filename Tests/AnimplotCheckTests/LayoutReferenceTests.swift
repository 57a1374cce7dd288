import AnimplotCheck
import AnimplotGolden
import Foundation
import Testing

/// Layout references in the old form (one row per line) still match; differences show per member.
@Suite struct LayoutReferenceTests {
  static let old = """
    {"rows": [
      {"name": "Summary", "kind": "summary", "depth": 0, "keys": [{"frame": 1, "type": "keyframe", "selected": false, "shape": "autoClamped"}], "holds": [], "interpolationLines": []}
    ]}

    """

  static func compare(_ expected: String, _ actual: String) throws -> ReferenceComparison {
    try ReferenceComparison.compare(
      kind: .layoutJSON, expected: Array(expected.utf8), actual: Array(actual.utf8), options: .exact,
      label: "ball.layout.json", rasterizer: nil)
  }

  @Test func oldFormMatchesTheNewOne() throws {
    let new = try #require(prettyLayout(Self.old))
    let comparison = try Self.compare(Self.old, new)
    #expect(comparison.passed)
    #expect(
      comparison.summary
        == "match: identical text (19 lines); the reference is laid out one row per line, as before; --record all rewrites it one member per line"
    )
    #expect(try Self.compare(new, new).summary == "match: identical file")
  }

  @Test("a changed key is one changed line, whichever form the reference has")
  func changedKeyIsOneLine() throws {
    let changed = try #require(prettyLayout(Self.old.replacingOccurrences(of: "\"frame\": 1,", with: "\"frame\": 2,")))
    for reference in [Self.old, try #require(prettyLayout(Self.old))] {
      guard case .text(let text) = try Self.compare(reference, changed) else {
        Issue.record("not a text comparison")
        continue
      }
      #expect(!text.passed && text.removedLines == 1 && text.addedLines == 1)
      #expect(text.unifiedDiff.contains("\n-          \"frame\": 1,\n+          \"frame\": 2,\n"))
    }
    // Not JSON: compared as it is.
    guard case .text(let raw) = try Self.compare("not json\n", "not json\n!") else { return }
    #expect(raw.addedLines == 1 && raw.note == nil)
  }

  /// The one-member-per-line form, as python3 -m json.tool writes it.
  func prettyLayout(_ text: String) -> String? { Self.prettyLayout(text) }

  static func prettyLayout(_ text: String) -> String? {
    guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) else { return nil }
    _ = object
    // Foundation's pretty printer differs (" : "); this is the layout of json.tool, by hand.
    var out = ""
    var depth = 0
    var inString = false
    var escaped = false
    var justOpened = false
    for c in text {
      if inString {
        out.append(c)
        if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
        continue
      }
      switch c {
      case " ", "\n": continue
      case "{", "[":
        if justOpened { out += "\n" + String(repeating: "  ", count: depth) }
        out.append(c)
        depth += 1
        justOpened = true
        continue
      case "}", "]":
        depth -= 1
        if !justOpened { out += "\n" + String(repeating: "  ", count: depth) }
        out.append(c)
      case ",": out += ",\n" + String(repeating: "  ", count: depth)
      case ":": out += ": "
      default:
        if justOpened { out += "\n" + String(repeating: "  ", count: depth) }
        if c == "\"" { inString = true }
        out.append(c)
      }
      justOpened = false
    }
    return out + "\n"
  }
}
