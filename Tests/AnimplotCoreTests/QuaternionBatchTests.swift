import AnimplotCore
import Foundation
import Testing

/// `QuaternionRole.values(at:)` and `quaternions(at:)`, the batch evaluation of coupled
/// quaternion components (a Graph Editor samples every component thousands of times), against
/// `value(at:)` one frame at a time.
@Suite("Coupled quaternions in batches")
struct QuaternionBatchTests {
  /// A rotation of four tracks: linear segments (slerped), a constant one, and a segment where
  /// one component is Bézier (each component then evaluates on its own).
  static func action() -> Action {
    let frames: [Float] = [0, 1, 2.5, 4, 7, 7.5, 10]
    let tracks = QuaternionRole.Component.allCases.enumerated().map { c, component in
      var curve = FCurve(dataPath: "rotation_quaternion", index: c)
      curve.quaternion = QuaternionRole(component: component)
      curve.keyframes = Keyframes(frames.enumerated().map { k, f in
        var key = Keyframe(frame: f, value: Float(sin(Double(k * 4 + c) * 0.7)))
        key.interpolation = k == 3 ? .constant : (k == 4 && c == 2 ? .bezier : .linear)
        return key
      })
      return curve
    }
    return Action(name: "Turn", tracks: tracks).recalculated()
  }

  @Test func theSameBitsAsOneFrameAtATime() throws {
    let action = Self.action()
    #expect(action.tracks.allSatisfy { $0.quaternion?.isCoupled == true })
    // Before, on, between and after the keys, in order, then out of order and repeated.
    let frames = (-20...230).map { Float($0) / 20 } + [7, 7.25, 0.5, 0.5, 9.99, 11, -1, 3]
    for track in action.tracks {
      let batch = track.values(at: frames)
      #expect(batch.count == frames.count)
      for (frame, value) in zip(frames, batch) {
        #expect(value.bitPattern == track.value(at: frame).bitPattern, "\(track.address) at \(frame)")
      }
    }
    let role = try #require(action.tracks[0].quaternion)
    for (frame, q) in zip(frames, role.quaternions(at: frames)) {
      #expect(q == role.quaternion(at: frame))
    }
  }

  @Test func noFramesNoValues() {
    #expect(Self.action().tracks[1].values(at: []).isEmpty)
  }
}
