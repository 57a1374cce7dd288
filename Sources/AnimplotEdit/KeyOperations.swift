import AnimplotCore

extension EditDocument {
  /// `graph.delete`: keys whose point is selected go; a curve left without keys goes too.
  mutating func deleteSelected() -> EditStatus {
    // With no key point selected Blender cancels, leaving every curve exactly as it was.
    guard editableCurves.contains(where: { c in curves[c].keyframes.contains(where: \.selected) }) else { return .cancelled }
    var deleted = false
    for c in editableCurves {
      let before = curves[c].keyframes.count
      let keys = curves[c].keyframes
      curves[c].retain { !keys[$0].selected }
      if curves[c].keyframes.count != before {
        deleted = true
      }
      curves[c].update()
    }
    removeEmptyCurves()
    return deleted ? .finished : .cancelled
  }

  /// `graph.handle_type`: a key whose point is selected gets the type on both sides, a key with
  /// only a handle selected on that side. Setting auto or auto-clamped then frees every
  /// mismatched auto or aligned side of the keys whose point is not selected.
  mutating func setHandleType(_ type: HandleType) -> EditStatus {
    for c in editableCurves {
      withKeys(c) { keys in
        for i in keys.indices {
          var key = keys[i]
          if key.selected {
            key.handleLeftType = type
            key.handleRightType = type
          } else {
            if key.selectedHandleLeft { key.handleLeftType = type }
            if key.selectedHandleRight { key.handleRightType = type }
            if type.isAuto && key.handleLeftType != key.handleRightType {
              if key.handleLeftType.isAuto || key.handleLeftType == .aligned { key.handleLeftType = .free }
              if key.handleRightType.isAuto || key.handleRightType == .aligned { key.handleRightType = .free }
            }
          }
          keys[i] = key
        }
      }
      curves[c].update(times: 2)
    }
    return .finished
  }

  /// `graph.snap`: moves the selected key points only (handles stay where they are), never
  /// merges; "horizontal" flattens the selected keys' handles.
  mutating func snap(_ mode: SnapMode) -> EditStatus {
    let cfra = Float(scene.currentFrame)
    let cursor = scene.cursorValue
    let fps = scene.fps
    let markers = scene.markers
    for c in editableCurves {
      withKeys(c) { keys in
        for i in keys.indices where keys[i].selected {
          switch mode {
          case .currentFrame: keys[i].frame = cfra
          case .value: keys[i].value = cursor
          case .nearestFrame: keys[i].frame = (keys[i].frame + 0.5).rounded(.down)
          case .nearestSecond:
            keys[i].frame = Float((Double(keys[i].frame) / fps + 0.5).rounded(.down) * fps)
          case .nearestMarker:
            // With no marker at all, the nearest frame.
            keys[i].frame = Self.nearestMarker(to: keys[i].frame, markers: markers) ?? (keys[i].frame + 0.5).rounded(.down)
          case .horizontal:
            keys[i].handleLeft.value = keys[i].value
            keys[i].handleRight.value = keys[i].value
            if keys[i].handleLeftType.isAuto || keys[i].handleLeftType == .vector { keys[i].handleLeftType = .aligned }
            if keys[i].handleRightType.isAuto || keys[i].handleRightType == .vector { keys[i].handleRightType = .aligned }
          }
        }
      }
      curves[c].updateAfterEditingInPlace()
    }
    return .finished
  }

  /// `graph.mirror`: the selected keys with their handles, over a frame (left and right
  /// handles then swap) or a value.
  mutating func mirror(_ mode: MirrorMode) -> EditStatus {
    var center: Float
    var time = true
    switch mode {
    case .currentFrame: center = Float(scene.currentFrame)
    case .yAxis: center = 0
    case .value: center = scene.cursorValue; time = false
    case .xAxis: center = 0; time = false
    case .marker:
      guard let marker = scene.markers.first(where: \.selected) else { return .cancelled }
      center = Float(marker.frame)
    }
    for c in editableCurves {
      withKeys(c) { keys in
        for i in keys.indices where keys[i].selected {
          var key = keys[i]
          if time {
            key.handleLeft.frame = center + (center - key.handleLeft.frame)
            key.frame = center + (center - key.frame)
            key.handleRight.frame = center + (center - key.handleRight.frame)
            swap(&key.handleLeft, &key.handleRight)
            swap(&key.handleLeftType, &key.handleRightType)
            swap(&key.selectedHandleLeft, &key.selectedHandleRight)
          } else {
            key.handleLeft.value = center + (center - key.handleLeft.value)
            key.value = center + (center - key.value)
            key.handleRight.value = center + (center - key.handleRight.value)
          }
          keys[i] = key
        }
      }
      curves[c].updateAfterEditingInPlace()
    }
    return .finished
  }

  /// `graph.equalize_handles`: the chosen sides of the selected keys get one length, in
  /// (frame, value) units, flat if asked; an auto or vector side so changed makes the key
  /// aligned on both sides.
  mutating func equalizeHandles(side: HandleSideChoice, length: Float, flatten: Bool) -> EditStatus {
    for c in editableCurves {
      withKeys(c) { keys in
        for i in keys.indices where keys[i].selected {
          var key = keys[i]
          func change(_ type: HandleType) -> Bool { type.isAuto || type == .vector }
          if side != .right {
            if change(key.handleLeftType) {
              key.handleLeftType = .aligned
              key.handleRightType = .aligned
            }
            key.handleLeft = Self.equalized(key.handleLeft, key: key.point, length: length, flatten: flatten, sign: -1)
          }
          if side != .left {
            if change(key.handleRightType) {
              key.handleLeftType = .aligned
              key.handleRightType = .aligned
            }
            key.handleRight = Self.equalized(key.handleRight, key: key.point, length: length, flatten: flatten, sign: 1)
          }
          keys[i] = key
        }
      }
      curves[c].update()
    }
    return .finished
  }

  static func equalized(_ handle: CurvePoint, key: CurvePoint, length: Float, flatten: Bool, sign: Float) -> CurvePoint {
    if flatten { return CurvePoint(frame: key.frame + sign * length, value: key.value) }
    // The direction scaled to the length in one step: the offset times (length / its own
    // length), which differs in the last bit from normalising first.
    let dx = handle.frame - key.frame
    let dy = handle.value - key.value
    let d = dx * dx + dy * dy
    guard d > 1.0e-35 else { return key }
    let factor = length / d.squareRoot()
    return CurvePoint(frame: key.frame + dx * factor, value: key.value + dy * factor)
  }

  /// `graph.extrapolation_type`, on selected channels.
  mutating func setExtrapolation(_ mode: ExtrapolationMode) -> EditStatus {
    let targets = selectedEditableCurves
    for c in targets {
      switch mode {
      case .constant: curves[c].fcurve.extrapolation = .constant
      case .linear: curves[c].fcurve.extrapolation = .linear
      case .makeCyclic:
        if !curves[c].fcurve.modifiers.contains(where: { $0.type == .cycles }) {
          curves[c].fcurve.modifiers.append(.cycles(CyclesModifier()))
        }
      case .clearCyclic:
        // With no Cycles modifier to remove, the curve is left exactly as it was.
        guard curves[c].fcurve.modifiers.contains(where: { $0.type == .cycles }) else { continue }
        curves[c].fcurve.modifiers.removeAll { $0.type == .cycles }
      }
      curves[c].update()
    }
    return .finished
  }
}
