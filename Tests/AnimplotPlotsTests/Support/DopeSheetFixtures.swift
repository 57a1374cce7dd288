import AnimplotCore

/// A key at `frame` with `value`; Blender's defaults otherwise.
func key(
  _ frame: Float, _ value: Float = 0, type: KeyframeType = .keyframe,
  interpolation: Interpolation = .bezier, handles: (HandleType, HandleType) = (.autoClamped, .autoClamped),
  selected: Bool = false
) -> Keyframe {
  var k = Keyframe(frame: frame, value: value)
  k.type = type
  k.interpolation = interpolation
  k.handleLeftType = handles.0
  k.handleRightType = handles.1
  k.selected = selected
  return k
}

/// A track on `dataPath[index]` in `group`, its handles recalculated as on load.
func track(_ dataPath: String, _ index: Int = 0, group: String? = nil, _ keys: [Keyframe]) -> FCurve {
  var curve = FCurve(dataPath: dataPath, index: index, keyframes: keys)
  curve.group = group
  curve.recalculateHandles()
  return curve
}
