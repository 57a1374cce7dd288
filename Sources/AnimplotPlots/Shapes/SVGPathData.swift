import AnimplotCanvas

/// SVG path data (SVG 1.1 §8.3 / SVG 2 §9.3 grammar) flattened into outlines.
///
/// Every command is read: `M L H V C S Q T A Z` and their relative (lower-case) forms,
/// repeated arguments without repeating the letter (extra pairs after `M`/`m` are lines),
/// numbers such as `1e-3`, `-.5.5` (two numbers) and arc flags written together (`a1 1 0 01
/// 5 5`). Curves and arcs are flattened adaptively, to within 1/10 000 of the path's extent.
/// Arcs follow the SVG implementation notes: endpoint to centre parameterisation, radii
/// scaled up when too small to join the endpoints, a zero radius making a straight line.
public enum SVGPathData {
  /// Every subpath, flattened and closed (a fill closes a subpath without `Z` by a straight
  /// line back to its start, and so does this), in the order of the data; subpaths of less
  /// than one point are dropped.
  /// The largest coordinate (absolute) a point of path data may reach.
  public static let maximumCoordinate = 1e100
  /// The most points path data may flatten into, all its subpaths together.
  public static let maximumPoints = 1_000_000

  public static func subpaths(_ data: String) throws(ShapeError) -> [Outline] {
    var parser = Parser(Array(data))
    let raw = try parser.parse()
    var extent = 0.0
    var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
    var outOfRange = false
    func see(_ p: Point) {
      // Relative commands add up: numbers that are each finite can end past any size.
      if !(abs(p.x) <= maximumCoordinate && abs(p.y) <= maximumCoordinate) { outOfRange = true }
      minX = min(minX, p.x)
      maxX = max(maxX, p.x)
      minY = min(minY, p.y)
      maxY = max(maxY, p.y)
    }
    for sub in raw {
      see(sub.start)
      for s in sub.segments {
        switch s {
        case .line(let p): see(p)
        case .cubic(let a, let b, let p):
          see(a)
          see(b)
          see(p)
        case .arc(let rx, let ry, _, _, _, let p):
          see(p)
          extent = max(extent, 2 * rx, 2 * ry)
        }
      }
    }
    if outOfRange { throw .outOfRange(maximumCoordinate) }
    if minX <= maxX { extent = max(extent, maxX - minX, maxY - minY) }
    let tolerance = extent > 0 ? extent * 1e-4 : 1e-9
    var budget = maximumPoints
    var outlines: [Outline] = []
    for sub in raw {
      guard let outline = sub.flattened(tolerance: tolerance, budget: &budget) else { throw .tooComplex(maximumPoints) }
      guard outline.points.allSatisfy({ abs($0.x) <= maximumCoordinate && abs($0.y) <= maximumCoordinate }) else {
        throw .outOfRange(maximumCoordinate)
      }
      if !outline.points.isEmpty { outlines.append(outline) }
    }
    return outlines
  }

  /// The outline of path data: its subpath enclosing the largest area (so a single shape
  /// drawn as one subpath, the usual case, is that shape; of a ring drawn as two, the
  /// outer one). ``ShapeError/noArea`` when none encloses any.
  public static func outline(_ data: String) throws(ShapeError) -> Outline {
    let all = try subpaths(data)
    var best: Outline?
    var bestArea = 0.0
    for o in all {
      let a = abs(o.signedArea)
      if a > bestArea {
        best = o
        bestArea = a
      }
    }
    guard let best else { throw .noArea }
    return best
  }

  // MARK: - Parsing

  enum Segment {
    case line(Point)
    case cubic(Point, Point, Point)
    case arc(rx: Double, ry: Double, rotation: Double, large: Bool, sweep: Bool, end: Point)
  }

  struct Subpath {
    var start: Point
    var segments: [Segment] = []

