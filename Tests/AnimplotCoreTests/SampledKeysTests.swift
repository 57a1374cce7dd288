@testable import AnimplotCore
import Testing

/// `Keyframes`' compact storage (`SampledKeys`) against its full-storage twin: the same keys
/// bit for bit, the same values everywhere, the same equality and hash, and full keys after any
/// change.
@Suite("Compact sampled keys")
struct SampledKeysTests {
  /// A track of samples in both storages, as the glTF importer makes them: keys with a new
  /// key's defaults, `interpolation` and vector handles.
  static func twins(
    _ frames: [Float], _ values: [Float], _ interpolation: Interpolation = .linear,
    extrapolation: Extrapolation = .constant, recalculate: Bool = true, modifiers: [Modifier] = []
  ) -> (compact: FCurve, full: FCurve) {
    var compact = FCurve(
      dataPath: "location",
      keyframes: Keyframes(sampled: SampledKeys(frames: frames, values: values, interpolation: interpolation)))
    var full = FCurve(
      dataPath: "location",
      keyframes: zip(frames, values).map { f, v in
        var key = Keyframe(frame: f, value: v)
        key.interpolation = interpolation
        key.handleLeftType = .vector
        key.handleRightType = .vector
        return key
      })
    for i in 0..<2 {
      var curve = i == 0 ? compact : full
      curve.extrapolation = extrapolation
      curve.modifiers = modifiers
      if recalculate { curve.recalculateHandles() }
      if i == 0 { compact = curve } else { full = curve }
    }
    return (compact, full)
  }

  /// Every number of two keys as bits (`==` does not tell 0 from -0).
  static func bits(_ k: Keyframe) -> [UInt32] {
    [k.frame, k.value, k.handleLeft.frame, k.handleLeft.value, k.handleRight.frame, k.handleRight.value, k.back, k.amplitude, k.period]
      .map(\.bitPattern)
  }

  static func expectSameKeys(_ a: FCurve, _ b: FCurve, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(a.keyframes.count == b.keyframes.count, sourceLocation: sourceLocation)
    for (x, y) in zip(a.keyframes, b.keyframes) {
      #expect(x == y, sourceLocation: sourceLocation)
      #expect(bits(x) == bits(y), "key at \(x.frame)", sourceLocation: sourceLocation)
    }
  }

  /// Frames before, on, within Blender's on-key threshold of, between and after the keys.
  static func probes(_ frames: [Float]) -> [Float] {
    var out: [Float] = [-1000, -1, 0, 1e9]
    for f in frames {
      out += [f, f.nextUp, f.nextDown, f - 0.00005, f + 0.00005, f - 0.0001, f + 0.0001, f - 0.00011, f + 0.00011, f + 0.5, f - 3]
    }
    return out
  }

  static func expectSameValues(_ a: FCurve, _ b: FCurve, sourceLocation: SourceLocation = #_sourceLocation) {
    let frames = probes(b.keyframes.map(\.frame))
    for f in frames {
      #expect(a.value(at: f).bitPattern == b.value(at: f).bitPattern, "at \(f)", sourceLocation: sourceLocation)
    }
    let sorted = frames.sorted()
    for list in [frames, sorted] {
      let (x, y) = (a.values(at: list), b.values(at: list))
      for i in list.indices {
        #expect(x[i].bitPattern == y[i].bitPattern, "batch at \(list[i])", sourceLocation: sourceLocation)
      }
    }
  }

  static let frames: [Float] = [0, 1, 2, 3.5, 3.50005, 4, 10, 10.25, 24]
  static let values: [Float] = [0, 2, -1, 0.5, 0.25, 3e6, -0.0, 7, 7]

  @Test(arguments: [Interpolation.linear, .constant], [Extrapolation.constant, .linear])
  func theSameKeysAndValuesAsFullKeys(_ interpolation: Interpolation, _ extrapolation: Extrapolation) {
    for recalculate in [false, true] {
      let (compact, full) = Self.twins(
        Self.frames, Self.values, interpolation, extrapolation: extrapolation, recalculate: recalculate)
      #expect(compact.keyframes.sampled != nil)
      Self.expectSameKeys(compact, full)
      Self.expectSameValues(compact, full)
      // The first and last keys' handles mirror their one neighbour.
      #expect(Self.bits(compact.keyframes.first!) == Self.bits(full.keyframes.first!))
      #expect(Self.bits(compact.keyframes.last!) == Self.bits(full.keyframes.last!))
    }
  }

