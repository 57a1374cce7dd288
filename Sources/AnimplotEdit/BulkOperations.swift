import AnimplotCore

extension EditDocument {
  /// `graph.clean`: removes selected keys that change nothing within `threshold` (a key equal
  /// to the kept key before it and to the key after it, a last key equal to the one before,
  /// a key on the frame of the one before); with `channels`, a curve left with one key at its
  /// property's default value goes too. Only selected channels.
  mutating func clean(threshold: Float, channels: Bool) -> EditStatus {
    for c in selectedEditableCurves {
      let old = curves[c].keyframes
      let oldIDs = curves[c].keyIDs
      guard old.count > 1 else {
        if channels { removeIfDefault(c) }
        continue
      }
      var kept: [Keyframe] = [old[0]]
      var ids: [KeyIdentity] = [oldIDs[0]]
      for i in 1..<old.count {
        let cur = old[i]
        let prev = kept[kept.count - 1]
        let next: Keyframe? = i + 1 < old.count ? old[i + 1] : nil
        if !cur.selected {
          Self.insertSorted(cur, id: oldIDs[i], into: &kept, ids: &ids)
          continue
        }
        if !Self.nearlyEqual(cur.frame, prev.frame, threshold) {
          if let next {
            if !Self.nearlyEqual(cur.value, prev.value, threshold)
              || !Self.nearlyEqual(cur.value, next.value, threshold)
            {
              Self.insertSorted(cur, id: oldIDs[i], into: &kept, ids: &ids)
            }
          } else if !Self.nearlyEqual(cur.value, prev.value, threshold) {
            Self.insertSorted(cur, id: oldIDs[i], into: &kept, ids: &ids)
          }
        } else if !Self.nearlyEqual(cur.value, prev.value, threshold) {
          Self.insertSorted(cur, id: oldIDs[i], into: &kept, ids: &ids)
        }
      }
      // A kept key whose point is not selected comes back with its handles deselected.
      for k in kept.indices where !kept[k].selected { kept[k].selectAll(false) }
      curves[c].fcurve.keyframes = Keyframes(kept)
      curves[c].keyIDs = ids
      curves[c].update()
      if channels { removeIfDefault(c) }
    }
    removeEmptyCurves()
    return .finished
  }

  /// A curve holding one key at its property's default value is emptied (and then removed).
  private mutating func removeIfDefault(_ c: Int) {
    let keys = curves[c].keyframes
    if keys.count == 1 && keys[0].value == Self.defaultValue(of: curves[c].fcurve) {
      curves[c].retain { _ in false }
    }
  }

  /// Inserts a whole key as Blender's clean does: a key within 0.01 frames is replaced.
  static func insertSorted(_ key: Keyframe, id: KeyIdentity, into keys: inout [Keyframe], ids: inout [KeyIdentity]) {
    let (index, replace) = slot(for: key.frame, in: keys)
    if replace {
      keys[index] = key
    } else {
      keys.insert(key, at: index)
      ids.insert(id, at: index)
    }
  }

  /// The value a property has with no animation (Blender's defaults for the transform
  /// channels): 1 for scale, quaternion W and the axis-angle's Z, 0 otherwise.
  static func defaultValue(of curve: FCurve) -> Float {
    // The property's own name: `pose.bones["Arm"].scale` is a scale.
    let name = curve.dataPath.split(separator: ".").last.map(String.init) ?? curve.dataPath
    switch name {
    case "scale", "delta_scale": return 1
    case "rotation_quaternion", "delta_rotation_quaternion": return curve.index == 0 ? 1 : 0
    case "rotation_axis_angle": return curve.index == 2 ? 1 : 0
    default: return 0
    }
  }

  /// `graph.smooth`: each selected key but the first and last of the selection moves towards
  /// a weighted average of its two neighbours on each side (weights 3:5:2:1:1 and 1:1:2:5:3
  /// over twelve, then the mean of the two), and its handles 30 % of the way with it.
  mutating func smooth() -> EditStatus {
    for c in editableCurves {
      let keys = curves[c].keyframes
      let selected = keys.indices.filter { keys[$0].isAnySelected }
      let n = selected.count
      guard n >= 3 else {
        // Nothing to smooth; the handles are still recalculated, twice, as after a smooth.
        curves[c].update(times: 2)
        continue
      }
      var y1 = [Float](repeating: 0, count: n)
      var y2 = [Float](repeating: 0, count: n)
      var y3 = [Float](repeating: 0, count: n)
      for i in 1..<(n - 1) {
        let p1 = keys[selected[i - 1]].value
        let p2 = i - 2 > 0 ? keys[selected[i - 2]].value : p1
        let c1 = keys[selected[i]].value
        let n1 = keys[selected[i + 1]].value
        let n2 = i + 2 < n ? keys[selected[i + 2]].value : n1
        y1[i] = (3 * p2 + 5 * p1 + 2 * c1 + n1 + n2) / 12
        y3[i] = (p2 + p1 + 2 * c1 + 5 * n1 + 3 * n2) / 12
        y2[i] = (y1[i] + y3[i]) / 2
      }
      withKeys(c) { keys in
        for i in 1..<(n - 1) {
          let k = selected[i]
          keys[k].value = y2[i]
          keys[k].handleLeft.value = keys[k].handleLeft.value * 0.7 + y1[i] * 0.3
          keys[k].handleRight.value = keys[k].handleRight.value * 0.7 + y3[i] * 0.3
        }
      }
      curves[c].update(times: 2)
    }
    return .finished
  }