    /// The subpath as a polygon; `nil` when it would take more than `budget` points (which
    /// is lessened by the points it takes).
    func flattened(tolerance: Double, budget: inout Int) -> Outline? {
      var points = [start]
      var current = start
      for s in segments {
        // A segment adds at most 4,096 points: stop as soon as the budget is spent.
        guard points.count <= budget else { return nil }
        switch s {
        case .line(let p):
          points.append(p)
          current = p
        case .cubic(let c1, let c2, let p):
          flattenCubic(current, c1, c2, p, tolerance: tolerance, depth: 0, into: &points)
          current = p
        case .arc(let rx, let ry, let rotation, let large, let sweep, let p):
          flattenArc(
            from: current, to: p, rx: rx, ry: ry, rotationDegrees: rotation, large: large, sweep: sweep,
            tolerance: tolerance, into: &points)
          current = p
        }
      }
      guard points.count <= budget else { return nil }
      budget -= points.count
      return Outline(points: points)
    }
  }

  struct Parser {
    let text: [Character]
    var i = 0
    init(_ text: [Character]) { self.text = text }

    mutating func parse() throws(ShapeError) -> [Subpath] {
      var subpaths: [Subpath] = []
      var current = Point.zero
      var subpathStart = Point.zero
      // The previous command's second control point (C/S) or control point (Q/T), for the
      // reflections of S and T.
      var lastCubicControl: Point?
      var lastQuadControl: Point?
      var open = false  // whether the last subpath is still being drawn (no Z yet)

      skipSpaces()
      guard i < text.count else { return [] }
      guard text[i] == "M" || text[i] == "m" else { throw error("a moveto (M or m) to begin the path data") }
      while true {
        skipSpaces()
        guard i < text.count else { break }
        let command = text[i]
        guard "MmLlHhVvCcSsQqTtAaZz".contains(command) else { throw error("a path command (one of MLHVCSQTAZ, either case)") }
        i += 1
        let relative = command.isLowercase
        let upper = Character(command.uppercased())
        if upper == "Z" {
          if !subpaths.isEmpty { current = subpathStart }
          open = false
          lastCubicControl = nil
          lastQuadControl = nil
          continue
        }
        // A drawing command right after Z starts a new subpath at the old one's start.
        if upper != "M", !open {
          subpaths.append(Subpath(start: current))
          subpathStart = current
          open = true
        }
        skipSpaces()
        var first = true
        repeat {
          if !first { _ = skipCommaSpaces() }
          let base = relative ? current : Point.zero
          var cubicControl: Point?
          var quadControl: Point?
          switch upper {
          case "M":
            let p = try point(base)
            if first {
              subpaths.append(Subpath(start: p))
              subpathStart = p
              open = true
            } else {
              subpaths[subpaths.count - 1].segments.append(.line(p))
            }
            current = p
          case "L":
            let p = try point(base)
            subpaths[subpaths.count - 1].segments.append(.line(p))
            current = p
          case "H":
            let x = try number() + (relative ? current.x : 0)
            current = Point(x, current.y)
            subpaths[subpaths.count - 1].segments.append(.line(current))
          case "V":
            let y = try number() + (relative ? current.y : 0)
            current = Point(current.x, y)
            subpaths[subpaths.count - 1].segments.append(.line(current))
          case "C":
            let c1 = try point(base)
            try separator()
            let c2 = try point(base)
            try separator()
            let p = try point(base)
            subpaths[subpaths.count - 1].segments.append(.cubic(c1, c2, p))
            cubicControl = c2
            current = p
          case "S":
            let c1 = lastCubicControl.map { Point(2 * current.x - $0.x, 2 * current.y - $0.y) } ?? current
            let c2 = try point(base)
            try separator()
            let p = try point(base)
            subpaths[subpaths.count - 1].segments.append(.cubic(c1, c2, p))
            cubicControl = c2
            current = p
          case "Q", "T":
            let q: Point
            if upper == "Q" {
              q = try point(base)
              try separator()
            } else {
              q = lastQuadControl.map { Point(2 * current.x - $0.x, 2 * current.y - $0.y) } ?? current
            }
            let p = try point(base)
            let c1 = Point(current.x + 2 / 3 * (q.x - current.x), current.y + 2 / 3 * (q.y - current.y))
            let c2 = Point(p.x + 2 / 3 * (q.x - p.x), p.y + 2 / 3 * (q.y - p.y))
            subpaths[subpaths.count - 1].segments.append(.cubic(c1, c2, p))
            quadControl = q
            current = p
          case "A":
            let rx = abs(try number())
            try separator()
            let ry = abs(try number())
            try separator()
            let rotation = try number()
            try separator()
            let large = try flag()
            try separator()
            let sweep = try flag()
            try separator()
            let p = try point(base)
            subpaths[subpaths.count - 1].segments.append(
              .arc(rx: rx, ry: ry, rotation: rotation, large: large, sweep: sweep, end: p))
            current = p
          default:
            break
          }
          lastCubicControl = cubicControl
          lastQuadControl = quadControl
          first = false
        } while nextIsArgument()
      }
      return subpaths
    }

