import AnimplotCore
import AnimplotCanvas
import AnimplotIO
@testable import AnimplotPlots
import Testing

/// The grid steps and their labels over every magnitude, values and frames (issue 12).
@Suite("Grid steps")
struct GridStepTests {
  // MARK: Grid steps over every magnitude

  /// Spans from 10⁻⁹ to 10³⁸ units (past the widest two 32-bit floats make), at several
  /// mantissas, around zero and offset from it.
  static let spans: [Double] = (-9...38).flatMap { e in
    [1.0, 1.7, 2.5, 4.2, 7.9].map { $0 * Double("1e\(e)")! }
  }

  @Test("major lines stay 45 to 112.5 px apart and their labels distinct, for spans from 1e-9 to 1e38")
  func valueSteps() {
    for span in Self.spans {
      for (offset, pixels) in [(0.0, 900.0), (-span / 3, 250), (span * 7, 600)] {
        let range = offset...(offset + span)
        let step = GridStep.major(pixelsPerUnit: pixels / span)
        let spacing = step * pixels / span
        #expect(spacing >= 45 - 1e-6 && spacing <= 112.5 + 1e-6, "span \(span): step \(step), \(spacing) px")
        let lines = GridStep.lines(range, step: step)
        #expect(lines.count >= 2, "span \(span) over \(pixels) px: \(lines.count) lines")
        let labels = lines.map { GridStep.label($0, step: step) }
        #expect(Set(labels).count == labels.count, "span \(span): \(labels)")
        for (line, label) in zip(lines, labels) {
          #expect(abs(Double(label)! - line) <= step / 2, "\(label) for \(line)")
        }
      }
    }
  }

  @Test("whole frames: lines 45 to 112.5 px apart up to a span of 1e38 frames")
  func frameSteps() {
    for span in Self.spans where span >= 45 / 1600 * 10 {
      let step = GridStep.major(pixelsPerUnit: 1600 / span, discrete: true)
      let spacing = step * 1600 / span
      #expect(spacing >= 45 - 1e-6 && (step == 1 || spacing <= 112.5 + 1e-6), "span \(span): step \(step)")
      let labels = GridStep.lines(0...span, step: step).map { GridStep.label($0, step: step) }
      #expect(Set(labels).count == labels.count, "span \(span)")
    }
  }

  @Test("inside Blender's table the steps and labels are Blender's")
  func blenderSteps() {
    #expect(GridStep.major(pixelsPerUnit: 4500) == 0.01)
    #expect(GridStep.major(pixelsPerUnit: 8999) == 0.01)
    #expect(GridStep.major(pixelsPerUnit: 9000) == 0.005, "past Blender's finest step")
    #expect(GridStep.major(pixelsPerUnit: 45 / 100_000) == 100_000)
    #expect(GridStep.major(pixelsPerUnit: 10, discrete: true) == 5)
    #expect(GridStep.label(0.25, step: 0.05) == "0.25")
    #expect(GridStep.label(0.003, step: 0.001) == "0.003")
    #expect(GridStep.label(0.4, step: 0.2) == "0.4")
    #expect(GridStep.label(2.9, step: 2) == "2")
    // Beyond it: finer and coarser steps, decimals as the step needs.
    #expect(GridStep.major(pixelsPerUnit: 45 / 2e-7) == 2e-7)
    #expect(GridStep.major(pixelsPerUnit: 45 / 5e9) == 5e9)
    #expect(GridStep.label(3e-7, step: 1e-7) == "0.0000003")
    #expect(GridStep.label(-1.5e-9, step: 5e-10) == "-0.0000000015")
    #expect(GridStep.label(1_000_000.0000005, step: 5e-7) == "1000000.0000005")
  }

  static let million = decodedAction(#"""
    {"name": "Big", "tracks": [{"dataPath": "value", "selected": true, "keyframes": [
      {"frame": 1, "value": 0, "interpolation": "linear"}, {"frame": 100, "value": 3400000}]}]}
    """#)
  static let millionths = decodedAction(#"""
    {"name": "Small", "tracks": [{"dataPath": "value", "selected": true, "keyframes": [
      {"frame": 1, "value": 0.000001, "interpolation": "linear"}, {"frame": 100, "value": 0.000003}]}]}
    """#)

  @Test("value labels of a curve near a million and of one a few millionths high", arguments: ["million", "millionths"])
  func extremeValueLabels(name: String) {
    let action = name == "million" ? Self.million : Self.millionths
    let list = GraphEditorTests.snapshot(action, named: "graph-values-\(name)") { $0.height = 450 }
    let values = displayListTexts(list).filter { $0.x == 208 }
    #expect(values.count >= 3 && values.count <= 10, "\(values.map(\.text))")
    for (a, b) in zip(values, values.dropFirst()) {
      #expect(abs(a.y - b.y) >= 45, "\(a.text) \(b.text)")
    }
    #expect(Set(values.map(\.text)).count == values.count)
  }

  /// A curve reaching 10²⁰ (a fuzzer's glTF quaternion): the table used to stop at 10¹⁵, so the
  /// view drew some 20,000 value labels over one another, each with its blurred shadow (12 s).
  @Test("a curve reaching 1e20 gets a handful of value labels, not thousands")
  func hugeValuesGetAFewLabels() {
    let action = decodedAction(#"""
      {"name": "Far", "tracks": [{"dataPath": "value", "selected": true, "keyframes": [
        {"frame": 1, "value": -2.6e20, "interpolation": "linear"}, {"frame": 100, "value": 0.0006}]}]}
      """#)
    let list = GraphEditorTests.displayList(action) { $0.height = 450 }
    let values = displayListTexts(list).filter { $0.x == 208 }
    #expect(values.count >= 3 && values.count <= 10, "\(values.count) labels")
    #expect(Set(values.map(\.text)).count == values.count)
  }
}
