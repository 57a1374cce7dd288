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

  @Test("channel names: 0.6 widget unit below the row's top, rounded (12 at scale 1, 24 at 2)")
  func channelNames() {
    #expect(ChannelList.nameBaseline(rowTop: 25, scale: 1) == 37)
    #expect(ChannelList.nameBaseline(rowTop: 25, scale: 2) == 37)
    // 1.05: the rows of Blender's screenshots, tops 26.25 and 101.85 device px: 12.6 below,
    // rounded: 39 and 114 (the screenshots' baselines).
    #expect((ChannelList.nameBaseline(rowTop: 25, scale: 1.05) * 1.05 - 39).magnitude < 1e-9)
    #expect((ChannelList.nameBaseline(rowTop: 97, scale: 1.05) * 1.05 - 114).magnitude < 1e-9)
  }
}
