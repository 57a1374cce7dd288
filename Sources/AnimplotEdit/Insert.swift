import AnimplotCore

/// Key insertion as Blender's `insert_vert_fcurve` behaves (see `docs/edit.md`, "Insert").
extension EditDocument {
  /// Blender's threshold for "a key already on this frame" (`BEZT_BINARYSEARCH_THRESH`).
  static let sameFrameThreshold: Float = 0.01

  struct InsertFlags: OptionSet {
    let rawValue: Int
    static let needed = InsertFlags(rawValue: 1)
    static let fast = InsertFlags(rawValue: 4)
    static let replaceOnly = InsertFlags(rawValue: 16)
  }

  /// Where a key at `frame` goes: the index of a key within the threshold (to replace), or the
  /// index to insert at.
  static func slot(for frame: Float, in keys: [Keyframe]) -> (index: Int, replace: Bool) {
    if keys.isEmpty { return (0, false) }
    // The ends first, then a binary search, each with the threshold.
    if abs(frame - keys[0].frame) < sameFrameThreshold { return (0, true) }
    if frame < keys[0].frame { return (0, false) }
    let last = keys.count - 1
    if abs(frame - keys[last].frame) < sameFrameThreshold { return (last, true) }
    if frame > keys[last].frame { return (keys.count, false) }
    var lo = 0
    var hi = last
    while lo <= hi {
      let mid = (lo + hi) / 2
      let f = keys[mid].frame
      if abs(frame - f) < sameFrameThreshold { return (mid, true) }
      if frame < f { hi = mid - 1 } else { lo = mid + 1 }
    }
    return (lo, false)
  }

  /// Inserts a key at (frame, value) into curve `c`: a key within 0.01 frames takes the new
  /// value (its handles shifted by the change) and the new key's selection; otherwise a new,
  /// fully selected key goes in, inherits a neighbour's interpolation when the curve then
  /// holds more than two keys, and splits a Bézier segment whose ends are not auto so that the
  /// curve keeps its shape. Returns the key's index, or nil when nothing was inserted.
  @discardableResult
  mutating func insertVertex(
    _ c: Int, frame: Float, value: Float, type: KeyframeType?, flags: InsertFlags
  ) -> Int? {
    var key = Keyframe(frame: frame, value: value)
    key.selectAll(true)
    key.type = type ?? .keyframe
    let before = curves[c].keyframes.count
    let (index, replace) = Self.slot(for: frame, in: curves[c].keyframes)
    if replace {
      withKeys(c) { keys in
        let dy = value - keys[index].value
        keys[index].handleLeft.value += dy
        keys[index].value += dy
        keys[index].handleRight.value += dy
        keys[index].selectAll(true)
      }
    } else {
      if flags.contains(.replaceOnly) && before > 0 { return nil }
      curves[c].insert(key, id: newKeyID(), at: index)
      let count = curves[c].keyframes.count
      if count > 2 {
        withKeys(c) { keys in
          if index > 0 {
            keys[index].interpolation = keys[index - 1].interpolation
          } else if index < count - 1 {
            keys[index].interpolation = keys[index + 1].interpolation
          }
        }
        if index > 0 && index < count - 1 { splitSegment(c, at: index) }
      }
    }
    if !flags.contains(.fast) { curves[c].update() }
    return index
  }

  /// Shape-preserving insertion: when the segment the new key falls in is Bézier on both sides
  /// and not every end is auto, the segment is split with de Casteljau at the new key's frame;
  /// the new key takes the split handles (shifted by its offset from the curve) and turns
  /// aligned, and the neighbours' facing handles take the split lengths.
  mutating func splitSegment(_ c: Int, at index: Int) {
    var keys = curves[c].keyframes
    let prev = keys[index - 1]
    var key = keys[index]
    let next = keys[index + 1]
    guard prev.interpolation == .bezier && key.interpolation == .bezier else { return }
    let keyAuto = key.isFullyAuto || (key.handleLeftType == .vector && key.handleRightType == .vector)
    let prevAuto = prev.isFullyAuto || prev.handleRightType == .vector
    let nextAuto = next.isFullyAuto || next.handleLeftType == .vector
    if keyAuto && prevAuto && nextAuto { return }
    guard key.frame > prev.frame && key.frame < next.frame else { return }
    let segment = BezierSegment(from: prev, to: next).corrected()
    guard let t = segment.parameter(at: key.frame), t > 0 && t < 1 else { return }
    func lerp(_ a: CurvePoint, _ b: CurvePoint) -> CurvePoint {
      let s = 1 - t
      return CurvePoint(frame: s * a.frame + t * b.frame, value: s * a.value + t * b.value)
    }
    let p12 = lerp(segment.p0, segment.p1)
    let p23 = lerp(segment.p1, segment.p2)
    let p34 = lerp(segment.p2, segment.p3)
    let p123 = lerp(p12, p23)
    let p234 = lerp(p23, p34)
    let p1234 = lerp(p123, p234)
    // The split point is moved onto the new key, its handles with it (in frame and value).
    let dx = key.frame - p1234.frame
    let dy = key.value - p1234.value
    keys[index - 1].handleRight = p12
    keys[index + 1].handleLeft = p34
    key.handleLeft = CurvePoint(frame: p123.frame + dx, value: p123.value + dy)
    key.handleRight = CurvePoint(frame: p234.frame + dx, value: p234.value + dy)
    if key.isFullyAuto {
      var autoWorksWell = false
      if (prevAuto || nextAuto) && curves[c].fcurve.autoSmoothing == .contAccel {
        let hx = key.frame - key.handleLeft.frame
        let dx = key.frame - prev.frame
        autoWorksWell = abs(hx - dx / 3) < 0.001
      }
      if !autoWorksWell {
        key.handleLeftType = .aligned
        key.handleRightType = .aligned
      }
    }
    keys[index] = key
    curves[c].fcurve.keyframes = Keyframes(keys)
  }

