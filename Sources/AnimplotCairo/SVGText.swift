import AnimplotCanvas
import AnimplotText

/// Text in an SVG as `<text>` elements instead of glyph outlines (`CairoCanvas.svgText`).
///
/// Cairo writes each text it is given as a group of `<use>` references to glyph outlines,
/// `<g style="fill:rgb(R%,G%,B%);fill-opacity:A;"> <use xlink:href="#glyphF-N" x="X" y="Y"/> …
/// </g>`, at the device positions of the glyphs, wherever the drawing puts it (in a clip or a
/// group). The canvas draws the `i`th text in a colour that spells `i` (`sentinel`), so that
/// each group is found by its colour alone; the group becomes a `<text>` with the text, its real
/// colour and, for each character, the `x` of its glyph (SVG's per-character positions), and
/// the glyph outlines, no longer used, are left out of the file.
enum SVGText {
  /// A text as drawn: the characters, their colour, the font size in device pixels.
  struct Run {
    var text: String
    var color: Color
    var size: Double
  }

  /// The font named by the `<text>` elements: the bundled one, then any sans-serif.
  static let fontFamily = "'DejaVu Sans', sans-serif"

  /// The colour that spells run `index` (its three bytes), opaque.
  static func sentinel(_ index: Int) -> Color {
    Color(bytes: UInt8(index >> 16 & 255), UInt8(index >> 8 & 255), UInt8(index & 255))
  }

  /// `svg` with each glyph group drawn in a sentinel colour turned into the `<text>` of its run,
  /// and the glyph outlines taken out. A group whose colour names no run, or whose glyph count
  /// differs from its run's characters, is kept as it is.
  static func replacingGlyphs(in svg: [UInt8], runs: [Run]) -> [UInt8] {
    let document = String(decoding: svg, as: UTF8.self)
    let group = #/<g style="fill:rgb\(([0-9.]+)%,([0-9.]+)%,([0-9.]+)%\);fill-opacity:[0-9.]+;">\n((?: *<use xlink:href="#glyph-?[0-9]+-[0-9]+" x="[-0-9.e]+" y="[-0-9.e]+"/>\n)+)</g>/#
    let use = #/<use xlink:href="#glyph-?[0-9]+-[0-9]+" x="([-0-9.e]+)" y="([-0-9.e]+)"/>/#
    var replaced = document.replacing(group) { match -> String in
      let bytes = [match.1, match.2, match.3].map { Int((Double($0)! * 2.55).rounded()) }
      let index = bytes[0] << 16 | bytes[1] << 8 | bytes[2]
      let glyphs = match.4.matches(of: use)
      guard index < runs.count, glyphs.count == runs[index].text.unicodeScalars.count else {
        return String(match.0)
      }
      let run = runs[index]
      let xs = glyphs.map { String($0.1) }.joined(separator: " ")
      let color = run.color.withAlpha(1).hex
      return "<text xml:space=\"preserve\" x=\"\(xs)\" y=\"\(glyphs[0].2)\" style=\"font-family:\(fontFamily);"
        + "font-size:\(formatNumber(run.size, decimals: 6, trailingZeros: false))px;fill:\(color);"
        + "fill-opacity:\(formatNumber(run.color.alpha, decimals: 6, trailingZeros: false));\">"
        + markupEscaped(run.text) + "</text>"
    }
    if !replaced.contains("xlink:href=\"#glyph") {
      replaced = replaced.replacing(#/<g>\n(?:<symbol overflow="visible" id="glyph-?[0-9]+-[0-9]+">\n(?:<path[^\n]*\n)*</symbol>\n)+</g>\n/#, with: "")
    }
    return Array(replaced.utf8)
  }
}
