import AnimplotCore
import Testing

/// `MotionPath`: the location channels sampled with the core's evaluation, projected, keyed and
/// timed.
@Suite("Motion path sampling")
struct MotionPathTests {
  static func curve(_ index: Int, _ keys: [(Float, Float)], interpolation: Interpolation = .bezier) -> FCurve {
    var curve = FCurve(
      dataPath: "location", index: index,
      keyframes: keys.map { frame, value in
        var key = Keyframe(frame: frame, value: value)
        key.interpolation = interpolation
        return key
      })
    curve.recalculateHandles()
    return curve
  }

  /// X and Z keyed on different frames, Y absent; a rotation channel that must be ignored.
  static let action: Action = {
    var action = Action(
      name: "Hop",
      tracks: [
        curve(0, [(1, 0), (20, 4), (40, 6)]),
        FCurve(dataPath: "rotation_euler", index: 1, keyframes: [Keyframe(frame: 5, value: 3)]),
        curve(2, [(1, 0), (10.5, 2), (30, 0)]),
      ])
    action.frameStart = 1
    action.frameEnd = 40
    return action
  }()

  @Test("every sample is the core's value at its frame; a missing axis is 0")
  func valuesAreTheCoresEvaluation() throws {
    let path = try MotionPath(action: Self.action)
    #expect(path.frames == (1...40).map(Double.init))
    #expect(path.animatedAxes == [true, false, true])
    let x = Self.action.tracks[0], z = Self.action.tracks[2]
    for (frame, position) in zip(path.frames, path.positions) {
      #expect(position.x == x.value(at: Float(frame)))
      #expect(position.y == 0)
      #expect(position.z == z.value(at: Float(frame)))
    }
  }

  @Test("--frames and --step: from the start every step, the end included when a step lands on it")
  func framesAndStep() throws {
    let path = try MotionPath(action: Self.action, range: 2.5...4, step: 0.5)
    #expect(path.frames == [2.5, 3, 3.5, 4])
    #expect(path.positions[1].x == Self.action.tracks[0].value(at: Float(3)))
    #expect(try MotionPath(action: Self.action, range: 1...2, step: 0.3).frames.count == 4)
  }

  @Test("keys: every frame where a location channel has a key, within the samples, once each")
  func keys() throws {
    let path = try MotionPath(action: Self.action)
    #expect(path.keys.map(\.frame) == [1, 10.5, 20, 30, 40])
    let key = try #require(path.keys.first { $0.frame == 10.5 })
    #expect(key.position.x == Self.action.tracks[0].value(at: Float(10.5)))
    #expect(key.position.z == 2)
    #expect(try MotionPath(action: Self.action, range: 15...35).keys.map(\.frame) == [20, 30])
  }

  @Test("speed: distance between successive samples per frame")
  func speed() throws {
    var action = Action(
      name: "Line", tracks: [Self.curve(0, [(0, 0), (10, 30)], interpolation: .linear), Self.curve(1, [(0, 0), (10, 40)], interpolation: .linear)])
    action.frameStart = 0
    action.frameEnd = 10
    let path = try MotionPath(action: action, step: 2)
    #expect(path.speeds.count == path.frames.count - 1)
    for s in path.speeds { #expect(abs(s - 5) < 1e-5) }  // a 3-4-5 triangle, 5 units per frame
  }

  @Test("projection: Front (x, z), Top (x, y), Right (y, z)", arguments: ProjectionPlane.allCases)
  func projection(plane: ProjectionPlane) throws {
    var action = Self.action
    action.tracks.append(Self.curve(1, [(1, -1), (40, 5)]))
    let path = try MotionPath(action: action)
    let (h, v) = path.projected(onto: plane)
    let expected: (Int, Int) = [.xz: (0, 2), .xy: (0, 1), .yz: (1, 2)][plane]!
    #expect(h == path.positions.map { Double($0[expected.0]) })
    #expect(v == path.positions.map { Double($0[expected.1]) })
    #expect(plane.axes == expected)
  }

  @Test("no location channel, or only muted ones: an error")
  func noLocation() {
    var action = Self.action
    action.tracks = [action.tracks[1]]
    #expect(throws: MotionPath.Problem.noLocationChannels) { try MotionPath(action: action) }
    var muted = Self.action
    muted.tracks[0].muted = true
    muted.tracks[2].muted = true
    #expect(throws: MotionPath.Problem.noLocationChannels) { try MotionPath(action: muted) }
    #expect(MotionPath.Problem.noLocationChannels.description.hasPrefix("no location channels to trace; "))
  }

  @Test("a muted axis is 0; the first channel of an axis is used")
  func mutedAndDuplicate() throws {
    var action = Self.action
    action.tracks[0].muted = true
    action.tracks.append(Self.curve(2, [(1, 100), (40, 100)]))
    let path = try MotionPath(action: action)
    #expect(path.positions.allSatisfy { $0.x == 0 })
    #expect(path.positions[5].z == Self.action.tracks[2].value(at: Float(6)))
  }

  @Test("too many samples, or a step that is not above 0: an error, nothing allocated")
  func limits() {
    #expect(throws: MotionPath.Problem.self) { try MotionPath(action: Self.action, range: 0...1e9, step: 1) }
    #expect(throws: MotionPath.Problem.self) { try MotionPath(action: Self.action, step: 0) }
    #expect(throws: MotionPath.Problem.self) { try MotionPath(action: Self.action, step: -.infinity) }
  }
}
