import AnimplotCanvas
import Testing

@testable import AnimplotCairo

/// Cairo refuses a text holding a Unicode noncharacter ("input string not valid UTF-8"): a
/// label of any noncharacter draws to every format.
@Suite struct NoncharacterTextTests {
  /// Cairo 1.16 refused each of these in SVG and PDF (measured: every one of the 66
  /// noncharacters; U+FDCF, U+FDF0, U+FFFD and private use draw).
  static let noncharacters: [UInt32] =
    [0xFDD0, 0xFDE7, 0xFDEF, 0xFFFE, 0xFFFF, 0x1FFFE, 0x1FFFF, 0x10FFFE, 0x10FFFF]

  @Test(arguments: noncharacters)
  func labelOfANoncharacterDrawsToEveryFormat(code: UInt32) throws {
    let label = "m" + String(Unicode.Scalar(code)!) + "n"
    for format in CairoCanvas.Format.allCases {
      for svgText in format == .svg ? [false, true] : [false] {
        let canvas = try CairoCanvas(width: 60, height: 20, format: format)
        canvas.svgText = svgText
        canvas.text(label, at: Point(2, 14), style: TextStyle(size: 11, color: .white), anchor: TextAnchor())
        let bytes = try canvas.finish()
        #expect(!bytes.isEmpty, "\(format)")
        if svgText {
          // The text element keeps the characters, the noncharacter as U+FFFD where XML refuses it.
          let svg = String(decoding: bytes, as: UTF8.self)
          #expect(svg.contains("<text ") && svg.contains(">m"), "\(svg.suffix(300))")
        }
      }
    }
  }

  @Test func cairoTextReplacesNoncharactersOneForOne() {
    func text(_ codes: [UInt32]) -> String { String(String.UnicodeScalarView(codes.map { Unicode.Scalar($0)! })) }
    #expect(CairoCanvas.cairoText(text([0x61, 0xFFFE, 0x62, 0x10FFFF, 0xFDD0])) == "a\u{FFFD}b\u{FFFD}\u{FFFD}")
    #expect(CairoCanvas.cairoText("a\u{FDCF}\u{FFFD}\u{E000}") == "a\u{FDCF}\u{FFFD}\u{E000}")
  }
}
