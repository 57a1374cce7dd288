import AnimplotCanvas
import AnimplotCore
import AnimplotPlots
import Foundation
import Testing

@Suite("Morph")
struct MorphTests {
  static func maxDistance(_ a: Outline, _ b: Outline) -> Double {
    zip(a.points, b.points).map { hypot($0.x - $1.x, $0.y - $1.y) }.max() ?? .infinity
  }

  /// Outlines to morph, each given again drawn the other way round from elsewhere.
  static let shapes: [Outline] =
    BuiltinShape.allCases.map(\.outline) + [try! SVGPathData.outline(ShapeTests.curvedPath)]

  /// The largest distance from a point of `a` to the closed polygon `b`.
  static func distanceToOutline(_ a: Outline, _ b: Outline) -> Double {
    a.points.map { p in
      var best = Double.infinity
      for i in b.points.indices {
        let u = b.points[i], v = b.points[(i + 1) % b.count]
        let dx = v.x - u.x, dy = v.y - u.y
        let len2 = dx * dx + dy * dy
        let s = len2 > 0 ? min(1, max(0, ((p.x - u.x) * dx + (p.y - u.y) * dy) / len2)) : 0
        best = min(best, hypot(p.x - (u.x + s * dx), p.y - (u.y + s * dy)))
      }
      return best
    }.max() ?? .infinity
  }

  /// B is A drawn the other way round and starting elsewhere. Aligned, the morph at 0.5 lies
  /// on A (to 1 % of its size; exactly, point for point, when A's resampled chords are all
  /// equal: the circle, the square) with A's area: nothing flips. Unaligned, points meet
  /// across the shape and the halfway outline loses its area.
  @Test(arguments: 0..<5)
  func reversedAndRotatedMorphsToItself(shape: Int) {
    let a = Self.shapes[shape]
    let n = 64
    let b = a.reversed().rotated(startingAt: a.count / 3)
    #expect(b.signedArea < 0)
    let morph = Morph(from: a, to: b, count: n)
    #expect(morph.reversedB)
    let half = morph.outline(at: 0.5)
    #expect(Self.distanceToOutline(half, morph.from) < 0.01)
    #expect(abs(half.signedArea - morph.from.signedArea) < 0.01 * morph.from.signedArea)

    let unaligned = Morph(from: a, to: b, count: n, align: false)
    let area = unaligned.outline(at: 0.5).signedArea
    #expect(area < 0.2 * morph.from.signedArea, "\(area) vs \(morph.from.signedArea)")
  }

  @Test(arguments: [BuiltinShape.circle, .square])
  func evenPolygonsMorphToThemselvesExactly(shape: BuiltinShape) {
    let a = shape.outline.resampled(count: 64)
    let morph = Morph(from: a, to: a.reversed().rotated(startingAt: 23), count: 64)
    #expect(Self.maxDistance(morph.outline(at: 0.5), morph.from) < 1e-9)
  }

  /// Two different shapes drawn in opposite directions from different starts: aligned, the
  /// area keeps its sign all the way (the outline never turns inside out) and stays at least
  /// half the smaller end's; unaligned, it collapses.
  @Test func differentShapesDoNotFlip() {
    let square = BuiltinShape.square.outline
    let star = BuiltinShape.star.outline.reversed().rotated(startingAt: 3)
    #expect(star.signedArea < 0)
    let morph = Morph(from: square, to: star)
    #expect(morph.reversedB)
    let smaller = min(abs(morph.from.signedArea), abs(morph.to.signedArea))
    for i in 0...20 {
      let area = morph.outline(at: Double(i) / 20).signedArea
      #expect(area > 0.5 * smaller, "t \(Double(i) / 20): area \(area)")
    }
    let unaligned = Morph(from: square, to: star, align: false)
    #expect(unaligned.outline(at: 0.5).signedArea < 0.5 * morph.outline(at: 0.5).signedArea)
    // Wherever B starts, the aligned B is the same to within half the spacing of its points.
    let heart = BuiltinShape.heart.outline
    let reference = Morph(from: square, to: heart, count: 128).to
    for start in [100, 700] {
      let m = Morph(from: square, to: heart.rotated(startingAt: start), count: 128)
      #expect(Self.maxDistance(m.to, reference) < 0.5 * reference.perimeter / 128)
    }
  }

