import AnimplotCore

extension EditDocument {
  /// Applies one operation as Blender's Graph Editor does, with its post-edit steps (keys that
  /// passed each other sorted with their handles, keys left on one frame merged, handle types
  /// converted, the edited curves' handles recalculated). Throws `EditError`, leaving the
  /// document unchanged, when the operation cannot apply.
  @discardableResult
  public mutating func apply(_ operation: EditOperation) throws -> EditStatus {
    var work = 0
    return try apply(operation, work: &work)
  }

  /// `apply(_:)`, adding to `work` the key visits the operation counted as it ran (`decimate`,
  /// bounded by `workBudget`; 0 for the others, whose `cost(of:)` is exact enough).
  @discardableResult
  package mutating func apply(_ operation: EditOperation, work: inout Int) throws -> EditStatus {
    var copy = self
    let status = try copy.perform(operation, work: &work)
    try copy.checkFinite()
    self = copy
    return status
  }

  /// Throws `EditError` unless every key's frame, value and handles are finite. An edit whose result overflows 32-bit floats
  /// (a move by 3e38) is refused, as a file holding it would be.
  public func checkFinite() throws {
    for curve in curves {
      for key in curve.keyframes {
        let numbers = [key.frame, key.value, key.handleLeft.frame, key.handleLeft.value, key.handleRight.frame, key.handleRight.value]
        if !numbers.allSatisfy(\.isFinite) {
          throw EditError("the edit overflows 32-bit floats at \(curve.fcurve.address) (a key or handle beyond ±3.4e38)")
        }
      }
    }
  }

  /// The document after `operation`, and what the operation reported.
  public func applying(_ operation: EditOperation) throws -> (document: EditDocument, status: EditStatus) {
    var copy = self
    let status = try copy.apply(operation)
    return (copy, status)
  }

