import AnimplotCanvas
@testable import AnimplotPlots
import Testing

/// Where the toggles' icons land on the device pixel grid (`ChannelIcons.snapped`), checked
/// against the checkbox rows of Blender 3.4's screenshots at UI scale 1.05: each box is 11
/// device pixels on whole pixels.
@Suite("Channel icon placement")
struct ChannelIconPlacementTests {
  /// The Dope Sheet's list (dopesheet_all_actions.png): per row index, the checkbox's middle,
  /// device pixels below the editor's top (the screenshot's pixel row less its 27-px header).
  static let boxMiddles: [Int: Double] = [
    3: 91.5, 4: 109.5, 5: 128.5, 6: 147.5, 7: 166.5, 8: 185.5, 9: 204.5, 10: 223.5, 11: 242.5,
    12: 261.5, 15: 317.5, 16: 336.5, 17: 355.5, 18: 374.5, 19: 393.5, 20: 412.5, 21: 431.5,
    22: 450.5, 23: 469.5, 24: 487.5, 27: 544.5, 28: 563.5, 29: 583.5, 30: 602.5, 31: 621.5,
    32: 640.5, 33: 659.5, 34: 677.5, 35: 696.5, 36: 715.5, 39: 772.5, 40: 791.5, 41: 810.5,
    42: 829.5, 43: 848.5, 44: 866.5, 45: 885.5, 46: 904.5, 47: 923.5, 48: 942.5,
  ]

  /// Blender's icons drift against its rows by up to a pixel either way: most rows match, none
  /// is more than a pixel off.
  @Test func checkboxRowsAsInBlendersScreenshots() {
    let rows = ChannelRows(scale: 1.05)
    var matching = 0
    for (row, middle) in Self.boxMiddles {
      let p = ChannelIcons.snapped(Point(171.5, rows.middle(row)), scale: 1.05)
      #expect(abs(p.y * 1.05 - middle) <= 1 + 1e-9, "row \(row): \(p.y * 1.05)")
      if abs(p.y * 1.05 - middle) < 1e-9 { matching += 1 }
      #expect(abs(p.x * 1.05 - 180.5) < 1e-9)
    }
    #expect(matching >= 29)
  }

  @Test(arguments: [1.0, 1.05, 1.5, 2.0])
  func snappedOntoPixelCentresNearTheRowsMiddle(scale: Double) {
    let rows = ChannelRows(scale: scale)
    for row in 0..<40 {
      let middle = rows.middle(row) * scale
      let y = ChannelIcons.snapped(Point(10.3, rows.middle(row)), scale: scale).y * scale
      #expect(abs((y - 0.5) - (y - 0.5).rounded()) < 1e-9)
      #expect(middle - y > -0.25 - 1e-9 && middle - y < 0.75 + 1e-9)
    }
  }
}
