import AnimplotCore

/// What an operation will cost, told from the document before it runs: an edit script can then
/// be bounded before the work is done (`animplot edit` and `serve --edit` keep a budget of it).
package struct EditCost: Sendable, Hashable {
  /// The keys the operation visits: every key and curve of the document once (most operations
  /// walk, sort or recalculate every curve, and the result is checked whole), plus what grows
  /// faster than the keys (see `EditDocument.cost(of:)`).
  package var work: Int
  /// The most keys the operation adds (`sample`, `duplicate_move`, `paste`, the inserts).
  package var addedKeys: Int

  package init(work: Int, addedKeys: Int) {
    self.work = work
    self.addedKeys = addedKeys
  }

  /// Work that is cheap per step (a comparison, a move of a key in memory) but grows as a
  /// product of two counts is counted as that product over this: measured on a release build,
  /// a step of decimate's search or of moving keys aside for an inserted one takes 2 to 7 ns,
  /// a key visit of a smooth about 400 ns.
  package static let stepsPerVisit = 64

  /// The visits one key of a decimate refit's span costs: twelve sampled points through the
  /// fit's passes, about 1.4 µs on a release build (decimating a flat curve of 20,000 keys took
  /// 9.9 s of CPU, 2.2 s of it the search that noise takes too).
  package static let refitVisits = 4
}

extension EditDocument {
  /// The keys every curve holds, together.
  package var keyCount: Int { curves.reduce(0) { $0 + $1.fcurve.keyframes.count } }

  /// The visits a transform (`translate`, `scale`, `duplicate_move`) counts for each key beyond
  /// the first: it recalculates each curve four or five times (about 1.1 µs a key on a
  /// release build, a smooth 0.4 µs).
  static let transformVisits = 2

  /// What `operation` will cost on this document (an upper bound where the exact figure is
  /// only known while it runs). Work beyond one visit of every key and curve:
  /// - a transform counts each key three times (`transformVisits`);
  /// - `select` by key numbers: each number is looked for on every curve;
  /// - snapping to markers (`snap` to the nearest marker; a transform or duplicate with auto
  ///   snap to markers): each key looks at every marker;
  /// - `decimate`: its search for the cheapest key to remove looks at every key of the run
  ///   for each key it removes (run² / `stepsPerVisit`), and the two refits after each
  ///   removal span the keys removed around it: from a few keys each on a noisy curve to
  ///   the whole run on a zigzag of Bézier keys (0, 1, 0, 1 …: every removal is as cheap as
  ///   any other, the first goes, and each refit spans the stretch removed so far), so they
  ///   are not told here but counted as decimate runs (`refitVisits` a key), which stops
  ///   past `workBudget`;
  /// - `sample`: each key it adds moves the keys after it aside (added × keys after /
  ///   `stepsPerVisit`), and a small curve is recalculated after each key added (as Blender);
  /// - `paste`: each pasted key moves the keys after it aside.
  package func cost(of operation: EditOperation) -> EditCost {
    let keys = keyCount
    var work = keys + curves.count + 1
    var added = 0
    let markers = scene.markers.count
    func snapsToMarkers(_ snap: AutoSnap?) -> Bool { (snap ?? editor.autoSnap) == .marker }
    switch operation {
    case .select(let indices, _, _):
      work += indices.count * curves.count
    case .selectInChannel(_, let indices, _, _):
      work += (indices?.count ?? 0) * curves.count
    case .translate(_, _, let snap), .scale(_, _, _, let snap):
      work += Self.transformVisits * keys
      if snapsToMarkers(snap) { work += keys * markers }
    case .duplicateMove(_, _, let snap):
      added = editableCurves.reduce(0) { sum, c in sum + curves[c].fcurve.keyframes.count { $0.selected } }
      work += added + Self.transformVisits * (keys + added)
      if snapsToMarkers(snap) { work += (keys + added) * markers }
    case .insertClick, .insertAPI:
      added = 1
    case .insertKeyframe:
      added = curves.count
    case .snap(let mode):
      if mode == .nearestMarker { work += keys * markers }
    case .decimate:
      for c in selectedEditableCurves {
        for run in selectedRuns(c) {
          let squared = run.count * run.count
          work += squared / EditCost.stepsPerVisit
        }
      }
    case .sample:
      (work, added) = sampleCost(base: work)
    case .paste:
      (work, added) = pasteCost(base: work)
    case .selectAll, .selectBox, .delete, .interpolation, .easing, .handleType, .mirror, .equalizeHandles, .clean,
      .smooth, .eulerFilter, .extrapolation, .breakdown, .blendToNeighbor, .blendToDefault, .copy:
      break
    }
    return EditCost(work: work, addedKeys: added)
  }

