import RealModule

/// An object's transform channels, read from an action's tracks as Blender names them:
/// `location[0…2]`, `rotation_euler[0…2]` (radians, turned in the object's Euler order,
/// Blender's default XYZ when none is given) or `rotation_quaternion[0…3]` (W X Y Z),
/// `scale[0…2]`, an opacity: `opacity` or the alpha of `color` (`color[3]`), and an
/// `anchor[0…2]` (a Lottie layer's anchor point; Blender has none: see `transform(at:)`). Which rotation
/// channels count is the object's rotation mode; without one, the Euler channels when there
/// are any, else the quaternion's. A channel that is missing (or muted) keeps Blender's rest
/// value: location 0, rotation none, scale 1, opacity 1.
public struct TransformChannels: Sendable {
  public let location: [FCurve?]
  public let euler: [FCurve?]
  public let quaternion: [FCurve?]
  public let scale: [FCurve?]
  public let opacity: FCurve?
  public let anchor: [FCurve?]
  /// The rotation mode the object turns by; `nil` chooses by the channels there are.
  public let rotationMode: RotationMode?

  public init(action: Action, rotationMode: RotationMode? = nil) {
    self.rotationMode = rotationMode
    func channels(_ path: String, _ count: Int) -> [FCurve?] {
      (0..<count).map { axis in action.tracks.first { $0.dataPath == path && $0.index == axis && !$0.muted } }
    }
    location = channels("location", 3)
    euler = channels("rotation_euler", 3)
    quaternion = channels("rotation_quaternion", 4)
    scale = channels("scale", 3)
    anchor = channels("anchor", 3)
    opacity =
      action.tracks.first { $0.dataPath == "opacity" && !$0.muted }
      ?? action.tracks.first { $0.dataPath == "color" && $0.index == 3 && !$0.muted }
  }

  /// Whether any channel moves the object.
  public var isEmpty: Bool {
    (location + euler + quaternion + scale + anchor).allSatisfy { $0 == nil } && opacity == nil
  }

  /// The transform at `frame`, each channel evaluated as Blender does. The location is where
  /// the anchor point is (a Lottie layer's position); a moving anchor moves the object's
  /// content the other way, turned and scaled with it (content point x goes to
  /// location + R·S·(x − anchor)), so the location moves by R·S·(anchor₀ − anchor), anchor₀
  /// being each anchor channel's first key: an anchor that keeps its first value moves nothing.
  public func transform(at frame: Double) -> ObjectTransform {
    func value(_ curve: FCurve?, _ rest: Double) -> Double { curve.map { $0.value(at: frame) } ?? rest }
    let l = SIMD3(value(location[0], 0), value(location[1], 0), value(location[2], 0))
    let s = SIMD3(value(scale[0], 1), value(scale[1], 1), value(scale[2], 1))
    let rotation: ObjectTransform.Matrix
    let useQuaternion =
      rotationMode.map { $0 == .quaternion }
      ?? (!euler.contains(where: { $0 != nil }) && quaternion.contains(where: { $0 != nil }))
    if !useQuaternion {
      rotation = .euler(
        value(euler[0], 0), value(euler[1], 0), value(euler[2], 0), order: rotationMode?.eulerOrder ?? (0, 1, 2))
    } else {
      rotation = .quaternion(
        w: value(quaternion[0], 1), x: value(quaternion[1], 0), y: value(quaternion[2], 0), z: value(quaternion[3], 0))
    }
    let alpha = value(opacity, 1)
    var at = l
    if anchor.contains(where: { $0 != nil }) {
      func shift(_ i: Int) -> Double {
        guard let curve = anchor[i], let first = curve.keyframes.first else { return 0 }
        return (Double(first.value) - curve.value(at: frame)) * s[i]
      }
      let d = SIMD3(shift(0), shift(1), shift(2))
      for r in 0..<3 { at[r] += rotation[r, 0] * d.x + rotation[r, 1] * d.y + rotation[r, 2] * d.z }
    }
    return ObjectTransform(location: at, rotation: rotation, scale: s, opacity: min(max(alpha, 0), 1))
  }
}

/// Where an object is, how it is turned and sized, and how opaque, at one frame.
public struct ObjectTransform: Sendable, Hashable {
  /// A 3×3 rotation, rows first.
  public struct Matrix: Sendable, Hashable {
    public var m: [Double]

