import AnimplotCanvas
import AnimplotCore
import AnimplotGolden
@testable import AnimplotPlots
@testable import AnimplotRender
import Foundation
import Testing

/// The interactive HTML (`OutputFormat.html`): self-contained, the values `eval` gives, layers
/// that make the picture again.
@Suite struct InteractiveHTMLTests {
  static let ball = RendererTests.ball

  static func view(width: Double = 640, height: Double = 360, theme: Theme = .blender) -> GraphView {
    var options = GraphOptions()
    options.width = width
    options.height = height
    options.theme = theme
    return GraphView(options: options)
  }

  /// The data the page's script reads.
  static func data(_ html: String) throws -> [String: Any] {
    let start = try #require(html.range(of: "<script type=\"application/json\" id=\"animplot-data\">\n"))
    let end = try #require(html.range(of: "\n</script>", range: start.upperBound..<html.endIndex))
    let text = html[start.upperBound..<end.lowerBound]
    #expect(!text.contains("<"), "every < of the data is escaped")
    return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  /// A label that opens an HTML comment and a script inside the data element would make the
  /// element swallow the page's own script (the page then never runs).
  @Test func aLabelOfMarkupStaysInsideTheData() throws {
    let label = "<!--<script></script>"
    let action = #"{"timeline": [1, 2], "channels": {"L": [0, 1]}}"#.replacing("\"L\"", with: "\"\(label)\"")
    let html = String(
      decoding: try Renderer().render(.bytes(Array(action.utf8), name: "l.json"), view: Self.view(), as: .html), as: UTF8.self)
    #expect(html.components(separatedBy: "<script").count - 1 == 2, "the data and the page's script, no other")
    let channels = try #require(try Self.data(html)["channels"] as? [[String: Any]])
    #expect(channels.contains { ($0["label"] as? String)?.contains(label) == true })
  }

  @Test("every visible channel's values at every column are eval's at those frames", arguments: [1.0, 1.5])
  func valuesAreEvals(scale: Double) throws {
    let renderer = Renderer(settings: RenderSettings(scale: scale))
    var view = Self.view()
    view.options.hide = [ChannelPattern("Y Scale")]
    let html = String(decoding: try renderer.render(.file(Self.ball), view: view, as: .html), as: UTF8.self)
    let data = try Self.data(html)
    let columns = try #require(data["columns"] as? [String: Any])
    let frames = try #require(columns["frames"] as? [Double])
    let plot = try #require(data["plot"] as? [String: Double])
    // One frame per device column of the plot, increasing.
    #expect(frames.count == Int((plot["x"]! + plot["width"]!).rounded(.up)) - Int(plot["x"]!.rounded(.down)))
    #expect(zip(frames, frames.dropFirst()).allSatisfy { $0 < $1 })
    let eval = try JSONSerialization.jsonObject(
      with: Data(try renderer.render(.file(Self.ball), view: EvaluationView(frames: frames), as: .valuesJSON))) as! [String: Any]
    let tracks = try #require(eval["tracks"] as? [[String: Any]])
    let channels = try #require(data["channels"] as? [[String: Any]])
    #expect(channels.map { $0["label"] as! String } == ["X Location", "Z Location", "Y Euler Rotation", "X Scale", "Z Scale"])
    for channel in channels {
      let track = try #require(tracks.first { $0["label"] as? String == channel["label"] as? String })
      let values = try #require(channel["values"] as? [Double])
      #expect(values == track["values"] as? [Double], "\(channel["label"]!)")
    }
  }

  @Test("one file: no address, link, script or font from elsewhere; the same bytes twice")
  func selfContained() throws {
    for theme in [Theme.blender, .light] {
      let first = try Renderer().render(.file(Self.ball), view: Self.view(theme: theme), as: .html)
      #expect(first == (try Renderer().render(.file(Self.ball), view: Self.view(theme: theme), as: .html)))
      let html = String(decoding: first, as: UTF8.self)
      for outside in ["http:", "https:", "//", "<link", "@import", "url(", "src=\"http", "@font-face"] {
        // "//" only as a comment's start would be inside the script; none is written.
        if outside == "//" {
          #expect(!html.contains("src=\"//") && !html.contains("href=\"//"))
        } else {
          #expect(!html.contains(outside), "\(outside)")
        }
      }
      #expect(html.components(separatedBy: "src=\"").count - 1 == html.components(separatedBy: "src=\"data:image/png;base64,").count - 1)
    }
  }

  @Test("the layers drawn over one another make the picture: every pixel within a level or two")
  func layersMakeThePicture() throws {
    let renderer = Renderer()
    let actions = try ActionSelection().actions(of: Input.file(Self.ball).document(), every: false, file: "ball")
    let editor = try Self.view().content(of: actions)
    let plot = try editor.interactivePlot(with: renderer)
    #expect(plot.layers.count == editor.layout(scale: 1).curves.count + 2)
    let picture = try ImageFile.decode(pngBytes: try renderer.render(actions, view: Self.view(), as: .png), path: "png")
    var composite = try ImageFile.decode(pngBytes: plot.layers[0], path: "under")
    for layer in plot.layers.dropFirst() {
      let top = try ImageFile.decode(pngBytes: layer, path: "layer")
      for i in stride(from: 0, to: composite.pixels.count, by: 4) {
        let a = Double(top.pixels[i + 3]) / 255
        for c in 0..<3 {
          let v = Double(top.pixels[i + c]) * a + Double(composite.pixels[i + c]) * (1 - a)
          composite.pixels[i + c] = UInt8(v.rounded())
        }
      }
    }
    var worst = 0, differing = 0
    for i in picture.pixels.indices where i % 4 != 3 {
      let d = abs(Int(picture.pixels[i]) - Int(composite.pixels[i]))
      worst = max(worst, d)
      if d > 0 { differing += 1 }
    }
    // Measured 2026-11-27: 2 levels at most (the layers are 8-bit each, rounded apart at edges).
    #expect(worst <= 2, "\(differing) channel values differ, by up to \(worst)")
  }

  @Test("drawn with every layer on, the editor draws what draw(on:) draws")
  func everyLayerIsTheWhole() throws {
    let actions = try ActionSelection().actions(of: Input.file(Self.ball).document(), every: false, file: "ball")
    let editor = try Self.view().content(of: actions)
    let whole = RecordingCanvas(size: editor.pictureSize)
    editor.draw(on: whole)
    let layered = RecordingCanvas(size: editor.pictureSize)
    var entered: [GraphEditor.Layer] = []
    editor.draw(on: layered) {
      entered.append($0)
      return true
    }
    #expect(whole.displayList == layered.displayList)
    #expect(entered.first == .under && entered.last == .over && entered.count == editor.layout(scale: 1).curves.count + 2)
  }

  /// A curve's layer that is not drawn is not walked either: drawing only one curve's layer
  /// makes that curve's calls alone (an interactive editor walked every curve's keys for each of
  /// its layers: 50 curves of 20,000 keys took 30 s, as a PNG 3 s).
  @Test func aLayerNotDrawnIsNotWalked() throws {
    let actions = try ActionSelection().actions(of: Input.file(Self.ball).document(), every: false, file: "ball")
    let editor = try Self.view().content(of: actions)
    let layout = editor.layout(scale: 1)
    let all = RecordingCanvas(size: editor.pictureSize)
    editor.draw(layout, on: all) { _ in true }
    let none = RecordingCanvas(size: editor.pictureSize)
    editor.draw(layout, on: none) { $0 == .under || $0 == .over }
    #expect(layout.curves.count >= 2)
    // Every curve draws something; without their layers, the calls are fewer.
    #expect(none.displayList.count < all.displayList.count)
  }

  @Test("the Dope Sheet: each channel row's band and its values, eval's")
  func dopeSheet() throws {
    var options = DopeSheetEditorOptions()
    options.width = 640
    options.height = 300
    let html = String(
      decoding: try Renderer().render(.file(Self.ball), view: DopeSheetView(options: options), as: .html), as: UTF8.self)
    let data = try Self.data(html)
    #expect(data["kind"] as? String == "dopesheet")
    let frames = try #require((data["columns"] as? [String: Any])?["frames"] as? [Double])
    let channels = try #require(data["channels"] as? [[String: Any]])
    #expect(channels.count == 6)
    let eval = try JSONSerialization.jsonObject(
      with: Data(try Renderer().render(.file(Self.ball), view: EvaluationView(frames: frames), as: .valuesJSON))) as! [String: Any]
    let tracks = try #require(eval["tracks"] as? [[String: Any]])
    for (channel, track) in zip(channels, tracks) {
      #expect(channel["label"] as? String == track["label"] as? String)
      #expect(channel["values"] as? [Double] == track["values"] as? [Double])
      #expect(channel["band"] != nil && channel["row"] != nil)
    }
  }
}
