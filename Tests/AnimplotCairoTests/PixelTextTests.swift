import AnimplotCanvas
import CAnimplotCairo
import Testing

@testable import AnimplotCairo

/// Text on a raster as Blender 3.4 draws it: FreeType's own advances, whole-pixel glyph
/// positions and the coverage curve.
@Suite("Whole-pixel text")
struct PixelTextTests {
  @Test("the floored advances are FreeType's unhinted advance.x >> 6 for every ASCII glyph", arguments: [1.0, 1.05, 2.0, 1.5])
  func freeTypeAdvances(scale: Double) {
    var library: FT_Library?
    FT_Init_FreeType(&library)
    defer { FT_Done_FreeType(library) }
    var face: FT_Face?
    let bytes = BundledFont.fileBytes
    FT_New_Memory_Face(
      library, bytes.baseAddress!.assumingMemoryBound(to: FT_Byte.self), FT_Long(bytes.count), 0, &face)
    let metrics = BundledFont.metrics(deviceScale: scale)
    for size in [11.0, 12, 13, 9.5] {
      let size26 = BlenderUIScale(deviceScale: scale).fontSize26_6(points: size)
      FT_Set_Char_Size(face, 0, FT_F26Dot6(size26), 72, 72)
      for code in 32..<127 {
        let text = String(Unicode.Scalar(UInt8(code)))
        FT_Load_Char(face, FT_ULong(code), FT_Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP))
        let advance = Int(face!.pointee.glyph.pointee.advance.x) >> 6
        #expect(metrics.deviceWidth(of: text, size: size) == advance, "\(text) at \(size) pt, scale \(scale)")
      }
    }
  }

  @Test("the coverage curve is round(255 · (c/255)^0.7)")
  func curve() {
    let lut = CairoCanvas.coverageToAlpha
    #expect(lut.count == 256)
    #expect(lut[0] == 0 && lut[255] == 255)
    #expect(lut[128] == 157)
    #expect(lut[1] == 5)
    #expect(zip(lut, lut.dropFirst()).allSatisfy { $0 <= $1 })
  }

  /// The pixels of `text` drawn at `point` on a black 80×24 canvas of `scale`.
  func pixels(_ text: String, at point: Point, scale: Double = 1, fractional: Bool = false) throws -> RGBAImage {
    let canvas = try CairoCanvas(width: 80, height: 24, scale: scale, format: .png)
    canvas.fill(.rect(Rect(x: 0, y: 0, width: 80, height: 24)), color: .black)
    canvas.text(
      text, at: point, style: TextStyle(size: 11, color: .white, keepsFractionalBaseline: fractional),
      anchor: TextAnchor(.left, .baseline))
    return canvas.image()
  }

  @Test("a kept fractional baseline blends the whole-pixel text of the rows above and below")
  func fractionalBaseline() throws {
    let whole = try pixels("X Location", at: Point(10, 16), fractional: true)
    #expect(whole == (try pixels("X Location", at: Point(10, 16))))
    let below = try pixels("X Location", at: Point(10, 17))
    let between = try pixels("X Location", at: Point(10, 16.25), fractional: true)
    #expect(between != whole && between != below)
    // Bilinear: each pixel within one level of 3/4 of the row at 16 and 1/4 of the row at 17
    // (the coverage is blended before the colour fills it: white on black, the same blend).
    for i in stride(from: 0, to: between.pixels.count, by: 4) {
      let expected = 0.75 * Double(whole.pixels[i]) + 0.25 * Double(below.pixels[i])
      #expect(abs(Double(between.pixels[i]) - expected) <= 1.5, "byte \(i)")
    }
  }

  @Test("the origin is rounded to a whole device pixel: glyph masks never blur across pixels")
  func origin() throws {
    let a = try pixels("X Location", at: Point(10, 16))
    #expect(try pixels("X Location", at: Point(10.3, 15.8)) == a)
    #expect(try pixels("X Location", at: Point(9.6, 16.4)) == a)
    #expect(try pixels("X Location", at: Point(10.6, 16)) != a)
  }

  @Test("centred text sits on whole pixels too, and the ink of \"Z Location\" is 57 px at 1.05")
  func inkWidth() throws {
    let image = try pixels("Z Location", at: Point(10, 17), scale: 1.05)
    var columns = Set<Int>()
    for y in 0..<image.height {
      for x in 0..<image.width where image.pixels[(y * image.width + x) * 4] > 12 { columns.insert(x) }
    }
    #expect((columns.max()! - columns.min()! + 1) == 57)
  }
}
