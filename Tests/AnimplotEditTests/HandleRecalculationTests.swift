import AnimplotCore
import AnimplotEdit
import Testing

/// When and in which order an operator recalculates aligned handles, to the last bit (numbers
/// measured with Blender 3.4.1's Graph Editor).
struct HandleRecalculationTests {
  static func key(
    _ frame: Float, _ value: Float, _ left: CurvePoint, _ right: CurvePoint, _ types: (HandleType, HandleType)
  ) -> Keyframe {
    var key = Keyframe(frame: frame, value: value)
    key.handleLeft = left
    key.handleRight = right
    key.handleLeftType = types.0
    key.handleRightType = types.1
    return key
  }

  /// A settled curve: an auto-clamped key, a vector key and an aligned key.
  static var threeKeys: FCurve {
    var curve = FCurve(dataPath: "location", index: 0)
    curve.extrapolation = .linear
    curve.keyframes = [
      key(1, -2.141, CurvePoint(frame: -1.6666667, value: -4.3203335), CurvePoint(frame: 3.6666667, value: 0.038333654), (.autoClamped, .autoClamped)),
      key(9, 4.3970003, CurvePoint(frame: 6.333333, value: 2.2176669), CurvePoint(frame: 11.666667, value: -2.545402), (.vector, .vector)),
      key(17, -1.7, CurvePoint(frame: 13.410001, value: -7.0839996), CurvePoint(frame: 19.591183, value: 2.186053), (.aligned, .aligned)),
    ]
    return curve
  }

  @Test func aMovedLoneHandleTurnsItsKeyAlignedBeforeItMoves() throws {
    // The key's auto sides turn aligned and its handles are recalculated once before the
    // handle moves: the other handle lines up with where the dragged one was, then with where
    // it is. Aligned to the moved handle only, the left one would be one unit in the last
    // place off (0.24587482, -5.501343), and the moved one would turn with it.
    var document = EditDocument(curves: [Self.threeKeys])
    try document.apply(.select(keys: [0], part: .right, extend: false))
    try document.apply(.translate(frames: -1.63, value: 2.44, snap: AutoSnap.none))
    let key = document.curves[0].keyframes[0]
    #expect(key.handleLeftType == .aligned && key.handleRightType == .aligned)
    #expect(key.handleLeft == CurvePoint(frame: 0.24587488, value: -5.5013423))
    #expect(key.handleRight == CurvePoint(frame: 2.0366669, value: 2.4783337))
  }

  @Test func aTransformWithNothingSelectedChangesNothing() throws {
    // Blender cancels it without recalculating: a vector and an aligned side next to each
    // other keep their last bit.
    var curve = Self.threeKeys
    curve.keyframes[2].handleLeftType = .vector
    curve.keyframes[2].handleLeft = CurvePoint(frame: 12.0, value: -0.9315002)
    curve.keyframes[2].handleRight = CurvePoint(frame: 20.466671, value: -26.886078)
    var document = EditDocument(curves: [curve])
    let before = document
    #expect(try document.apply(.scale(x: -1, y: 2, pivot: .cursor, snap: AutoSnap.none)) == .cancelled)
    #expect(document.curves == before.curves)
  }

  @Test func aScaledKeysHandlesFollowTheLeftOneWhileTheTransformRuns() throws {
    // A selected key's handles are both transformed: during the transform the right handle
    // lines up with the left one (whatever is selected), so with the key snapped to a whole
    // frame and its handles not, the right handle turns.
    var curve = FCurve(dataPath: "location", index: 0)
    curve.extrapolation = .linear
    curve.autoSmoothing = .none
    curve.keyframes = [
      Self.key(21, -2.92, CurvePoint(frame: 16.315062, value: -6.3526936), CurvePoint(frame: 22.171234, value: -2.0618267), (.free, .free)),
      Self.key(24, 2.46, CurvePoint(frame: 20.264961, value: 7.3652606), CurvePoint(frame: 26.164, value: -0.38199997), (.aligned, .aligned)),
      Self.key(28, -1.695, CurvePoint(frame: 26.666666, value: -0.30999994), CurvePoint(frame: 29.333334, value: -3.0800002), (.free, .free)),
    ]
    var scene = EditScene()
    scene.currentFrame = 21
    scene.cursorValue = -0.78
    var document = EditDocument(curves: [curve], scene: scene)
    try document.apply(.select(keys: [1], part: .key, extend: false))
    try document.apply(.scale(x: 0.5, y: -1, pivot: .cursor, snap: .frame))
    let key = document.curves[0].keyframes[1]
    #expect(key.point == CurvePoint(frame: 23, value: -4.02))
    #expect(key.handleLeft == CurvePoint(frame: 20.632479, value: -8.925261))
    #expect(key.handleRight == CurvePoint(frame: 24.260967, value: -1.4074051))
  }

