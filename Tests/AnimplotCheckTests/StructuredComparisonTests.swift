import AnimplotCairo
import AnimplotCanvas
import AnimplotCheck
import AnimplotGolden
import Testing

/// Layout and action-file differences said by row and key (`JSONChanges`), and animations
/// compared frame by frame (`AnimationComparison`).
@Suite struct StructuredComparisonTests {
  static let layout = """
    {"rows": [
      {"name": "Summary", "kind": "summary", "keys": [{"frame": 1}, {"frame": 40}]},
      {"name": "X Location", "kind": "channel", "dataPath": "location", "index": 0,
       "keys": [{"frame": 1, "type": "keyframe"}, {"frame": 40, "type": "keyframe"}]},
      {"name": "Y Location", "kind": "channel", "dataPath": "location", "index": 1,
       "keys": [{"frame": 1, "type": "keyframe"}]}
    ], "view": {"frames": [-4.32, 40]}}
    """

  @Test func aMovedKeyIsNamedByItsRowAndFrames() throws {
    let moved = Self.layout.replacingOccurrences(of: #"{"frame": 40, "type": "keyframe"}"#, with: #"{"frame": 40.5, "type": "keyframe"}"#)
      .replacingOccurrences(of: #"{"frame": 40}"#, with: #"{"frame": 40.5}"#)
    let changes = try #require(JSONChanges(expected: Self.layout, actual: moved))
    #expect(
      changes.lines == [
        "row 'Summary' (summary): key at frame 40 → 40.5",
        "row 'X Location' (location[0]): key at frame 40 → 40.5",
      ])
    // The summary names the channel's row, not the summary row that moves with it.
    #expect(changes.lead == "row 'X Location' (location[0]): key at frame 40 → 40.5")
    let comparison = try ReferenceComparison.compare(
      kind: .layoutJSON, expected: Array(Self.layout.utf8), actual: Array(moved.utf8), options: .exact,
      label: "ball.layout.json", rasterizer: nil)
    #expect(comparison.summary == "differ: row 'X Location' (location[0]): key at frame 40 → 40.5 (and 1 more change); the reference is laid out one row per line, as before; --record all rewrites it one member per line")
  }

  @Test func keysAddedRemovedChangedAndOtherMembers() throws {
    let changed = Self.layout
      .replacingOccurrences(of: #"{"frame": 1, "type": "keyframe"}, {"frame": 40, "type": "keyframe"}"#,
        with: #"{"frame": 1, "type": "breakdown"}, {"frame": 40, "type": "keyframe"}, {"frame": 50, "type": "keyframe"}"#)
      .replacingOccurrences(of: #""keys": [{"frame": 1, "type": "keyframe"}]}"#, with: #""keys": []}"#)
      .replacingOccurrences(of: "-4.32", with: "-4.5")
    let changes = try #require(JSONChanges(expected: Self.layout, actual: changed))
    #expect(
      changes.lines == [
        "row 'X Location' (location[0]): key at frame 1: type 'keyframe' → 'breakdown'",
        "row 'X Location' (location[0]): key added at frame 50",
        "row 'Y Location' (location[1]): keys: 1 elements → 0",
        "view.frames[0]: -4.32 → -4.5",
      ])
    #expect(changes.lead == "row 'X Location' (location[0]): key added at frame 50")
  }

  @Test func rowsAddedAndRemovedAndNotJSON() throws {
    let other = Self.layout.replacingOccurrences(of: "Y Location", with: "Z Location")
      .replacingOccurrences(of: #""index": 1"#, with: #""index": 2"#)
    let changes = try #require(JSONChanges(expected: Self.layout, actual: other))
    #expect(changes.lines == ["row 'Y Location' (location[1]): removed", "row 'Z Location' (location[2]): added"])
    #expect(JSONChanges(expected: Self.layout, actual: "{") == nil)
  }

  /// Four frames of a square moving right; `moved` frames from `from` on shifted down a pixel.
  static func animation(shiftingFrom from: Int? = nil, count: Int = 4) throws -> [UInt8] {
    try CairoAnimation(
      width: 40, height: 20, count: count, still: { $0.fill(.rect(Rect(x: 0, y: 0, width: 40, height: 20)), color: .white) },
      frame: { i, canvas in
        let y = from.map { i >= $0 ? 6.0 : 5.0 } ?? 5
        canvas.fill(.rect(Rect(x: Double(4 + 8 * i), y: y, width: 6, height: 6)), color: .black)
      }
    ).apng(delays: Array(repeating: 0.1, count: count), plays: 0)
  }

  @Test func animationsAreComparedFrameByFrame() throws {
    let reference = try Self.animation()
    let same = try AnimationComparison(expected: reference, actual: reference, options: .exact, ignoring: IgnoredPixels(), label: "a.apng")
    #expect(same.passed && same.summary == "match: 4 frames within the budgets")
    let later = try AnimationComparison(
      expected: reference, actual: try Self.animation(shiftingFrom: 2), options: .exact, ignoring: IgnoredPixels(), label: "a.apng")
    #expect(!later.passed)
    #expect(later.first?.index == 2)
    #expect(later.differingFrames == 2)
    #expect(later.summary.hasPrefix("differ: 2 of 4 frames differ, first frame 3: differ: 12 pixels"), "\(later.summary)")
    let longer = try AnimationComparison(
      expected: reference, actual: try Self.animation(count: 5), options: .exact, ignoring: IgnoredPixels(), label: "a.apng")
    #expect(longer.summary == "differ: 5 frames, the reference has 4")
    #expect(throws: ReferenceComparisonError.self) {
      try AnimationComparison(expected: [1, 2, 3], actual: reference, options: .exact, ignoring: IgnoredPixels(), label: "a.apng")
    }
  }
}
