import AnimplotCanvas

/// A curve whose stroke would cross many device rows in every device column (a Generator's sine
/// of a period shorter than a frame, sampled every half pixel; a million sawtooth keys summed up
/// per column) is drawn as the band of ink that stroke makes: one box per device column, on whole
/// device pixels, from the column's highest ink to its lowest.
///
/// Cairo's cost of stroking a segment grows with the device rows it crosses (about 30 ns a row):
/// a curve swinging across an 8192-pixel plot at every sample took 4 s, eight such curves more
/// than a minute. Boxes on whole device pixels are filled at a few nanoseconds a pixel, and where
/// the strokes cross every row of a column the band is the picture they make. An ordinary curve
/// (a few crossings of the plot, a noisy capture) stays far below `rowsPerColumn` and is stroked.
package enum CurveBands {
  /// The device rows a curve's stroke crosses, on average per device column of the plot, past
  /// which it is drawn as bands.
  package static let rowsPerColumn = 32.0

  /// The device rows the stroke of `path` (logical pixels, at `scale` device pixels each)
  /// crosses within `clip`'s rows, plus one a segment: what Cairo's scan conversion of its
  /// segments costs. Cubics count their control polygon (which bounds them).
  package static func strokeRows(of path: Path, scale: Double, clip: Rect) -> Double {
    let top = clip.minY * scale, bottom = clip.maxY * scale
    func rows(_ a: Double, _ b: Double) -> Double {
      let lo = max(top, min(a, b) * scale), hi = min(bottom, max(a, b) * scale)
      return hi > lo ? hi - lo : 0
    }
    var total = 0.0
    var current = Point.zero, start = Point.zero
    for element in path.elements {
      switch element {
      case .move(let p):
        current = p
        start = p
        continue
      case .line(let p):
        total += rows(current.y, p.y)
        current = p
      case .cubic(let c1, let c2, let end):
        total += rows(current.y, c1.y) + rows(c1.y, c2.y) + rows(c2.y, end.y)
        current = end
      case .close:
        total += rows(current.y, start.y)
        current = start
      }
      total += 1
    }
    return total.isFinite ? total : Double(Int.max / 2)
  }

  /// Whether a path crossing `rows` device rows (`strokeRows`) across a plot `width` logical
  /// pixels wide is drawn as bands.
  package static func isBanded(rows: Double, width: Double, scale: Double) -> Bool {
    rows > rowsPerColumn * max(1, (width * scale).rounded(.up))
  }

  /// The band of ink of `path` stroked `lineWidth` wide (logical pixels), column by column of
  /// device pixels within `clip`: for each column the path crosses, from the column's highest
  /// point of the path, less half the line's width, to its lowest, plus half, out to whole
  /// device pixels; as boxes of device pixels (`boxes(columns:)`).
  package static func bands(of path: Path, scale: Double, lineWidth: Double, clip: Rect) -> [Box] {
    let first = Int((clip.minX * scale).rounded(.down)), end = Int((clip.maxX * scale).rounded(.up))
    let count = end - first
    guard count > 0, scale > 0 else { return [] }
    var low = [Double](repeating: .infinity, count: count), high = [Double](repeating: -.infinity, count: count)
    let left = Double(first), right = Double(end)
    // A segment in device pixels: the rows it reaches in each column it crosses.
    func add(_ p: Point, _ q: Point) {
      guard p.x.isFinite, p.y.isFinite, q.x.isFinite, q.y.isFinite else { return }
      let (a, b) = p.x <= q.x ? (p, q) : (q, p)
      guard b.x >= left, a.x <= right else { return }
      let dx = b.x - a.x
      func y(_ x: Double) -> Double { dx > 0 ? a.y + (b.y - a.y) * ((x - a.x) / dx) : a.y }
      let from = max(first, Int(max(left, a.x).rounded(.down))), to = min(end - 1, Int(min(right, b.x).rounded(.down)))
      guard from <= to else { return }
      for c in from...to {
        let ya = dx > 0 ? y(max(a.x, Double(c))) : a.y, yb = dx > 0 ? y(min(b.x, Double(c + 1))) : b.y
        low[c - first] = min(low[c - first], ya, yb)
        high[c - first] = max(high[c - first], ya, yb)
      }
    }
    func device(_ p: Point) -> Point { Point(p.x * scale, p.y * scale) }
    var current = Point.zero, start = Point.zero
    for element in path.elements {
      switch element {
      case .move(let p):
        current = device(p)
        start = current
      case .line(let p):
        let q = device(p)
        add(current, q)
        current = q
      case .cubic(let c1, let c2, let e):
        // In pieces of about a device column (at most two a column of the picture).
        let (p1, p2, p3) = (device(c1), device(c2), device(e))
        let span = max(current.x, p1.x, p2.x, p3.x) - min(current.x, p1.x, p2.x, p3.x)
        // (Compared as a Double first: a span past Int's range, from a key at frame 1e30, traps.)
        let pieces = span.isFinite && span < Double(2 * count) ? max(1, Int(span.rounded(.up))) : span.isFinite ? 2 * count : 1
        var previous = current
        for k in 1...pieces {
          let t = Double(k) / Double(pieces), u = 1 - t
          let (w0, w1, w2, w3) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
          let point = Point(
            w0 * current.x + w1 * p1.x + w2 * p2.x + w3 * p3.x, w0 * current.y + w1 * p1.y + w2 * p2.y + w3 * p3.y)
          add(previous, point)
          previous = point
        }
        current = p3
      case .close:
        add(current, start)
        current = start
      }
    }
    // Whole device rows, within the clip's rows (and half a line's width beyond).
    let half = lineWidth * scale / 2
    let top = (clip.minY * scale - half).rounded(.down), bottom = (clip.maxY * scale + half).rounded(.up)
    guard top > -Double(Int32.max), bottom < Double(Int32.max), left > -Double(Int32.max), right < Double(Int32.max)
    else { return [] }
    let columns: [Range<Int32>?] = (0..<count).map { i in
      guard low[i] <= high[i] else { return nil }
      let t = max(top, (low[i] - half).rounded(.down)), b = min(bottom, (high[i] + half).rounded(.up))
      return b > t ? Int32(t)..<Int32(b) : nil
    }
    return boxes(columns: columns, first: Int32(first))
  }

  /// A rectangle of whole device pixels: columns `x`, rows `y`.
  package struct Box: Sendable, Hashable {
    package let x: Range<Int32>
    package let y: Range<Int32>
  }

  /// The pixels of `columns` (the rows of column `first + i`, or none) as few boxes: boxes one
  /// column wide would cost Cairo a span for every row of every column (as much as the strokes
  /// they replace). Consecutive columns whose rows share one (`split`) are taken together: the
  /// rows above it and those below each make a histogram, cut into horizontal slabs (each as wide
  /// as the columns reaching that far).
  static func boxes(columns: [Range<Int32>?], first: Int32) -> [Box] {
    var boxes: [Box] = []
    // A histogram of `heights` (rows from `base`, upward when `up`) over columns from `from`.
    func slabs(_ heights: [Int32], from: Int32, base: Int32, up: Bool) {
      var stack: [(start: Int, height: Int32)] = []
      for i in 0...heights.count {
        let h = i < heights.count ? heights[i] : 0
        var start = i
        while let last = stack.last, last.height > h {
          stack.removeLast()
          let lower = max(h, stack.last?.height ?? 0)
          let x = (from + Int32(last.start))..<(from + Int32(i))
          boxes.append(Box(x: x, y: up ? (base - last.height)..<(base - lower) : (base + lower)..<(base + last.height)))
          start = last.start
        }
        if h > (stack.last?.height ?? 0) { stack.append((start, h)) }
      }
    }
    var i = 0
    while i < columns.count {
      guard let firstRows = columns[i] else {
        i += 1
        continue
      }
      // The longest run from `i` whose rows all share a row.
      var (lo, hi) = (firstRows.lowerBound, firstRows.upperBound)
      var j = i + 1
      while j < columns.count, let rows = columns[j], max(lo, rows.lowerBound) < min(hi, rows.upperBound) {
        (lo, hi) = (max(lo, rows.lowerBound), min(hi, rows.upperBound))
        j += 1
      }
      let split = lo
      let run = columns[i..<j].map { $0! }
      slabs(run.map { split - $0.lowerBound }, from: first + Int32(i), base: split, up: true)
      slabs(run.map { $0.upperBound - split }, from: first + Int32(i), base: split, up: false)
      i = j
    }
    return boxes
  }

  /// `boxes` as rectangles, logical pixels at `scale`.
  package static func rects(_ boxes: [Box], scale: Double) -> [Rect] {
    boxes.map { box in
      Rect(
        x: Double(box.x.lowerBound) / scale, y: Double(box.y.lowerBound) / scale,
        width: Double(box.x.count) / scale, height: Double(box.y.count) / scale)
    }
  }

  /// The device pixels of `boxes`.
  package static func area(of boxes: [Box]) -> Int {
    boxes.reduce(0) { $0 + $1.x.count * $1.y.count }
  }

  /// Whether `p` (logical pixels, at `scale`) lies within `slack` of one of `boxes`.
  package static func contains(_ boxes: [Box], _ p: Point, scale: Double, slack: Double) -> Bool {
    let x = p.x * scale, y = p.y * scale, s = slack * scale
    return boxes.contains { box in
      x >= Double(box.x.lowerBound) - s && x <= Double(box.x.upperBound) + s && y >= Double(box.y.lowerBound) - s
        && y <= Double(box.y.upperBound) + s
    }
  }
}
