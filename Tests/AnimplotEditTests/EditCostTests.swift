import AnimplotCore
import AnimplotEdit
import Foundation
import Testing

/// What an operation will cost, told before it runs (`EditDocument.cost(of:)`): the keys it
/// may add bound the keys it adds, and the work that grows faster than the keys (decimate's
/// search, samples inserted before many keys, key numbers looked for on every curve, snapping
/// to markers) is counted, so that a budget of it bounds the time.
struct EditCostTests {
  /// Curves of `counts` keys, a frame apart, every key selected.
  static func document(_ counts: [Int], markers: Int = 0) -> EditDocument {
    let curves = counts.enumerated().map { n, count in
      var curve = EditDocumentTests.curve((0..<count).map { Float($0) })
      curve.index = n
      return curve
    }
    var scene = EditScene()
    scene.markers = (0..<markers).map { Marker(frame: Double($0) * 3, name: "m\($0)", selected: $0 == 0) }
    var document = EditDocument(curves: curves, scene: scene)
    try! document.apply(.selectAll(.select))
    return document
  }

  /// Every operation of the vocabulary, on a document it can act on.
  static let operations: [EditOperation] = [
    .select(keys: [1, 2], part: .key, extend: false), .selectInChannel(address: "location[1]", keys: nil, part: .all, extend: true),
    .selectAll(.invert), .selectAll(.select), .selectBox(frames: 0...5, values: -1...1, mode: .add, includeHandles: true),
    .translate(frames: 0.3, value: 1, snap: AutoSnap.none), .scale(x: 1.5, y: 1, pivot: .cursor, snap: .marker),
    .duplicateMove(frames: 0.25, value: 0, snap: AutoSnap.none), .insertClick(frame: 40.5, value: 1, extend: false),
    .insertAPI(frame: 41.5, value: 2, options: [], keyframeType: .keyframe), .insertKeyframe(.all), .selectAll(.select),
    .interpolation(.linear), .easing(.easeIn), .handleType(.auto), .snap(.nearestMarker), .mirror(.marker),
    .equalizeHandles(side: .both, length: 1, flatten: false), .smooth, .eulerFilter, .extrapolation(.makeCyclic),
    .breakdown(factor: 0.3), .blendToNeighbor(factor: 0.7), .blendToDefault(factor: 0.2), .copy,
    .paste(offset: .none, merge: .mix, flipped: false), .selectAll(.select), .sample, .decimate(.ratio(0.5)),
    .clean(threshold: 0.001, channels: false), .copy, .mirror(.yAxis), .paste(offset: .relative, merge: .overRange, flipped: false),
    .selectAll(.select), .duplicateMove(frames: 0.5, value: 0, snap: .frame), .delete,
  ]

  @Test func theKeysAnOperationAddsAreToldBeforeItRuns() throws {
    var document = Self.document([30, 12, 1], markers: 4)
    for operation in Self.operations {
      let cost = document.cost(of: operation)
      let before = document.keyCount
      try document.apply(operation)
      #expect(document.keyCount <= before + cost.addedKeys, "\(operation.scriptName) added more keys than it told")
      #expect(cost.work >= before + document.curves.count, "\(operation.scriptName)")
    }
  }

