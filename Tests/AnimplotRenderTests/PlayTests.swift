import AnimplotCairo
import AnimplotCanvas
import AnimplotCore
import AnimplotPlots
import AnimplotRender
import Foundation
import Testing

/// `play`'s pictures: each frame is exactly the editor's still picture with its playhead there,
/// whichever way it is written (PNG frames, APNG, animated SVG).
@Suite("play: animated output")
struct PlayTests {
  static let ball = RendererTests.ball

  static func view(_ editor: PlayView.Editor, frames: ClosedRange<Double> = 1...25, step: Double = 6) -> PlayView {
    var view = PlayView(editor: editor)
    view.graph.width = 400
    view.graph.height = 220
    view.dopeSheet.width = 400
    view.dopeSheet.height = 220
    view.timeline.width = 400
    view.timing.frames = frames
    view.timing.step = step
    return view
  }

  /// The editor's still picture with the playhead at `frame`, as `graph --current-frame` makes it.
  static func still(_ editor: PlayView.Editor, _ view: PlayView, frame: Double, renderer: Renderer) throws -> [UInt8] {
    switch editor {
    case .graph:
      var options = view.graph
      options.currentFrame = frame
      return try renderer.render(.file(ball), view: GraphView(options: options), as: .png)
    case .dopesheet:
      var options = view.dopeSheet
      options.currentFrame = frame
      return try renderer.render(.file(ball), view: DopeSheetView(options: options), as: .png)
    case .timeline:
      var options = view.timeline
      options.currentFrame = frame
      return try renderer.render(.file(ball), view: TimelineView(options: options), as: .png)
    }
  }

  static func animation(_ view: PlayView) throws -> PlayheadAnimation {
    let document = try Input.file(ball).document()
    return try view.content(of: document.actions)
  }

  @Test("each PNG frame is the bytes of the still picture at that frame", arguments: PlayView.Editor.allCases, [1.0, 2.0])
  func framesAreStills(editor: PlayView.Editor, scale: Double) throws {
    let view = Self.view(editor)
    let renderer = Renderer(settings: RenderSettings(scale: scale))
    let animation = try Self.animation(view)
    #expect(animation.frames == [1, 7, 13, 19, 25])
    var count = 0
    try renderer.pngFrames(of: animation) { index, bytes in
      #expect(index == count)
      count += 1
      let still = try Self.still(editor, view, frame: animation.frames[index], renderer: renderer)
      #expect(bytes == still, "\(editor) frame \(animation.frames[index]) at scale \(scale)")
    }
    #expect(count == 5)
  }

  @Test("the APNG holds every frame, composed as a viewer does, with its delays and loop count", arguments: PlayView.Editor.allCases)
  func apngComposesToTheFrames(editor: PlayView.Editor) throws {
    var view = Self.view(editor)
    view.timing.plays = 3
    let renderer = Renderer()
    let animation = try Self.animation(view)
    let bytes = try renderer.render(.file(Self.ball), view: view, as: .apng)
    let apng = try APNGReader(bytes)
    #expect(apng.frameCount == 5 && apng.plays == 3 && apng.defaultImageIsFirstFrame)
    #expect(apng.width == 400 && apng.height == (editor == .timeline ? 120 : 220))
    for frame in apng.frames {
      #expect(frame.delayNumerator * 4 == frame.delayDenominator, "6 frames at 24 fps: 1/4 s")
    }
    // Later frames hold only what changed: a narrow band around the playhead (and, for the
    // Timeline, its readout), not the whole picture.
    #expect(apng.frames.dropFirst().allSatisfy { $0.width * $0.height < apng.width * apng.height / 2 })
    let composed = try apng.composedFrames()
    var expected: [RGBAImage] = []
    try renderer.pngFrames(of: animation) { _, png in expected.append(try PNGDecoder.decode(bytes: png)) }
    #expect(composed.count == expected.count)
    for (i, (a, b)) in zip(composed, expected).enumerated() {
      #expect(a == b, "\(editor) frame \(i)")
    }
  }

  @Test("keys only: one picture per key in the range, each held until the next key")
  func keysOnly() throws {
    var view = Self.view(.graph, frames: 1...60, step: 1)
    view.timing.keysOnly = true
    let animation = try Self.animation(view)
    let document = try Input.file(Self.ball).document()
    let keys = Playback(action: document.actions[0]).keyFrames.filter { (1...60).contains($0) }
    #expect(animation.frames == keys)
    #expect(animation.delays.dropLast() == zip(keys, keys.dropFirst()).map { ($1 - $0) / 24 }[...])
    #expect(animation.delays.last == 1.0 / 24)
  }

  @Test("too many pictures is a request error, not a runaway allocation")
  func tooManyPictures() throws {
    let view = Self.view(.graph, frames: 0...1_000_000, step: 1)
    #expect(throws: RenderError.self) { try Self.animation(view) }
  }

  @Test("the animated SVG: the still picture once, then one animated group per frame")
  func animatedSVG() throws {
    var view = Self.view(.graph)
    view.timing.plays = 2
    let renderer = Renderer()
    let svg = String(decoding: try renderer.render(.file(Self.ball), view: view, as: .animatedSVG), as: UTF8.self)
    let still = String(decoding: try renderer.render(.file(Self.ball), view: GraphView(options: view.graph), as: .svg), as: UTF8.self)
    // The still picture (no playhead: the file has currentFrame 1, the view is drawn without).
    #expect(svg.components(separatedBy: "<animate ").count - 1 == 5)
    #expect(svg.contains("dur=\"1.25s\" repeatCount=\"2\""))
    #expect(svg.contains("values=\"inline;none\" keyTimes=\"0;0.2\""))
    #expect(svg.contains("values=\"none;inline;none\" keyTimes=\"0;0.2;0.4\""))
    #expect(svg.contains("values=\"none;inline\" keyTimes=\"0;0.8\""))
    #expect(svg.count < still.count + 5 * 4000, "the still picture is not repeated per frame")
    #expect(svg == String(decoding: try renderer.render(.file(Self.ball), view: view, as: .animatedSVG), as: UTF8.self))
    // Shared glyphs are whole symbols (no stray text from Cairo's start tag).
    #expect(svg.contains("<symbol overflow=\"visible\" id=\"frame-glyph0\">\n<path"))
    #expect(!svg.contains("\">>"))
    // Every id is defined once.
    let ids = svg.components(separatedBy: " id=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
    #expect(Set(ids).count == ids.count)
  }

  @Test("APNG delays as 16-bit fractions")
  func delayFractions() {
    #expect(APNGDelay.fraction(1.0 / 24) == (1, 24))
    #expect(APNGDelay.fraction(1001.0 / 30000) == (1001, 30000))
    #expect(APNGDelay.fraction(2.5) == (5, 2))
    #expect(APNGDelay.fraction(1e9) == (65535, 1))
  }
}