  /// `graph.sample`: between the first and the last key of each run of selected keys, a
  /// breakdown key at every whole frame, valued as the curve was before.
  /// The most keys one `sample` may add, over all the curves.
  public static let maximumSamples = 1_000_000
  /// Keys added times the keys the curve then holds up to which `sample` recalculates after
  /// each key (each recalculation walks the whole curve).
  static let exactSampleBudget = 4_000_000

  /// Whether `sample` recalculates the handles after each of `samples` keys added to a curve of
  /// `keys` keys, as Blender does, or once at the end: each recalculation walks the curve as it
  /// has grown, so the work is about samples × (keys + samples).
  package static func samplesOneByOne(adding samples: Int, to keys: Int) -> Bool {
    samples <= exactSampleBudget && samples * (keys + samples) <= exactSampleBudget
  }

  /// A run of keys `sample` fills: from key `first` to key `last` of the curve as it was
  /// before `sample`, a key on each whole frame between their frames.
  package struct SampleRun: Sendable, Hashable {
    package var first: Int
    package var last: Int
    package var startFrame: Float
    /// The frames between the two keys, rounded up (`samples` is one less).
    package var span: Float
    /// Whether `sample` can fill it: its keys within ±1e9 frames, where whole frames can be
    /// told apart, and no more than `maximumSamples` keys.
    package var fits: Bool { startFrame.magnitude < 1e9 && span <= Float(EditDocument.maximumSamples) }
    package var samples: Int { fits ? max(0, Int(span) - 1) : EditDocument.maximumSamples + 1 }
  }

  /// The runs `sample` fills on curve `c`, in order, as Blender's `sample_fcurve` finds them:
  /// a run starts at a selected key and ends at the next selected key not followed by a
  /// selected one, across unselected keys between; the search goes on after the run's last
  /// key, passing over as many keys as the samples replaced (keys within 0.01 of a whole
  /// frame take the sample's value instead of a new key: Blender then looks past them). The
  /// runs stop at the first `sample` cannot fill, or at the first whose samples with those
  /// before pass `limit` (`sample` refuses it; the search costs no more than the samples it
  /// would add). `sample` and `cost(of:)` both count on these.
  package func sampleRuns(_ c: Int, limit: Int = maximumSamples) -> [SampleRun] {
    let keys = curves[c].keyframes
    var runs: [SampleRun] = []
    var total = 0
    var start: Int?
    var i = 0
    while i < keys.count {
      guard keys[i].isAnySelected else {
        i += 1
        continue
      }
      guard let s = start else {
        start = i
        i += 1
        continue
      }
      if i < keys.count - 1 && keys[i + 1].isAnySelected {
        i += 1
        continue
      }
      let run = SampleRun(first: s, last: i, startFrame: keys[s].frame, span: (keys[i].frame - keys[s].frame).rounded(.up))
      runs.append(run)
      total += run.samples
      guard run.fits && total <= limit else { break }
      // The samples that land within the threshold of a key already there (or of a sample
      // before, past 2^24 where whole frames round together).
      var replaced = 0
      var p = s
      var previous: Float?
      let first = Int(run.startFrame.rounded(.down))
      for n in 1..<max(1, Int(run.span)) {
        let frame = Float(first + n)
        while p < keys.count && keys[p].frame < frame && abs(frame - keys[p].frame) >= Self.sameFrameThreshold { p += 1 }
        if frame == previous || (p < keys.count && abs(frame - keys[p].frame) < Self.sameFrameThreshold) { replaced += 1 }
        previous = frame
      }
      start = nil
      i += 1 + replaced
    }
    return runs
  }