  mutating func insertClick(frame: Float, value: Float, extend: Bool) -> EditStatus {
    guard let c = activeCurve, editableCurves.contains(c) else { return .cancelled }
    if !extend {
      for d in editableCurves {
        withKeys(d) { keys in for i in keys.indices { keys[i].selectAll(false) } }
      }
    }
    insertVertex(c, frame: frame, value: value, type: scene.keyframeType, flags: [])
    return .finished
  }

  /// `keyframe_points.insert` of Blender 3.4.1: its `options` reach the key type and its
  /// `keyframe_type` the insert flags (see `docs/edit.md`). With `REPLACE` among the options a
  /// new key's type is 16 or more, a type Blender does not have: such an insert is refused.
  mutating func insertAPI(
    frame: Float, value: Float, options: Set<InsertOption>, keyframeType: KeyframeType
  ) throws -> EditStatus {
    guard let c = activeCurve else { return .cancelled }
    let bits = options.reduce(0) { $0 | $1.bit }
    let type = Self.blenderKeyType(bits)
    if type == nil && !Self.slot(for: frame, in: curves[c].keyframes).replace {
      throw EditError(
        "insert: keyframe_points.insert with REPLACE among its options gives Blender 3.4.1's new key the key type \(bits), which is no key type; not supported")
    }
    let flags = InsertFlags(rawValue: Self.blenderKeyTypeIndex(keyframeType) & ~InsertFlags.replaceOnly.rawValue)
    insertVertex(c, frame: frame, value: value, type: type, flags: flags)
    return .finished
  }

  /// Blender 3.4's numbering of key types.
  static func blenderKeyTypeIndex(_ type: KeyframeType) -> Int {
    switch type {
    case .keyframe: return 0
    case .extreme: return 1
    case .breakdown: return 2
    case .jitter: return 3
    case .movingHold: return 4
    case .generated: return 5
    }
  }

  static func blenderKeyType(_ index: Int) -> KeyframeType? {
    switch index {
    case 0: return .keyframe
    case 1: return .extreme
    case 2: return .breakdown
    case 3: return .jitter
    case 4: return .movingHold
    default: return nil
    }
  }

  mutating func insertKeyframe(_ mode: InsertKeyframeMode) throws -> EditStatus {
    let targets: [Int]
    switch mode {
    case .all: targets = editableCurves
    case .selected, .cursorSelected: targets = selectedEditableCurves
    case .cursorActive: targets = activeCurve.map { [$0] } ?? []
    }
    let frame = Float(scene.currentFrame)
    if mode == .all || mode == .selected {
      try checkModifierWork(targets.map { curves[$0].fcurve }, evaluations: 1, what: "insert_keyframe")
    }
    for c in targets {
      switch mode {
      case .cursorActive, .cursorSelected:
        insertVertex(c, frame: frame, value: scene.cursorValue, type: scene.keyframeType, flags: [])
      case .all, .selected:
        let value = curves[c].fcurve.value(at: frame)
        let keys = curves[c].keyframes
        // Auto keying's "replace" keys only onto an existing key; "only insert needed" skips a
        // key that changes nothing.
        let replaces = !scene.autoKeyingReplace || Self.slot(for: frame, in: keys).replace
        let needed = !scene.onlyInsertNeeded || Self.keyNeeded(keys, frame: frame, value: value)
        if replaces && needed {
          insertVertex(c, frame: frame, value: value, type: scene.keyframeType, flags: [])
        }
      }
      // The operator then updates every curve it was to key once more, keyed or not.
      curves[c].update()
    }
    return targets.isEmpty ? .cancelled : .finished
  }

  /// "Only Insert Needed": whether a key of `value` at `frame` changes the curve.
  static func keyNeeded(_ keys: [Keyframe], frame: Float, value: Float) -> Bool {
    guard let first = keys.first, let last = keys.last else { return true }
    if frame > first.frame && frame < last.frame { return false }
    if let k = keys.first(where: { $0.frame == frame }) { return k.value != value }
    return true
  }
}
