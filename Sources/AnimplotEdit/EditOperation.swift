import AnimplotCore

/// One Graph Editor operation, named after Blender's operator (see `docs/edit.md`).
public enum EditOperation: Sendable, Hashable {
  /// Sets selection flags directly (as clicking does): unless `extend`, every flag of every key
  /// is cleared first; then `part` of each listed key (indices into the current key array) is
  /// selected, on every curve, and the curves are selected.
  case select(keys: [Int], part: SelectPart, extend: Bool)
  /// Selects keys of one channel (`dataPath[index]`), all of them when `keys` is nil, as
  /// clicking them in that channel does: unless `extend`, every flag of every key is cleared
  /// first. The channel is selected.
  case selectInChannel(address: String, keys: [Int]?, part: SelectPart, extend: Bool)
  /// `graph.select_all`.
  case selectAll(SelectAllAction)
  /// `graph.select_box` over the frames and values given (bounds included), on the editable
  /// curves: `set` clears every key's flags first, `add` keeps them, `subtract` clears what lies
  /// inside. With `includeHandles` (Blender's default) the key point and each visible handle are
  /// tested on their own; without, a key whose point lies inside is selected whole. A curve with
  /// a point newly selected is selected.
  case selectBox(frames: ClosedRange<Float>, values: ClosedRange<Float>, mode: BoxSelectMode, includeHandles: Bool)
  /// `transform.translate` by (frames, value), with the editor's auto snapping (`snap` sets it).
  case translate(frames: Float, value: Float, snap: AutoSnap?)
  /// `transform.resize` by (x factor, y factor) around `pivot` (sets the editor's pivot).
  case scale(x: Float, y: Float, pivot: PivotPoint?, snap: AutoSnap?)
  /// `graph.duplicate` then a translate of the copies.
  case duplicateMove(frames: Float, value: Float, snap: AutoSnap?)
  /// `graph.click_insert` into the active (first) curve.
  case insertClick(frame: Float, value: Float, extend: Bool)
  /// `FCurve.keyframe_points.insert(frame, value, options=, keyframe_type=)` of Blender 3.4.1,
  /// whose two last arguments reach the C function swapped (see `docs/edit.md`).
  case insertAPI(frame: Float, value: Float, options: Set<InsertOption>, keyframeType: KeyframeType)
  /// `graph.keyframe_insert`.
  case insertKeyframe(InsertKeyframeMode)
  /// `graph.delete`.
  case delete
  /// `graph.interpolation_type`.
  case interpolation(Interpolation)
  /// `graph.easing_type`.
  case easing(Easing)
  /// `graph.handle_type`.
  case handleType(HandleType)
  /// `graph.snap`.
  case snap(SnapMode)
  /// `graph.mirror`.
  case mirror(MirrorMode)
  /// `graph.equalize_handles`.
  case equalizeHandles(side: HandleSideChoice, length: Float, flatten: Bool)
  /// `graph.clean`.
  case clean(threshold: Float, channels: Bool)
  /// `graph.smooth`.
  case smooth
  /// `graph.decimate`: removes selected Bézier and linear keys that the curve can do without,
  /// refitting the handles of the keys around them.
  case decimate(DecimateMode)
  /// `graph.sample`.
  case sample
  /// `graph.euler_filter`.
  case eulerFilter
  /// `graph.extrapolation_type`.
  case extrapolation(ExtrapolationMode)
  /// `graph.breakdown(factor)`.
  case breakdown(factor: Float)
  /// `graph.blend_to_neighbor(factor)`.
  case blendToNeighbor(factor: Float)
  /// `graph.blend_to_default(factor)`.
  case blendToDefault(factor: Float)
  /// `graph.copy`.
  case copy
  /// `graph.paste`.
  case paste(offset: PasteOffset, merge: PasteMerge, flipped: Bool)
}

/// Which part of a key `select` selects.
public enum SelectPart: String, Sendable, Hashable, CaseIterable {
  case key, left, right, all
}

public enum SelectAllAction: String, Sendable, Hashable, CaseIterable {
  case select, deselect, invert, toggle
}

/// How `selectBox` combines with the selection there is (Blender's `mode`: SET, ADD, SUB).
public enum BoxSelectMode: String, Sendable, Hashable, CaseIterable {
  case set, add, subtract
}

/// The flags of `keyframe_points.insert`'s `options`.
public enum InsertOption: String, Sendable, Hashable, CaseIterable {
  case replace, needed, fast

  /// Blender's insert-flag bit.
  var bit: Int {
    switch self {
    case .needed: return 1
    case .fast: return 4
    case .replace: return 16
    }
  }
}

/// What `graph.keyframe_insert` keys.
public enum InsertKeyframeMode: String, Sendable, Hashable, CaseIterable {
  /// Every curve at the current frame, with its own value there.
  case all
  /// Selected curves at the current frame.
  case selected
  /// The active curve at (current frame, cursor value).
  case cursorActive
  /// Selected curves at (current frame, cursor value).
  case cursorSelected
}

public enum SnapMode: String, Sendable, Hashable, CaseIterable {
  case currentFrame, value, nearestFrame, nearestSecond, nearestMarker, horizontal
}

public enum MirrorMode: String, Sendable, Hashable, CaseIterable {
  /// Over the current frame.
  case currentFrame
  /// Over the cursor's value.
  case value
  /// Over frame 0.
  case yAxis
  /// Over value 0.
  case xAxis
  /// Over the first selected marker.
  case marker
}

/// How many keys `decimate` removes.
public enum DecimateMode: Sendable, Hashable {
  /// This fraction (0 to 1) of the selected keys (Blender's `factor`).
  case ratio(Float)
  /// Keys as long as the curve stays within this distance of its old shape, in frame and value
  /// units (Blender's `remove_error_margin`).
  case errorMargin(Float)
}

public enum HandleSideChoice: String, Sendable, Hashable, CaseIterable {
  case left, right, both
}

public enum ExtrapolationMode: String, Sendable, Hashable, CaseIterable {
  case constant, linear, makeCyclic, clearCyclic
}

public enum PasteOffset: String, Sendable, Hashable, CaseIterable {
  /// The first copied key lands on the current frame.
  case start
  /// The last copied key lands on the current frame.
  case end
  /// Shifted by how far the current frame moved since the copy.
  case relative
  /// At the frames copied.
  case none
}

public enum PasteMerge: String, Sendable, Hashable, CaseIterable {
  /// Over the existing keys (a pasted key replaces one within 0.01 frames).
  case mix
  /// Every existing key removed first.
  case overAll
  /// Existing keys within each channel's pasted range removed first.
  case overRange
  /// Existing keys within the range of all pasted keys removed first.
  case overRangeAll
}

/// What an operation reports, as Blender's operators do.
public enum EditStatus: String, Sendable, Hashable {
  /// It ran (possibly changing nothing).
  case finished
  /// It had nothing to act on and changed nothing.
  case cancelled
}

/// An operation that cannot apply to the document (a key index out of range, a paste with an
/// empty clipboard): the document is unchanged.
public struct EditError: Error, Sendable, Hashable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}