  /// Throws `EditError` (`what: ...`) unless evaluating each of `curves` `evaluations` times
  /// is within `modifierStepBudget`.
  func checkModifierWork(_ curves: [FCurve], evaluations: Int, what: String) throws {
    do {
      try ModifierWork.check(curves, budget: modifierStepBudget) { _ in evaluations }
    } catch {
      throw EditError("\(what): \(error.description(quoting: { "\"\($0.prefix(80))\"" }))")
    }
  }

  /// `checkModifierWork` with each curve's evaluations given beside it, weighed together.
  func checkModifierWork(_ work: [(FCurve, Int)], what: String) throws {
    do {
      try ModifierWork.check(work, budget: modifierStepBudget)
    } catch {
      throw EditError("\(what): \(error.description(quoting: { "\"\($0.prefix(80))\"" }))")
    }
  }

  private mutating func perform(_ operation: EditOperation, work: inout Int) throws -> EditStatus {
    switch operation {
    case .select(let keys, let part, let extend):
      return try select(keys: keys, part: part, extend: extend)
    case .selectInChannel(let address, let keys, let part, let extend):
      return try selectInChannel(address: address, keys: keys, part: part, extend: extend)
    case .selectAll(let action):
      return selectAll(action)
    case .selectBox(let frames, let values, let mode, let includeHandles):
      return selectBox(frames: frames, values: values, mode: mode, includeHandles: includeHandles)
    case .translate(let dx, let dy, let snap):
      if let snap { editor.autoSnap = snap }
      return transform(.translate(dx, dy))
    case .scale(let sx, let sy, let pivot, let snap):
      if let snap { editor.autoSnap = snap }
      if let pivot { editor.pivot = pivot }
      return transform(.scale(sx, sy))
    case .duplicateMove(let dx, let dy, let snap):
      if let snap { editor.autoSnap = snap }
      guard duplicateSelected() else { return .cancelled }
      return transform(.translate(dx, dy))
    case .insertClick(let frame, let value, let extend):
      return insertClick(frame: frame, value: value, extend: extend)
    case .insertAPI(let frame, let value, let options, let type):
      return try insertAPI(frame: frame, value: value, options: options, keyframeType: type)
    case .insertKeyframe(let mode):
      return try insertKeyframe(mode)
    case .delete:
      return deleteSelected()
    case .interpolation(let mode):
      return editSelectedKeys { $0.interpolation = mode }
    case .easing(let mode):
      return editSelectedKeys { $0.easing = mode }
    case .handleType(let type):
      return setHandleType(type)
    case .snap(let mode):
      return snap(mode)
    case .mirror(let mode):
      return mirror(mode)
    case .equalizeHandles(let side, let length, let flatten):
      guard length >= 0 else { throw EditError("equalize_handles: the length must be 0 or more, found \(length)") }
      return equalizeHandles(side: side, length: length, flatten: flatten)
    case .clean(let threshold, let channels):
      guard threshold >= 0 else { throw EditError("clean: the threshold must be 0 or more, found \(threshold)") }
      return clean(threshold: threshold, channels: channels)
    case .smooth:
      return smooth()
    case .decimate(let mode):
      switch mode {
      case .ratio(let factor):
        guard factor >= 0 && factor <= 1 else { throw EditError("decimate: the factor must be from 0 to 1, found \(factor)") }
      case .errorMargin(let margin):
        guard margin >= 0 && margin.isFinite else { throw EditError("decimate: the error margin must be 0 or more, found \(margin)") }
      }
      return try decimate(mode, work: &work)
    case .sample:
      return try sample()
    case .eulerFilter:
      return eulerFilter()
    case .extrapolation(let mode):
      return setExtrapolation(mode)
    case .breakdown(let factor):
      return slide(.breakdown, factor: factor)
    case .blendToNeighbor(let factor):
      return slide(.blendToNeighbor, factor: factor)
    case .blendToDefault(let factor):
      return blendToDefault(factor: factor)
    case .copy:
      return try copySelected()
    case .paste(let offset, let merge, let flipped):
      return try paste(offset: offset, merge: merge, flipped: flipped)
    }
  }

  // MARK: Which curves an operation sees

  /// Curves the editor shows and lets edit (not hidden, not locked).
  var editableCurves: [Int] {
    curves.indices.filter { !curves[$0].fcurve.hidden && !curves[$0].fcurve.locked }
  }

  /// Editable curves whose channel is selected (operators that skip unselected channels).
  var selectedEditableCurves: [Int] {
    editableCurves.filter { curves[$0].fcurve.selected }
  }

  /// The active curve (click inserts): the one marked active, else the first.
  var activeCurve: Int? {
    curves.indices.first { curves[$0].fcurve.active } ?? (curves.isEmpty ? nil : 0)
  }

  /// Runs `body` over the keys of `curve` in place.
  mutating func withKeys<R>(_ curve: Int, _ body: (inout [Keyframe]) -> R) -> R {
    curves[curve].fcurve.keyframes.mutateFull(body)
  }

  /// Removes the curves that hold no key any more (Blender deletes an F-curve left empty).
  mutating func removeEmptyCurves() {
    curves.removeAll { $0.fcurve.keyframes.isEmpty }
  }

  // MARK: Simple key edits

  /// Sets something on every key whose point is selected, in every editable curve, then
  /// updates those curves.
  mutating func editSelectedKeys(_ edit: (inout Keyframe) -> Void) -> EditStatus {
    for c in editableCurves {
      withKeys(c) { keys in
        for i in keys.indices where keys[i].selected { edit(&keys[i]) }
      }
      curves[c].update()
    }
    return .finished
  }
}

extension Keyframe {
  /// Any of the three points selected (Blender's `BEZT_ISSEL_ANY`).
  var isAnySelected: Bool { selected || selectedHandleLeft || selectedHandleRight }

  mutating func selectAll(_ on: Bool) {
    selected = on
    selectedHandleLeft = on
    selectedHandleRight = on
  }
}
