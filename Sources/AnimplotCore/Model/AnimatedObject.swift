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