    /// The matrix of 9 numbers, rows first.
    public init(m: [Double]) {
      precondition(m.count == 9, "a 3x3 matrix has 9 numbers")
      self.m = m
    }

    /// Blender's Euler rotation in `order`: the default (0, 1, 2) turns about X, then Y, then Z
    /// (R = Rz · Ry · Rx); (1, 0, 2), Blender's `YXZ`, turns about Y, then X, then Z
    /// (R = Rz · Rx · Ry).
    public static func euler(_ x: Double, _ y: Double, _ z: Double, order: (Int, Int, Int)) -> Matrix {
      if order == (0, 1, 2) { return euler(x, y, z) }
      let angles = [x, y, z]
      let turns = [order.0, order.1, order.2].map { axis(axis: $0, angle: angles[$0]) }
      return turns[2] * turns[1] * turns[0]
    }

    /// A turn by `angle` radians about the X (0), Y (1) or Z (2) axis, right-handed.
    static func axis(axis: Int, angle: Double) -> Matrix {
      let (c, s) = (Double.cos(angle), Double.sin(angle))
      switch axis {
      case 0: return Matrix(m: [1, 0, 0, 0, c, -s, 0, s, c])
      case 1: return Matrix(m: [c, 0, s, 0, 1, 0, -s, 0, c])
      default: return Matrix(m: [c, -s, 0, s, c, 0, 0, 0, 1])
      }
    }

    /// The product `a · b`.
    static func * (a: Matrix, b: Matrix) -> Matrix {
      var m = [Double](repeating: 0, count: 9)
      for r in 0..<3 {
        for c in 0..<3 { m[r * 3 + c] = a[r, 0] * b[0, c] + a[r, 1] * b[1, c] + a[r, 2] * b[2, c] }
      }
      return Matrix(m: m)
    }

    /// Blender's XYZ Euler rotation: about X, then Y, then Z (R = Rz · Ry · Rx).
    public static func euler(_ x: Double, _ y: Double, _ z: Double) -> Matrix {
      let (cx, sx, cy, sy, cz, sz) = (Double.cos(x), Double.sin(x), Double.cos(y), Double.sin(y), Double.cos(z), Double.sin(z))
      return Matrix(m: [
        cy * cz, sx * sy * cz - cx * sz, cx * sy * cz + sx * sz,
        cy * sz, sx * sy * sz + cx * cz, cx * sy * sz - sx * cz,
        -sy, sx * cy, cx * cy,
      ])
    }

    /// A quaternion's rotation, normalised first (Blender normalises too); none for a zero one.
    public static func quaternion(w: Double, x: Double, y: Double, z: Double) -> Matrix {
      let n = (w * w + x * x + y * y + z * z).squareRoot()
      guard n > 0, n.isFinite else { return euler(0, 0, 0) }
      let (w, x, y, z) = (w / n, x / n, y / n, z / n)
      return Matrix(m: [
        1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),
        2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
        2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y),
      ])
    }

    public subscript(row: Int, column: Int) -> Double { m[row * 3 + column] }
  }

  public var location: SIMD3<Double>
  public var rotation: Matrix
  public var scale: SIMD3<Double>
  /// From 0 (invisible) to 1.
  public var opacity: Double

  public init(location: SIMD3<Double>, rotation: Matrix, scale: SIMD3<Double>, opacity: Double) {
    self.location = location
    self.rotation = rotation
    self.scale = scale
    self.opacity = opacity
  }

  /// The transform of a flat shape lying in `plane` (its x along the plane's horizontal axis,
  /// its y along the vertical one, both in object space) as the orthographic view of `plane`
  /// sees it: `(a, b, c, d, tx, ty)` mapping a shape point (u, v) to the plane point
  /// (a·u + c·v + tx, b·u + d·v + ty). A turn out of the plane foreshortens the shape, as
  /// the view would show it.
  public func planeTransform(_ plane: ProjectionPlane) -> (a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    let (h, v) = plane.axes
    // Columns of R · S for the shape's two axes, read on the plane's two axes.
    let a = rotation[h, h] * scale[h], b = rotation[v, h] * scale[h]
    let c = rotation[h, v] * scale[v], d = rotation[v, v] * scale[v]
    return (a, b, c, d, location[h], location[v])
  }
}
