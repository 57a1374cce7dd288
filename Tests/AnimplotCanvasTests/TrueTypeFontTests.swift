import AnimplotCanvas
import Testing

/// The pure-Swift TrueType reader, on the bundled font. Expected numbers come from reading
/// DejaVuSans.ttf with an independent script (Python `struct`).
@Suite("TrueTypeFont")
struct TrueTypeFontTests {
  let font = BundledFont.metrics

  @Test("the bundled font is DejaVu Sans 2.37 (the file Debian 12 ships)")
  func bundledFile() {
    #expect(BundledFont.fileBytes.count == 759_720)
    #expect(Array(BundledFont.fileBytes.prefix(4)) == [0, 1, 0, 0])
  }

  @Test("head, hhea and the bounding box of \"0\"")
  func tables() {
    #expect(font.unitsPerEm == 2048)
    #expect(font.ascender == 1901)
    #expect(font.descender == 483)
    #expect(font.digitZeroHeight == 1520 + 29)
    #expect(font.ascent(size: 2048) == 1901)
    #expect(font.descent(size: 11) == 483.0 * 11 / 2048)
    #expect(font.digitHeight(size: 11) == 1549.0 * 11 / 2048)
  }

  @Test(
    "glyphs and advances",
    arguments: [
      ("0", [19], 1303), ("13", [20, 22], 2606),
      ("Frame 250", [41, 85, 68, 80, 72, 3, 21, 24, 19], 11090),
      ("X Location", [59, 3, 47, 82, 70, 68, 87, 76, 82, 81], 10752),
      ("-0.5", [16, 19, 17, 24], 3996),
      ("Ωé€", [830, 171, 2948], 4128), ("\u{1F600}", [5857], 2135), ("AV", [36, 57], 2802),
    ])
  func advances(text: String, glyphs: [Int], units: Int) {
    #expect(text.unicodeScalars.map { font.glyph(for: $0) } == glyphs)
    #expect(font.advanceUnits(of: text) == units)
    #expect(font.width(of: text, size: 11) == Double(units) * 11 / 2048)
  }

  @Test("a character the font lacks maps to glyph 0, whose advance is measured")
  func missingCharacter() {
    let scalar = Unicode.Scalar(0x10FFFD)!  // private use, not in DejaVu Sans
    #expect(font.glyph(for: scalar) == 0)
    #expect(font.advanceUnits(of: String(Character(scalar))) == font.advance(ofGlyph: 0))
    #expect(font.advance(ofGlyph: 0) > 0)
  }

  @Test("the format 4 character map agrees with format 12 on the whole BMP")
  func format4() throws {
    // Hide the UCS-4 subtables (3,10) and (0,4) by renaming their platform, so that the reader
    // falls back to the format 4 subtable (3,1).
    var bytes = Array(BundledFont.fileBytes)
    let cmap = try #require(tableOffset("cmap", in: bytes))
    let count = Int(bytes[cmap + 2]) << 8 | Int(bytes[cmap + 3])
    for i in 0..<count {
      let record = cmap + 4 + 8 * i
      let platform = Int(bytes[record + 1])
      let encoding = Int(bytes[record + 3])
      if (platform == 3 && encoding == 10) || (platform == 0 && encoding == 4) {
        bytes[record] = 0x7F  // an unknown platform
      }
    }
    let bmpOnly = try TrueTypeFont(data: bytes)
    var mismatches: [UInt32] = []
    for code in UInt32(0)...0xFFFF {
      guard let scalar = Unicode.Scalar(code) else { continue }
      if bmpOnly.glyph(for: scalar) != font.glyph(for: scalar) { mismatches.append(code) }
    }
    #expect(
      mismatches.isEmpty, "\(mismatches.count) code points differ, first \(mismatches.prefix(5))")
    #expect(bmpOnly.glyph(for: "\u{1F600}") == 0)
  }

  @Test("files that are not fonts, or lack tables, throw")
  func errors() {
    #expect(throws: TrueTypeFontError.notTrueType) { try TrueTypeFont(data: [UInt8]()) }
    #expect(throws: TrueTypeFontError.notTrueType) {
      try TrueTypeFont(data: Array("not a font at all".utf8))
    }
    // A directory with no tables.
    #expect(throws: TrueTypeFontError.missingTable("head")) {
      try TrueTypeFont(data: [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    }
    // The real font cut short: the directory points past the end.
    #expect(throws: TrueTypeFontError.self) {
      try TrueTypeFont(data: Array(BundledFont.fileBytes.prefix(4000)))
    }
  }

  private func tableOffset(_ tag: String, in bytes: [UInt8]) -> Int? {
    let count = Int(bytes[4]) << 8 | Int(bytes[5])
    for i in 0..<count {
      let record = 12 + 16 * i
      if String(decoding: bytes[record..<record + 4], as: UTF8.self) == tag {
        return bytes[record + 8..<record + 12].reduce(0) { $0 << 8 | Int($1) }
      }
    }
    return nil
  }
}
