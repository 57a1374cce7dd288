import AnimplotCore
import AnimplotEdit
import Testing

/// Behaviour of the editing layer that needs no oracle: identities, errors, history.
struct EditDocumentTests {
  static func curve(_ frames: [Float]) -> FCurve {
    var curve = FCurve(dataPath: "location", index: 0)
    curve.keyframes = Keyframes(frames.map { Keyframe(frame: $0, value: $0 / 10) })
    curve.recalculateHandles()
    return curve
  }

  @Test func keysKeepTheirIdentityWhenTheyPassEachOther() throws {
    var document = EditDocument(curves: [Self.curve([1, 5, 10])])
    let moved = document.curves[0].keyIDs[0]
    try document.apply(.select(keys: [0], part: .key, extend: false))
    try document.apply(.translate(frames: 6, value: 0, snap: EditorSettings().autoSnap))
    #expect(document.curves[0].keyframes.map(\.frame) == [5, 7, 10])
    #expect(document.location(of: moved)?.key == 1)
    #expect(document.curves[0].keyframes[1].selected)
  }

  @Test func aMergedKeyLosesItsIdentityAndTheMovedOneWins() throws {
    var document = EditDocument(curves: [Self.curve([1, 5, 10])])
    let ids = document.curves[0].keyIDs
    try document.apply(.select(keys: [0], part: .key, extend: false))
    try document.apply(.translate(frames: 4, value: 0, snap: AutoSnap.none))
    #expect(document.curves[0].keyIDs == [ids[0], ids[2]])
  }

  @Test func anOperationThatCannotApplyChangesNothing() {
    let document = EditDocument(curves: [Self.curve([1, 5])])
    var copy = document
    for operation in [EditOperation.select(keys: [7], part: .key, extend: false), .paste(offset: .start, merge: .mix, flipped: false)] {
      do {
        try copy.apply(operation)
        Issue.record("\(operation) applied")
      } catch {
        #expect(error is EditError)
      }
      #expect(copy == document)
    }
  }

  @Test func deletingEveryKeyRemovesTheCurve() throws {
    var document = EditDocument(curves: [Self.curve([1, 5])])
    try document.apply(.selectAll(.select))
    #expect(try document.apply(.delete) == .finished)
    #expect(document.curves.isEmpty)
    #expect(try document.apply(.delete) == .cancelled)
  }

  @Test func anEditThatOverflowsFloatsIsRefused() throws {
    let document = EditDocument(curves: [Self.curve([1, 5])])
    var copy = document
    try copy.apply(.selectAll(.select))
    let selected = copy
    try copy.apply(.translate(frames: 1e38, value: 0, snap: AutoSnap.none))
    let moved = copy
    do {
      try copy.apply(.translate(frames: 3e38, value: 0, snap: AutoSnap.none))
      Issue.record("a move to 6e38 applied")
    } catch {
      #expect("\(error)".contains("overflows 32-bit floats"))
    }
    #expect(copy == moved && copy != selected)
  }

  @Test func sampleRefusesARunOfMillionsOfFrames() throws {
    var curve = FCurve(dataPath: "location", index: 0)
    curve.keyframes = [Keyframe(frame: -1e7, value: 0), Keyframe(frame: 1e7, value: 1)]
    var document = EditDocument(curves: [curve])
    try document.apply(.selectAll(.select))
    #expect(throws: EditError.self) { _ = try document.applying(.sample) }
  }

  @Test func sampleCountsItsKeysOverEveryCurve() throws {
    // Four curves of 600,000 frames each: each alone is allowed, together they are not.
    let curves = (0..<4).map { i -> FCurve in
      var curve = FCurve(dataPath: "location", index: i)
      curve.keyframes = [Keyframe(frame: 0, value: 0), Keyframe(frame: 600_000, value: 1)]
      return curve
    }
    var document = EditDocument(curves: curves)
    try document.apply(.selectAll(.select))
    do {
      _ = try document.applying(.sample)
      Issue.record("sample added 2.4 million keys")
    } catch let error as EditError {
      #expect("\(error)".contains("in all"), "\(error)")
    }
  }

