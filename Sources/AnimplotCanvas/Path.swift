/// A vector path: straight and cubic Bézier segments, in canvas coordinates.
public struct Path: Sendable, Hashable {
  public enum Element: Sendable, Hashable {
    case move(Point)
    case line(Point)
    case cubic(control1: Point, control2: Point, end: Point)
    case close
  }

  public var elements: [Element] = []

  public init() {}

  public var isEmpty: Bool { elements.isEmpty }

  public mutating func move(to p: Point) { elements.append(.move(p)) }
  public mutating func line(to p: Point) { elements.append(.line(p)) }
  public mutating func curve(to end: Point, control1: Point, control2: Point) {
    elements.append(.cubic(control1: control1, control2: control2, end: end))
  }
  public mutating func close() { elements.append(.close) }

  /// Appends every element of `other`.
  public mutating func append(_ other: Path) { elements += other.elements }

  /// A polyline through `points` (open).
  public static func polyline(_ points: [Point]) -> Path {
    var p = Path()
    guard let first = points.first else { return p }
    p.move(to: first)
    for q in points.dropFirst() { p.line(to: q) }
    return p
  }

  /// A closed polygon through `points`.
  public static func polygon(_ points: [Point]) -> Path {
    var p = polyline(points)
    if !p.isEmpty { p.close() }
    return p
  }

  public static func rect(_ r: Rect) -> Path {
    polygon([
      Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.maxX, r.maxY), Point(r.minX, r.maxY),
    ])
  }

  /// A straight segment from `a` to `b`.
  public static func line(from a: Point, to b: Point) -> Path { polyline([a, b]) }

  /// A circle approximated by four cubic arcs (error < 0.03 % of the radius).
  public static func circle(center: Point, radius: Double) -> Path {
    ellipse(in: Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius))
  }

  public static func ellipse(in r: Rect) -> Path {
    let k = 0.5522847498307936  // 4/3·(√2 − 1)
    let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2
    var p = Path()
    p.move(to: Point(cx + rx, cy))
    p.curve(to: Point(cx, cy + ry), control1: Point(cx + rx, cy + k * ry), control2: Point(cx + k * rx, cy + ry))
    p.curve(to: Point(cx - rx, cy), control1: Point(cx - k * rx, cy + ry), control2: Point(cx - rx, cy + k * ry))
    p.curve(to: Point(cx, cy - ry), control1: Point(cx - rx, cy - k * ry), control2: Point(cx - k * rx, cy - ry))
    p.curve(to: Point(cx + rx, cy), control1: Point(cx + k * rx, cy - ry), control2: Point(cx + rx, cy - k * ry))
    p.close()
    return p
  }

  /// A rectangle with corners rounded by `radius` (clamped to half the shorter side); the
  /// corners listed in `corners` only (all by default).
  public static func roundedRect(_ r: Rect, radius: Double, corners: Corners = .all) -> Path {
    let rad = max(0, min(radius, min(r.width, r.height) / 2))
    if rad == 0 { return rect(r) }
    let k = 0.5522847498307936 * rad
    var p = Path()
    let tl = corners.contains(.topLeft), tr = corners.contains(.topRight)
    let br = corners.contains(.bottomRight), bl = corners.contains(.bottomLeft)
    p.move(to: Point(r.minX + (tl ? rad : 0), r.minY))
    if tr {
      p.line(to: Point(r.maxX - rad, r.minY))
      p.curve(to: Point(r.maxX, r.minY + rad), control1: Point(r.maxX - rad + k, r.minY), control2: Point(r.maxX, r.minY + rad - k))
    } else {
      p.line(to: Point(r.maxX, r.minY))
    }
    if br {
      p.line(to: Point(r.maxX, r.maxY - rad))
      p.curve(to: Point(r.maxX - rad, r.maxY), control1: Point(r.maxX, r.maxY - rad + k), control2: Point(r.maxX - rad + k, r.maxY))
    } else {
      p.line(to: Point(r.maxX, r.maxY))
    }
    if bl {
      p.line(to: Point(r.minX + rad, r.maxY))
      p.curve(to: Point(r.minX, r.maxY - rad), control1: Point(r.minX + rad - k, r.maxY), control2: Point(r.minX, r.maxY - rad + k))
    } else {
      p.line(to: Point(r.minX, r.maxY))
    }
    if tl {
      p.line(to: Point(r.minX, r.minY + rad))
      p.curve(to: Point(r.minX + rad, r.minY), control1: Point(r.minX, r.minY + rad - k), control2: Point(r.minX + rad - k, r.minY))
    }
    p.close()
    return p
  }

  /// Which corners of a rounded rectangle are rounded.
  public struct Corners: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let topLeft = Corners(rawValue: 1)
    public static let topRight = Corners(rawValue: 2)
    public static let bottomRight = Corners(rawValue: 4)
    public static let bottomLeft = Corners(rawValue: 8)
    public static let all: Corners = [.topLeft, .topRight, .bottomRight, .bottomLeft]
    public static let left: Corners = [.topLeft, .bottomLeft]
  }
}
