import AnimplotCore

/// The Graph Editor's transforms (move, scale, duplicate and move) of keys and handles.
extension EditDocument {
  enum Transform {
    case translate(Float, Float)
    case scale(Float, Float)
  }

  /// What a transform moves of one key.
  struct Moving {
    /// The key point, its handles with it unless they are transformed on their own.
    var key = false
    /// A handle transformed on its own (a lone handle, or a selected handle of a scaled key).
    var left = false
    var right = false
    var any: Bool { key || left || right }
  }

  /// Which parts of each key a transform moves. With handles hidden only key points count; a
  /// translate moves a selected key's handles with it; a scale also scales its selected
  /// handles around the pivot.
  func movingParts(_ curve: Int, translating: Bool) -> [Moving] {
    curves[curve].keyframes.map { key in
      let sel2 = key.selected
      let sel1 = editor.showHandles ? key.selectedHandleLeft : sel2
      let sel3 = editor.showHandles ? key.selectedHandleRight : sel2
      var m = Moving()
      m.key = sel2
      if !sel2 {
        m.left = sel1
        m.right = sel3
      } else if !translating {
        // A scaled key's handles scale around the pivot with it, selected or not.
        m.left = true
        m.right = true
      }
      return m
    }
  }

  mutating func transform(_ transform: Transform) -> EditStatus {
    let translating: Bool
    if case .translate = transform { translating = true } else { translating = false }
    let targets = editableCurves
    let parts = targets.map { movingParts($0, translating: translating) }

    // The pivot of a scale.
    var pivot = CurvePoint(frame: 0, value: 0)
    if case .scale = transform {
      switch editor.pivot {
      case .cursor:
        pivot = CurvePoint(frame: Float(scene.currentFrame), value: scene.cursorValue)
      case .boundingBoxCenter, .individualOrigins:
        var lo = CurvePoint(frame: .infinity, value: .infinity)
        var hi = CurvePoint(frame: -.infinity, value: -.infinity)
        for (t, c) in targets.enumerated() {
          for (i, key) in curves[c].keyframes.enumerated() where parts[t][i].any {
            lo = CurvePoint(frame: min(lo.frame, key.frame), value: min(lo.value, key.value))
            hi = CurvePoint(frame: max(hi.frame, key.frame), value: max(hi.value, key.value))
          }
        }
        if lo.frame <= hi.frame {
          pivot = CurvePoint(frame: (lo.frame + hi.frame) * 0.5, value: (lo.value + hi.value) * 0.5)
        }
      }
    }

    // Blender tags what a transform moves: a key's left side is tagged when its key or its
    // left handle moves. While the transform runs, the tag (not the selection) decides which
    // of two aligned handles follows the other.
    let taggedLeft: [KeyTags] = targets.indices.map { t in
      KeyTags(ids: curves[targets[t]].keyIDs, flags: parts[t].map { $0.key || $0.left })
    }

    // When the transform starts, every editable curve's handle types are converted for what
    // moves, and its handles recalculated once, before anything has moved. What moves then
    // moves from where it was before that recalculation.
    guard parts.contains(where: { $0.contains(where: \.any) }) else { return .cancelled }
    let showHandles = editor.showHandles
    let originals = targets.map { curves[$0].keyframes }
    for (t, c) in targets.enumerated() {
      let moving = parts[t]
      let individual = editor.pivot == .individualOrigins
      withKeys(c) { keys in
        for i in keys.indices where moving[i].any {
          keys[i].convertHandleTypes(moving: moving[i], scaling: !translating, individual: individual, showHandles: showHandles)
        }
      }
      curves[c].recalculateHandles(taggingLeft: taggedLeft[t], sorting: false)
    }

    for (t, c) in targets.enumerated() {
      let moving = parts[t]
      let snap = editor.autoSnap
      let fps = scene.fps
      let markers = scene.markers
      let individual = editor.pivot == .individualOrigins
      withKeys(c) { keys in
        for i in keys.indices where moving[i].any {
          var key = keys[i]
          let start = originals[t][i]
          let m = moving[i]
          func moved(_ p: CurvePoint, center: CurvePoint) -> CurvePoint {
            switch transform {
            case .translate(let dx, let dy):
              return CurvePoint(frame: p.frame + dx, value: p.value + dy)
            case .scale(let sx, let sy):
              let vx = ((p.frame - center.frame) * sx + center.frame) - p.frame
              let vy = ((p.value - center.value) * sy + center.value) - p.value
              return CurvePoint(frame: p.frame + vx, value: p.value + vy)
            }
          }
          let old = start.point
          if m.key {
            var point = moved(old, center: individual ? old : pivot)
            // A key scaled around its own point stays, unsnapped.
            if translating || !individual {
              point.frame = Self.snapped(point.frame, from: old.frame, snap: snap, fps: fps, markers: markers, transform: transform)
            }
            key.point = point
            if !m.left {
              key.handleLeft = CurvePoint(
                frame: start.handleLeft.frame + (point.frame - old.frame),
                value: start.handleLeft.value + (point.value - old.value))
            }
            if !m.right {
              key.handleRight = CurvePoint(
                frame: start.handleRight.frame + (point.frame - old.frame),
                value: start.handleRight.value + (point.value - old.value))
            }
          }
          if m.left { key.handleLeft = moved(start.handleLeft, center: individual ? old : pivot) }
          if m.right { key.handleRight = moved(start.handleRight, center: individual ? old : pivot) }
          keys[i] = key
        }
      }
      // Then the curves holding anything selected are recalculated as the transform applies
      // (keys that passed each other sorted first; in order, a handle moved past its key is
      // clamped to it, not swapped), again after merging, both with the transform's tags, and
      // once more when it ends, with the selection.
      let anySelected = curves[c].keyframes.contains(where: \.isAnySelected)
      if anySelected {
        let inOrder = !zip(curves[c].keyframes, curves[c].keyframes.dropFirst()).contains { $0.frame > $1.frame }
        curves[c].recalculateHandles(taggingLeft: taggedLeft[t], sorting: !inOrder)
      }
      if editor.autoMerge && anySelected {
        mergeOntoMovedKeys(c)
        curves[c].recalculateHandles(taggingLeft: taggedLeft[t], sorting: false)
      }
      curves[c].update()
    }
    return .finished
  }