    func error(_ expected: String) -> ShapeError {
      .syntax(offset: i, found: i < text.count ? text[i] : nil, expected: expected)
    }

    static func isSpace(_ c: Character) -> Bool { c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}" }

    mutating func skipSpaces() {
      while i < text.count, Self.isSpace(text[i]) { i += 1 }
    }

    /// Skips `wsp* ,? wsp*`; whether there was a comma.
    mutating func skipCommaSpaces() -> Bool {
      skipSpaces()
      var comma = false
      if i < text.count, text[i] == "," {
        comma = true
        i += 1
        skipSpaces()
      }
      return comma
    }

    /// The optional separator between two arguments.
    mutating func separator() throws(ShapeError) { _ = skipCommaSpaces() }

    /// Whether another argument set follows (a number, after optional separators); a comma
    /// must be followed by one.
    mutating func nextIsArgument() -> Bool {
      let save = i
      skipSpaces()
      if i < text.count, text[i] == "," { i = save; return true }  // the number must follow
      let more = i < text.count && (text[i].isASCIIDigitLike)
      i = save
      return more
    }

    mutating func point(_ base: Point) throws(ShapeError) -> Point {
      let x = try number()
      try separator()
      let y = try number()
      return Point(base.x + x, base.y + y)
    }

    mutating func flag() throws(ShapeError) -> Bool {
      guard i < text.count, text[i] == "0" || text[i] == "1" else { throw error("an arc flag (0 or 1)") }
      i += 1
      return text[i - 1] == "1"
    }

    /// `sign? (digits ('.' digits?)? | '.' digits) ([eE] sign? digits)?`
    mutating func number() throws(ShapeError) -> Double {
      let start = i
      var sign = ""
      if i < text.count, text[i] == "+" || text[i] == "-" {
        if text[i] == "-" { sign = "-" }
        i += 1
      }
      let integer = digits()
      var fraction = ""
      if i < text.count, text[i] == "." {
        let dot = i
        i += 1
        fraction = digits()
        if integer.isEmpty, fraction.isEmpty { i = dot }
      }
      guard !integer.isEmpty || !fraction.isEmpty else {
        i = start
        throw error("a number")
      }
      var exponent = ""
      if i < text.count, text[i] == "e" || text[i] == "E" {
        i += 1
        if i < text.count, text[i] == "+" || text[i] == "-" {
          if text[i] == "-" { exponent = "-" }
          i += 1
        }
        let e = digits()
        guard !e.isEmpty else { throw error("the digits of an exponent") }
        exponent += e
      }
      let spelled = sign + (integer.isEmpty ? "0" : integer) + "." + (fraction.isEmpty ? "0" : fraction)
        + (exponent.isEmpty ? "" : "e" + exponent)
      guard let value = Double(spelled), value.isFinite else {
        i = start
        throw error("a number within the range of a double")
      }
      return value
    }

    mutating func digits() -> String {
      var s = ""
      while i < text.count, let a = text[i].asciiValue, a >= 48, a <= 57 {
        s.append(text[i])
        i += 1
      }
      return s
    }
  }
}

extension Character {
  fileprivate var isASCIIDigitLike: Bool {
    self == "+" || self == "-" || self == "." || (asciiValue.map { $0 >= 48 && $0 <= 57 } ?? false)
  }
}
