import AnimplotCore
import Testing

@Suite("The preview stage's transforms")
struct ObjectTransformTests {
  static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-12 }

  @Test("Euler XYZ and the same rotation as a quaternion give one matrix")
  func eulerAndQuaternionAgree() {
    // 90 degrees about Y: the quaternion (cos 45°, 0, sin 45°, 0).
    let e = ObjectTransform.Matrix.euler(0, .pi / 2, 0)
    let q = ObjectTransform.Matrix.quaternion(w: 0.5.squareRoot(), x: 0, y: 0.5.squareRoot(), z: 0)
    #expect(zip(e.m, q.m).allSatisfy { Self.close($0, $1) })
    // About Y by +90°, X turns to -Z (right-handed): column 0 is (0, 0, -1).
    #expect(Self.close(e[0, 0], 0) && Self.close(e[2, 0], -1))
    // Blender applies X, then Y, then Z: R = Rz Ry Rx.
    let x = ObjectTransform.Matrix.euler(0.3, 0, 0), y = ObjectTransform.Matrix.euler(0, 0.5, 0)
    let z = ObjectTransform.Matrix.euler(0, 0, 0.7), all = ObjectTransform.Matrix.euler(0.3, 0.5, 0.7)
    func multiply(_ a: ObjectTransform.Matrix, _ b: ObjectTransform.Matrix) -> [Double] {
      (0..<3).flatMap { r in (0..<3).map { c in (0..<3).reduce(0) { $0 + a[r, $1] * b[$1, c] } } }
    }
    let zy = ObjectTransform.Matrix(m: multiply(z, y))
    #expect(zip(multiply(zy, x), all.m).allSatisfy { Self.close($0, $1) })
    // A zero quaternion is no rotation.
    #expect(ObjectTransform.Matrix.quaternion(w: 0, x: 0, y: 0, z: 0) == .euler(0, 0, 0))
  }

  @Test("the front view sees a turn about Y as a clockwise turn, and scale on the plane's axes")
  func planeTransform() {
    let t = ObjectTransform(
      location: SIMD3(1, 2, 3), rotation: .euler(0, .pi / 2, 0), scale: SIMD3(2, 5, 3), opacity: 1)
    let front = t.planeTransform(.xz)
    // The shape's x axis (scaled by 2) now points down -Z; its up axis (scale 3) along +X.
    #expect(Self.close(front.a, 0) && Self.close(front.b, -2))
    #expect(Self.close(front.c, 3) && Self.close(front.d, 0))
    #expect(front.tx == 1 && front.ty == 3)
    // Seen from the top, the same turn foreshortens the shape's x axis to nothing.
    let top = t.planeTransform(.xy)
    #expect(Self.close(top.a, 0) && Self.close(top.b, 0))
    #expect(top.tx == 1 && top.ty == 2)
  }

  @Test("channels read from an action: missing ones at rest, opacity clamped, quaternion when no Euler")
  func channels() {
    var action = Action(name: "a")
    action.tracks = [
      FCurve(dataPath: "location", index: 2, keyframes: [Keyframe(frame: 1, value: 0), Keyframe(frame: 11, value: 10)]),
      FCurve(dataPath: "rotation_quaternion", index: 0, keyframes: [Keyframe(frame: 1, value: 0)]),
      FCurve(dataPath: "rotation_quaternion", index: 3, keyframes: [Keyframe(frame: 1, value: 1)]),
      FCurve(dataPath: "color", index: 3, keyframes: [Keyframe(frame: 1, value: 1.5)]),
    ]
    action = action.recalculated()
    let channels = TransformChannels(action: action)
    #expect(!channels.isEmpty)
    let t = channels.transform(at: 6)
    #expect(t.location == SIMD3(0, 0, action.tracks[0].value(at: 6)))
    #expect(t.scale == SIMD3(1, 1, 1))
    #expect(t.opacity == 1)
    // (w 0, z 1): 180 degrees about Z.
    #expect(t.rotation == .quaternion(w: 0, x: 0, y: 0, z: 1))
    #expect(TransformChannels(action: Action(name: "empty")).isEmpty)
  }
}
