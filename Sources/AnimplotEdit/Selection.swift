import AnimplotCore

extension EditDocument {
  mutating func select(keys: [Int], part: SelectPart, extend: Bool) throws -> EditStatus {
    for index in keys where !curves.contains(where: { $0.fcurve.keyframes.indices.contains(index) }) {
      throw EditError("select: no key \(index) (the curves hold \(curves.map(\.keyframes.count).max() ?? 0) keys at most)")
    }
    if !extend { deselectEveryKey() }
    for c in curves.indices {
      select(part, of: keys.filter { curves[c].keyframes.indices.contains($0) }, in: c)
    }
    return .finished
  }

  /// Clears the three flags of every key.
  mutating func deselectEveryKey() {
    for c in curves.indices {
      withKeys(c) { keys in for i in keys.indices { keys[i].selectAll(false) } }
    }
  }

  /// Selects `part` of the keys at `indices` of curve `c`, and the curve.
  mutating func select(_ part: SelectPart, of indices: [Int], in c: Int) {
    withKeys(c) { keyframes in
      for i in indices {
        switch part {
        case .key: keyframes[i].selected = true
        case .left: keyframes[i].selectedHandleLeft = true
        case .right: keyframes[i].selectedHandleRight = true
        case .all: keyframes[i].selectAll(true)
        }
      }
    }
    curves[c].fcurve.selected = true
  }

  mutating func selectInChannel(address: String, keys: [Int]?, part: SelectPart, extend: Bool) throws -> EditStatus {
    let matches = curves.indices.filter { curves[$0].fcurve.address == address }
    guard !matches.isEmpty else {
      let names = curves.prefix(12).map(\.fcurve.address).joined(separator: ", ")
      throw EditError("select: no channel \(address); the action has \(names)\(curves.count > 12 ? ", ..." : "")")
    }
    for c in matches {
      for index in keys ?? [] where !curves[c].keyframes.indices.contains(index) {
        throw EditError("select: \(address) has no key \(index) (it has \(curves[c].keyframes.count), numbered from 0)")
      }
    }
    if !extend { deselectEveryKey() }
    for c in matches { select(part, of: keys ?? Array(curves[c].keyframes.indices), in: c) }
    return .finished
  }

  mutating func selectAll(_ action: SelectAllAction) -> EditStatus {
    var action = action
    if action == .toggle {
      let any = editableCurves.contains { c in curves[c].keyframes.contains { $0.isAnySelected } }
      action = any ? .deselect : .select
    }
    for c in editableCurves {
      withKeys(c) { keys in
        for i in keys.indices {
          switch action {
          case .select: keys[i].selectAll(true)
          case .deselect: keys[i].selectAll(false)
          case .invert: keys[i].selectAll(!keys[i].selected)
          case .toggle: break
          }
        }
      }
      // Selecting keys selects their channel; deselecting leaves channels as they are.
      if action != .deselect { curves[c].fcurve.selected = true }
    }
    return .finished
  }

  mutating func selectBox(
    frames: ClosedRange<Float>, values: ClosedRange<Float>, mode: BoxSelectMode, includeHandles: Bool
  ) -> EditStatus {
    func inside(_ p: CurvePoint) -> Bool { frames.contains(p.frame) && values.contains(p.value) }
    if mode == .set {
      for c in editableCurves { withKeys(c) { keys in for i in keys.indices { keys[i].selectAll(false) } } }
    }
    let on = mode != .subtract
    let showsHandles = editor.showHandles, onlySelectedHandles = editor.onlySelectedKeyframeHandles
    for c in editableCurves {
      let picked = withKeys(c) { keys -> Bool in
        var picked = false
        for i in keys.indices {
          // Handles are tested where they are drawn: shown, and (with Only Selected Keyframes
          // Handles) on a key with something selected once `set` has cleared the selection.
          let handles = includeHandles && showsHandles && (!onlySelectedHandles || keys[i].isAnySelected)
          let point = inside(keys[i].point)
          let left = handles && inside(keys[i].handleLeft)
          let right = handles && inside(keys[i].handleRight)
          if !includeHandles {
            if point { keys[i].selectAll(on) }
          } else {
            if point { keys[i].selected = on }
            if left { keys[i].selectedHandleLeft = on }
            if right { keys[i].selectedHandleRight = on }
          }
          picked = picked || point || left || right
        }
        return picked
      }
      if picked && on { curves[c].fcurve.selected = true }
    }
    return .finished
  }
}
