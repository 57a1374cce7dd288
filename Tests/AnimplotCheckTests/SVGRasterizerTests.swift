import AnimplotCanvas
import AnimplotCheck
import AnimplotGolden
import Foundation
import Testing

/// SVG through rsvg-convert: pixels, the comparison of two documents, and the errors.
@Suite struct SVGRasterizerTests {
  static let rasterizer = SVGRasterizer.find(searchPath: ProcessInfo.processInfo.environment["PATH"])

  static func svg(_ x: Int) -> [UInt8] {
    Array("""
      <svg xmlns="http://www.w3.org/2000/svg" width="40" height="20">\
      <rect width="40" height="20" fill="#fff"/><rect x="\(x)" y="5" width="10" height="10" fill="#000"/></svg>
      """.utf8)
  }

  @Test(.enabled(if: rasterizer != nil, "rsvg-convert is not installed (Debian: librsvg2-bin)"))
  func rasterisesToPixels() throws {
    let raster = try Self.rasterizer!.rasterize(svg: Self.svg(5), name: "square.svg")
    #expect(raster.image.width == 40 && raster.image.height == 20)
    let black = stride(from: 0, to: raster.image.pixels.count, by: 4).filter { raster.image.pixels[$0] == 0 }
    #expect(black.count == 100)
    #expect(raster.png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
  }

  @Test(.enabled(if: rasterizer != nil, "rsvg-convert is not installed (Debian: librsvg2-bin)"))
  func comparesTwoDocumentsByPixels() throws {
    let moved = try ReferenceComparison.compare(
      kind: .svg, expected: Self.svg(5), actual: Self.svg(6), options: .exact, label: "square.svg",
      rasterizer: Self.rasterizer)
    #expect(!moved.passed)
    #expect(moved.summary.hasPrefix("differ: 20 pixels"))
    // Other bytes, the same picture.
    let respelled = Array(String(decoding: Self.svg(5), as: UTF8.self).replacingOccurrences(of: "#fff", with: "white").utf8)
    let same = try ReferenceComparison.compare(
      kind: .svg, expected: Self.svg(5), actual: respelled, options: .exact, label: "square.svg",
      rasterizer: Self.rasterizer)
    #expect(same.passed)
    #expect(same.summary == "match: identical (40×20)")
  }

  @Test(.enabled(if: rasterizer != nil, "rsvg-convert is not installed (Debian: librsvg2-bin)"))
  func aBrokenDocumentIsNamed() {
    do {
      _ = try Self.rasterizer!.rasterize(svg: Array("<svg".utf8), name: "broken.svg")
      Issue.record("no error")
    } catch {
      #expect(error.description.hasPrefix("broken.svg: cannot rasterise the SVG: rsvg-convert failed (exit 1)"))
    }
  }

  @Test func findLooksOnThePath() {
    #expect(SVGRasterizer.find(searchPath: "/nonexistent:/also/not") == nil)
  }
}
