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
    // 1.05: a whole view pixel mapped by the list's view scale (between device pixel rows,
    // Blender's glyphs sampled there), about 12.6 below the row's top (12 below a 17-px row's
    // top in Blender's screenshots).
    let rows = ChannelRows(scale: 1.05)
    for i in 0..<60 {
      let baseline = rows.nameBaseline(i) * 1.05
      let view = (baseline / rows.viewScale).rounded()
      #expect((view * rows.viewScale - baseline).magnitude < 1e-6, "row \(i)")
      #expect((baseline - rows.top(i) * 1.05 - 12.6).magnitude <= 1, "row \(i)")
    }
  }
}