  /// A moved key's frame after the editor's auto snapping.
  static func snapped(
    _ frame: Float, from old: Float, snap: AutoSnap, fps: Double, markers: [Marker], transform: Transform
  ) -> Float {
    switch snap {
    case .none:
      return frame
    case .frame:
      return Float((Double(frame) + 0.5).rounded(.down))
    case .second:
      return Float(((Double(frame) / fps) + 0.5).rounded(.down) * fps)
    case .marker:
      // With no marker at all, the nearest frame.
      return Self.nearestMarker(to: frame, markers: markers) ?? Float((Double(frame) + 0.5).rounded(.down))
    case .step:
      guard case .translate(let dx, _) = transform else { return frame }
      return old + (dx + 0.5).rounded(.down)
    case .timeStep:
      guard case .translate(let dx, _) = transform else { return frame }
      let secf = Float(fps)
      return old + ((dx / secf + 0.5).rounded(.down) * secf)
    }
  }

  static func nearestMarker(to frame: Float, markers: [Marker]) -> Float? {
    var best: Marker?
    for marker in markers {
      if let b = best, abs(b.frame - Double(frame)) <= abs(marker.frame - Double(frame)) { continue }
      best = marker
    }
    return best.map { Float($0.frame) }
  }

  /// After a transform with auto-merge (keys sorted): every key with anything selected keeps
  /// its frame, and the keys within 0.01 frames of it merge into one. Unselected keys there
  /// go; of several selected keys on one frame the first stays, with their mean value.
  mutating func mergeOntoMovedKeys(_ c: Int) {
    let keys = curves[c].keyframes
    // Frames kept, in the order first met, each with the selected values landing on it.
    var frames: [(frame: Float, sum: Float, count: Int, removed: Int)] = []
    for key in keys where key.isAnySelected {
      var found = false
      for r in frames.indices.reversed() {
        if Self.nearlyEqual(frames[r].frame, key.frame, Self.sameFrameThreshold) {
          frames[r].sum += key.value
          frames[r].count += 1
          found = true
          break
        }
        if frames[r].frame < key.frame { break }
      }
      if !found { frames.append((key.frame, key.value, 1, 0)) }
    }
    if frames.isEmpty { return }
    var keep = [Bool](repeating: true, count: keys.count)
    var values = keys.map(\.value)
    // The kept frames ascend (the keys are sorted): the candidates for a key are the few within
    // the threshold below the first frame beyond it, the newest first.
    func candidates(_ frame: Float) -> ReversedCollection<Range<Int>> {
      var lo = 0
      var hi = frames.count
      while lo < hi {
        let mid = (lo + hi) / 2
        if frames[mid].frame <= frame + Self.sameFrameThreshold { lo = mid + 1 } else { hi = mid }
      }
      var start = lo
      while start > 0 && frames[start - 1].frame >= frame - 2 * Self.sameFrameThreshold { start -= 1 }
      return (start..<lo).reversed()
    }
    for i in keys.indices.reversed() {
      for r in candidates(keys[i].frame) where Self.nearlyEqual(keys[i].frame, frames[r].frame, Self.sameFrameThreshold) {
        if keys[i].isAnySelected {
          if frames[r].removed == frames[r].count - 1 {
            values[i] = frames[r].sum / Float(frames[r].count)
          } else {
            keep[i] = false
          }
          frames[r].removed += 1
        } else {
          keep[i] = false
        }
        break
      }
    }
    withKeys(c) { keys in for i in keys.indices { keys[i].value = values[i] } }
    curves[c].retain { keep[$0] }
  }

