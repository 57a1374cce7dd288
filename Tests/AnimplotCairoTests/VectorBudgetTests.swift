import AnimplotCairo
import AnimplotCanvas
import AnimplotPlatform
import Testing

/// Vector surfaces keep every mark until the file is finished: past `Limits.vectorMarks` the
/// canvas stops drawing and refuses the file (issue 10: 2 million keys with their handles to
/// SVG reached 3.8 GB); PNG has no such limit.
@Suite struct VectorBudgetTests {
  let dot = Path.circle(center: .zero, radius: 2)

  func points(_ n: Int) -> [Point] { (0..<n).map { Point(Double($0 % 100), Double($0 / 100 % 100)) } }

  @Test(arguments: [CairoCanvas.Format.svg, .pdf])
  func aVectorFileOfTooManyMarksIsRefused(format: CairoCanvas.Format) throws {
    let canvas = try CairoCanvas(width: 100, height: 100, format: format)
    canvas.markers(dot, at: points(Limits.vectorMarks + 1), fill: Color(hex: "#ffffff")!, stroke: nil)
    #expect(throws: CairoCanvasError.tooManyMarks(format: format, limit: Limits.vectorMarks)) {
      try canvas.finish()
    }
  }

  @Test func aVectorFileAtTheLimitIsWritten() throws {
    let canvas = try CairoCanvas(width: 100, height: 100, format: .svg)
    canvas.markers(dot, at: points(1000), fill: Color(hex: "#ffffff")!, stroke: nil)
    #expect(try canvas.finish().count > 1000)
  }

  @Test func pngHasNoMarkLimit() throws {
    let canvas = try CairoCanvas(width: 100, height: 100, format: .png)
    canvas.markers(dot, at: points(Limits.vectorMarks + 1), fill: Color(hex: "#ffffff")!, stroke: nil)
    #expect(try canvas.finish().starts(with: [0x89, 0x50, 0x4E, 0x47]))
  }

  @Test func theMessageSaysWhatToDo() {
    #expect(
      CairoCanvasError.tooManyMarks(format: .svg, limit: 500_000).description
        == "an SVG holds at most 500000 marks (keys, handles, path points) and this picture has more; "
        + "write PNG, or draw fewer channels (--channels) or frames (--frames)")
  }
}

/// Text from input is drawn cut (issue 10: a 100 MB name allocated 3.3 GB of glyphs).
@Suite struct DrawnTextTests {
  @Test func shortTextIsKept() {
    #expect(DrawnText.cut("X Location") == "X Location")
    let exact = String(repeating: "é", count: Limits.drawnTextCharacters)
    #expect(DrawnText.cut(exact) == exact)
  }

  @Test func longTextIsCutWithAnEllipsis() {
    let cut = DrawnText.cut(String(repeating: "é", count: 10_000))
    #expect(cut.count == Limits.drawnTextCharacters)
    #expect(cut.hasSuffix("é…"))
  }

  @Test func combiningMarksCountOneGlyphEach() {
    // One character, 10 001 scalars: 10 001 glyphs, so it is cut.
    let marks = "a" + String(repeating: "\u{0301}", count: 10_000)
    #expect(marks.count == 1)
    let cut = DrawnText.cut(marks)
    #expect(cut.unicodeScalars.count == Limits.drawnTextCharacters)
    #expect(cut.hasSuffix("…"))
  }

  @Test func theFontMeasuresTheCutText() {
    let font = BundledFont.metrics
    let long = String(repeating: "N", count: 100_000)
    #expect(font.width(of: long, size: 11) == font.width(of: DrawnText.cut(long), size: 11))
  }
}

/// A raster surface is 4 bytes per device pixel: past `Limits.picturePixels` it is refused
/// before it is made (issue 10: 16384×16384 at scale 1.99 took 4.3 GB).
@Suite struct PicturePixelsTests {
  @Test func aPNGOverTheLimitIsRefusedBeforeItIsMade() {
    #expect(throws: CairoCanvasError.tooManyPixels(width: 16384, height: 16384, scale: 1.99, limit: Limits.picturePixels)) {
      _ = try CairoCanvas(width: 16384, height: 16384, scale: 1.99, format: .png)
    }
    #expect(throws: CairoCanvasError.self) { _ = try CairoCanvas(width: 8193, height: 8192, format: .png) }
  }

  @Test func thePicturesAtTheLimitAndVectorOnesAreMade() throws {
    _ = try CairoCanvas(width: 16384, height: 4096, format: .png)
    _ = try CairoCanvas(width: 16384, height: 16384, scale: 1.99, format: .svg)
  }
}
