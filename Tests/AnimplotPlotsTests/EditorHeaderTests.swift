import AnimplotCanvas
import AnimplotCore
@testable import AnimplotPlots
import Testing

/// Blender 3.4's editor header above the Graph Editor and the Dope Sheet (`showHeader`, issue
/// 12): its rows, its layout at Blender's UI scale 1.05 (measured on the screenshots), and
/// display-list snapshots.
@Suite("Editor header")
struct EditorHeaderTests {
  @Test("the header takes Blender's rows at 1, 1.05 and 2, and what rounding gives elsewhere")
  func rows() {
    #expect(EditorHeader.deviceRows(editorHeight: 1074, scale: 1.05) == 27)
    #expect(EditorHeader.deviceRows(editorHeight: 900, scale: 1) == 26)
    #expect(EditorHeader.deviceRows(editorHeight: 900, scale: 2) == 52)
    #expect(EditorHeader.deviceRows(editorHeight: 900, scale: 1.5) == 39)
    // Buttons a widget unit high, centred in Blender's header and one line width lower.
    #expect([1.0, 1.05, 2].map { EditorHeader.Metrics(scale: $0).buttonTop } == [4, 4, 8])
    #expect([1.0, 1.05, 2].map { EditorHeader.Metrics(scale: $0).headerRows } == [26, 27, 52])
    // Blender's padding below the buttons is 6 UI pixels truncated: 9 at 1.5 (dpi 108), 7 at
    // dpi 84 (a widget unit of 23 would give 6).
    #expect(EditorHeader.Metrics(scale: 1.5).headerRows == 30 + 9)
    #expect(EditorHeader.Metrics(scale: 84.0 / 72).headerRows == 23 + 7)
  }

  /// (x, width) of every button of `editor`'s header 1257 px wide at 1.05, in device pixels.
  static func boxes(_ editor: EditorHeader.Editor, width: Double = 1257) -> [[Int]] {
    let metrics = RecordingCanvas(size: Size(width, 26), deviceScale: 1.05).fontMetrics
    let header = EditorHeader(theme: .blender, width: width, editor: editor)
    return header.buttons(EditorHeader.Metrics(scale: 1.05)) {
      Int((metrics.width(of: $0, size: EditorHeader.fontSize) * 1.05).rounded())
    }.map { [$0.x, $0.width] }
  }

  @Test("the Graph Editor's buttons where Blender's screenshots have them at 1.05")
  func graphLayout() {
    let boxes = Self.boxes(.graph(normalize: true))
    // The editor type; View Select Marker Channel Key, their names at 54 96 146 199 261.
    #expect(Array(boxes.prefix(6)) == [[8, 33], [46, 42], [88, 50], [138, 53], [191, 62], [253, 36]])
    // Normalize and its auto-normalization toggle, joined.
    #expect(boxes[6] == [294, 97] && boxes[7] == [391, 21])
    // At the right: the channel filters, ghost curves, filter, pivot, snapping, proportional.
    #expect(Array(boxes.suffix(9)) == [
      [960, 21], [981, 21], [1002, 21], [1028, 21], [1054, 33], [1092, 33], [1130, 123], [1258, 21], [1279, 32],
    ])
    #expect(boxes.count == 17)
  }

  @Test("the Dope Sheet's buttons where Blender's screenshots have them at 1.05")
  func dopeSheetLayout() {
    let boxes = Self.boxes(.dopeSheet)
    #expect(Array(boxes.prefix(3)) == [[8, 33], [46, 135], [186, 42]])
    #expect(Array(boxes.suffix(7)) == [[1024, 21], [1045, 21], [1066, 21], [1092, 33], [1130, 123], [1258, 21], [1279, 32]])
  }

  @Test("a narrow header leaves out right-hand groups, leftmost first")
  func narrow() {
    let boxes = Self.boxes(.graph(normalize: false), width: 700)
    #expect(boxes.count == 14 && boxes.last == [Int((700 * 1.05).rounded(.up)) - 9 - 32, 32])
    // The right-hand buttons kept start after the left group ends (Normalize's toggle, 391 + 21).
    let leftEnd = 391 + 21
    #expect(boxes.dropFirst(8).allSatisfy { $0[0] >= leftEnd }, "\(boxes)")
  }

  @Test("no header unless asked: the picture's size and drawing as before")
  func offByDefault() {
    let action = GraphEditorTests.ball
    let plain = GraphEditor(action: action, options: GraphEditorTests.options { _ in })
    #expect(plain.header == nil && plain.pictureSize == Size(480, 270))
    let options = GraphEditorTests.options { $0.showHeader = true }
    let headed = GraphEditor(action: action, options: options)
    #expect(headed.pictureSize == Size(480, 296))
    #expect(DopeSheetEditor(actions: [action], options: DopeSheetEditorOptions()).header == nil)
  }

  static func snapshot(_ editor: EditorHeader.Editor, named name: String, theme: Theme, scale: Double) {
    Snapshot.assertDrawing(named: name, width: 1257, height: EditorHeader.height, scale: scale) {
      EditorHeader(theme: theme, width: 1257, editor: editor)
        .draw(on: $0, deviceRows: EditorHeader.deviceRows(editorHeight: 100, scale: scale))
    }
  }

  @Test("the Graph Editor's header, Normalize on: dark at scale 1")
  func graphSnapshot() { Self.snapshot(.graph(normalize: true), named: "header-graph", theme: .blender, scale: 1) }

  @Test("the Graph Editor's header, Normalize off: light at scale 2")
  func graphLightSnapshot() {
    Self.snapshot(.graph(normalize: false), named: "header-graph-light-2", theme: .light, scale: 2)
  }

  @Test("the Dope Sheet's header: dark at scale 1")
  func dopeSheetSnapshot() { Self.snapshot(.dopeSheet, named: "header-dopesheet", theme: .blender, scale: 1) }

  @Test("the Dope Sheet's header: light at scale 2")
  func dopeSheetLightSnapshot() {
    Self.snapshot(.dopeSheet, named: "header-dopesheet-light-2", theme: .light, scale: 2)
  }
}
