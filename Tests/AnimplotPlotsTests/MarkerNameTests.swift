import AnimplotCanvas
import AnimplotCore
@testable import AnimplotPlots
import Testing

/// Marker names that would run into the next marker are cut before it, as Blender clips them
/// (issue 25: "contact 2contact 3" in the bouncing ball's picture).
@Suite("Marker names")
struct MarkerNameTests {
  /// The ball with markers at `frames`, named `names`.
  static func ball(_ markers: [(Double, String)]) -> Action {
    var action = GraphEditorTests.ball
    action.markers = markers.map { Marker(frame: $0.0, name: $0.1) }
    return action
  }

  @Test("no drawn name reaches the next marker's triangle; the last one runs on whole", arguments: [480.0, 800, 1600])
  func namesStopBeforeTheNextMarker(width: Double) {
    let names = ["contact 1", "contact 2", "contact 3", "the end of the jump"]
    let action = Self.ball(Array(zip([10.0, 14, 19, 21], names)))
    let options = GraphEditorTests.options { $0.width = width }
    let canvas = RecordingCanvas(size: Size(options.width, options.height))
    GraphEditor(action: action, options: options).draw(on: canvas)
    let graph = GraphEditor(action: action, options: options)
    let xs = action.markers.map { DevicePixels(scale: 1).center(graph.viewport.x($0.frame)) }
    let drawn = displayListTexts(canvas.displayList).filter { t in xs.contains { abs(t.x - ($0 + 8)) < 0.01 } }
    for text in drawn {
      let i = xs.firstIndex { abs(text.x - ($0 + 8)) < 0.01 }!
      #expect(names[i].hasPrefix(text.text), "\(text.text)")
      if i + 1 < xs.count {
        let end = text.x + canvas.fontMetrics.width(of: text.text, size: TimeRuler.fontSize)
        #expect(end <= xs[i + 1] - MarkerLayout.halfWidth - 2, "\(text.text) ends at \(end), next marker at \(xs[i + 1])")
      } else {
        #expect(text.text == names[i])
      }
    }
    // The last marker's name is always whole; the others are cut where they must be.
    #expect(drawn.contains { $0.text == "the end of the jump" })
    #expect(drawn.count <= names.count)
  }

  @Test("a name is cut by whole characters, never drawn into no room, and measured a few times at most")
  func cutting() {
    func layout(_ x: Double, _ name: String) -> MarkerLayout {
      MarkerLayout(index: 0, frame: 0, name: name, isSelected: false, x: x, top: 0, bottom: 100)
    }
    // 6 px a character: 100 − 5 − 2 − 8 = 85 px of room from x = 0.
    var measures = 0
    let width: (String) -> Double = { measures += 1; return Double($0.count) * 6 }
    let names = TimeRuler.shownNames(
      [layout(0, String(repeating: "a", count: 100_000)), layout(100, "contact 2"), layout(100, "same frame"), layout(300, "last")],
      width: width)
    // 85 px: 14 characters; no room before a marker at the same place: hidden; room enough:
    // whole; the last: whole.
    #expect(names == [String(repeating: "a", count: 14), "", "same frame", "last"])
    #expect(measures < 40, "\(measures) measures")
    // A cut never ends in a space: "contact 2" with room for "contact " draws "contact".
    let cut = TimeRuler.shownNames([layout(0, "contact 2"), layout(8 + 8 * 6 + 7, "x")], width: width)
    #expect(cut == ["contact", "x"])
  }
}
