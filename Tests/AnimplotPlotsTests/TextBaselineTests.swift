import AnimplotCanvas
@testable import AnimplotPlots
import Testing

/// Text baselines from Blender 3.4's integer maths, in device pixels below a region's top.
@Suite("Text baselines")
struct TextBaselineTests {
  @Test("frame numbers: 16 device px below the strip's top at scale 1, 18 at 1.05, 31 at 2", arguments: [(1.0, 16.0), (1.05, 18.0), (2.0, 31.0)])
  func frameNumbers(scale: Double, pixels: Double) {
    #expect((StripText(scale: scale).numbersBaseline * scale - pixels).magnitude < 1e-9)
  }

  @Test("channel names: 0.6 widget unit below the row's top, rounded in view coordinates (12 at scale 1, 24 at 2)")
  func channelNames() {
    for i in 0..<40 {
      #expect(ChannelRows(scale: 1).nameBaseline(i) == ChannelRows(scale: 1).top(i) + 12)
      #expect(ChannelRows(scale: 2).nameBaseline(i) == ChannelRows(scale: 2).top(i) + 12)
    }
    // 1.05: on whole device pixels, 12 or 13 below the row's top (the 16/17-px rows of
    // Blender's screenshots, whose names sit 12 below a 17-px row's top).
    let rows = ChannelRows(scale: 1.05)
    for i in 0..<60 {
      let baseline = rows.nameBaseline(i) * 1.05
      #expect((baseline - baseline.rounded()).magnitude < 1e-9)
      #expect([12.0, 13.0].contains((baseline - rows.top(i) * 1.05).rounded()), "row \(i)")
    }
  }
}