  /// The runs of consecutive keys of curve `c` with anything selected.
  private func selectedRuns(_ c: Int) -> [Range<Int>] {
    let keys = curves[c].fcurve.keyframes
    var runs: [Range<Int>] = []
    var i = 0
    while i < keys.count {
      guard keys[i].isAnySelected else {
        i += 1
        continue
      }
      var end = i + 1
      while end < keys.count && keys[end].isAnySelected { end += 1 }
      runs.append(i..<end)
      i = end
    }
    return runs
  }

  /// `sample`: a key on each whole frame between the ends of each run it fills
  /// (`sampleRuns`), each moving the keys after it aside; a small curve recalculated after
  /// each (`samplesOneByOne`).
  private func sampleCost(base: Int) -> (work: Int, added: Int) {
    var work = base
    var added = 0
    for c in editableCurves {
      let keys = curves[c].fcurve.keyframes
      var curveAdded = 0
      for run in sampleRuns(c, limit: max(0, Self.maximumSamples - added)) {
        // Past the most it adds `sample` refuses before adding any.
        let samples = run.samples
        work += samples + samples * (keys.count - run.last - 1) / EditCost.stepsPerVisit
        // A run recalculated after each key walks the curve as it has grown each time.
        let now = keys.count + curveAdded
        if Self.samplesOneByOne(adding: samples, to: now) { work += samples * (now + samples) }
        curveAdded += samples
      }
      added += curveAdded
    }
    return (work, min(added, Self.maximumSamples + 1))
  }

  /// The curves `operation` evaluates through their modifiers, each with its evaluations
  /// (`sample` evaluates each sample, `insert_keyframe` of all or selected channels each
  /// curve it keys once); a run of edits bounds their steps together (`ModifierWork`).
  package func modifierWork(of operation: EditOperation) -> [(FCurve, Int)] {
    switch operation {
    case .sample:
      var found = 0
      return editableCurves.map { c in
        let samples = sampleRuns(c, limit: max(0, Self.maximumSamples - found)).reduce(0) { $0 + $1.samples }
        found += samples
        return (curves[c].fcurve, samples)
      }
    case .insertKeyframe(let mode) where mode == .all || mode == .selected:
      return (mode == .all ? editableCurves : selectedEditableCurves).map { (curves[$0].fcurve, 1) }
    default:
      return []
    }
  }

  /// `paste`: each target curve takes the keys of its copied channel, each moving the keys
  /// after it aside.
  private func pasteCost(base: Int) -> (work: Int, added: Int) {
    guard let clipboard else { return (base, 0) }
    var work = base
    var added = 0
    let targets = selectedEditableCurves.isEmpty ? editableCurves : selectedEditableCurves
    var copied: [ChannelName: Int] = [:]
    for channel in clipboard.channels.reversed() {
      copied[ChannelName(dataPath: channel.dataPath, index: channel.index)] = channel.keys.count
    }
    work += clipboard.channels.count
    for c in targets {
      let source: Int?
      if clipboard.channels.count == 1 && targets.count == 1 {
        source = clipboard.channels[0].keys.count
      } else {
        source = copied[ChannelName(dataPath: curves[c].fcurve.dataPath, index: curves[c].fcurve.index)]
      }
      guard let pasted = source else { continue }
      added += pasted
      work += pasted + pasted * (curves[c].fcurve.keyframes.count + pasted) / EditCost.stepsPerVisit
    }
    return (work, added)
  }
}

extension EditOperation {
  /// The operation's name in an edit script (`docs/edit.md`).
  package var scriptName: String {
    switch self {
    case .select, .selectInChannel: "select"
    case .selectAll: "select_all"
    case .selectBox: "select_box"
    case .translate: "translate"
    case .scale: "scale"
    case .duplicateMove: "duplicate_move"
    case .insertClick, .insertAPI, .insertKeyframe: "insert"
    case .delete: "delete"
    case .interpolation: "interpolation"
    case .easing: "easing"
    case .handleType: "handle_type"
    case .snap: "snap"
    case .mirror: "mirror"
    case .equalizeHandles: "equalize_handles"
    case .clean: "clean"
    case .smooth: "smooth"
    case .decimate: "decimate"
    case .sample: "sample"
    case .eulerFilter: "euler_filter"
    case .extrapolation: "extrapolation"
    case .breakdown: "breakdown"
    case .blendToNeighbor: "blend_to_neighbor"
    case .blendToDefault: "blend_to_default"
    case .copy: "copy"
    case .paste: "paste"
    }
  }
}