  @Test(arguments: [Interpolation.linear, .constant])
  func oneAndTwoKeys(_ interpolation: Interpolation) {
    for (frames, values) in [([Float(5)], [Float(2)]), ([Float(1), 3], [Float(-1), 4])] {
      for extrapolation in [Extrapolation.constant, .linear] {
        let (compact, full) = Self.twins(frames, values, interpolation, extrapolation: extrapolation)
        Self.expectSameKeys(compact, full)
        Self.expectSameValues(compact, full)
      }
    }
    let (none, empty) = Self.twins([], [], interpolation)
    #expect(none.keyframes.isEmpty && none.keyframes == empty.keyframes)
    #expect(none.value(at: Float(3)) == empty.value(at: Float(3)))
  }

  @Test func withModifiers() {
    let cycles = Modifier(.cycles(CyclesModifier()))
    let (compact, full) = Self.twins(Self.frames, Self.values, .linear, extrapolation: .linear, modifiers: [cycles])
    #expect(compact.keyframes.sampled != nil)
    Self.expectSameKeys(compact, full)
    Self.expectSameValues(compact, full)
  }

  @Test func aChangeMakesFullKeys() {
    let (compact, full) = Self.twins(Self.frames, Self.values)
    var changed = compact, expected = full
    changed.keyframes[3].value = 9
    expected.keyframes[3].value = 9
    #expect(changed.keyframes.sampled == nil)
    #expect(changed == expected)
    Self.expectSameKeys(changed, expected)
    // The original stays compact and unchanged.
    #expect(compact.keyframes.sampled != nil)
    #expect(compact.keyframes[3].value == 0.5)

    var appended = compact, removed = compact, selected = compact
    var key = Keyframe(frame: 30, value: 1)
    key.interpolation = .bezier
    appended.keyframes.append(key)
    #expect(appended.keyframes.count == Self.frames.count + 1 && appended.keyframes.last == key)
    #expect(Array(appended.keyframes.dropLast()) == full.keyframes.array)
    removed.keyframes.remove(at: 0)
    #expect(removed.keyframes.array == Array(full.keyframes.dropFirst()))
    selected.keyframes.withUnsafeMutableBufferPointer { keys in
      for i in keys.indices { keys[i].selected = true }
    }
    #expect(selected.keyframes.sampled == nil && selected.keyframes.allSatisfy(\.selected))
    // Recalculating full keys again gives what the compact ones derive.
    var again = appended
    again.keyframes.removeLast()
    again.recalculateHandles()
    Self.expectSameKeys(again, full)
  }

  @Test func equalityAndHashAgreeAcrossStorages() {
    let (compact, full) = Self.twins(Self.frames, Self.values)
    #expect(compact.keyframes == full.keyframes)
    #expect(compact == full)
    #expect(compact.keyframes.hashValue == full.keyframes.hashValue)
    #expect(compact.hashValue == full.hashValue)
    #expect(Set([compact, full]).count == 1)
    // Not recalculated: other handles, so not equal.
    let (raw, _) = Self.twins(Self.frames, Self.values, recalculate: false)
    #expect(raw.keyframes != compact.keyframes)
    #expect(raw.keyframes != full.keyframes)
    // Another value or interpolation is another track.
    var values = Self.values
    values[2] = 1
    #expect(Self.twins(Self.frames, values).compact.keyframes != full.keyframes)
    #expect(Self.twins(Self.frames, Self.values, .constant).compact.keyframes != full.keyframes)
  }

  @Test func coupledQuaternionsInBothStorages() throws {
    let frames: [Float] = [0, 1, 2, 4, 7]
    func action(compact: Bool) -> Action {
      let tracks = QuaternionRole.Component.allCases.enumerated().map { c, component -> FCurve in
        let values = frames.indices.map { k in Float((Double(k * 4 + c) * 0.7).truncatingRemainder(dividingBy: 2) - 1) }
        let twins = Self.twins(frames, values, recalculate: false)
        var curve = compact ? twins.compact : twins.full
        curve.index = c
        curve.dataPath = "rotation_quaternion"
        curve.quaternion = QuaternionRole(component: component)
        return curve
      }
      return Action(name: "Turn", tracks: tracks).recalculated()
    }
    let (a, b) = (action(compact: true), action(compact: false))
    #expect(a.tracks[0].keyframes.sampled != nil)
    #expect(a == b)
    let probes = Self.probes(frames)
    for (x, y) in zip(a.tracks, b.tracks) {
      Self.expectSameValues(x, y)
      let (qa, qb) = (try #require(x.quaternion), try #require(y.quaternion))
      for (p, q) in zip(qa.quaternions(at: probes), qb.quaternions(at: probes)) {
        #expect((0..<4).allSatisfy { p[$0].bitPattern == q[$0].bitPattern })
      }
    }
  }
}
