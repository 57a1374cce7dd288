import AnimplotCanvas
import AnimplotCore
@testable import AnimplotPlots
import Testing

/// Where the channel lists put each row's name: Blender's slots (`Slots`), checked against the
/// device pixel columns its 3.4 screenshots show at UI scale 1.05.
@Suite("Channel list slots")
struct ChannelSlotsTests {
  static let rows: [ChannelList.Row] = [
    .init(kind: .summary, name: "Summary", depth: 0),
    .init(kind: .object, name: "Ball", depth: 0, objectType: .mesh),
    .init(kind: .action, name: "BouncingBall", depth: 1),
    .init(kind: .group, name: "Object Transforms", depth: 2),
    .init(kind: .channel, name: "Z Location", depth: 3),
  ]

  /// Each name's origin, device pixels, in the order of `rows`.
  static func nameColumns(_ style: ChannelList.Style, scale: Double) -> [String: Double] {
    let canvas = RecordingCanvas(size: Size(220, 200), deviceScale: scale)
    let list = ChannelList(theme: .blender, width: 207, height: 200, style: style)
    list.draw(canvas, list.layout(rows, scale: scale))
    var columns: [String: Double] = [:]
    for line in canvas.displayList.split(separator: "\n") where line.hasPrefix("text \"") {
      let name = line.split(separator: "\"")[1]
      let at = line.split(separator: " at ")[1].split(separator: " ")
      columns[String(name)] = (Double(at[0])! * scale * 1000).rounded() / 1000
    }
    return columns
  }

  @Test("Dope Sheet names at 1.05 start where Blender's do: 20, 37, 44, 34 and 24 device px")
  func dopeSheetAt105() {
    #expect(Self.nameColumns(.dopeSheet, scale: 1.05) == [
      "Summary": 20, "Ball": 37, "BouncingBall": 44, "Object Transforms": 34, "Z Location": 24,
    ])
  }

  @Test("Graph Editor names at 1.05: after the pin and eye (71, 68) and the colour band and eye (51)")
  func graphEditorAt105() {
    let columns = Self.nameColumns(.graphEditor, scale: 1.05)
    #expect(columns["Ball"] == 71)
    #expect(columns["BouncingBall"] == 44)
    #expect(columns["Object Transforms"] == 68)
    #expect(columns["Z Location"] == 51)
  }

  @Test("slots are 0.85 widget units truncated onto whole device pixels at every scale")
  func slotWidths() {
    // 17.85 at 1.05: 0 → 17 → 34 → 51 (no drift); 17 at 1; 34 at 2.
    for (scale, expected) in [(1.05, [0.0, 17, 34, 51]), (1, [0, 17, 34, 51]), (2, [0, 34, 68, 102])] {
      var slots = ChannelRows(scale: scale).slots(x0: 0)
      let lefts = (0..<4).map { _ in slots.next() * scale }
      #expect(lefts.map { ($0 * 1000).rounded() / 1000 } == expected)
      #expect((slots.textX * scale * 1000).rounded() / 1000 == expected[3] + expected[1] - expected[0] + 3)
    }
  }
}
