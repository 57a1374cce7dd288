import AnimplotCore

// What a laid-out editor holds, counted in items of about 50 bytes (a path element is 56, a key
// 48, a key column 16): what a server that keeps layouts weighs them by.

extension GraphEditor {
  /// The path elements (or boxes) `layout(scale:)` holds, at most, counted from the curves' keys and the plot's width
  /// before any path is made (and no curve evaluated): a curve drawn sampled holds one per
  /// sample (two per logical pixel of the plot), one of keys a few per segment in view, at
  /// most three per dense column (`CurvePath.appendSegments`), and an eased segment one per
  /// sample across the part of it in view.
  /// A curve that may be drawn as bands (`CurveBands`) keeps a box per device column of the
  /// plot instead of its path: it counts as the more of the two. It may be one when its
  /// elements, each crossing at most the plot's rows three times (a cubic's control polygon)
  /// and one more, could cross `CurveBands.rowsPerColumn` rows a column.
  package func heldPathElements(scale: Double) -> Int {
    let deviceScale = DevicePixels(scale: scale).scale
    let columns = max(1, (viewport.rect.width * deviceScale).rounded(.up))
    let rows = max(0, viewport.rect.height * deviceScale)
    return curves.reduce(0) {
      let elements = CurvePath.elementCount($1.track, viewport: viewport, deviceScale: deviceScale)
      let mayBeBanded = Double(elements) * (3 * rows + 1) > CurveBands.rowsPerColumn * columns
      return $0 + (mayBeBanded ? max(elements, Int(columns)) : elements)
    }
  }
}

extension CurvePath {
  /// The elements of `path(curve, viewport:, deviceScale:)`, counted as it would make them (its
  /// structure depends on the keys' frames and interpolations alone, never on their values).
  static func elementCount(_ curve: FCurve, viewport: Viewport, deviceScale: Double = 2) -> Int {
    let keys = curve.keyframes
    guard !keys.isEmpty || curve.isDrawnSampled else { return 0 }
    if curve.isDrawnSampled { return sampleCount(in: viewport) }
    let left = viewport.frames.lowerBound, right = viewport.frames.upperBound
    var first = 0
    while first + 1 < keys.count && Double(keys.frame(at: first + 1)) <= left { first += 1 }
    var last = keys.count - 1
    while last - 1 > first && Double(keys.frame(at: last - 1)) >= right { last -= 1 }
    // The first point, a line to it from the left edge, a line on to the right edge.
    var count = Double(keys.frame(at: first)) > left ? 2 : 1
    if first < last {
      let column = deviceScale > 0 ? max(denseColumn, 1 / deviceScale) : denseColumn
      count += segmentElementCount(keys, first..<last, viewport, column: column)
    }
    if Double(keys.frame(at: last)) < right { count += 1 }
    return count
  }

  /// The samples of a curve drawn sampled: `sampleFrames(in:)`'s count.
  static func sampleCount(in viewport: Viewport) -> Int {
    max(2, Int((viewport.rect.width / sampleStep).rounded(.up)) + 1)
  }

  /// The elements `appendSegments` appends for `range`: segments grouped by column as it groups
  /// them, a group of `denseSegments` or more three elements (its extremes and its end).
  static func segmentElementCount(_ keys: Keyframes, _ range: Range<Int>, _ viewport: Viewport, column columnWidth: Double)
    -> Int
  {
    var count = 0
    var column = Int.min
    var pending = 0, pendingElements = 0
    func flush() {
      count += pending >= denseSegments ? 3 : pendingElements
      pending = 0
      pendingElements = 0
    }
    for i in range {
      guard let c = denseColumn(keys, i, viewport, column: columnWidth) else {
        flush()
        column = Int.min
        count += segmentElementCount(keys, i, viewport)
        continue
      }
      if c != column {
        flush()
        column = c
      }
      pending += 1
      pendingElements += segmentElementCount(keys, i, viewport)
    }
    flush()
    return count
  }

  /// The elements `appendSegment` appends for the segment from key `i`: one, two for a constant
  /// step, and an eased segment's samples across the part of it in view.
  static func segmentElementCount(_ keys: Keyframes, _ i: Int, _ viewport: Viewport) -> Int {
    let (aFrame, bFrame) = (keys.frame(at: i), keys.frame(at: i + 1))
    guard bFrame - aFrame != 0 else { return 1 }
    switch keys.interpolation(at: i) {
    case .constant: return 2
    case .linear, .bezier: return 1
    default:
      guard let (from, to, steps) = easedSpan(from: Double(aFrame), to: Double(bFrame), viewport) else { return 1 }
      return (from > Double(aFrame) ? 1 : 0) + (steps - 1) + (to < Double(bFrame) ? 1 : 0) + 1
    }
  }
}

extension EditorPlaces {
  /// The channel-list rows and markers the places hold.
  var heldItems: Int { (channelList?.rows.count ?? 0) + markers.count }
}

extension GraphEditorLayout {
  /// What the layout holds besides the keys it reads (they are the track's): each curve's path
  /// elements (or, drawn as bands, its boxes) and the curve itself, the ghosts', the
  /// channel-list rows and the markers.
  package var heldItems: Int {
    places.heldItems + curves.reduce(0) { $0 + 1 + $1.path.elements.count + $1.bands.count }
      + ghosts.reduce(0) { $0 + 1 + $1.path.elements.count + $1.bands.count }
  }
}

extension DopeSheetEditorLayout {
  /// What the layout holds: each row drawn with its key columns, holds and interpolation lines
  /// (`DopeSheetLayout.marks`), the channels it merges and the places of its glyphs; the
  /// channel-list rows and the markers.
  package var heldItems: Int {
    places.heldItems
      + rows.reduce(0) { $0 + DopeSheetLayout.marks($1.row) + $1.row.channels.count + $1.keys.columns.count }
  }
}

extension TimelineLayout {
  /// What the layout holds: the Summary row's marks (`DopeSheetLayout.marks`) and the places of
  /// its glyphs, and the markers.
  package var heldItems: Int { places.heldItems + DopeSheetLayout.marks(keys) + keys.channels.count + glyphs.columns.count }
}
