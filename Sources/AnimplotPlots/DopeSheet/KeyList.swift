import AnimplotCore

/// The keys of one dope-sheet row merged into columns, with what every curve says about the span
/// that starts at each column: Blender 3.4's keylist (`editors/animation/keyframes_keylist.cc`),
/// rewritten from its behaviour.
///
/// Curves are added one after another, in the row's channel order; the order decides which key
/// names a column (its frame and, failing a `keyframe`, its type), as in Blender.
struct KeyList {
  /// Blender's frame tolerance for "the same column" (`BEZT_BINARYSEARCH_THRESH`).
  private static let threshold: Float = 0.01

  /// What the curves of the row do over the span from a column to the next.
  struct Span {
    /// Every flag some curve reported.
    var flags: SpanFlags = []
    /// The flags on which the curves disagree: set by one curve, missing from another.
    var conflict: SpanFlags = []
    var selected = false
  }

  /// Blender's `eActKeyBlock_Flag` for curve segments.
  struct SpanFlags: OptionSet {
    let rawValue: UInt8
    static let movingHold = SpanFlags(rawValue: 1 << 0)
    static let staticHold = SpanFlags(rawValue: 1 << 1)
    static let anyHold = SpanFlags(rawValue: 1 << 2)
    static let nonBezier = SpanFlags(rawValue: 1 << 3)
  }

  struct Column {
    var key: KeyColumn
    /// How many curves the list held after the last one was added (`totcurve`).
    var curveCount = 0
    /// Curves that reported any flag for the span (`totblock`).
    var flaggedCount = 0
    var span = Span()
  }

  private var columns: [Column] = []
  /// Whether the list keeps which keys each column merges (`columnKeys`).
  private let tracking: Bool
  /// With `tracking`: the keys each column merges, in the order they were added.
  private(set) var columnKeys: [[KeyID]] = []

  /// An empty list; with `tracking`, one that keeps the keys of each column (`columnKeys`),
  /// given to `add(curve:ids:)`.
  init(tracking: Bool = false) { self.tracking = tracking }

  /// Adds one curve's keys (sorted by frame): first its keys to the columns, then its segments
  /// to the spans (Blender's `fcurve_to_keylist`). With `tracking`, `ids` names each key.
  mutating func add(curve keys: Keyframes, ids: [KeyID] = []) {
    guard !keys.isEmpty else { return }
    var cursor: Int?
    for (i, key) in keys.enumerated() {
      cursor = addKey(key, cursor: cursor)
      if tracking, let c = cursor { columnKeys[c].append(ids[i]) }
    }
    updateSpans(keys)
  }

  /// `a` and `b` name the same column (`is_cfra_eq`).
  private static func sameFrame(_ a: Float, _ b: Float) -> Bool {
    a > b ? a - b <= threshold : b - a <= threshold
  }

  /// `a` is before `b` by more than the threshold (`is_cfra_lt`).
  private static func before(_ a: Float, _ b: Float) -> Bool { b - a > threshold }

  /// Merges `key` into the column it matches or inserts a new one, walking from the column last
  /// touched by this curve as Blender does (so near-ties resolve as they do there). Returns the
  /// column touched.
  private mutating func addKey(_ key: Keyframe, cursor: Int?) -> Int {
    let frame = key.frame
    guard !columns.isEmpty else {
      columns.append(Column(key: Self.column(for: key)))
      if tracking { columnKeys.append([]) }
      return 0
    }
    var i = cursor ?? 0
    if !Self.sameFrame(columns[i].key.frame, frame) {
      if columns[i].key.frame <= frame {
        while i + 1 < columns.count && columns[i + 1].key.frame <= frame { i += 1 }
      } else {
        while i > 0 && columns[i - 1].key.frame >= frame { i -= 1 }
      }
    }
    if Self.sameFrame(columns[i].key.frame, frame) {
      Self.merge(key, into: &columns[i].key)
      return i
    }
    let at = Self.before(columns[i].key.frame, frame) ? i + 1 : i
    columns.insert(Column(key: Self.column(for: key)), at: at)
    if tracking { columnKeys.insert([], at: at) }
    return at
  }

  private static func column(for key: Keyframe) -> KeyColumn {
    KeyColumn(
      frame: key.frame, type: key.type, selected: isSelected(key),
      shape: KeyShape(left: key.handleLeftType, right: key.handleRightType))
  }

  private static func merge(_ key: Keyframe, into column: inout KeyColumn) {
    if isSelected(key) { column.selected = true }
    if key.type == .keyframe { column.type = .keyframe }
    column.shape = max(column.shape, KeyShape(left: key.handleLeftType, right: key.handleRightType))
  }