  @Test func workBeyondOneVisitOfEachKeyIsCounted() {
    let steps = EditCost.stepsPerVisit
    let base = 2000 + 1 + 1
    let document = Self.document([2000])
    #expect(document.cost(of: .smooth) == EditCost(work: base, addedKeys: 0))
    // Decimate: the square of each run of selected keys, for its search (its refits are
    // counted as it runs).
    #expect(
      document.cost(of: .decimate(.ratio(0.5))).work
        == base + 2000 * 2000 / steps)
    // Key numbers are looked for on every curve.
    let three = Self.document([10, 10, 10])
    #expect(three.cost(of: .select(keys: Array(0..<10), part: .key, extend: false)).work == 30 + 3 + 1 + 10 * 3)
    // Snapping to markers: each key looks at every marker.
    let marked = Self.document([100], markers: 50)
    #expect(marked.cost(of: .snap(.nearestMarker)).work == 102 + 100 * 50)
    // A transform counts each key three times; a duplicate its copies too.
    #expect(marked.cost(of: .translate(frames: 1, value: 0, snap: .marker)).work == 102 + 200 + 100 * 50)
    #expect(marked.cost(of: .translate(frames: 1, value: 0, snap: .frame)).work == 102 + 200)
    #expect(marked.cost(of: .duplicateMove(frames: 1, value: 0, snap: .frame)) == EditCost(work: 102 + 100 + 2 * 200, addedKeys: 100))
  }

  /// Curve of `n` keys a frame apart of `shape`, every key selected: flat, a line, noise, a
  /// sine with noise, or a zigzag of Bézier keys (0, 1, 0, 1 …, flat handles at every key).
  static func decimatable(_ shape: String, keys n: Int) throws -> EditDocument {
    var curve = FCurve(dataPath: "location", index: 0)
    curve.keyframes = Keyframes((0..<n).map { i in
      let noise = Float(i * 7919 % 1009) / 1009
      let value: Float =
        switch shape {
        case "flat": 0
        case "line": Float(i) / 2
        case "zigzag": Float(i % 2)
        case "sine": Float(sin(Double(i) / 30)) + noise / 20
        default: noise
        }
      var key = Keyframe(frame: Float(i), value: value)
      key.interpolation = shape == "zigzag" || shape == "sine" ? .bezier : .linear
      return key
    })
    curve.recalculateHandles()
    var document = EditDocument(curves: [curve])
    try document.apply(.selectAll(.select))
    return document
  }

  /// Decimate's search is told before it runs (run² / 64, each removal looks at every key of
  /// the run); its refits, from a few keys each on noise to the whole stretch removed so far on
  /// a zigzag of Bézier keys (every removal as cheap as any other, the first goes), are counted
  /// as it runs, in the same visits, and the document's counted work is every key and curve
  /// once with both.
  @Test(arguments: ["flat", "line", "noise", "zigzag"])
  func decimateToldItsSearchAndCountsItsRefits(shape: String) throws {
    let n = 1000
    var document = try Self.decimatable(shape, keys: n)
    let told = document.cost(of: .decimate(.ratio(1))).work
    #expect(told == n + 2 + n * n / EditCost.stepsPerVisit)
    var counted = 0
    try document.apply(.decimate(.ratio(1)), work: &counted)
    #expect(document.keyCount == 2)
    // Every key but the ends removed, each after a search of the run; and the refits.
    #expect(counted >= n + 2 + (n - 2) * n / EditCost.stepsPerVisit + (n - 2) * EditCost.refitVisits)
  }

  /// A zigzag of Bézier keys refits about run² / 2 keys, 2 × run² visits (told run² × 4 / 15
  /// visits, the most a flat curve's refits span, 8,410 keys were allowed and ran past a minute): counted as it runs,
  /// it stops once past `workBudget`, naming the operation, and the document is as it was.
  @Test func aZigzagStopsPastItsWorkBudget() throws {
    let n = 1000
    let document = try Self.decimatable("zigzag", keys: n)
    var full = document
    var done = 0
    try full.apply(.decimate(.ratio(1)), work: &done)
    #expect(done > n * n)
    var bounded = document
    bounded.workBudget = done / 10
    let before = bounded
    var stopped = 0
    #expect {
      try bounded.apply(.decimate(.ratio(1)), work: &stopped)
    } throws: { error in
      let message = (error as? EditError)?.message ?? ""
      return message.hasPrefix("decimate: stopped at location[0] after ") && message.hasSuffix("select fewer keys or decimate in parts")
    }
    #expect(bounded == before)
    #expect(stopped == 0)
  }

  /// A large ordinary decimate is allowed: 10,000 keys of a sine with noise is told 1.6
  /// million visits and does 1.0 million, within one run's 20 million (`Limits.editWork`;
  /// told its refits as a flat curve's, run² × 4 / 15, it was refused at 28 million; as a
  /// zigzag's, 2 × run² keys, at 800 million).
  @Test func aLargeDecimateOfASineWithNoiseIsWithinOneRun() throws {
    let n = 10_000
    let editWork = 20_000_000
    var document = try Self.decimatable("sine", keys: n)
    #expect(document.cost(of: .decimate(.ratio(0.5))).work <= editWork)
    document.workBudget = editWork
    var done = 0
    try document.apply(.decimate(.ratio(0.5)), work: &done)
    #expect(done <= editWork)
    #expect(document.keyCount < n * 6 / 10)
  }

  /// `sample`: the keys it adds, each moving the keys after it aside.
  @Test func sampleCountsTheKeysAfterItsRuns() throws {
    var curve = EditDocumentTests.curve([0, 20_000] + (0..<1000).map { Float(20_001 + $0) })
    curve.index = 0
    var document = EditDocument(curves: [curve])
    try document.apply(.select(keys: [0, 1], part: .key, extend: false))
    let cost = document.cost(of: .sample)
    #expect(cost.addedKeys == 19_999)
    #expect(cost.work == 1002 + 1 + 1 + 19_999 + 19_999 * 1000 / EditCost.stepsPerVisit)
    try document.apply(.sample)
    #expect(document.keyCount == 1002 + 19_999)
  }

  /// Runs short enough that `sample` recalculates the curve after each key it adds, as
  /// Blender does: each such key walks the whole curve, however many runs there are.
  @Test func sampleCountsACurveRecalculatedAfterEachKey() throws {
    var curve = EditDocumentTests.curve((0..<3000).map { Float($0 * 10) })
    curve.index = 0
    var document = EditDocument(curves: [curve])
    // A thousand runs of two keys, each adding 9.
    try document.apply(.select(keys: (0..<1000).flatMap { [$0 * 3, $0 * 3 + 1] }, part: .key, extend: false))
    let cost = document.cost(of: .sample)
    #expect(cost.addedKeys == 9000)
    #expect(cost.work > 1000 * 9 * 3000)
  }

  /// `sample` fills from a selected key to the next selected key across unselected keys
  /// between (as Blender), so the keys it may add are counted over the same runs
  /// (`sampleRuns`), gaps in the selection and lone selected keys included. A sample on the
  /// frame of a key replaces it: fewer keys are added than told.
  @Test(arguments: [
    // A selected key, an unselected one, a selected one 1000 frames on: 999 samples (the one
    // at frame 1 replaces the unselected key).
    ([0, 1, 1000], [0, 2], 999, 998),
    // One run from 0 to 20.5 across an unselected key (20 samples, the one at 10 replacing
    // that key), then a lone selected key that starts no run. Counting only adjacent
    // selected keys told 10.
    ([0, 1.5, 10, 20.5, 30, 40], [0, 2, 3, 5], 20, 19),
    // The run from 0 to 10 replaces the keys at 1 and 2: Blender then looks past two keys
    // after the run, and the selected keys at 20 and 30 make no run.
    ([0, 1, 2, 10, 11, 20, 30], [0, 2, 3, 5, 6], 9, 7),
  ] as [([Float], [Int], Int, Int)])
  func sampleCountsRunsAcrossUnselectedKeys(frames: [Float], selected: [Int], told: Int, added: Int) throws {
    var curve = EditDocumentTests.curve(frames)
    curve.index = 0
    var document = EditDocument(curves: [curve])
    try document.apply(.select(keys: selected, part: .key, extend: false))
    #expect(document.cost(of: .sample).addedKeys == told)
    try document.apply(.sample)
    #expect(document.keyCount == frames.count + added)
  }

  /// `sample` weighs the modifier work of all its runs together before adding any key: two
  /// runs of 9 samples each within the budget alone, not together.
  @Test func sampleWeighsEveryRunTogether() throws {
    var curve = EditDocumentTests.curve([0, 10, 20, 30, 40])
    curve.blender = .v5_0
    curve.modifiers = [Modifier(.noise(NoiseModifier(depth: 32767, lacunarity: 1.0001, useLegacyNoise: false)))]
    let perEvaluation = curve.modifierSteps
    var document = EditDocument(curves: [curve])
    // Runs 0–10 and 30–40.
    try document.apply(.select(keys: [0, 1, 3, 4], part: .key, extend: false))
    document.modifierStepBudget = 9 * perEvaluation * 3 / 2
    let before = document
    #expect(document.modifierWork(of: .sample).map(\.1) == [18])
    #expect(throws: EditError.self) { try document.apply(.sample) }
    #expect(document == before)
    document.modifierStepBudget = 18 * perEvaluation
    try document.apply(.sample)
    #expect(document.keyCount == 5 + 18)
  }

  /// The runs are looked for no further than `sample` would go: with two curves of 600,000
  /// frames each the second passes the most `sample` adds, and it is refused before any key.
  @Test func sampleRunsStopPastTheMostSampleAdds() throws {
    let curves = (0..<2).map { n -> FCurve in
      var curve = EditDocumentTests.curve([0, 600_000])
      curve.index = n
      return curve
    }
    var document = EditDocument(curves: curves)
    try document.apply(.selectAll(.select))
    #expect(document.cost(of: .sample).addedKeys == EditDocument.maximumSamples + 1)
    #expect(document.modifierWork(of: .sample).map(\.1) == [599_999, 599_999])
    #expect(throws: EditError("sample: location[1] would get a key on each of 600000 frames after 599999 keys added to other runs (at most 1000000 in all)")) {
      try document.apply(.sample)
    }
  }
}
