import AnimplotCore
import AnimplotCanvas
import AnimplotIO
@testable import AnimplotPlots
import Testing

/// How the Graph Editor and the Dope Sheet give way in narrow pictures (issue 12).
/// How the Graph Editor and the Dope Sheet give way in narrow pictures (issue 12).
/// The texts of a display list with their anchor point.
func displayListTexts(_ list: String) -> [(text: String, x: Double, y: Double)] {
  lines(list, "text ").map { line in
    let parts = line.split(separator: "\"")
    let numbers = parts[2].split(separator: " ")
    return (String(parts[1]), Double(numbers[1])!, Double(numbers[2])!)
  }
}

/// An action decoded (and recalculated) from format-1 text.
func decodedAction(_ json: String) -> Action {
  try! ActionDecoder.decode(json).action(named: nil)
}

@Suite("Narrow pictures")
struct NarrowLayoutTests {
  // MARK: The channel list in narrow pictures

  @Test("the channel list: Blender's width (207 px, the Dope Sheet's 198), at most 5/12 of the picture, hidden under 100 px")
  func channelListWidth() {
    let graph: [(Double, Double)] = [
      (1600, 207), (497, 207), (496, 206), (480, 200), (400, 166), (300, 125), (240, 100), (239, 0), (200, 0), (1, 0),
    ]
    for (picture, list) in graph {
      #expect(EditorFrame.channelListWidth(pictureWidth: picture, shown: true) == list, "\(picture)")
    }
    let dopeSheet: [(Double, Double)] = [(1600, 198), (476, 198), (475, 197), (300, 125), (240, 100), (239, 0)]
    for (picture, list) in dopeSheet {
      let width = EditorFrame.channelListWidth(pictureWidth: picture, shown: true, preferred: DopeSheetEditor.channelListWidth)
      #expect(width == list, "\(picture)")
    }
    #expect(GraphEditor.channelListWidth == 207 && DopeSheetEditor.channelListWidth == 198)
    #expect(EditorFrame.channelListWidth(pictureWidth: 1600, shown: false) == 0)
  }

  @Test("the Graph Editor's plot keeps at least 7/12 of a narrow picture", arguments: [150.0, 200, 239, 240, 300, 400, 479])
  func graphPlotWidth(width: Double) {
    let graph = GraphEditor(action: GraphEditorTests.ball, options: GraphEditorTests.options { $0.width = width })
    #expect(graph.viewport.rect.width >= width * 7 / 12 - 1, "\(graph.viewport.rect)")
    #expect(graph.viewport.rect.maxX == width)
    // The list is drawn exactly as wide as the plot leaves it.
    let list = GraphEditorTests.displayList(GraphEditorTests.ball) { $0.width = width }
    let fromLeft = lines(list, "clip M 0 0 L ").map { Double($0.split(separator: " ")[5])! }
    if graph.viewport.rect.minX > 0 {
      #expect(fromLeft == [graph.viewport.rect.minX], "\(fromLeft)")
    } else {
      #expect(fromLeft == [width], "the plot alone: \(fromLeft)")
    }
  }

  @Test("the Dope Sheet's key area keeps at least 7/12 of a narrow picture", arguments: [200.0, 300, 479])
  func dopeSheetKeyWidth(width: Double) {
    var options = DopeSheetEditorOptions()
    options.width = width
    options.height = 270
    let editor = DopeSheetEditor(actions: [pictureAction], options: options)
    #expect(editor.viewport.rect.width >= width * 7 / 12 - 1)
  }

  @Test("narrow pictures: display-list snapshots", arguments: [(300.0, "dark"), (200, "light")])
  func narrowSnapshots(width: Double, theme: String) {
    GraphEditorTests.snapshot(GraphEditorTests.ball, named: "graph-narrow-\(Int(width))-\(theme)") {
      $0.width = width
      $0.theme = Theme.named(theme)!
    }
    var options = DopeSheetEditorOptions()
    options.width = width
    options.height = 270
    options.theme = Theme.named(theme)!
    let editor = DopeSheetEditor(actions: [pictureAction], options: options)
    Snapshot.assertDrawing(named: "dopesheet-narrow-\(Int(width))-\(theme)", width: width, height: 270) {
      editor.draw(on: $0)
    }
  }
}
