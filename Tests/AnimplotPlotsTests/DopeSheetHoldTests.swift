import AnimplotCore
import AnimplotPlots
import Testing

/// Hold bars and interpolation lines: Blender 3.4's `compute_keyblock_data` per curve, and the
/// agreement rule of rows that merge several curves.
@Suite("Dope Sheet holds")
struct DopeSheetHoldTests {
  /// The rows of an action holding `tracks`: Summary first, then the action, then the channels.
  func rows(_ tracks: [FCurve]) -> [DopeSheetRow] {
    DopeSheetLayout(action: Action(name: "A", tracks: tracks)).rows
  }

  /// The row of the single channel of `keys`.
  func channel(_ keys: [Keyframe]) -> DopeSheetRow { rows([track("location", 0, keys)])[2] }

  @Test("a Bézier segment between equal keys with flat handles is a static hold")
  func staticBezier() {
    let row = channel([key(1, 5), key(10, 5), key(20, 8)])
    #expect(row.holds == [HoldBlock(start: 1, end: 10, kind: .static, selected: false)])
    #expect(row.interpolationLines.isEmpty)
  }

  @Test("equal keys whose Bézier handles are not flat do not hold")
  func slopedHandle() {
    var first = key(1, 5, handles: (.free, .free))
    first.handleRight = CurvePoint(frame: 4, value: 6)
    #expect(channel([first, key(10, 5)]).holds.isEmpty)
  }

  @Test("a non-Bézier segment between equal keys holds unless it is elastic")
  func nonBezier() {
    let row = channel([
      key(1, 2, interpolation: .linear), key(5, 2, interpolation: .elastic),
      key(9, 2, interpolation: .constant), key(12, 2, interpolation: .bounce), key(15, 2),
    ])
    #expect(row.holds.map { [$0.start, $0.end] } == [[1, 5], [9, 12], [12, 15]])
    #expect(row.holds.allSatisfy { $0.kind == .static })
    #expect(
      row.interpolationLines == [
        InterpolationLine(start: 1, end: 5, mixed: false), InterpolationLine(start: 5, end: 9, mixed: false),
        InterpolationLine(start: 9, end: 12, mixed: false),
        InterpolationLine(start: 12, end: 15, mixed: false),
      ])
  }

  @Test("two movingHold keys make a moving hold; with equal values it is drawn static")
  func movingHold() {
    let moving = channel([key(1, 0), key(5, 1, type: .movingHold), key(9, 2, type: .movingHold), key(12, 3)])
    #expect(moving.holds == [HoldBlock(start: 5, end: 9, kind: .moving, selected: false)])
    let still = channel([key(1, 0), key(5, 1, type: .movingHold), key(9, 1, type: .movingHold), key(12, 3)])
    #expect(still.holds == [HoldBlock(start: 5, end: 9, kind: .static, selected: false)])
    let single = channel([key(1, 0), key(5, 1, type: .movingHold), key(9, 2), key(12, 3)])
    #expect(single.holds.isEmpty)
  }

  @Test("a hold is selected when a key at either end is")
  func selection() {
    let row = channel([key(1, 5), key(10, 5, selected: true), key(20, 5), key(30, 5)])
    #expect(row.holds.map(\.selected) == [true, true, false])
  }

  @Test("a merged row holds only where every curve holds")
  func agreement() {
    let tracks = [
      track("location", 0, [key(1, 5), key(10, 5), key(20, 5)]),
      track("location", 1, [key(1, 0), key(10, 0), key(20, 3)]),
    ]
    for row in rows(tracks).prefix(2) {
      #expect(row.holds == [HoldBlock(start: 1, end: 10, kind: .static, selected: false)], "\(row.kind)")
    }
  }

  @Test("a curve without a key span over a column cancels the row's hold there")
  func noSpanCancels() {
    let summary = rows([
      track("location", 0, [key(1, 5), key(20, 5)]), track("location", 1, [key(1, 0), key(10, 0)]),
    ])[0]
    #expect(summary.keys.map(\.frame) == [1, 10, 20])
    #expect(summary.holds == [HoldBlock(start: 1, end: 10, kind: .static, selected: false)])
  }

  @Test("a single-key curve cancels every hold of a merged row")
  func singleKeyCancels() {
    let summary = rows([track("location", 0, [key(1, 5), key(20, 5)]), track("location", 1, [key(10, 0)])])[0]
    #expect(summary.keys.map(\.frame) == [1, 10, 20])
    #expect(summary.holds.isEmpty)
  }

  @Test("a static hold and a moving hold over one span merge into a moving bar")
  func staticAndMoving() {
    let summary = rows([
      track("location", 0, [key(1, 5), key(10, 5)]),
      track("location", 1, [key(1, 0, type: .movingHold), key(10, 3, type: .movingHold)]),
    ])[0]
    #expect(summary.holds == [HoldBlock(start: 1, end: 10, kind: .moving, selected: false)])
  }

  @Test("an interpolation line is mixed where the row's curves disagree")
  func mixedLine() {
    let mixed = rows([
      track("location", 0, [key(1, 0, interpolation: .linear), key(10, 1)]),
      track("location", 1, [key(1, 0), key(10, 1)]),
    ])[0]
    #expect(mixed.interpolationLines == [InterpolationLine(start: 1, end: 10, mixed: true)])
    let agreed = rows([
      track("location", 0, [key(1, 0, interpolation: .linear), key(10, 1)]),
      track("location", 1, [key(1, 0, interpolation: .constant), key(10, 1)]),
    ])[0]
    #expect(agreed.interpolationLines == [InterpolationLine(start: 1, end: 10, mixed: false)])
  }
}
