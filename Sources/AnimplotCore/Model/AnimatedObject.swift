/// The object an action animates, as Blender's editors show it above the action's channels.
public struct AnimatedObject: Sendable, Hashable {
  /// The object's name, e.g. `Ball`.
  public var name: String
  /// What kind of object it is (its icon in the editors).
  public var type: ObjectType
  /// Whether the object is selected in the scene (Blender writes its name in the highlight
  /// colour on the object row).
  public var selected: Bool

  public init(name: String, type: ObjectType, selected: Bool = false) {
    self.name = name
    self.type = type
    self.selected = selected
  }
}

/// Blender's `Object.type`. Files spell the case names; Blender's RNA identifiers (`MESH`,
/// `LIGHT_PROBE`, `GPENCIL`, ...) are accepted too.
public enum ObjectType: UInt8, Sendable, Hashable, CaseIterable {
  case mesh, curve, surface, meta, font, curves, pointcloud, volume, gpencil, greasepencil
  case armature, lattice, empty, light, lightProbe, camera, speaker
}

/// Blender's `Object.rotation_mode`: which rotation channels turn the object and, for Euler
/// angles, in which order. `XYZ` turns about X first, then Y, then Z (Blender's default);
/// `YXZ` about Y, then X, then Z; and so on. Axis-angle rotations are not modelled.
public enum RotationMode: UInt8, Sendable, Hashable, CaseIterable {
  case xyz, xzy, yxz, yzx, zxy, zyx, quaternion

  /// The axes (0 X, 1 Y, 2 Z) in the order an Euler mode turns about them; `nil` for
  /// `quaternion`.
  public var eulerOrder: (Int, Int, Int)? {
    switch self {
    case .xyz: (0, 1, 2)
    case .xzy: (0, 2, 1)
    case .yxz: (1, 0, 2)
    case .yzx: (1, 2, 0)
    case .zxy: (2, 0, 1)
    case .zyx: (2, 1, 0)
    case .quaternion: nil
    }
  }
}