  @Test func sampleRecalculatesOnceAfterALongRunBetweenFewKeys() throws {
    // Two keys 200,000 frames apart: recalculating after each added key walks the growing curve
    // each time (hours at a million frames), so such a run is recalculated once at the end.
    #expect(!EditDocument.samplesOneByOne(adding: 199_999, to: 2))
    #expect(EditDocument.samplesOneByOne(adding: 100, to: 50))
    var curve = FCurve(dataPath: "location", index: 0)
    curve.keyframes = [Keyframe(frame: 0, value: 0), Keyframe(frame: 200_000, value: 1)]
    curve.recalculateHandles()
    var document = EditDocument(curves: [curve])
    try document.apply(.selectAll(.select))
    try document.apply(.sample)
    #expect(document.curves[0].keyframes.count == 200_001)
  }

  /// Blender adds a turn at a time; a key floats cannot bring within half a turn stays, and the
  /// filter ends.
  @Test func eulerFilterEndsOnKeysFarBeyondATurn() throws {
    var curve = FCurve(dataPath: "rotation_euler", index: 0)
    curve.keyframes = Keyframes([0, 1e30, -1e30, 50, 7].enumerated().map { Keyframe(frame: Float($0.offset), value: $0.element) })
    curve.selected = true
    var document = EditDocument(curves: [curve])
    try document.apply(.eulerFilter)
    let values = document.curves[0].keyframes.map(\.value)
    #expect(values[1] == 1e30 && values[2] == -1e30)
    #expect(abs(values[4] - 50) < Float.pi)
  }
}

/// Box select (`select_box`): points tested on their own, the modes, the handles drawn.
struct BoxSelectTests {
  static func document() -> EditDocument {
    EditDocument(curves: [EditDocumentTests.curve([1, 5, 10]), EditDocumentTests.curve([3, 8])])
  }

  static func flags(_ document: EditDocument) -> [[String]] {
    document.curves.map { curve in
      curve.keyframes.map { k in (k.selectedHandleLeft ? "L" : "") + (k.selected ? "K" : "") + (k.selectedHandleRight ? "R" : "") }
    }
  }

  @Test func setSelectsTheKeyPointsInsideAndClearsTheRest() throws {
    var document = Self.document()
    try document.apply(.selectAll(.select))
    // Frames 4...9 hold key 5 of the first curve and key 8 of the second; their handles lie
    // outside or are hidden (only selected keys' handles are drawn, and `set` cleared them).
    try document.apply(.selectBox(frames: 4...9, values: -10...10, mode: .set, includeHandles: true))
    #expect(Self.flags(document) == [["", "K", ""], ["", "K"]])
    #expect(document.curves.allSatisfy { $0.fcurve.selected })
  }

  @Test func addKeepsAndSubtractClears() throws {
    var document = Self.document()
    try document.apply(.selectBox(frames: 0...2, values: -10...10, mode: .set, includeHandles: true))
    try document.apply(.selectBox(frames: 9...11, values: -10...10, mode: .add, includeHandles: true))
    #expect(Self.flags(document) == [["K", "", "K"], ["", ""]])
    try document.apply(.selectBox(frames: 0...2, values: -10...10, mode: .subtract, includeHandles: true))
    #expect(Self.flags(document) == [["", "", "K"], ["", ""]])
  }

  @Test func handlesOfSelectedKeysAreTestedOnTheirOwn() throws {
    var document = Self.document()
    try document.apply(.select(keys: [1], part: .key, extend: false))
    let left = document.curves[0].keyframes[1].handleLeft
    // A box around the left handle of the selected key 5 only (ADD keeps that key's handles drawn).
    try document.apply(
      .selectBox(
        frames: (left.frame - 0.01)...(left.frame + 0.01), values: (left.value - 0.01)...(left.value + 0.01), mode: .add,
        includeHandles: true))
    #expect(Self.flags(document)[0] == ["", "LK", ""])
  }

  @Test func withoutHandlesAKeyPointSelectsTheWholeKey() throws {
    var document = Self.document()
    try document.apply(.selectBox(frames: 4...6, values: -10...10, mode: .set, includeHandles: false))
    #expect(Self.flags(document) == [["", "LKR", ""], ["", ""]])
    #expect(document.curves[0].fcurve.selected)
  }

  @Test func aHiddenCurveIsNotTouched() throws {
    var hidden = EditDocumentTests.curve([3, 8])
    hidden.hidden = true
    var document = EditDocument(curves: [EditDocumentTests.curve([1, 5, 10]), hidden])
    try document.apply(.selectBox(frames: 0...20, values: -10...10, mode: .set, includeHandles: true))
    #expect(Self.flags(document) == [["K", "K", "K"], ["", ""]])
  }
}
