import AnimplotTestSupport
import Foundation
import Testing

/// `--svg-text`: an SVG's text as `<text>` elements that can be selected and searched, each
/// character where its glyph is; without it, glyph outlines as before.
@Suite("SVG text")
struct SVGTextTests {
  /// Each glyph group of a default SVG: its glyphs' x and their y.
  static func glyphGroups(_ svg: String) -> [(xs: [String], y: String)] {
    svg.matches(of: #/<g style="fill:[^"]*">\n((?: *<use xlink:href="#glyph[^"]*" x="[^"]*" y="[^"]*"/>\n)+)</g>/#).map { group in
      let uses = group.1.matches(of: #/x="([^"]*)" y="([^"]*)"/#)
      return (uses.map { String($0.1) }, String(uses[0].2))
    }
  }

  /// Each `<text>` of an SVG: its characters' x, its y and its text (XML entities decoded).
  static func texts(_ svg: String) -> [(xs: [String], y: String, text: String)] {
    svg.matches(of: #/<text xml:space="preserve" x="([^"]*)" y="([^"]*)" style="[^"]*">([^<]*)</text>/#).map {
      let text = String($0.3).replacing("&lt;", with: "<").replacing("&gt;", with: ">").replacing("&quot;", with: "\"")
        .replacing("&#39;", with: "'").replacing("&amp;", with: "&")
      return ($0.1.split(separator: " ").map(String.init), String($0.2), text)
    }
  }

  @Test("the same characters at the same places as the glyphs, in the bundled font", arguments: [
    ["graph", "Examples/bouncing-ball.json"], ["graph", "Examples/bouncing-ball.json", "--scale", "2"],
    ["dopesheet", "Examples/blender-four-actions.json", "--theme", "light"], ["timeline", "Examples/bouncing-ball.json"],
  ])
  func textWhereTheGlyphsWere(arguments: [String]) throws {
    let dir = try CLI.temporaryDirectory()
    let outlines = try CLI.run(arguments + ["-o", "-", "--format", "svg"], in: CLI.repository)
    let text = try CLI.run(arguments + ["-o", "-", "--format", "svg", "--svg-text"], in: CLI.repository)
    let list = try CLI.run(arguments + ["-o", "-", "--format", "displaylist"], in: CLI.repository)
    #expect(outlines.status == 0 && text.status == 0 && list.status == 0, "\(text.stderr)")
    // The default is unchanged: outlines, no <text>.
    #expect(!outlines.stdout.contains("<text"))
    let groups = Self.glyphGroups(outlines.stdout)
    let texts = Self.texts(text.stdout)
    #expect(!texts.isEmpty)
    #expect(!text.stdout.contains("xlink:href=\"#glyph"), "every glyph became text")
    #expect(!text.stdout.contains("<symbol"), "the outlines, unused, are left out")
    #expect(text.stdout.contains("font-family:'DejaVu Sans', sans-serif"))
    #expect(groups.count == texts.count)
    for (group, text) in zip(groups, texts) {
      #expect(group.xs == text.xs && group.y == text.y, "\(text.text)")
      #expect(text.xs.count == text.text.unicodeScalars.count, "\(text.text)")
    }
    // The texts are those the display list draws, in its order.
    let drawn = list.stdout.split(separator: "\n").filter { $0.hasPrefix("text \"") }.map {
      String($0.dropFirst(6).prefix { $0 != "\"" })
    }
    #expect(texts.map(\.text) == drawn.filter { !$0.isEmpty })
    // Well-formed XML.
    let file = dir.appendingPathComponent("t.svg")
    try Data(text.stdout.utf8).write(to: file)
    let parsed = try Run.python(["-c", "import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])", file.path])
    #expect(parsed.status == 0, "\(parsed.errors)")
  }

  @Test("markup in a name is escaped, and identical runs give identical bytes")
  func escapedAndDeterministic() throws {
    let dir = try CLI.temporaryDirectory()
    let json = #"{"animplot": 1, "markers": [{"frame": 5, "name": "a<b & \"c\""}], "tracks": [{"dataPath": "x<y>", "keyframes": [{"frame": 1, "value": 0}, {"frame": 10, "value": 1}]}]}"#
    try Data(json.utf8).write(to: dir.appendingPathComponent("m.json"))
    let a = try CLI.run(["graph", "m.json", "--svg-text", "-o", "a.svg"], in: dir)
    let b = try CLI.run(["graph", "m.json", "--svg-text", "-o", "b.svg"], in: dir)
    #expect(a.status == 0 && b.status == 0, "\(a.stderr)")
    let first = try Data(contentsOf: dir.appendingPathComponent("a.svg"))
    #expect(first == (try Data(contentsOf: dir.appendingPathComponent("b.svg"))))
    let svg = String(decoding: first, as: UTF8.self)
    #expect(svg.contains(">a&lt;b &amp; &quot;c&quot;</text>"))
    #expect(Self.texts(svg).contains { $0.text.hasPrefix("x<y>") })
    let parsed = try Run.python(["-c", "import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])", dir.appendingPathComponent("a.svg").path])
    #expect(parsed.status == 0, "\(parsed.errors)")
  }
}
