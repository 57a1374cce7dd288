import AnimplotCanvas
import AnimplotPlots
import Foundation
import Testing

@Suite("Shapes")
struct ShapeTests {
  // MARK: Arc-length resampling

  /// The arc-length position along `outline` (from its first point, in its direction) of a
  /// point lying on it: the nearest point of the nearest segment.
  static func arcPosition(of p: Point, on outline: Outline) -> Double {
    let pts = outline.points
    var best = Double.infinity, bestS = 0.0, s = 0.0
    for i in pts.indices {
      let a = pts[i], b = pts[(i + 1) % pts.count]
      let dx = b.x - a.x, dy = b.y - a.y
      let len2 = dx * dx + dy * dy
      let u = len2 > 0 ? min(1, max(0, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2)) : 0
      let q = Point(a.x + u * dx, a.y + u * dy)
      let d = hypot(p.x - q.x, p.y - q.y)
      if d < best {
        best = d
        bestS = s + u * len2.squareRoot()
      }
      s += len2.squareRoot()
    }
    return bestS
  }

  static func close(_ a: [Point], _ b: [Point], within e: Double = 1e-12) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs($0.x - $1.x) <= e && abs($0.y - $1.y) <= e }
  }

  static func same(_ a: String, _ b: String) throws -> Bool {
    try SVGPathData.subpaths(a) == SVGPathData.subpaths(b)
  }

  static let curvedPath = "M 0 0 C 30 -40 70 40 100 0 Q 120 30 100 60 A 50 40 20 0 1 0 60 Z"

  /// Outlines to resample, with how many corners each has (a chord across a corner is
  /// shorter than the arc it replaces).
  static let resampled: [(String, Outline, Int)] =
    BuiltinShape.allCases.map { shape -> (String, Outline, Int) in
      let corners = [BuiltinShape.square: 4, .circle: 0, .star: 10, .heart: 2][shape]!
      return (shape.rawValue, shape.outline, corners)
    } + [("curves and an arc", try! SVGPathData.outline(curvedPath), 4)]

  /// Point k of the resampling lies at k·perimeter/N along the outline, to 0.5 % of the
  /// spacing; the chords between consecutive points all equal the spacing to 0.5 % but those
  /// across a corner; the resampled polygon's length is the outline's to 0.5 % when it has
  /// no corner.
  @Test(arguments: [64, 256, 1000])
  func resamplingIsEvenByArcLength(count: Int) {
    for (name, outline, corners) in Self.resampled {
      let r = outline.resampled(count: count)
      #expect(r.count == count)
      #expect(r.points[0] == outline.points[0], "\(name)")
      let perimeter = outline.perimeter
      let spacing = perimeter / Double(count)
      var offEven = 0, offChord = 0
      var previous = 0.0
      for k in 0..<count {
        let s = Self.arcPosition(of: r.points[k], on: outline)
        if k > 0, abs((s - previous) - spacing) > 0.005 * spacing { offEven += 1 }
        previous = s
        let chord = hypot(r.points[(k + 1) % count].x - r.points[k].x, r.points[(k + 1) % count].y - r.points[k].y)
        if abs(chord - spacing) > 0.005 * spacing { offChord += 1 }
      }
      #expect(offEven == 0, "\(name), \(count) points: \(offEven) uneven steps")
      #expect(offChord <= corners, "\(name), \(count) points: \(offChord) chords off, \(corners) corners")
      if corners == 0 {
        #expect(abs(r.perimeter - perimeter) <= 0.005 * perimeter, "\(name)")
      }
    }
  }

  @Test func resamplingDegenerateOutlines() {
    #expect(Outline(points: []).resampled(count: 5).count == 0)
    let dot = Outline(points: [Point(1, 2)]).resampled(count: 3)
    #expect(dot.points == [Point(1, 2), Point(1, 2), Point(1, 2)])
    // A segment is a closed outline there and back: length 2, points at 0, 0.5, 1, 0.5.
    let there = Outline(points: [Point(0, 0), Point(1, 0)]).resampled(count: 4)
    #expect(there.points == [Point(0, 0), Point(0.5, 0), Point(1, 0), Point(0.5, 0)])
  }

  // MARK: Outline

  @Test func outlineMeasures() {
    let square = BuiltinShape.square.outline
    #expect(square.perimeter == 4)
    #expect(square.signedArea == 1)  // clockwise on the screen (y down)
    #expect(square.bounds == Rect(x: -0.5, y: -0.5, width: 1, height: 1))
    #expect(Self.close([square.centroid], [Point(0, 0)]))
    let moved = Outline(points: [Point(10, 10), Point(14, 10), Point(14, 12), Point(10, 12), Point(10, 10)])
    #expect(moved.count == 4)  // the repeated first point dropped
    #expect(Self.close([moved.centroid], [Point(12, 11)]))
    #expect(moved.path.elements.last == .close)
  }

  @Test func reversedAndRotated() {
    let o = Outline(points: [Point(0, 0), Point(1, 0), Point(1, 1), Point(0, 1)])
    let r = o.reversed()
    #expect(r.points == [Point(0, 0), Point(0, 1), Point(1, 1), Point(1, 0)])
    #expect(r.signedArea == -o.signedArea)
    #expect(o.rotated(startingAt: 1).points == [Point(1, 0), Point(1, 1), Point(0, 1), Point(0, 0)])
    #expect(o.rotated(startingAt: -1).points == [Point(0, 1), Point(0, 0), Point(1, 0), Point(1, 1)])
    #expect(o.rotated(startingAt: 5) == o.rotated(startingAt: 1))
    #expect(abs(o.rotated(startingAt: 2).signedArea - o.signedArea) < 1e-15)
  }

  @Test(arguments: BuiltinShape.allCases)
  func builtinsFitTheUnitBoxClockwise(shape: BuiltinShape) {
    let o = shape.outline
    let b = o.bounds
    #expect(b.minX >= -0.5 - 1e-12 && b.maxX <= 0.5 + 1e-12 && b.minY >= -0.5 - 1e-12 && b.maxY <= 0.5 + 1e-12)
    #expect(max(b.width, b.height) > 0.9)
    #expect(o.signedArea > 0)
    #expect(o.points[0].y == b.minY || shape == .heart)  // starts at the top (the heart: its dip)
    #expect(abs(o.points[0].x) < 1e-12)
  }

  @Test func builtinGeometry() {
    let circle = BuiltinShape.circle.outline
    #expect(abs(circle.perimeter - Double.pi) < 1e-5)
    #expect(abs(circle.signedArea - Double.pi / 4) < 1e-5)
    #expect(hypot(circle.centroid.x, circle.centroid.y) < 1e-12)
    let star = BuiltinShape.star.outline
    #expect(star.count == 10)
    #expect(abs(star.bounds.width - 2 * 0.5 * sin(0.4 * Double.pi)) < 1e-12)
    // The pentagram: each outer point, its two inner neighbours and the next outer point
    // beyond lie on one line.
    let p = star.points
    let cross = (p[1].x - p[0].x) * (p[3].y - p[0].y) - (p[1].y - p[0].y) * (p[3].x - p[0].x)
    #expect(abs(cross) < 1e-12)
    let heart = BuiltinShape.heart.outline
    #expect(abs(heart.bounds.midX) < 1e-12 && abs(heart.bounds.midY) < 1e-12)
    #expect(abs(max(heart.bounds.width, heart.bounds.height) - 1) < 1e-12)
    #expect(abs(heart.centroid.x) < 1e-9)  // symmetric
  }

  // MARK: SVG path data

  @Test func numberSyntax() throws {
    let subs = try SVGPathData.subpaths("M-.5.5L1e-3-2E+1l+3,.0 .5-1.5e1")
    #expect(subs.count == 1)
    #expect(Self.close(subs[0].points, [Point(-0.5, 0.5), Point(0.001, -20), Point(3.001, -20), Point(3.501, -35)]))
    let tight = try SVGPathData.subpaths("M0,0L10.5.5")  // 10.5 then .5
    #expect(tight[0].points == [Point(0, 0), Point(10.5, 0.5)])
  }

  @Test func repeatedAndRelativeCommands() throws {
    #expect(try SVGPathData.subpaths("M0,0 10,0 10,10z")[0].points == [Point(0, 0), Point(10, 0), Point(10, 10)])
    #expect(
      try SVGPathData.subpaths("m10 10 l5 0 0 5 -5 0z")[0].points
        == [Point(10, 10), Point(15, 10), Point(15, 15), Point(10, 15)])
    #expect(
      try SVGPathData.subpaths("m10 10 5 0 0 5z")[0].points == [Point(10, 10), Point(15, 10), Point(15, 15)])
    #expect(
      try SVGPathData.subpaths("M0 0h10v10h-10z")[0].points == [Point(0, 0), Point(10, 0), Point(10, 10), Point(0, 10)])
    #expect(try SVGPathData.subpaths("M0 0H10 20V5 7")[0].points == [Point(0, 0), Point(10, 0), Point(20, 0), Point(20, 5), Point(20, 7)])
    // After z the current point is the subpath's start: m is relative to it.
    let two = try SVGPathData.subpaths("M1 1 h1 v1 z m 2 0 h 10 v 10 h -10 z")
    #expect(two.count == 2)
    #expect(two[1].points[0] == Point(3, 1))
    // The outline is the subpath enclosing the largest area.
    #expect(try SVGPathData.outline("M1 1 h1 v1 z m 2 0 h 10 v 10 h -10 z") == two[1])
    // A drawing command after z starts a new subpath at the old start.
    let again = try SVGPathData.subpaths("M0 0 h4 v4 z v-4 h-4 z")
    #expect(again.count == 2 && again[1].points[0] == Point(0, 0))
  }

  @Test func smoothCommandsReflectTheirControlPoints() throws {
    #expect(
      try Self.same("M0 0 C0 10 10 10 10 0 S20 -10 20 0", "M0 0 C0 10 10 10 10 0 C10 -10 20 -10 20 0"))
    #expect(
      try Self.same("M0 0 Q5 10 10 0 T20 0", "M0 0 Q5 10 10 0 Q15 -10 20 0"))
    // S after a non-curve: the first control point is the current point.
    #expect(try Self.same("M0 0 L5 5 S10 10 15 5", "M0 0 L5 5 C5 5 10 10 15 5"))
    #expect(try Self.same("m0 0 q5 10 10 0 t10 0", "M0 0 Q5 10 10 0 T20 0"))
  }

  @Test func curvesAreFlattenedWithinTolerance() throws {
    // A cubic: every flattened point lies on the curve, densely enough.
    let o = try SVGPathData.subpaths("M0 0 C0 100 100 100 100 0")[0]
    #expect(o.count > 20)
    for p in o.points {
      // x(t) = 300t²(1−t)... find t by bisection on x (monotonic here) and compare y.
      var lo = 0.0, hi = 1.0
      for _ in 0..<60 {
        let t = (lo + hi) / 2
        let x = 3 * (1 - t) * t * t * 100 + t * t * t * 100
        if x < p.x { lo = t } else { hi = t }
      }
      let t = lo
      let y = 3 * (1 - t) * (1 - t) * t * 100 + 3 * (1 - t) * t * t * 100
      #expect(abs(y - p.y) < 1e-5)  // t found from x is imprecise where x hardly moves
    }
  }

  @Test func arcsByTheImplementationNotes() throws {
    // Two half circles make a circle of radius 50 around (50, 0).
    let circle = try SVGPathData.outline("M0 0 A50 50 0 0 1 100 0 A 50 50 0 0 1 0 0 Z")
    #expect(abs(circle.perimeter - 100 * Double.pi) < 1e-4 * 100 * Double.pi)
    #expect(abs(circle.signedArea - 2500 * Double.pi) < 1e-3 * 2500 * Double.pi)
    for p in circle.points { #expect(abs(hypot(p.x - 50, p.y) - 50) < 1e-9) }
    // Sweep 1 is clockwise on the screen: from (0,0) to (100,0) over the top (y < 0).
    #expect(circle.points[1].y < 0)
    #expect(circle.signedArea > 0)
    // Radii too small are scaled up: a half circle of radius 5 through (5, −5).
    let small = try SVGPathData.subpaths("M0 0 A1 1 0 0 1 10 0")[0]
    for p in small.points { #expect(abs(hypot(p.x - 5, p.y) - 5) < 1e-9) }
    #expect(small.points.allSatisfy { $0.y <= 1e-12 })
    // The large-arc flag picks the longer way round; a rotated ellipse keeps to its curve.
    let large = try SVGPathData.subpaths("M0 0 A10 10 0 1 0 10 0")[0]
    #expect(large.perimeter > 10 * Double.pi)
    let phi = 30 * Double.pi / 180
    let rotated = try SVGPathData.subpaths("M0 0 a20 10 30 1 1 10 5")[0]
    // Every point lies on one of the two ellipses of radii 20, 10 rotated 30° through both
    // ends: found here in the frame where that ellipse is the unit circle.
    func unit(_ p: Point) -> Point {
      Point((cos(phi) * p.x + sin(phi) * p.y) / 20, (-sin(phi) * p.x + cos(phi) * p.y) / 10)
    }
    let a = unit(Point(0, 0)), b = unit(Point(10, 5))
    let m = Point((a.x + b.x) / 2, (a.y + b.y) / 2)
    let half = hypot(b.x - a.x, b.y - a.y) / 2
    let h = (1 - half * half).squareRoot()
    let n = Point(-(b.y - a.y) / (2 * half), (b.x - a.x) / (2 * half))
    let centres = [Point(m.x + h * n.x, m.y + h * n.y), Point(m.x - h * n.x, m.y - h * n.y)]
    let onOne = centres.filter { c in rotated.points.allSatisfy { abs(hypot(unit($0).x - c.x, unit($0).y - c.y) - 1) < 1e-9 } }
    #expect(onOne.count == 1)
    // The small arc the other way round is the rest of that ellipse: together, its perimeter
    // (Ramanujan's approximation, exact to 1e-5 here).
    let rest = try SVGPathData.subpaths("M0 0 a20 10 30 0 0 10 5")[0]
    let ellipse = Double.pi * (3 * 30 - ((3 * 20 + 10) * (20 + 3 * 10) as Double).squareRoot())
    #expect(abs(rotated.perimeter - hypot(10, 5) + rest.perimeter - hypot(10, 5) - ellipse) < 1e-3 * ellipse)
    #expect(rotated.perimeter > rest.perimeter)
    // A zero radius makes a straight line.
    #expect(try SVGPathData.subpaths("M0 0 A0 5 0 0 1 10 0")[0].points == [Point(0, 0), Point(10, 0)])
    // Flags written together.
    #expect(try Self.same("M0 0a5 5 0 1010 0", "M0 0 a5,5,0,1,0,10,0"))
  }

  @Test func errorsNameTheCharacterAndWhatWasExpected() throws {
    func error(_ text: String) -> String {
      do {
        _ = try ShapeSpec.parse(text)
        return "no error"
      } catch { return error.description }
    }
    #expect(error("M0 0 L1") == "bad SVG path data at the end (character 8): expected a number")
    #expect(error("M0 0 X5") == "bad SVG path data at character 6 ('X'): expected a path command (one of MLHVCSQTAZ, either case)")
    #expect(error("M0 0 A5 5 0 2 0 1 1") == "bad SVG path data at character 13 ('2'): expected an arc flag (0 or 1)")
    #expect(error("M1e 2") == "bad SVG path data at character 4 (' '): expected the digits of an exponent")
    #expect(error("M0 0 L1,,2") == "bad SVG path data at character 9 (','): expected a number")
    #expect(error("M0 0 L1 2,") == "bad SVG path data at the end (character 11): expected a number")
    #expect(error("M0 0 L.") == "bad SVG path data at character 7 ('.'): expected a number")
    #expect(error("m0 0 l1 1e999 z") == "bad SVG path data at character 9 ('1'): expected a number within the range of a double")
    #expect(error("M0 0 L10 10") == "SVG path data encloses no area: an outline needs a subpath around some area")
    #expect(
      error("sqaure")
        == "unknown shape 'sqaure': expected square, circle, star or heart, or SVG path data starting with M")
    // Path data must begin with a moveto; a ShapeSpec takes only text starting with M.
    #expect(throws: ShapeError.syntax(offset: 0, found: "L", expected: "a moveto (M or m) to begin the path data")) {
      try SVGPathData.subpaths("L0 0")
    }
    #expect(try SVGPathData.subpaths("  ") == [])
  }

  @Test func specsByNameOrPathData() throws {
    #expect(try ShapeSpec(" Star ") == .builtin(.star))
    #expect(try ShapeSpec("m0 0 h1 v1 z") == .pathData("m0 0 h1 v1 z"))
    #expect(try ShapeSpec.parse("heart") == BuiltinShape.heart.outline)
  }
}

