import AnimplotCanvas
@testable import AnimplotCairo
import Testing

/// Which long paths a raster canvas strokes whole rather than a segment at a time.
@Suite("Dense strokes")
struct DenseStrokeTests {
  /// A zigzag of `segments` lines across `width` pixels.
  static func zigzag(segments: Int, width: Double) -> Path {
    .polyline((0...segments).map { Point(width * Double($0) / Double(segments), $0 % 2 == 0 ? 10 : 30) })
  }

  @Test func densePathsAreStrokedWhole() throws {
    let one = try CairoCanvas(width: 200, height: 50, scale: 1, format: .png)
    // Three segments a device pixel column (a curve summed up per column): whole.
    #expect(one.isDense(Self.zigzag(segments: 600, width: 200)))
    // Two a column (a curve sampled every half pixel) and fewer: a segment at a time.
    #expect(!one.isDense(Self.zigzag(segments: 400, width: 200)))
    #expect(!one.isDense(Self.zigzag(segments: 50, width: 200)))
    // At scale 2 a logical pixel is two columns.
    let two = try CairoCanvas(width: 200, height: 50, scale: 2, format: .png)
    #expect(!two.isDense(Self.zigzag(segments: 600, width: 200)))
    #expect(two.isDense(Self.zigzag(segments: 1200, width: 200)))
  }

  @Test func aDensePathDrawsLikeItsSegments() throws {
    // Stroked whole or in pieces, the same band of ink: every column the zigzag crosses is inked.
    let canvas = try CairoCanvas(width: 200, height: 50, scale: 1, format: .png)
    canvas.stroke(Self.zigzag(segments: 600, width: 200), color: Color(red: 0, green: 0, blue: 0), style: StrokeStyle(width: 1))
    let image = canvas.image()
    func alpha(_ x: Int, _ y: Int) -> UInt8 { image.pixels[(y * image.width + x) * 4 + 3] }
    for x in stride(from: 2, to: 198, by: 7) {
      #expect((12..<28).allSatisfy { y in alpha(x, y) > 0 }, "column \(x)")
      #expect(alpha(x, 2) == 0 && alpha(x, 40) == 0, "column \(x)")
    }
  }
}