  @Test func normalisedOutlines() {
    let big = Outline(points: [Point(10, 10), Point(50, 10), Point(50, 30), Point(10, 30)])
    let n = Morph.normalised(big)
    #expect(n.bounds == Rect(x: -0.5, y: -0.25, width: 1, height: 0.5))
    let m = Morph(from: big, to: BuiltinShape.circle.outline, count: 100)
    #expect(m.from.count == 100 && m.to.count == 100)
    #expect(hypot(m.from.centroid.x, m.from.centroid.y) < 1e-9)
    #expect(hypot(m.to.centroid.x, m.to.centroid.y) < 1e-9)
    // Extrapolation: past 1 the points go on along their straight lines.
    let p = m.outline(at: 1.5).points[7], a = m.from.points[7], b = m.to.points[7]
    #expect(abs(p.x - (a.x + 1.5 * (b.x - a.x))) < 1e-12 && abs(p.y - (a.y + 1.5 * (b.y - a.y))) < 1e-12)
  }

  @Test func bestShiftIsTheNearest() {
    let a = BuiltinShape.circle.outline.resampled(count: 40)
    for k in [0, 1, 17, 39] {
      #expect(Morph.bestShift(of: a.rotated(startingAt: 40 - k), onto: a) == k)
    }
  }

  // MARK: Timing

  /// An easing's timing is the gallery's two-key curve, sampled from frame 1 to 21 and
  /// normalised by its end values (0 and 1 already).
  @Test func easingTiming() {
    let timing = MorphTiming.easing(.quad, .easeInOut)
    #expect(timing.curve == GalleryCatalogue.curve(.quad, easing: .easeInOut))
    #expect(timing.sampleFrames(5) == [1, 6, 11, 16, 21])
    #expect(timing.progress(at: 1) == 0 && timing.progress(at: 21) == 1)
    #expect(abs(timing.progress(at: 11) - 0.5) < 1e-6)
    #expect(timing.progress(at: 6) == timing.curve.value(at: 6.0))
    // Back overshoots past 1 before settling.
    let back = MorphTiming.easing(.back, .easeOut)
    #expect(back.sampleFrames(21).map(back.progress).max()! > 1.05)
    #expect(!timing.isFlat)
  }

  /// A channel's timing is normalised by its values at the start and end of the range.
  @Test func channelTiming() {
    var a = Keyframe(frame: 10, value: 3)
    a.interpolation = .linear
    let curve = FCurve(dataPath: "location", keyframes: [a, Keyframe(frame: 30, value: 7)])
    let timing = MorphTiming(curve: curve, frames: 10...30)
    #expect(timing.progress(at: 10) == 0 && timing.progress(at: 30) == 1 && timing.progress(at: 20) == 0.5)
    let flat = MorphTiming(curve: FCurve(dataPath: "x", keyframes: [Keyframe(frame: 1, value: 2)]), frames: 1...9)
    #expect(flat.isFlat)
  }

  // MARK: Drawing

  @Test func filmstripLayout() {
    let morph = Morph(from: BuiltinShape.square.outline, to: BuiltinShape.star.outline, count: 32)
    let pictures = (0..<12).map { MorphPicture(progress: Double($0) / 11, label: "\($0)") }
    var options = MorphOptions()
    #expect(MorphFilmstrip(morph: morph, pictures: pictures, options: options).columns == 9)
    #expect(MorphFilmstrip(morph: morph, pictures: Array(pictures.prefix(3)), options: options).size == Size(400, 166))
    options.columns = 5
    let strip = MorphFilmstrip(morph: morph, pictures: pictures, options: options)
    #expect(strip.rows == 3)
    #expect(strip.square(7) == Rect(x: 12 + 2 * 128, y: 12 + 150, width: 120, height: 120))
    #expect(strip.size == Size(24 + 5 * 120 + 4 * 8, 24 + 3 * 142 + 2 * 8))
  }

  /// Square to star in three pictures (a few points, so the list stays readable), dark and
  /// light themes.
  @Test(arguments: ["blender", "light"])
  func snapshot(theme: String) {
    let morph = Morph(from: BuiltinShape.square.outline, to: BuiltinShape.star.outline, count: 20)
    var options = MorphOptions()
    options.theme = theme == "light" ? .light : .blender
    options.cellSize = 80
    let pictures = [0, 0.5, 1].map { MorphPicture(progress: $0, label: "t \($0)") }
    let strip = MorphFilmstrip(morph: morph, pictures: pictures, options: options)
    Snapshot.assertDrawing(named: "morph-\(theme)", width: strip.size.width, height: strip.size.height) {
      strip.draw(on: $0)
    }
  }
}
