/// Channel names as Blender derives them from `data_path` and `array_index`.
extension FCurve {
  /// The track's `label`, or the name Blender shows for its data path: `X Location`,
  /// `W Quaternion Rotation`, `Y Scale (Arm)` for `pose.bones["Arm"].scale[1]`. Unknown paths
  /// show as written, with `[index]`.
  public var displayLabel: String {
    if let label { return label }
    return Self.blenderLabel(dataPath: dataPath, index: index)
  }

  /// Blender's label for a data path and array index.
  public static func blenderLabel(dataPath: String, index: Int) -> String {
    var path = Substring(dataPath)
    var owner: String?
    // `pose.bones["Name"].prop`, `key_blocks["Name"].value`, `nodes["Name"].inputs[0]...`
    // (the name unescaped: `pose.bones["A\"B"]` is the bone `A"B`).
    if let (name, rest) = QuotedName.lastOwner(in: path) {
      owner = name
      path = rest
    }
    guard let (name, axes) = properties[String(path)] else {
      let suffix = "[\(index)]"
      return dataPath + suffix
    }
    var label = name
    if let axes {
      label = (index < axes.count ? axes[index] : "\(index)") + " " + name
    }
    if let owner { label += " (\(owner))" }
    return label
  }

  private static let xyz = ["X", "Y", "Z"]
  private static let wxyz = ["W", "X", "Y", "Z"]
  private static let rgba = ["R", "G", "B", "A"]

  /// Known properties: UI name and the names of their array elements.
  private static let properties: [String: (String, [String]?)] = [
    "location": ("Location", xyz),
    "rotation_euler": ("Euler Rotation", xyz),
    "rotation_quaternion": ("Quaternion Rotation", wxyz),
    "rotation_axis_angle": ("Axis-Angle Rotation", wxyz),
    "scale": ("Scale", xyz),
    "delta_location": ("Delta Location", xyz),
    "delta_rotation_euler": ("Delta Rotation (Euler)", xyz),
    "delta_rotation_quaternion": ("Delta Rotation (Quaternion)", wxyz),
    "delta_scale": ("Delta Scale", xyz),
    "dimensions": ("Dimensions", xyz),
    "color": ("Color", rgba),
    "default_value": ("Default Value", nil),
    "value": ("Value", nil),
    "influence": ("Influence", nil),
    "lens": ("Focal Length", nil),
    "energy": ("Power", nil),
    "hide_viewport": ("Disable in Viewports", nil),
    "hide_render": ("Disable in Renders", nil),
    "opacity": ("Opacity", nil),
    "anchor": ("Anchor", xyz),
  ]
}
