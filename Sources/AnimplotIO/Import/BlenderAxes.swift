import AnimplotCore

/// Where a transform component of another tool's file goes in Blender: the property
/// (`location`, `rotation_quaternion`, `rotation_euler`, `scale`), the array index, and the
/// factor its values (and slopes) are multiplied by. docs/import.md gives the reasons.
public struct BlenderChannel: Sendable, Hashable {
  public var property: String
  public var index: Int
  public var factor: Double

  public init(property: String, index: Int, factor: Double = 1) {
    self.property = property
    self.index = index
    self.factor = factor
  }

  /// Blender's label: `X Location`, `W Quaternion Rotation`.
  public var label: String { FCurve.blenderLabel(dataPath: property, index: index) }

  /// A glTF node's `translation`, `rotation` or `scale` component (glTF's order x, y, z, w),
  /// as Blender's glTF importer converts Y up to Z up: location (x, −z, y), quaternion
  /// w, x, −z, y, scale (x, z, y). `nil` for other properties.
  public static func gltf(_ property: String, component: Int) -> BlenderChannel? {
    switch (property, component) {
    case ("translation", 0): BlenderChannel(property: "location", index: 0)
    case ("translation", 1): BlenderChannel(property: "location", index: 2)
    case ("translation", 2): BlenderChannel(property: "location", index: 1, factor: -1)
    case ("scale", 0): BlenderChannel(property: "scale", index: 0)
    case ("scale", 1): BlenderChannel(property: "scale", index: 2)
    case ("scale", 2): BlenderChannel(property: "scale", index: 1)
    case ("rotation", 0): BlenderChannel(property: "rotation_quaternion", index: 1)
    case ("rotation", 1): BlenderChannel(property: "rotation_quaternion", index: 3)
    case ("rotation", 2): BlenderChannel(property: "rotation_quaternion", index: 2, factor: -1)
    case ("rotation", 3): BlenderChannel(property: "rotation_quaternion", index: 0)
    default: nil
    }
  }

  /// A Unity Transform curve's component (`m_LocalPosition`, `m_LocalRotation`, `m_LocalScale`
  /// or an Euler attribute; component x, y, z, w as 0…3), from Unity's left-handed Y up to
  /// Blender's right-handed Z up by swapping Y and Z: location and scale (x, z, y), quaternion
  /// w, −x, −z, −y, Euler angles −x, −z, −y in radians (Unity's are degrees). `nil` for
  /// other attributes.
  public static func unity(_ attribute: String, component: Int) -> BlenderChannel? {
    let degrees = Double.pi / 180
    let swapped = [0, 2, 1]
    switch attribute {
    case "m_LocalPosition" where component < 3: return BlenderChannel(property: "location", index: swapped[component])
    case "m_LocalScale" where component < 3: return BlenderChannel(property: "scale", index: swapped[component])
    case "m_LocalRotation" where component < 4:
      return BlenderChannel(property: "rotation_quaternion", index: [1, 3, 2, 0][component], factor: component == 3 ? 1 : -1)
    case _ where isEuler(attribute) && component < 3:
      return BlenderChannel(property: "rotation_euler", index: swapped[component], factor: -degrees)
    default: return nil
    }
  }

  /// Unity's spellings of a Transform's Euler angles.
  static func isEuler(_ attribute: String) -> Bool {
    ["localEulerAnglesRaw", "m_LocalEulerAngles", "localEulerAngles", "localEulerAnglesBaked", "m_LocalEulerAnglesHint"]
      .contains(attribute)
  }

  /// A Lottie layer's transform component (`p` position, `s` scale in %, `r`/`rz` rotation in
  /// degrees clockwise, `o` opacity 0–100), seen in Blender's Front view (X right, Z up): the
  /// layer's x is X, its y (down the screen) −Z, its z (into the screen) Y; scale ÷ 100;
  /// rotation about Y in radians; opacity ÷ 100. `nil` for the anchor, skew, 3-D rotations.
  public static func lottie(_ key: String, component: Int) -> BlenderChannel? {
    let axes = [(0, 1.0), (2, -1.0), (1, 1.0)]
    switch key {
    case "p" where component < 3:
      return BlenderChannel(property: "location", index: axes[component].0, factor: axes[component].1)
    case "a" where component < 3:
      // The anchor, in the layer's pixels like the position, on the same axes.
      return BlenderChannel(property: "anchor", index: axes[component].0, factor: axes[component].1)
    case "s" where component < 3:
      return BlenderChannel(property: "scale", index: axes[component].0, factor: 0.01)
    case "r" where component == 0, "rz" where component == 0:
      return BlenderChannel(property: "rotation_euler", index: 1, factor: Double.pi / 180)
    case "o" where component == 0:
      return BlenderChannel(property: "opacity", index: 0, factor: 0.01)
    default: return nil
    }
  }
}

extension Keyframe {
  /// The key with its value and both handles' values multiplied by `factor` (the same curve
  /// in other units, or mirrored).
  mutating func scaleValues(by factor: Double) {
    value = Float(Double(value) * factor)
    handleLeft.value = Float(Double(handleLeft.value) * factor)
    handleRight.value = Float(Double(handleRight.value) * factor)
  }
}

extension ActionDocument {
  /// Every track selected, as Blender's importers leave the F-curves they make (a new F-curve
  /// is visible and selected), so that imported curves are drawn as Blender shows them after
  /// an import, not faded. (Blender selects the keys too; they are left unselected here, so
  /// that `--handles selected` does not draw every handle: `--select all` shows that.)
  mutating func selectEveryCurve() {
    for a in actions.indices {
      for t in actions[a].tracks.indices { actions[a].tracks[t].selected = true }
    }
  }
}
