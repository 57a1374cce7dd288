import AnimplotCairo
import AnimplotCanvas
import AnimplotGolden
import AnimplotTestSupport
import Foundation
import Testing

/// 16-bit files compared at full depth, and pixels left out of a comparison.
@Suite struct DepthAndIgnoreTests {
  /// A 4×3 16-bit RGB file whose samples are `base`, with `change` added to one sample.
  static func deep(change: Int = 0, at sample: Int = 13) throws -> DecodedPNG {
    var samples = (0..<4 * 3 * 3).map { 0x4000 + $0 * 0x0101 }
    samples[sample] += change
    let bytes = PNGFixture(width: 4, height: 3, colorType: .rgb, bitDepth: 16, samples: samples)
      .encode()
    return try PNGDecoder.decodeKeepingDepth(bytes: bytes)
  }

  @Test func lowByteDifferenceFailsExactly() throws {
    let (a, b) = (try Self.deep(), try Self.deep(change: 1))
    // Scaled to 8 bits the two are the same picture.
    #expect(a.image == b.image)
    let c = ImageComparison(expected: a, actual: b, options: .exact)
    #expect(!c.result.identical && !c.result.passed)
    #expect(c.result.differingPixels == 1)
    #expect(c.result.boundingBox == PixelBox(minX: 0, minY: 1, maxX: 0, maxY: 1))  // sample 13: pixel 4
    #expect(c.summary.hasPrefix("differ: 1 pixel (8.3333%)"))
    #expect(c.json().contains("\"sampleDepth\":16"))
    // The same files at 8 bits (what the decoder alone gives): identical.
    #expect(ImageComparison(expected: a.image, actual: b.image, options: .exact).result.identical)
  }

  @Test func perceptualComparisonSaysItScaledToEightBits() throws {
    let c = ImageComparison(expected: try Self.deep(), actual: try Self.deep(change: 1), options: .perceptual)
    #expect(c.result.passed && c.result.differingPixels == 0)
    #expect(!c.result.identical)  // the files differ, below what 8 bits show
    #expect(c.summary == "match: 0 pixels (0%), RMS 0.00; 16-bit samples compared at 8 bits")
    #expect(c.json().contains("\"sampleDepth\":8"))
  }

  @Test func identicalSixteenBitFilesAreIdentical() throws {
    let c = ImageComparison(expected: try Self.deep(), actual: try Self.deep(), options: .exact)
    #expect(c.result.identical)
    #expect(c.summary == "match: identical (4×3)")
  }

  @Test func eightBitFileAgainstItsSixteenBitWideningIsIdentical() throws {
    let eight = RGBAImage(width: 2, height: 1, pixels: [10, 20, 30, 255, 40, 50, 60, 128])
    let wide = PNGFixture(
      width: 2, height: 1, colorType: .rgba, bitDepth: 16,
      samples: eight.pixels.map { Int($0) * 257 }
    ).encode()
    let sixteen = try PNGDecoder.decodeKeepingDepth(bytes: wide)
    let plain = DecodedPNG(image: eight, samples16: nil)
    #expect(ImageComparison(expected: plain, actual: sixteen, options: .exact).result.identical)
    var off = eight.pixels.map { Int($0) * 257 }
    off[5] += 3
    let other = try PNGDecoder.decodeKeepingDepth(
      bytes: PNGFixture(width: 2, height: 1, colorType: .rgba, bitDepth: 16, samples: off).encode())
    let c = ImageComparison(expected: plain, actual: other, options: .exact)
    #expect(c.result.differingPixels == 1)
  }

  @Test func transparentSixteenBitPixelsAreEqualWhateverTheirColour() throws {
    func file(_ red: Int) throws -> DecodedPNG {
      try PNGDecoder.decodeKeepingDepth(
        bytes: PNGFixture(width: 1, height: 1, colorType: .rgba, bitDepth: 16, samples: [red, 0, 0, 0])
          .encode())
    }
    let c = ImageComparison(expected: try file(0x1200), actual: try file(0x1201), options: .exact)
    #expect(c.result.passed && c.result.differingPixels == 0)
  }

  // MARK: ignoring

  static let white = RGBAImage(width: 20, height: 10, fill: (255, 255, 255, 255))
  static var dotted: RGBAImage {
    var image = white
    image.set(2, 2, (0, 0, 0, 255))
    image.set(15, 5, (0, 0, 0, 255))
    return image
  }