  mutating func sample() throws -> EditStatus {
    // Every run of every curve is weighed before any key is added.
    var runs: [(curve: Int, runs: [SampleRun])] = []
    var found = 0
    for c in editableCurves {
      runs.append((c, sampleRuns(c, limit: max(0, Self.maximumSamples - found))))
      found += runs[runs.count - 1].runs.reduce(0) { $0 + $1.samples }
    }
    var added = 0
    for (c, curveRuns) in runs {
      for run in curveRuns {
        guard run.fits && run.span <= Float(Self.maximumSamples - added) else {
          throw EditError(
            abs(run.startFrame) < 1e9
              ? "sample: \(curves[c].fcurve.address) would get a key on each of \(Int(run.span)) frames"
                + (added > 0 ? " after \(added) keys added to other runs" : "") + " (at most \(Self.maximumSamples) in all)"
              : "sample: \(curves[c].fcurve.address) has keys beyond frame ±1e9, where whole frames cannot be told apart")
        }
        added += run.samples
      }
    }
    try checkModifierWork(runs.map { (curves[$0.curve].fcurve, $0.runs.reduce(0) { $0 + $1.samples }) }, what: "sample")
    for (c, curveRuns) in runs {
      for run in curveRuns where run.samples > 0 {
        let first = Int(run.startFrame.rounded(.down))
        let samples = (1...run.samples).map { n -> (Float, Float) in
          let frame = Float(first + n)
          return (frame, curves[c].fcurve.value(at: frame))
        }
        // Blender recalculates the handles after each key it adds; that is kept while it
        // costs little (the result can differ in the last bit otherwise), and a run of many
        // keys recalculates once at the end.
        let exact = Self.samplesOneByOne(adding: samples.count, to: curves[c].keyframes.count)
        for (frame, value) in samples {
          insertVertex(c, frame: frame, value: value, type: .breakdown, flags: exact ? [.needed] : [.fast])
        }
      }
      curves[c].update()
    }
    return .finished
  }

  enum Slider { case breakdown, blendToNeighbor }

  /// The slider operators over each run of consecutive selected keys, between the key before
  /// the run and the key after it (the run's own ends at the curve's ends).
  mutating func slide(_ slider: Slider, factor: Float) -> EditStatus {
    for c in selectedEditableCurves {
      let keys = curves[c].keyframes
      var i = 0
      var changed = keys
      while i < keys.count {
        guard keys[i].selected else {
          i += 1
          continue
        }
        var j = i
        while j + 1 < keys.count && keys[j + 1].selected { j += 1 }
        let left = keys[max(i - 1, 0)].value
        let right = keys[min(j + 1, keys.count - 1)].value
        for k in i...j {
          let target: Float
          switch slider {
          case .breakdown:
            target = Self.interpolate(right, left, factor)
          case .blendToNeighbor:
            let blend = abs(factor * 2 - 1)
            target = Self.interpolate(factor > 0.5 ? right : left, keys[k].value, blend)
          }
          Self.moveKey(&changed[k], to: target)
        }
        i = j + 1
      }
      curves[c].fcurve.keyframes = Keyframes(changed)
      curves[c].update()
    }
    return .finished
  }

  mutating func blendToDefault(factor: Float) -> EditStatus {
    for c in selectedEditableCurves {
      let value = Self.defaultValue(of: curves[c].fcurve)
      withKeys(c) { keys in
        for k in keys.indices where keys[k].selected {
          Self.moveKey(&keys[k], to: Self.interpolate(value, keys[k].value, factor))
        }
      }
      curves[c].update()
    }
    return .finished
  }

  /// `target·f + origin·(1 − f)` in `Float` (Blender's `interpf`).
  static func interpolate(_ target: Float, _ origin: Float, _ f: Float) -> Float {
    f * target + (1 - f) * origin
  }

  /// A key set to a value; its handles stay where they are (Blender 3.4's slider operators move
  /// the key point only, and the recalculation that follows moves the auto and vector ones).
  static func moveKey(_ key: inout Keyframe, to value: Float) {
    key.value = value
  }

