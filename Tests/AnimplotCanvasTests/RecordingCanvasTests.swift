import AnimplotCanvas
import Testing

/// The display-list format, one primitive at a time.
@Suite("RecordingCanvas display list")
struct RecordingCanvasTests {
  /// The lines after the `canvas W H` header.
  private func lines(_ draw: (RecordingCanvas) -> Void) -> [Substring] {
    let canvas = RecordingCanvas(size: Size(480, 270))
    draw(canvas)
    return Array(
      canvas.displayList.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
        .dropLast())
  }

  @Test("the first line gives the size; every line ends with a newline")
  func header() {
    let canvas = RecordingCanvas(size: Size(480.5, 270))
    canvas.save()
    #expect(canvas.displayList == "canvas 480.5 270\nsave\n")
  }

  @Test("numbers are rounded to 1/1000 and printed without trailing zeros")
  func numbers() {
    var path = Path()
    path.move(to: Point(12.5, -3))
    path.line(to: Point(0.0004, -0.0004))
    path.line(to: Point(1.23456, 100.10))
    path.line(to: Point(-7.0005, 1e6))
    path.line(to: Point(.nan, -.infinity))
    #expect(
      lines { $0.fill(path, color: .black) } == [
        "fill M 12.5 -3 L 0 0 L 1.235 100.1 L -7.001 1000000 L nan -inf color=#000000"
      ])
  }

  @Test("fill: path elements and colour with alpha only when not opaque")
  func fill() {
    var path = Path()
    path.move(to: Point(10, 20))
    path.curve(to: Point(5, 6), control1: Point(1, 2), control2: Point(3, 4))
    path.line(to: Point(7, 8))
    path.close()
    #expect(
      lines {
        $0.fill(path, color: Color(bytes: 255, 51, 82))
        $0.fill(Path(), color: Color(bytes: 0, 0, 0, 128))
      } == [
        "fill M 10 20 C 1 2 3 4 5 6 L 7 8 Z color=#ff3352",
        "fill empty color=#00000080",
      ])
  }

  @Test("stroke: width, dash (with phase when set), cap and join")
  func stroke() {
    let line = Path.line(from: Point(0, 0.5), to: Point(100, 0.5))
    #expect(
      lines {
        $0.stroke(line, color: .white, style: StrokeStyle())
        $0.stroke(
          line, color: Color(bytes: 255, 51, 82),
          style: StrokeStyle(width: 1.5, dash: [16, 5.6], cap: .round, join: .bevel))
        $0.stroke(
          line, color: .white,
          style: StrokeStyle(width: 2, dash: [4, 2], dashPhase: 1, cap: .square))
      } == [
        "stroke M 0 0.5 L 100 0.5 color=#ffffff width=1 dash=none cap=butt join=miter",
        "stroke M 0 0.5 L 100 0.5 color=#ff3352 width=1.5 dash=16,5.6 cap=round join=bevel",
        "stroke M 0 0.5 L 100 0.5 color=#ffffff width=2 dash=4,2 phase=1 cap=square join=miter",
      ])
  }

  @Test("text: quoted and escaped, position, size, colour, anchor")
  func text() {
    #expect(
      lines {
        $0.text(
          "13", at: Point(539.5, 11), style: TextStyle(size: 11, color: .white),
          anchor: TextAnchor(.center))
        $0.text(
          "a \"b\" \\ c\nd\u{1}é", at: Point(0, 0), style: TextStyle(size: 12.5, color: .black),
          anchor: TextAnchor(.right, .middle))
        $0.text(
          "", at: Point(1, 2), style: TextStyle(size: 13, color: .black),
          anchor: TextAnchor(.left, .top))
      } == [
        #"text "13" at 539.5 11 size=11 color=#ffffff anchor=center,baseline"#,
        #"text "a \"b\" \\ c\nd\u{1}é" at 0 0 size=12.5 color=#000000 anchor=right,middle"#,
        #"text "" at 1 2 size=13 color=#000000 anchor=left,top"#,
      ])
  }

  @Test("markers: one line whatever the number of points")
  func markers() {
    let diamond = Path.polygon([Point(0, -5), Point(5, 0), Point(0, 5), Point(-5, 0)])
    let points = (0..<1000).map { Point(Double($0) + 0.5, 10.5) }
    let recorded = lines {
      $0.markers(diamond, at: [Point(1.5, 2.5), Point(3, 4)], fill: .black, stroke: nil)
      $0.markers(
        diamond, at: [Point(0, 0)], fill: nil, stroke: (.white, StrokeStyle(width: 1, cap: .round)))
      $0.markers(diamond, at: points, fill: .white, stroke: nil)
    }
    #expect(recorded.count == 3)
    #expect(
      recorded[0]
        == "markers M 0 -5 L 5 0 L 0 5 L -5 0 Z at (1.5,2.5) (3,4) fill=#000000 stroke=none")
    #expect(
      recorded[1]
        == "markers M 0 -5 L 5 0 L 0 5 L -5 0 Z at (0,0) fill=none stroke=#ffffff width=1 dash=none cap=round join=miter"
    )
    #expect(recorded[2].hasPrefix("markers M 0 -5 L 5 0 L 0 5 L -5 0 Z at (0.5,10.5) (1.5,10.5) "))
    #expect(recorded[2].hasSuffix(" (999.5,10.5) fill=#ffffff stroke=none"))
  }

  @Test("save, restore, clip (also to a rectangle) and the three forms of transform")
  func stateCalls() {
    #expect(
      lines {
        $0.save()
        $0.clip(to: Rect(x: 64, y: 0, width: 416.5, height: 244))
        $0.concatenate(.translation(10, -2.25))
        $0.concatenate(.scale(2, 2))
        $0.concatenate(Transform(a: 0, b: 1, c: -1, d: 0, tx: 5, ty: 0))
        $0.restore()
      } == [
        "save",
        "clip M 64 0 L 480.5 0 L 480.5 244 L 64 244 Z",
        "transform translate 10 -2.25",
        "transform scale 2 2",
        "transform matrix 0 1 -1 0 5 0",
        "restore",
      ])
  }

  @Test("measures with the font it was given; by default as a raster of its scale lays text out")
  func metrics() {
    let canvas = RecordingCanvas(size: Size(10, 10), fontMetrics: BundledFont.metrics)
    #expect(canvas.fontMetrics.width(of: "13", size: 11) == 2606.0 * 11 / 2048)
    // Whole pixels: "1" and "3" advance 7 px each at 11 px (6.999 unrounded).
    #expect(RecordingCanvas(size: Size(10, 10)).fontMetrics.width(of: "13", size: 11) == 14)
    #expect(RecordingCanvas(size: Size(10, 10), deviceScale: 2).fontMetrics.width(of: "13", size: 11) == 14)
  }
}
