import AnimplotCore
import AnimplotCanvas
import AnimplotIO
@testable import AnimplotPlots
import Testing

/// The Timeline with keys on one frame, in narrow strips and with 6-digit frames (issue 12).
@Suite("Timeline edges")
struct TimelineEdgeTests {
  // MARK: The Timeline

  static let oneFrame = decodedAction(#"""
    {"name": "Pose", "tracks": [
      {"dataPath": "location", "index": 0, "keyframes": [{"frame": 10, "value": 1}]},
      {"dataPath": "location", "index": 1, "keyframes": [{"frame": 10, "value": 2}]}]}
    """#)

  @Test("keys all on one frame, no scene range given: Blender's default scene, 1 to 250")
  func oneFrameScene() {
    #expect(SharedScene([Self.oneFrame]).range == 1...250)
    var late = Self.oneFrame
    for i in late.tracks.indices { late.tracks[i].keyframes[0].frame = 400 }
    #expect(SharedScene([late]).range == 1...400)
    var given = Self.oneFrame
    given.frameStart = 10
    given.frameEnd = 10
    #expect(SharedScene([given]).range == 10...10, "a range the file gives is kept")
    // The Graph Editor and the Dope Sheet draw the same scene.
    #expect(GraphEditor(action: Self.oneFrame).editorFrame(playhead: nil, scrollbars: nil).sceneRange == 1...250)
    #expect(DopeSheetEditor(actions: [Self.oneFrame]).editorFrame(playhead: nil, scrollbars: nil).sceneRange == 1...250)

    let timeline = Timeline(actions: [Self.oneFrame], options: TimelineOptions())
    #expect(timeline.viewport.frames.lowerBound < 1 && timeline.viewport.frames.upperBound > 250)
    let labels = displayListTexts(displayList(width: 1600, height: 120) { timeline.draw(on: $0) })
      .filter { $0.y > 26 }.map(\.text)
    #expect(labels.contains("50") && labels.contains("100"), "\(labels)")
  }

  @Test("a scene the file gives as one frame: ten frames around it")
  func oneFrameGiven() {
    var given = Self.oneFrame
    given.frameStart = 10
    given.frameEnd = 10
    let timeline = Timeline(actions: [given], options: TimelineOptions())
    #expect(timeline.viewport.frames.upperBound - timeline.viewport.frames.lowerBound >= 10)
    #expect(abs((timeline.viewport.frames.lowerBound + timeline.viewport.frames.upperBound) / 2 - 10) < 1e-9)
  }

  @Test("one frame: display-list snapshot", arguments: ["dark", "light"])
  func oneFrameSnapshot(theme: String) {
    var options = TimelineOptions()
    options.width = 480
    options.theme = Theme.named(theme)!
    let timeline = Timeline(actions: [Self.oneFrame], options: options)
    Snapshot.assertDrawing(named: "timeline-one-frame-\(theme)", width: 480, height: 120) { timeline.draw(on: $0) }
  }

  func header(width: Double, frame: Double = 13, range: ClosedRange<Double> = 1...28) -> TransportHeader {
    TransportHeader(
      theme: .blender, rect: Rect(x: 0, y: 0, width: width, height: Timeline.headerHeight), fps: 24,
      frame: frame, range: range)
  }

  @Test("a narrow header drops whole elements: the buttons, then the frame rate, then Start/End")
  func narrowHeader() {
    let metrics = BundledFont.metrics(deviceScale: 1)
    let wide = header(width: 480).layout(metrics)
    #expect(wide.fps != nil && wide.buttons != nil && wide.frameField != nil && wide.rangeField != nil)
    let cases: [(Double, fps: Bool, buttons: Bool, range: Bool, frame: Bool)] = [
      (480, true, true, true, true), (400, true, false, true, true), (300, false, false, true, true),
      (200, true, false, false, true), (120, false, false, false, true), (60, false, false, false, false),
    ]
    for (width, fps, buttons, range, frame) in cases {
      let layout = header(width: width).layout(metrics)
      #expect((layout.fps != nil) == fps, "\(width) fps")
      #expect((layout.buttons != nil) == buttons, "\(width) buttons")
      #expect((layout.rangeField != nil) == range, "\(width) range")
      #expect((layout.frameField != nil) == frame, "\(width) frame")
    }
  }

  @Test("every element of the header lies whole inside it, apart from the others", arguments: [480.0, 400, 300, 250, 200, 150, 100])
  func headerInside(width: Double) {
    let layout = header(width: width, frame: 123_456, range: 100_000...999_999).layout(BundledFont.metrics(deviceScale: 1))
    let rects = [layout.fps, layout.buttons, layout.frameField, layout.rangeField].compactMap { $0 }
    for r in rects {
      #expect(r.minX >= 10 && r.maxX <= width - 10, "\(r) in \(width)")
    }
    let sorted = rects.sorted { $0.minX < $1.minX }
    for (a, b) in zip(sorted, sorted.dropFirst()) {
      #expect(a.maxX + 8 <= b.minX, "\(a) \(b)")
    }
  }

  @Test("6-digit frames keep 8 px from their Start and End names")
  func wideNumbers() {
    let metrics = BundledFont.metrics(deviceScale: 1)
    let header = header(width: 1600, frame: 123_456, range: 100_000...999_999)
    let list = displayList(width: 1600, height: 26) { header.draw($0) }
    let texts = displayListTexts(list)
    for (name, value) in [("Start", "100000"), ("End", "999999")] {
      let n = texts.first { $0.text == name }!, v = texts.first { $0.text == value }!
      let nameRight = n.x + metrics.width(of: name, size: 11)
      let valueLeft = v.x - metrics.width(of: value, size: 11)  // right-anchored
      #expect(valueLeft - nameRight >= 8, "\(name): \(nameRight) \(valueLeft)")
    }
    let frame = texts.first { $0.text == "123456" }!
    let field = header.layout(metrics).frameField!
    #expect(frame.x - metrics.width(of: "123456", size: 11) / 2 >= field.minX + 8)
  }

  @Test("narrow Timelines and 6-digit frames: display-list snapshots", arguments: [(300.0, "dark"), (200, "light")])
  func narrowTimeline(width: Double, theme: String) {
    var options = TimelineOptions()
    options.width = width
    options.theme = Theme.named(theme)!
    let timeline = Timeline(actions: [pictureAction], options: options)
    Snapshot.assertDrawing(named: "timeline-narrow-\(Int(width))-\(theme)", width: width, height: 120) {
      timeline.draw(on: $0)
    }
    var far = pictureAction
    far.frameStart = 100_000
    far.frameEnd = 999_999
    options.width = 480
    options.currentFrame = 123_456
    let wide = Timeline(actions: [far], options: options)
    Snapshot.assertDrawing(named: "timeline-6-digits-\(theme)", width: 480, height: 120) { wide.draw(on: $0) }
  }
}