@Suite("Shapes from hostile path data")
struct HostileShapeTests {
  @Test("an arc of a radius so large its step rounds to 0 is flattened (once a trap), in bounded points")
  func hugeArcRadius() throws {
    for radius in ["1e80", "1e100", "1e153"] {
      do {
        let outline = try ShapeSpec.parse("M0 0 A\(radius) \(radius) 0 0 1 10 10 L0 10 Z")
        #expect(outline.points.count <= 4096 + 4)
        #expect(outline.points.allSatisfy { $0.x.isFinite && $0.y.isFinite })
      } catch {
        // Refusing it is fine too; a signal is not.
        #expect(error == .noArea || error == .outOfRange(SVGPathData.maximumCoordinate), "\(radius): \(error)")
      }
    }
  }

  @Test("curves that would flatten into millions of points are refused, in bounded memory")
  func runawayFlattening() throws {
    // One such cubic flattens into a few hundred points; 20,000 of them pass the budget.
    let one = try SVGPathData.subpaths("M0 0 C1e9 1e9 -1e9 1e9 1 1 Z")[0].points.count
    #expect(one > 50 && one < 4100)
    let data = "M0 0" + String(repeating: "C1e9 1e9-1e9 1e9 1 1", count: 20_000) + "Z"
    var refused = false
    do { _ = try ShapeSpec.parse(data) } catch { refused = error == .tooComplex(SVGPathData.maximumPoints) }
    #expect(refused)
    // 8,000 arcs of about 110 steps each stay within it.
    let arcs = "M0 0 " + String(repeating: "A5 5 0 1 1 10 0 A5 5 0 1 1 0 0 ", count: 4000) + "Z"
    let count = (try? ShapeSpec.parse(arcs))?.points.count ?? 0
    #expect(count > 100_000 && count <= SVGPathData.maximumPoints)
  }
}
