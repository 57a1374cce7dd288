import RealModule

/// An object's transform channels, read from an action's tracks as Blender names them:
/// `location[0…2]`, `rotation_euler[0…2]` (radians, Blender's default XYZ order) or else
/// `rotation_quaternion[0…3]` (W X Y Z), `scale[0…2]`, and an opacity: `opacity` or the alpha
/// of `color` (`color[3]`). A channel that is missing (or muted) keeps Blender's rest value:
/// location 0, rotation none, scale 1, opacity 1.
public struct TransformChannels: Sendable {
  public let location: [FCurve?]
  public let euler: [FCurve?]
  public let quaternion: [FCurve?]
  public let scale: [FCurve?]
  public let opacity: FCurve?

  public init(action: Action) {
    func channels(_ path: String, _ count: Int) -> [FCurve?] {
      (0..<count).map { axis in action.tracks.first { $0.dataPath == path && $0.index == axis && !$0.muted } }
    }
    location = channels("location", 3)
    euler = channels("rotation_euler", 3)
    quaternion = channels("rotation_quaternion", 4)
    scale = channels("scale", 3)
    opacity =
      action.tracks.first { $0.dataPath == "opacity" && !$0.muted }
      ?? action.tracks.first { $0.dataPath == "color" && $0.index == 3 && !$0.muted }
  }

  /// Whether any channel moves the object.
  public var isEmpty: Bool {
    (location + euler + quaternion + scale).allSatisfy { $0 == nil } && opacity == nil
  }

  /// The transform at `frame`, each channel evaluated as Blender does.
  public func transform(at frame: Double) -> ObjectTransform {
    func value(_ curve: FCurve?, _ rest: Double) -> Double { curve.map { $0.value(at: frame) } ?? rest }
    let l = SIMD3(value(location[0], 0), value(location[1], 0), value(location[2], 0))
    let s = SIMD3(value(scale[0], 1), value(scale[1], 1), value(scale[2], 1))
    let rotation: ObjectTransform.Matrix
    if euler.contains(where: { $0 != nil }) || !quaternion.contains(where: { $0 != nil }) {
      rotation = .euler(value(euler[0], 0), value(euler[1], 0), value(euler[2], 0))
    } else {
      rotation = .quaternion(
        w: value(quaternion[0], 1), x: value(quaternion[1], 0), y: value(quaternion[2], 0), z: value(quaternion[3], 0))
    }
    let alpha = value(opacity, 1)
    return ObjectTransform(location: l, rotation: rotation, scale: s, opacity: min(max(alpha, 0), 1))
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
