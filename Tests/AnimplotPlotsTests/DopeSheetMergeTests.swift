import AnimplotCore
import AnimplotPlots
import Testing

/// How keys of several curves merge into the columns of one row (Blender's keylist).
@Suite("Dope Sheet key columns")
struct DopeSheetMergeTests {
  /// The Summary row of an action holding `tracks`.
  func summary(_ tracks: [FCurve]) -> DopeSheetRow {
    DopeSheetLayout(action: Action(name: "A", tracks: tracks)).rows[0]
  }

  @Test("keys within 0.01 frames share a column at the first key's frame")
  func threshold() {
    let row = summary([
      track("location", 0, [key(1), key(10), key(20)]),
      track("location", 1, [key(1.005), key(10.008), key(20.02)]),
    ])
    #expect(row.keys.map(\.frame) == [1, 10, 20, 20.02])
  }

  /// Blender (3.4 and later) walks the columns from the left and stops at the last one not after
  /// the key, so a key just before a column it reaches from the left gets a column of its own.
  @Test("a key just before a column, reached from the left, gets its own column as in Blender")
  func thresholdWalk() {
    #expect(
      summary([track("location", 0, [key(1), key(10)]), track("location", 1, [key(9.995)])]).keys.map(\.frame)
        == [1, 9.995, 10])
    #expect(
      summary([track("location", 0, [key(10)]), track("location", 1, [key(9.995)])]).keys.map(\.frame) == [10]
    )
  }

  @Test("keys of one curve closer than 0.01 frames merge too")
  func sameCurve() {
    let row = summary([track("location", 0, [key(5), key(5.004), key(8)])])
    #expect(row.keys.map(\.frame) == [5, 8])
  }

  @Test("a column is a keyframe if any key is, else the first key's type")
  func keyTypePriority() {
    let row = summary([
      track("location", 0, [key(1, type: .breakdown), key(2, type: .extreme), key(3, type: .jitter)]),
      track("location", 1, [key(1, type: .keyframe), key(2, type: .breakdown), key(3, type: .movingHold)]),
    ])
    #expect(row.keys.map(\.type) == [.keyframe, .extreme, .jitter])
  }

  @Test("a key's shape comes from its two handle types as in bezt_handle_type")
  func shapeOfOneKey() {
    let cases: [(HandleType, HandleType, KeyShape)] = [
      (.autoClamped, .autoClamped, .autoClamped), (.auto, .auto, .auto), (.auto, .autoClamped, .auto),
      (.vector, .vector, .vector), (.free, .free, .free), (.aligned, .free, .free),
      (.vector, .free, .free), (.aligned, .aligned, .aligned), (.vector, .autoClamped, .aligned),
      (.aligned, .vector, .aligned),
    ]
    for (left, right, shape) in cases {
      #expect(KeyShape(left: left, right: right) == shape, "\(left) / \(right)")
    }
  }

  @Test("a column takes the highest-priority shape: free, aligned, vector, auto, autoClamped")
  func shapePriority() {
    let row = summary([
      track(
        "location", 0, [key(1), key(2, handles: (.vector, .vector)), key(3, handles: (.auto, .auto)), key(4)]),
      track(
        "location", 1,
        [
          key(1, handles: (.auto, .auto)), key(2, handles: (.free, .free)),
          key(3, handles: (.aligned, .aligned)), key(4, handles: (.vector, .vector)),
        ]),
    ])
    #expect(row.keys.map(\.shape) == [.auto, .free, .aligned, .vector])
  }

  @Test("a column is selected if any key's point or handle is")
  func selection() {
    var handleOnly = key(3)
    handleOnly.selectedHandleRight = true
    let row = summary([
      track("location", 0, [key(1), key(2, selected: true), key(3), key(4)]),
      track("location", 1, [key(1), key(2), handleOnly]),
    ])
    #expect(row.keys.map(\.selected) == [false, true, true, false])
  }

  @Test("columns come out in frame order whatever the curves' order")
  func order() {
    let row = summary([
      track("location", 0, [key(30), key(40)]),
      track("location", 1, [key(10), key(35), key(50)]),
      track("location", 2, [key(20)]),
    ])
    #expect(row.keys.map(\.frame) == [10, 20, 30, 35, 40, 50])
  }
}
