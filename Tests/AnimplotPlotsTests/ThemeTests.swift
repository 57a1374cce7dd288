import AnimplotCanvas
import AnimplotPlots
import Testing

/// Themes compare by every colour, not by name.
@Suite struct ThemeTests {
  @Test func aCustomisedThemeIsNotTheOneItCameFrom() {
    var custom = Theme.blender
    #expect(custom == .blender)
    custom.graph.xAxis = Color(hex: "#00ff00")!
    #expect(custom != .blender)
    #expect(custom.name == Theme.blender.name)
    var set: Set<Theme> = [.blender, .light]
    set.insert(custom)
    #expect(set.count == 3)
  }

  @Test func namedThemes() {
    #expect(Theme.named("blender") == .blender)
    #expect(Theme.named("Dark") == .blender)
    #expect(Theme.named("light") == .light)
    #expect(Theme.named("neon") == nil)
    #expect(Theme.blender != Theme.light)
  }
}
