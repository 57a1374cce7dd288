/// Makes Cairo's SVG output the same in every process and every render.
///
/// Cairo 1.16 names each surface in an SVG after a counter global to the process
/// (`<g id="surface5">`, `xlink:href="#surface5"`), so the second SVG a process writes differs
/// from the first. Glyph, clip and pattern ids are counted per document and need nothing.
enum SVGIdentifiers {
  /// `svg` with every `surfaceN` renumbered 1, 2, 3 … in order of first appearance.
  static func renumbered(_ svg: [UInt8]) -> [UInt8] {
    let word = Array("surface".utf8)
    var numbers: [ArraySlice<UInt8>: Int] = [:]
    var out: [UInt8] = []
    out.reserveCapacity(svg.count)
    var i = 0
    while i < svg.count {
      // A match is `surface` after `"` or `#`, followed by digits.
      if i > 0, svg[i - 1] == UInt8(ascii: "\"") || svg[i - 1] == UInt8(ascii: "#"),
        svg[i...].starts(with: word)
      {
        var end = i + word.count
        while end < svg.count, svg[end] >= UInt8(ascii: "0"), svg[end] <= UInt8(ascii: "9") {
          end += 1
        }
        if end > i + word.count {
          let original = svg[(i + word.count)..<end]
          let number: Int
          if let known = numbers[original] {
            number = known
          } else {
            number = numbers.count + 1
            numbers[original] = number
          }
          out += word
          out += Array(String(number).utf8)
          i = end
          continue
        }
      }
      out.append(svg[i])
      i += 1
    }
    return out
  }
}
