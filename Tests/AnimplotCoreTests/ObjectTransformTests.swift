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

  @Test("an Euler order turns about its axes in that order: YXZ is Rz · Rx · Ry, XYZ unchanged")
  func eulerOrders() {
    typealias M = ObjectTransform.Matrix
    func apply(_ m: M, _ v: SIMD3<Double>) -> SIMD3<Double> {
      SIMD3((0..<3).map { r in m[r, 0] * v.x + m[r, 1] * v.y + m[r, 2] * v.z })
    }
    func close(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Bool { (0..<3).allSatisfy { Self.close(a[$0], b[$0]) } }
    // X by 90° and Y by 90°: XYZ turns X's axis about X (no change), then about Y to −Z; YXZ
    // first about Y (to −Z), then about X (−Z to +Y).
    let x = SIMD3<Double>(1, 0, 0)
    #expect(close(apply(M.euler(.pi / 2, .pi / 2, 0, order: RotationMode.xyz.eulerOrder!), x), SIMD3(0, 0, -1)))
    #expect(close(apply(M.euler(.pi / 2, .pi / 2, 0, order: RotationMode.yxz.eulerOrder!), x), SIMD3(0, 1, 0)))
    // The XYZ order is the plain matrix, bit for bit; every order agrees on a turn about one axis.
    #expect(M.euler(0.3, 0.5, 0.7, order: (0, 1, 2)) == M.euler(0.3, 0.5, 0.7))
    for mode in RotationMode.allCases {
      guard let order = mode.eulerOrder else { continue }
      let one = M.euler(0, 0.5, 0, order: order), plain = M.euler(0, 0.5, 0)
      #expect(zip(one.m, plain.m).allSatisfy { Self.close($0, $1) }, "\(mode)")
    }
    // ZYX is the reverse product of XYZ's: Rx · Ry · Rz.
    let zyx = M.euler(0.3, 0.5, 0.7, order: RotationMode.zyx.eulerOrder!)
    let (rx, ry, rz) = (M.euler(0.3, 0, 0), M.euler(0, 0.5, 0), M.euler(0, 0, 0.7))
    #expect(close(apply(zyx, x), apply(rx, apply(ry, apply(rz, x)))))
  }

  @Test("the rotation mode chooses the channels: quaternion over Euler ones, an order for the Euler ones")
  func rotationModeChoosesChannels() {
    var action = Action(name: "Ball")
    action.tracks = [
      FCurve(dataPath: "rotation_euler", index: 0, keyframes: [Keyframe(frame: 1, value: .pi / 2)]),
      FCurve(dataPath: "rotation_euler", index: 1, keyframes: [Keyframe(frame: 1, value: .pi / 2)]),
      FCurve(dataPath: "rotation_quaternion", index: 0, keyframes: [Keyframe(frame: 1, value: 0)]),
      FCurve(dataPath: "rotation_quaternion", index: 3, keyframes: [Keyframe(frame: 1, value: 1)]),
    ]
    action = action.recalculated()
    let angle = Double(Float.pi / 2)
    #expect(TransformChannels(action: action).transform(at: 1).rotation == .euler(angle, angle, 0))
    #expect(TransformChannels(action: action, rotationMode: .quaternion).transform(at: 1).rotation
      == .quaternion(w: 0, x: 0, y: 0, z: 1))
    // The objects of an action carry the modes the action gives them by name.
    action.rotationModes = ["Ball": .yxz]
    let object = ObjectChannels.of([action])[0]
    #expect(object.rotationMode == .yxz)
    #expect(object.transform.transform(at: 1).rotation == .euler(angle, angle, 0, order: (1, 0, 2)))
    #expect(object.transform.transform(at: 1).rotation != .euler(angle, angle, 0))
  }
}