  @Test func insertingNothingStillRecalculatesTheCurve() throws {
    // "Only insert needed" inserts nothing inside the keys' range; the operator still updates
    // the curve, and an aligned handle takes its recalculated last bit.
    var curve = FCurve(dataPath: "location", index: 0)
    curve.autoSmoothing = .none
    curve.keyframes = [
      Self.key(1.56, -0.81600004, CurvePoint(frame: -1.7975392, value: -0.81600004), CurvePoint(frame: 4.917539, value: -0.81600004), (.autoClamped, .autoClamped)),
      Self.key(16.46, -2.529, CurvePoint(frame: 12.034304, value: -3.705537), CurvePoint(frame: 19.695, value: -1.6690001), (.aligned, .aligned)),
      Self.key(33.26, -2.473, CurvePoint(frame: 31.13, value: -3.785), CurvePoint(frame: 35.769, value: -0.928), (.free, .free)),
    ]
    curve.keyframes[0].interpolation = .linear
    curve.selected = true
    var scene = EditScene()
    scene.currentFrame = 33
    scene.onlyInsertNeeded = true
    var document = EditDocument(curves: [curve], scene: scene)
    try document.apply(.insertKeyframe(.selected))
    #expect(document.curves[0].keyframes.count == 3)
    #expect(document.curves[0].keyframes[1].handleLeft == CurvePoint(frame: 12.034304, value: -3.7055368))
  }

  @Test func equalizedHandlesTakeTheLengthInOneMultiplication() throws {
    // Each handle is its offset times (length / offset length); the aligned key is then
    // recalculated once.
    var curve = FCurve(dataPath: "location", index: 0)
    curve.keyframes = [
      Self.key(1, -0.292, CurvePoint(frame: -0.69475806, value: 2.1241963), CurvePoint(frame: 3.725, value: -4.1769996), (.aligned, .aligned)),
      Self.key(6, -1.9, CurvePoint(frame: 4.343, value: -2.019), CurvePoint(frame: 6.932, value: -0.776), (.free, .free)),
    ]
    var document = EditDocument(curves: [curve])
    try document.apply(.select(keys: [0, 1], part: .key, extend: false))
    try document.apply(.equalizeHandles(side: .both, length: 4.9, flatten: false))
    let keys = document.curves[0].keyframes
    #expect(keys[0].handleLeft == CurvePoint(frame: -1.8137763, value: 3.7195666))
    #expect(keys[0].handleRight == CurvePoint(frame: 3.813776, value: -4.303566))
    #expect(keys[1].handleLeft == CurvePoint(frame: 1.1125875, value: -2.2509973))
    #expect(keys[1].handleRight == CurvePoint(frame: 9.127652, value: 1.8719748))
  }

  @Test func aMirrorRecalculatesHandlesBeforeSortingTheKeys() throws {
    // Mirrored over frame 4, the key at 11 lands on -3, before the key at 3. Its handles are
    // first recalculated where it lies in the array (between the keys at 3 and 14), then
    // after sorting: its aligned right handle keeps the length it got the first time.
    var curve = FCurve(dataPath: "location", index: 0)
    curve.extrapolation = .linear
    curve.autoSmoothing = .none
    curve.keyframes = [
      Self.key(3, 3.656, CurvePoint(frame: -1.3469691, value: 3.2806425), CurvePoint(frame: 6.1499996, value: 3.928), (.aligned, .aligned)),
      Self.key(11, -4.686, CurvePoint(frame: 7.016789, value: -4.686), CurvePoint(frame: 12.171234, value: -4.686), (.aligned, .autoClamped)),
      Self.key(14, 2.842, CurvePoint(frame: 12.828766, value: -0.097017765), CurvePoint(frame: 21.152, value: -31.231), (.autoClamped, .free)),
    ]
    var scene = EditScene()
    scene.currentFrame = 4
    var document = EditDocument(curves: [curve], scene: scene)
    try document.apply(.select(keys: [1], part: .all, extend: false))
    try document.apply(.mirror(.currentFrame))
    let keys = document.curves[0].keyframes
    #expect(keys.map(\.frame) == [-3, 3, 14])
    #expect(keys[0].handleLeft == CurvePoint(frame: -5.342469, value: -7.9428124))
    #expect(keys[0].handleRight == CurvePoint(frame: -1.6322212, value: -2.7843318))
    #expect(keys[1].handleLeft == CurvePoint(frame: -1.3469687, value: 3.2806425))
    #expect(keys[2].handleLeft == CurvePoint(frame: 9.705473, value: 3.159795))
  }

