import Testing

@testable import AnimplotCairo

@Suite("SVG surface ids")
struct SVGIdentifiersTests {
  @Test("surfaceN ids and references are renumbered in order of first appearance")
  func renumbering() {
    let svg =
      ##"<g id="surface17"><use xlink:href="#surface9"/></g><g id="surface9" clip-path="url(#surface17)">"##
    let expected =
      ##"<g id="surface1"><use xlink:href="#surface2"/></g><g id="surface2" clip-path="url(#surface1)">"##
    #expect(String(decoding: SVGIdentifiers.renumbered(Array(svg.utf8)), as: UTF8.self) == expected)
  }

  @Test("other text is left alone")
  func otherText() {
    for text in ["mysurface3", #""surface""#, "surface", #"id="glyph0-1""#, ##"#surfacex2"##, ""] {
      #expect(SVGIdentifiers.renumbered(Array(text.utf8)) == Array(text.utf8))
    }
  }
}
