import AnimplotCanvas

/// One closed outline: a polygon in shape units, y downward as on the canvas.
///
/// The last point joins the first; the first point is not repeated at the end. Curves are
/// flattened into many short segments by whoever builds the outline (``BuiltinShape``,
/// ``ShapeSpec``), so lengths and areas measured on the polygon are those of the shape.
public struct Outline: Sendable, Hashable {
  public var points: [Point]

  /// The polygon through `points`; a last point equal to the first is dropped (the outline
  /// is closed anyway), as are consecutive duplicates.
  public init(points: [Point]) {
    var cleaned: [Point] = []
    cleaned.reserveCapacity(points.count)
    for p in points where cleaned.last != p { cleaned.append(p) }
    if cleaned.count > 1, cleaned.last == cleaned.first { cleaned.removeLast() }
    self.points = cleaned
  }

  /// The points as given, untouched (for results built here, already clean).
  init(exactly points: [Point]) { self.points = points }

  public var count: Int { points.count }

  /// The length of the closed polygon, the closing segment included.
  public var perimeter: Double {
    guard points.count > 1 else { return 0 }
    var total = 0.0
    for i in points.indices { total += pointDistance(points[i], points[(i + 1) % points.count]) }
    return total
  }

  /// The smallest rectangle holding every point (zero-sized at the origin when empty).
  public var bounds: Rect {
    guard let first = points.first else { return Rect(x: 0, y: 0, width: 0, height: 0) }
    var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
    for p in points {
      minX = min(minX, p.x)
      maxX = max(maxX, p.x)
      minY = min(minY, p.y)
      maxY = max(maxY, p.y)
    }
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  /// The shoelace area, signed by the drawing direction. With y downward (the canvas's
  /// axes), a positive area is an outline drawn clockwise on the screen, a negative one
  /// anticlockwise; zero for a degenerate outline.
  public var signedArea: Double {
    guard points.count > 2 else { return 0 }
    var twice = 0.0
    for i in points.indices {
      let p = points[i], q = points[(i + 1) % points.count]
      twice += p.x * q.y - q.x * p.y
    }
    return twice / 2
  }

  /// The centre of the enclosed area; for an outline without area (a segment, a point),
  /// the mean of its points; the origin when empty.
  public var centroid: Point {
    guard !points.isEmpty else { return .zero }
    // Relative to the first point, so that far-away shapes keep their precision.
    let o = points[0]
    var twice = 0.0, cx = 0.0, cy = 0.0
    for i in points.indices {
      let p = Point(points[i].x - o.x, points[i].y - o.y)
      let qq = points[(i + 1) % points.count]
      let q = Point(qq.x - o.x, qq.y - o.y)
      let cross = p.x * q.y - q.x * p.y
      twice += cross
      cx += (p.x + q.x) * cross
      cy += (p.y + q.y) * cross
    }
    let extent = max(bounds.width, bounds.height)
    if abs(twice) > 1e-12 * max(extent * extent, .leastNormalMagnitude) {
      return Point(o.x + cx / (3 * twice), o.y + cy / (3 * twice))
    }
    let n = Double(points.count)
    return Point(points.reduce(0) { $0 + $1.x } / n, points.reduce(0) { $0 + $1.y } / n)
  }

  /// The closed polygon, for drawing.
  public var path: Path { Path.polygon(points) }

  /// `count` points evenly spaced by arc length along the closed outline, the first at
  /// `points[0]`: point k lies at the distance k·perimeter/count from it, following the
  /// outline in its drawing direction. Every point lies on the outline; a corner falls
  /// between two resampled points unless a multiple of the spacing lands on it. An outline
  /// without length gives `count` copies of its point (none if empty).
  public func resampled(count: Int) -> Outline {
    precondition(count >= 0, "resampled(count:) needs a count ≥ 0")
    guard let first = points.first else { return self }
    let total = perimeter
    guard total > 0, count > 0 else { return Outline(exactly: Array(repeating: first, count: count)) }
    let step = total / Double(count)
    var result: [Point] = []
    result.reserveCapacity(count)
    var segment = 0  // the segment from points[segment] to points[segment + 1] (cyclic)
    var segmentStart = 0.0  // its distance from points[0]
    var segmentLength = pointDistance(points[0], points[1 % points.count])
    for k in 0..<count {
      let target = Double(k) * step
      while segmentStart + segmentLength < target, segment < points.count - 1 {
        segmentStart += segmentLength
        segment += 1
        segmentLength = pointDistance(points[segment], points[(segment + 1) % points.count])
      }
      let a = points[segment], b = points[(segment + 1) % points.count]
      let u = segmentLength > 0 ? min(1, max(0, (target - segmentStart) / segmentLength)) : 0
      result.append(Point(a.x + (b.x - a.x) * u, a.y + (b.y - a.y) * u))
    }
    return Outline(exactly: result)
  }

  /// The same outline traced the other way round, from the same first point:
  /// `[p0, pₙ₋₁, …, p1]`. Its signed area has the opposite sign.
  public func reversed() -> Outline {
    guard points.count > 1 else { return self }
    return Outline(exactly: [points[0]] + points[1...].reversed())
  }

  /// The same outline starting at `points[index]` (the index taken modulo the count):
  /// `[pᵢ, pᵢ₊₁, …, pᵢ₋₁]`.
  public func rotated(startingAt index: Int) -> Outline {
    guard !points.isEmpty else { return self }
    let n = points.count
    let i = ((index % n) + n) % n
    return Outline(exactly: Array(points[i...] + points[..<i]))
  }

  /// Every point moved by `transform`.
  public func applying(_ transform: Transform) -> Outline {
    Outline(exactly: points.map(transform.apply))
  }
}

@inline(__always)
func pointDistance(_ a: Point, _ b: Point) -> Double {
  let dx = b.x - a.x, dy = b.y - a.y
  return (dx * dx + dy * dy).squareRoot()
}
