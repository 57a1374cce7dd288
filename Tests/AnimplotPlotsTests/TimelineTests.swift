import AnimplotCore
import AnimplotCairo
import AnimplotCanvas
@testable import AnimplotPlots
import Testing

/// The Timeline strip: which keys it shows, its view, its readout, snapshots, a PNG golden and
/// determinism.
@Suite("Timeline")
struct TimelineTests {
  static func options(_ change: (inout TimelineOptions) -> Void = { _ in }) -> TimelineOptions {
    var options = TimelineOptions()
    options.width = 480
    change(&options)
    return options
  }

  @Test("the keys of the selected channels, merged as Blender's Summary")
  func selectedChannels() {
    var action = pictureAction
    action.tracks[1].selected = true
    let timeline = Timeline(actions: [action], options: Self.options())
    #expect(timeline.keys.kind == .summary)
    #expect(timeline.keys.keys.map(\.frame) == [1, 10.004, 30])
    #expect(timeline.keys.holds.map(\.start) == [1, 10.004])
  }

  @Test("every channel's keys when none is selected")
  func allChannels() {
    let timeline = Timeline(actions: [pictureAction], options: Self.options())
    #expect(timeline.keys.keys.map(\.frame) == [1, 10, 20, 25, 30])
  }

  @Test("the view holds the scene range and every key, 4 % free on each side")
  func view() {
    let timeline = Timeline(actions: [pictureAction], options: Self.options())
    #expect(abs(timeline.viewport.frames.lowerBound + 0.16) < 1e-9)
    #expect(abs(timeline.viewport.frames.upperBound - 31.16) < 1e-9)
    #expect(timeline.viewport.rect.minY == 49)
  }

  @Test("the playhead falls back to the scene's first frame")
  func currentFrame() {
    var action = pictureAction
    action.currentFrame = nil
    #expect(Timeline(actions: [action], options: Self.options()).currentFrame == 1)
    #expect(Timeline(actions: [action], options: Self.options { $0.currentFrame = 7.5 }).currentFrame == 7.5)
  }

  @Test("the header reads frame rate, current frame and scene range")
  func readout() {
    let timeline = Timeline(actions: [pictureAction], options: Self.options())
    let texts = lines(displayList(width: 480, height: 120) { timeline.draw(on: $0) }, "text ")
      .map { $0.split(separator: "\"")[1] }
    for expected in ["24 fps", "Start", "1", "End", "28", "13"] {
      #expect(texts.contains(Substring(expected)), "\(expected)")
    }
  }

  @Test("display-list snapshots", arguments: ["dark", "light"])
  func snapshots(theme: String) {
    let timeline = Timeline(actions: [pictureAction], options: Self.options { $0.theme = Theme.named(theme)! })
    Snapshot.assertDrawing(named: "timeline-\(theme)", width: 480, height: 120) { timeline.draw(on: $0) }
  }

  @Test("PNG golden, 480×120")
  func golden() throws {
    let timeline = Timeline(actions: [pictureAction], options: Self.options())
    try GoldenImage.assert(
      png: try rendered(.png, width: 480, height: 120) { timeline.draw(on: $0) }, named: "timeline")
  }

  @Test("the same input gives the same bytes", arguments: CairoCanvas.Format.allCases)
  func deterministic(format: CairoCanvas.Format) throws {
    func render() throws -> [UInt8] {
      let timeline = Timeline(actions: [pictureAction], options: Self.options())
      return try rendered(format, width: 480, height: 120) { timeline.draw(on: $0) }
    }
    #expect(try render() == render())
  }
}
