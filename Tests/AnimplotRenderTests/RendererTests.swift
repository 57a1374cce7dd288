import AnimplotCanvas
import AnimplotCore
import AnimplotPlots
import AnimplotRender
import Foundation
import Testing

/// The pipeline as a library: input → view → output bytes, without the command line.
@Suite struct RendererTests {
  static let ball = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Examples/bouncing-ball.json").path

  static func small() -> GraphView {
    var options = GraphOptions()
    options.width = 320
    options.height = 180
    return GraphView(options: options)
  }

  @Test func everyPictureFormatIsDeterministic() throws {
    for format in GraphView.outputFormats {
      let first = try Renderer().render(.file(Self.ball), view: Self.small(), as: format)
      let second = try Renderer().render(.file(Self.ball), view: Self.small(), as: format)
      #expect(!first.isEmpty && first == second, "\(format)")
    }
    let png = try Renderer().render(.file(Self.ball), view: Self.small(), as: .png)
    #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    // A large picture, deflated in bands on every core.
    var large = GraphOptions()
    large.width = 1600
    large.height = 900
    let first = try Renderer().render(.file(Self.ball), view: GraphView(options: large), as: .png)
    let second = try Renderer().render(.file(Self.ball), view: GraphView(options: large), as: .png)
    #expect(first == second)
  }

  @Test func theDisplayListIsWhatTheEditorDraws() throws {
    let bytes = try Renderer().render(.file(Self.ball), view: Self.small(), as: .displayList)
    let document = try Input.file(Self.ball).document()
    let canvas = RecordingCanvas(size: Size(320, 180))
    GraphEditor(action: document.actions[0], options: Self.small().options).draw(on: canvas)
    #expect(String(decoding: bytes, as: UTF8.self) == canvas.displayList)
  }

  @Test func theScaleSetsTheDevicePixels() throws {
    let png = try Renderer(settings: RenderSettings(scale: 2)).render(.file(Self.ball), view: Self.small(), as: .png)
    // IHDR width and height, big-endian, at bytes 16 and 20.
    let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
    let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
    #expect(width == 640 && height == 360)
  }

  @Test func aFormatTheViewDoesNotWriteIsARequestError() {
    #expect {
      try Renderer().render(.file(Self.ball), view: TimelineView(), as: .layoutJSON)
    } throws: { error in
      let e = error as? RenderError
      return e?.kind == .request && e?.description == "timeline does not write json; use png, svg, pdf or displaylist"
    }
  }

  @Test func selectionChoosesActionAndChannels() throws {
    let json = try Renderer().render(
      .file(Self.ball), view: EvaluationView(frames: [1, 2]),
      selection: ActionSelection(channels: "*Z*"), as: .valuesJSON)
    let text = String(decoding: json, as: UTF8.self)
    #expect(text.hasPrefix(#"{"frames": [1, 2],"#))
    #expect(text.contains(#""label": "Z Location""#) && !text.contains("X Location"))
    #expect {
      try Renderer().render(
        .file(Self.ball), view: EvaluationView(), selection: ActionSelection(action: "Nope"), as: .valuesCSV)
    } throws: { error in
      (error as? RenderError)?.description.hasPrefix(Self.ball + ": actions: unknown value \"Nope\"") == true
    }
  }

  @Test func evaluationDefaultsToTheSceneRange() throws {
    let document = try Input.file(Self.ball).document()
    let table = try EvaluationView().content(of: document.actions)
    let scene = document.actions[0].sceneRange
    #expect(table.frames.first == scene.lowerBound && table.frames.last == scene.upperBound)
    #expect(table == Renderer.evaluate(document.actions[0], at: table.frames))
    #expect(table.csv.hasPrefix("frame,"))
  }
}

@Suite("eval's CSV columns")
struct ValueColumnsTests {
  @Test("channels sharing a label or an address get distinct column names; others keep their label")
  func distinctColumns() {
    var a = FCurve(dataPath: "location", index: 0)
    a.label = "Move"
    var b = FCurve(dataPath: "location", index: 1)
    b.label = "Move"
    let c = FCurve(dataPath: "location", index: 1)
    let d = FCurve(dataPath: "scale", index: 2)
    let table = ValueTable(action: Action(name: "a", tracks: [a, b, c, c, d]), frames: [1])
    #expect(table.columnNames == ["Move (location[0])", "Move (location[1])", "Y Location (location[1])", "Y Location (location[1]) #2", "Z Scale"])
    #expect(table.csv.hasPrefix("frame,Move (location[0]),Move (location[1]),Y Location (location[1]),Y Location (location[1]) #2,Z Scale\n"))
  }
}
