import AnimplotCore
import AnimplotCanvas
@testable import AnimplotPlots
import Testing

/// Blender's device-pixel arithmetic at its UI scale 1.05 (the reference screenshots' scale),
/// measured on those screenshots: rows, grid lines, keys and the playhead; whole scales keep
/// the pictures they had.
@Suite("Blender's device pixels")
struct BlenderDevicePixelsTests {
  @Test("the widget unit is an integer from Blender's integer DPI: 20, 21 and 40 at 1, 1.05 and 2")
  func widgetUnit() {
    #expect(ChannelRows(scale: 1).widgetUnit == 20)
    #expect(ChannelRows(scale: 1.05).widgetUnit == 21)
    #expect(ChannelRows(scale: 2).widgetUnit == 40)
    #expect(ChannelRows(scale: 1.05).dpiFactor == 75.0 / 72)
    #expect(ChannelRows(scale: 2).dpiFactor == 2)
  }

  @Test("at 1.05 the rows are Blender's: 16 or 17 device pixels at its screenshots' rows")
  func rowsAtBlendersScale() {
    let rows = ChannelRows(scale: 1.05)
    // Tops and heights of Blender's first rows below its header (dopesheet_all_actions.png at
    // column 1250), rows 20 to 23 and 44 to 48; row 7's top sits on a rounding tie (158.5
    // measured as 158, 159 here).
    let measured: [(Int, Int, Int)] = [
      (0, 26, 17), (1, 45, 17), (2, 64, 17), (3, 83, 17), (4, 102, 17), (5, 121, 16), (6, 140, 16),
      (8, 177, 17), (17, 348, 16), (18, 367, 16), (19, 386, 16), (20, 404, 17), (21, 423, 17),
      (44, 858, 17), (45, 877, 17), (46, 896, 17), (47, 915, 17), (48, 934, 17),
    ]
    for (i, top, height) in measured {
      #expect((rows.top(i) * 1.05).rounded() == Double(top), "row \(i)")
      #expect((rows.height(i) * 1.05).rounded() == Double(height), "row \(i)")
      // Whole device pixels: no blurred row edges.
      let edge = rows.top(i) * 1.05
      #expect(abs(edge - edge.rounded()) < 1e-9)
    }
  }

  @Test("at whole scales rows are 16 high every 18 from 25, as before", arguments: [1.0, 2])
  func rowsAtWholeScales(scale: Double) {
    let rows = ChannelRows(scale: scale)
    for i in 0..<60 {
      #expect(rows.top(i) == 25 + 18 * Double(i))
      #expect(rows.height(i) == 16)
      #expect(rows.middle(i) == 33 + 18 * Double(i))
    }
  }

  @Test("a line covers the device pixel its position falls in (GL's rule), at 1.05 floor(1.05·x)")
  func gridColumns() {
    let pixels = DevicePixels(RecordingCanvas(size: Size(10, 10), deviceScale: 1.05))
    // Device positions of the ball's Dope Sheet grid lines and Blender's columns for them.
    for (device, column) in [(369.834, 369.0), (401.167, 401), (808.5, 808), (1309.833, 1309)] {
      #expect(pixels.center(device / 1.05) * 1.05 == column + 0.5)
    }
  }

  @Test("key glyphs at 1.05 are sized in device pixels; at whole scales as at 1", arguments: [1.0, 2])
  func keyGlyphs(scale: Double) {
    for type in [KeyframeType.keyframe, .breakdown, .extreme, .jitter, .movingHold] {
      for shape in [nil, KeyShape.vector, .aligned, .autoClamped, .auto] {
        #expect(KeyGlyph(type: type, shape: shape, scale: scale) == KeyGlyph(type: type, shape: shape))
      }
    }
    // 10.5 device pixels: the edge at round(5.25) + 0.08, not 1.05 × (5 + 0.06).
    let key = KeyGlyph(type: .keyframe, shape: nil, scale: 1.05)
    #expect(abs(key.borderWidth * 1.05 - 1.16) < 1e-9)
    #expect(key.outline == .polygon([Point(0, -5.08 / 1.05), Point(5.08 / 1.05, 0), Point(0, 5.08 / 1.05), Point(-5.08 / 1.05, 0)]))
  }

  @Test("the playhead at 1.05 is two whole device pixels over a four-pixel backing")
  func playhead() {
    var options = DopeSheetEditorOptions()
    options.width = 480
    options.height = 270
    options.frames = 0...28
    options.currentFrame = 13.3
    let editor = DopeSheetEditor(actions: [pictureAction], options: options)
    let list = displayList(width: 480, height: 270, scale: 1.05) { editor.draw(on: $0) }
    let theme = Theme.blender
    for (color, width) in [(theme.ruler.playhead, 2.0), (theme.ruler.playheadBacking, 4)] {
      let fill = lines(list, "fill M").last { $0.hasSuffix("color=\(color.hex)") }
      let x = fill.flatMap { Double($0.split(separator: " ")[2]) }
      #expect(x != nil)
      if let x {
        let device = x * 1.05
        #expect(abs(device - device.rounded()) < 0.002, "\(fill ?? "")")
        // The line and its backing centred on the playhead's device position (to a pixel).
        let centre = device + width / 2
        let list = DopeSheetEditor.channelListWidth
        let at = list + 13.3 * (480 - list) / 28
        #expect(abs(centre - at * 1.05) <= 1, "\(fill ?? "")")
      }
    }
  }
}