  /// `graph.euler_filter` on each rotation curve with more than two keys: each key moves by
  /// whole turns until it lies within half a turn of the key before it, handles along.
  mutating func eulerFilter() -> EditStatus {
    // π as Blender's C code has it: the double constant rounded to the nearest float (Swift's
    // `Float.pi` is rounded down, one unit lower).
    let pi = Float(Double.pi)
    var changed = false
    for c in selectedEditableCurves where curves[c].fcurve.dataPath.hasSuffix("rotation_euler") {
      // A curve of two keys or fewer is left as it is, but updated with the others.
      guard curves[c].keyframes.count > 2 else {
        curves[c].update()
        continue
      }
      withKeys(c) { keys in
        for i in 1..<keys.count {
          let prev = keys[i - 1].value
          if abs(prev - keys[i].value) >= pi {
            let sign: Float = prev > keys[i].value ? 1 : -1
            let turn = sign * 2 * pi
            // Blender adds one turn at a time; a key millions of turns away (or so large that a
            // turn is lost in rounding) would never arrive, so past a thousand turns the rest
            // are taken in one step, and a key that floats cannot bring within half a turn
            // stays as it was.
            let original = keys[i]
            var steps = 0
            while sign * (prev - keys[i].value) >= pi && steps < 1000 {
              keys[i].handleLeft.value += turn
              keys[i].value += turn
              keys[i].handleRight.value += turn
              steps += 1
              changed = true
            }
            if sign * (prev - keys[i].value) >= pi {
              let turns = Float(((Double(prev) - Double(keys[i].value)) / (2 * Double.pi)).rounded())
              let shift = turns * 2 * pi
              keys[i].handleLeft.value += shift
              keys[i].value += shift
              keys[i].handleRight.value += shift
              if !(abs(prev - keys[i].value) <= pi) { keys[i] = original }
            }
          }
        }
      }
      curves[c].update()
    }
    return changed ? .finished : .cancelled
  }

  // MARK: Copy and paste

  mutating func copySelected() throws -> EditStatus {
    var channels: [EditClipboard.Channel] = []
    var first = Float.infinity
    var last = -Float.infinity
    for c in editableCurves {
      let keys = curves[c].keyframes.filter(\.isAnySelected)
      if keys.isEmpty { continue }
      first = min(first, keys[0].frame)
      last = max(last, keys[keys.count - 1].frame)
      channels.append(.init(dataPath: curves[c].fcurve.dataPath, index: curves[c].fcurve.index, keys: keys))
    }
    if channels.isEmpty { return .cancelled }
    clipboard = EditClipboard(channels: channels, copiedAtFrame: scene.currentFrame, firstFrame: first, lastFrame: last)
    return .finished
  }

  mutating func paste(offset: PasteOffset, merge: PasteMerge, flipped: Bool) throws -> EditStatus {
    guard let clipboard else { throw EditError("paste: nothing was copied") }
    let cfra = Float(scene.currentFrame)
    let shift: Float
    switch offset {
    case .start: shift = cfra - clipboard.firstFrame
    case .end: shift = cfra - clipboard.lastFrame
    case .relative: shift = cfra - Float(clipboard.copiedAtFrame)
    case .none: shift = 0
    }
    if flipped, let bone = clipboard.channels.first(where: { $0.dataPath.contains("pose.bones[") }) {
      // Blender then swaps left and right bones (.L and .R) and mirrors their transforms.
      throw EditError("paste: flipped paste of bone channels (\(bone.dataPath)) is not supported")
    }
    let targets = selectedEditableCurves.isEmpty ? editableCurves : selectedEditableCurves
    var pasted = false
    // Each curve takes the first copied channel of its data path and index.
    var channels: [ChannelName: Int] = [:]
    for (n, channel) in clipboard.channels.enumerated() {
      let name = ChannelName(dataPath: channel.dataPath, index: channel.index)
      if channels[name] == nil { channels[name] = n }
    }
    for c in targets {
      let source: EditClipboard.Channel?
      if clipboard.channels.count == 1 && targets.count == 1 {
        source = clipboard.channels[0]
      } else {
        source = channels[ChannelName(dataPath: curves[c].fcurve.dataPath, index: curves[c].fcurve.index)].map { clipboard.channels[$0] }
      }
      guard let source else { continue }
      pasted = true
      withKeys(c) { keys in for i in keys.indices { keys[i].selectAll(false) } }
      switch merge {
      case .mix: break
      case .overAll: curves[c].retain { _ in false }
      case .overRange, .overRangeAll:
        let lo = (merge == .overRange ? source.keys[0].frame : clipboard.firstFrame) + shift
        let hi = (merge == .overRange ? source.keys[source.keys.count - 1].frame : clipboard.lastFrame) + shift
        let keys = curves[c].keyframes
        curves[c].retain { keys[$0].frame < lo || keys[$0].frame > hi }
      }
      for var key in source.keys {
        key.selectAll(true)
        key.handleLeft.frame += shift
        key.frame += shift
        key.handleRight.frame += shift
        let (index, replace) = Self.slot(for: key.frame, in: curves[c].keyframes)
        if replace {
          curves[c].fcurve.keyframes[index] = key
        } else {
          curves[c].insert(key, id: newKeyID(), at: index)
        }
      }
      curves[c].update(times: 2)
    }
    return pasted ? .finished : .cancelled
  }
}

/// A channel's data path and index, as paste matches copied channels to curves.
struct ChannelName: Hashable {
  var dataPath: String
  var index: Int
}