  @Test func aDuplicateWithNoKeySelectedOnlyUpdatesTheCurve() throws {
    // Only a handle selected: nothing is copied, nothing moves, and the curve is updated once
    // (its aligned key, left handle selected, turns the left handle by a rounding).
    var curve = FCurve(dataPath: "location", index: 0)
    curve.autoSmoothing = .none
    curve.keyframes = [
      Self.key(18.36, -3.499, CurvePoint(frame: 16.251778, value: -3.1921198), CurvePoint(frame: 21.592607, value: -3.9695497), (.auto, .auto)),
      Self.key(26.64, 4.994, CurvePoint(frame: 7.4020023, value: 6.731), CurvePoint(frame: 42.701385, value: 3.5438166), (.aligned, .aligned)),
    ]
    var document = EditDocument(curves: [curve])
    try document.apply(.select(keys: [1], part: .left, extend: false))
    #expect(try document.apply(.duplicateMove(frames: 3, value: 0.19, snap: AutoSnap.none)) == .cancelled)
    let keys = document.curves[0].keyframes
    #expect(keys.map(\.frame) == [18.36, 26.64])
    #expect(keys[1].handleLeft == CurvePoint(frame: 7.4020004, value: 6.731))
    #expect(keys[1].handleRight == CurvePoint(frame: 42.701385, value: 3.5438166))
  }

  @Test func clearingCyclicWithoutACyclesModifierLeavesTheCurve() throws {
    // Handles a recalculation would change (auto keys with handles off their place).
    var curve = FCurve(dataPath: "location", index: 0)
    curve.selected = true
    curve.keyframes = [
      Self.key(1, 0, CurvePoint(frame: 0, value: 5), CurvePoint(frame: 2, value: 5), (.autoClamped, .autoClamped)),
      Self.key(5, 1, CurvePoint(frame: 4, value: 5), CurvePoint(frame: 6, value: 5), (.autoClamped, .autoClamped)),
    ]
    var document = EditDocument(curves: [curve])
    let before = document.curves
    try document.apply(.extrapolation(.clearCyclic))
    #expect(document.curves == before)
    try document.apply(.extrapolation(.constant))
    #expect(document.curves != before)
  }

  @Test func snappingToMarkersWithNoMarkerSnapsToFrames() throws {
    var document = EditDocument(curves: [Self.threeKeys])
    try document.apply(.selectAll(.select))
    try document.apply(.translate(frames: 0.3, value: 0, snap: AutoSnap.none))
    #expect(try document.apply(.snap(.nearestMarker)) == .finished)
    #expect(document.curves[0].keyframes.map(\.frame) == [1, 9, 17])
  }

  @Test func aSmoothOfFewerThanThreeKeysStillRecalculatesTwice() throws {
    // Two selected handles: nothing to smooth, and the aligned key turns by a rounding twice.
    var curve = FCurve(dataPath: "location", index: 0)
    curve.autoSmoothing = .none
    curve.keyframes = [
      Self.key(1, -1.407, CurvePoint(frame: -1.519, value: -5.4880004), CurvePoint(frame: 3.596623, value: 2.799756), (.aligned, .aligned)),
      Self.key(13, 0.557, CurvePoint(frame: 12, value: 0), CurvePoint(frame: 14, value: 1), (.free, .free)),
      Self.key(16, -2.126, CurvePoint(frame: 15, value: -3), CurvePoint(frame: 17, value: -1), (.free, .free)),
    ]
    var document = EditDocument(curves: [curve])
    try document.apply(.select(keys: [1, 2], part: .right, extend: false))
    try document.apply(.smooth)
    let key = document.curves[0].keyframes[0]
    #expect(key.handleLeft == CurvePoint(frame: -1.519, value: -5.488001))
    #expect(key.handleRight == CurvePoint(frame: 3.596623, value: 2.799757))
  }

  @Test func aDeleteWithNoKeySelectedLeavesTheCurve() throws {
    // Handles a recalculation would change: a cancelled delete does not recalculate.
    var curve = FCurve(dataPath: "location", index: 0)
    curve.keyframes = [
      Self.key(1, 0, CurvePoint(frame: 0, value: 5), CurvePoint(frame: 2, value: 5), (.autoClamped, .autoClamped)),
      Self.key(5, 1, CurvePoint(frame: 4, value: 5), CurvePoint(frame: 6, value: 5), (.autoClamped, .autoClamped)),
    ]
    curve.keyframes[1].selectedHandleRight = true
    var document = EditDocument(curves: [curve])
    let before = document.curves
    #expect(try document.apply(.delete) == .cancelled)
    #expect(document.curves == before)
  }
}