  /// The key point or either handle is selected (`BEZT_ISSEL_ANY`).
  private static func isSelected(_ key: Keyframe) -> Bool {
    key.selected || key.selectedHandleLeft || key.selectedHandleRight
  }

  /// Blender's `update_keyblocks`: columns this curve created inherit the span of the column
  /// before them (they sit inside a span of the earlier curves), then every column's span hears
  /// from this curve.
  private mutating func updateSpans(_ keys: Keyframes) {
    let curves = columns.reduce(0) { max($0, $1.curveCount) } + 1
    var previous: Int?
    for i in columns.indices {
      if columns[i].curveCount > 0 {
        previous = i
      } else if let p = previous {
        columns[i].flaggedCount = columns[p].flaggedCount
        columns[i].span = columns[p].span
      }
      columns[i].curveCount = curves
    }
    // Columns before the first key and after the last see "no span" from this curve; those
    // inside a segment see that segment's flags.
    var c = 0
    if keys.count >= 2 {
      while c < columns.count && Self.before(columns[c].key.frame, keys.frame(at: 0)) {
        record(Span(), at: c)
        c += 1
      }
      for v in 1..<keys.count {
        let segment = Self.span(from: keys[v - 1], to: keys[v])
        while c < columns.count && Self.before(columns[c].key.frame, keys.frame(at: v)) {
          record(segment, at: c)
          c += 1
        }
      }
    }
    while c < columns.count {
      record(Span(), at: c)
      c += 1
    }
  }

  /// Blender's `add_keyblock_info`: the first curve sets the span, later ones mark disagreement.
  private mutating func record(_ span: Span, at i: Int) {
    if columns[i].curveCount <= 1 && columns[i].flaggedCount == 0 {
      columns[i].span = span
    } else {
      columns[i].span.conflict.formUnion(columns[i].span.flags.symmetricDifference(span.flags))
      columns[i].span.flags.formUnion(span.flags)
      columns[i].span.selected = columns[i].span.selected || span.selected
    }
    if !span.flags.isEmpty { columns[i].flaggedCount += 1 }
  }

  /// Blender 3.4's `compute_keyblock_data` for the segment `k0 → k1` of one curve.
  private static func span(from k0: Keyframe, to k1: Keyframe) -> Span {
    var flags: SpanFlags = []
    if k0.type == .movingHold && k1.type == .movingHold {
      flags.formUnion([.movingHold, .anyHold])
    }
    if equal(k1.value, k0.value) {
      let hold =
        k0.interpolation == .bezier
        ? equal(k1.value, k1.handleLeft.value) && equal(k0.value, k0.handleRight.value)
        : k0.interpolation != .elastic
      if hold { flags.formUnion([.staticHold, .anyHold]) }
    }
    if k0.interpolation != .bezier { flags.insert(.nonBezier) }
    return Span(flags: flags, selected: isSelected(k0) || isSelected(k1))
  }

  /// Blender's `IS_EQF`: closer than `FLT_EPSILON`, in single precision.
  private static func equal(_ a: Float, _ b: Float) -> Bool { abs(a - b) < Float.ulpOfOne }

  /// The columns as the row shows them.
  var keyColumns: [KeyColumn] { columns.map(\.key) }

  /// The hold bars Blender draws (`actkeyblock_get_valid_hold`): flags every curve agrees on,
  /// over spans that end at a next column and that some curve flagged.
  var holds: [HoldBlock] {
    spans.compactMap { column, end in
      let agreed = column.span.flags.subtracting(column.span.conflict).intersection([.anyHold, .staticHold])
      guard !agreed.isEmpty else { return nil }
      return HoldBlock(
        start: column.key.frame, end: end, kind: agreed.contains(.staticHold) ? .static : .moving,
        selected: column.span.selected)
    }
  }

  /// The interpolation lines Blender draws when asked to: spans some curve leaves with a
  /// non-Bézier interpolation.
  var interpolationLines: [InterpolationLine] {
    spans.compactMap { column, end in
      guard column.span.flags.contains(.nonBezier) else { return nil }
      return InterpolationLine(
        start: column.key.frame, end: end, mixed: column.span.conflict.contains(.nonBezier))
    }
  }

  /// Every column that starts a drawable span (`actkeyblock_is_valid`), with the span's end.
  private var spans: [(column: Column, end: Float)] {
    columns.indices.dropLast().compactMap { i in
      columns[i].flaggedCount > 0 ? (columns[i], columns[i + 1].key.frame) : nil
    }
  }
}