  /// Blender's `IS_EQT`: |a − b| ≤ threshold, computed on the larger minus the smaller.
  static func nearlyEqual(_ a: Float, _ b: Float, _ threshold: Float) -> Bool {
    a > b ? a - b <= threshold : b - a <= threshold
  }

  /// `graph.duplicate`: a copy of each key whose point is selected goes right after it, fully
  /// selected, and the original is deselected; a key with only a handle selected stays as it is.
  /// Every editable curve is updated, copied into or not. Returns whether anything was copied
  /// (if not, Blender cancels the duplicate and the move after it).
  mutating func duplicateSelected() -> Bool {
    var copied = false
    for c in editableCurves {
      if curves[c].keyframes.contains(where: \.selected) {
        copied = true
        var keys: [Keyframe] = []
        var ids: [KeyIdentity] = []
        for (key, id) in zip(curves[c].keyframes, curves[c].keyIDs) {
          guard key.selected else {
            keys.append(key)
            ids.append(id)
            continue
          }
          var original = key
          original.selectAll(false)
          var copy = key
          copy.selectAll(true)
          keys += [original, copy]
          ids += [id, newKeyID()]
        }
        curves[c].fcurve.keyframes = Keyframes(keys)
        curves[c].keyIDs = ids
      }
      // Blender updates the curve with each copy still on its original: an auto handle
      // between the two has nothing to follow and collapses onto its key (and an aligned
      // handle opposite it with it), which the move then does not undo.
      curves[c].update()
    }
    return copied
  }
}

extension Keyframe {
  /// The handle types a transform gives a key when it starts. A scaled key whose handles move
  /// with it turns from fully auto to aligned (its handles then scale with it); a key moved in
  /// part (a handle without its key, or, with handles shown, every key scaled around its own
  /// point: its handles move and it stays) turns its auto sides aligned and each moved vector
  /// side free.
  mutating func convertHandleTypes(moving m: EditDocument.Moving, scaling: Bool, individual: Bool, showHandles: Bool) {
    if scaling && m.key && isFullyAuto {
      handleLeftType = .aligned
      handleRightType = .aligned
    }
    let stays = !m.key || (scaling && individual && showHandles)
    guard stays else { return }
    if handleLeftType.isAuto { handleLeftType = .aligned }
    if handleRightType.isAuto { handleRightType = .aligned }
    if handleLeftType == .vector && (m.left || m.key) { handleLeftType = .free }
    if handleRightType == .vector && (m.right || m.key) { handleRightType = .free }
  }
}