  @Test func ignoredRegionsDoNotCount() throws {
    let c = ImageComparison(
      expected: Self.white, actual: Self.dotted, options: .exact,
      ignoring: IgnoredPixels(regions: [PixelRect(x: 0, y: 0, width: 5, height: 5)]))
    #expect(c.result.differingPixels == 1)
    #expect(c.result.ignoredPixels == 25)
    #expect(c.result.comparedPixels == 200 - 25)
    #expect(c.result.boundingBox == PixelBox(minX: 15, minY: 5, maxX: 15, maxY: 5))
    #expect(c.summary.hasPrefix("differ: 1 pixel (0.5714%), 25 ignored,"))
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(c.json().utf8)) as? [String: Any])
    #expect(object["ignoredPixels"] as? Int == 25)
  }

  @Test func regionsPastTheImageAreClipped() {
    let c = ImageComparison(
      expected: Self.white, actual: Self.dotted, options: .exact,
      ignoring: IgnoredPixels(regions: [
        PixelRect(x: 0, y: 0, width: 5, height: 5), PixelRect(x: 10, y: 0, width: 100, height: 100),
      ]))
    #expect(c.result.passed)
    #expect(c.result.ignoredPixels == 25 + 100)
    #expect(c.summary == "match: 0 pixels (0%), 125 ignored, RMS 0.00")
  }

  @Test func regionsAsLargeAsIntAreClippedWithoutOverflow() {
    let c = ImageComparison(
      expected: Self.white, actual: Self.dotted, options: .exact,
      ignoring: IgnoredPixels(regions: [
        PixelRect(x: 0, y: 0, width: 5, height: 5), PixelRect(x: 10, y: 0, width: Int.max, height: Int.max),
      ]))
    #expect(c.result.passed)
  }

  /// The rectangles' flags are what filling each rectangle pixel by pixel gives: overlapping,
  /// nested, touching, past the edges, empty.
  @Test func rectanglesFlagTheirPixelsAsAFillWould() {
    var random = SystemRandomNumberGenerator()
    for _ in 0..<200 {
      let (width, height) = (Int.random(in: 1...40, using: &random), Int.random(in: 1...30, using: &random))
      let regions = (0..<Int.random(in: 1...12, using: &random)).map { _ in
        PixelRect(
          x: Int.random(in: -10...45, using: &random), y: Int.random(in: -10...35, using: &random),
          width: Int.random(in: -2...30, using: &random), height: Int.random(in: -2...30, using: &random))
      }
      var filled = [Bool](repeating: false, count: width * height)
      for r in regions {
        for y in 0..<height where y >= r.y && y < r.y + r.height {
          for x in 0..<width where x >= r.x && x < r.x + r.width { filled[y * width + x] = true }
        }
      }
      #expect(IgnoredPixels(regions: regions).bitmap(width: width, height: height) == filled, "\(regions)")
    }
  }

  /// Rectangles cost the pixels once, not each its own area: 20,000 covering a 2048×2048
  /// picture were 80 billion flags to set (2,000 over 8192×8192 ran past a minute). The time
  /// limit guards against that, it measures nothing.
  @Test(.timeLimit(.minutes(1))) func manyLargeRectanglesAreOneSweep() {
    let regions = (0..<20_000).map { PixelRect(x: -$0, y: -($0 % 7), width: 3000 + $0, height: Int.max) }
    let flags = IgnoredPixels(regions: regions).bitmap(width: 2048, height: 2048)
    #expect(flags?.count == 2048 * 2048)
    #expect(flags?.allSatisfy { $0 } == true)
  }

  @Test func maskIgnoresItsBrightPixels() {
    // Bright opaque, bright but half transparent, dark opaque, transparent white.
    #expect(IgnoredPixels.ignores(255, 255, 255, 255))
    #expect(IgnoredPixels.ignores(255, 0, 0, 255))
    #expect(IgnoredPixels.ignores(255, 255, 255, 128))
    #expect(!IgnoredPixels.ignores(255, 255, 255, 127))
    #expect(!IgnoredPixels.ignores(127, 127, 127, 255))
    #expect(!IgnoredPixels.ignores(255, 255, 255, 0))
    var mask = RGBAImage(width: 20, height: 10, fill: (0, 0, 0, 255))
    mask.set(15, 5, (255, 255, 255, 255))
    let c = ImageComparison(
      expected: Self.white, actual: Self.dotted, options: .perceptual,
      ignoring: IgnoredPixels(mask: mask))
    #expect(c.result.ignoredPixels == 1)
    #expect(c.result.differingPixels == 1)
    #expect(c.result.boundingBox == PixelBox(minX: 2, minY: 2, maxX: 2, maxY: 2))
  }

  @Test func ignoredPixelsLeaveTheWorstWindow() throws {
    let c = ImageComparison(
      expected: Self.white, actual: Self.dotted, options: .exact,
      ignoring: IgnoredPixels(regions: [PixelRect(x: 14, y: 4, width: 3, height: 3)]))
    let window = try #require(c.result.worstWindow)
    #expect(window.pixels == 1)
  }

  @Test func ignoredSixteenBitDifferencesDoNotCount() throws {
    let c = ImageComparison(
      expected: try Self.deep(), actual: try Self.deep(change: 1), options: .exact,
      ignoring: IgnoredPixels(regions: [PixelRect(x: 0, y: 1, width: 1, height: 1)]))
    #expect(c.result.passed && c.result.differingPixels == 0 && c.result.ignoredPixels == 1)
  }
}
