import AnimplotCore
import AnimplotGolden
import AnimplotIO
import AnimplotPlots
import AnimplotRender

/// What the fuzzers of `Fuzz/` run on each input (`make fuzz`), and what the regression tests
/// replay on every crasher kept in `Tests/FuzzRegressionTests/`. Any input must end in a value
/// or a thrown error: a trap, an abort or a runaway allocation is a finding.
package enum FuzzTargets {
  /// Decode → recalculate → evaluate → lay out, on recording canvases (no Cairo).
  ///
  /// The first byte chooses the input kind: 0 lets the content and the name tell it (as the
  /// command line does), 1… picks `InputKind.all[byte − 1]`; the rest is the file.
  package static func decodeAndDraw(_ data: [UInt8]) {
    guard let first = data.first else { return }
    let body = Array(data.dropFirst())
    let kinds = InputKind.all
    let kind: InputKind? = first == 0 || Int(first) > kinds.count ? nil : kinds[Int(first) - 1]
    importAndDraw(body, kind: kind)
  }

  /// One importer's file (`kind`; `nil` tells it as the command line does), then what
  /// `decodeAndDraw` does with it: the fuzzers of one importer (`fuzz-import`) and their
  /// regression cases.
  package static func importAndDraw(_ body: [UInt8], kind: InputKind?) {
    guard let document = try? Input.bytes(body, name: "fuzz", kind: kind).document(),
      let action = document.actions.first
    else { return }
    let renderer = Renderer()
    var graph = GraphOptions()
    (graph.width, graph.height) = (320, 180)
    var dopesheet = DopeSheetEditorOptions()
    (dopesheet.width, dopesheet.height) = (320, 180)
    var timeline = TimelineOptions()
    (timeline.width, timeline.height) = (320, 120)
    _ = try? renderer.render([action], view: GraphView(options: graph), as: .displayList)
    graph.handles = .all
    graph.normalize = true
    _ = try? renderer.render([action], view: GraphView(options: graph), as: .displayList)
    _ = try? renderer.render(document.actions, view: DopeSheetView(options: dopesheet), as: .layoutJSON)
    _ = try? renderer.render(document.actions, view: TimelineView(options: timeline), as: .displayList)
    _ = Renderer.evaluate(action, at: [-1e6, -1, 0, 0.5, 1, 24, 1e6])
  }

  /// Decode two PNG files and compare them as `diff` does, in both metrics, with the diff and
  /// side-by-side images. The first two bytes (big-endian) give the first file's length.
  package static func decodeAndDiff(_ data: [UInt8]) {
    guard data.count >= 2 else { return }
    let split = min(Int(data[0]) << 8 | Int(data[1]), data.count - 2)
    let a = Array(data[2..<2 + split]), b = Array(data[(2 + split)...])
    guard let expected = try? ImageFile.decode(pngBytes: a, path: "a.png") else { return }
    let actual = (try? ImageFile.decode(pngBytes: b, path: "b.png")) ?? expected
    for options in [DiffOptions.exact, .perceptual] {
      let comparison = ImageComparison(expected: expected, actual: actual, options: options)
      _ = comparison.diffImage()
      _ = comparison.summary
      if comparison.sideBySideFits { _ = comparison.sideBySideImage() }
    }
  }
}
