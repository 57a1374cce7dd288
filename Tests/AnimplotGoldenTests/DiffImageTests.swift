import AnimplotCairo
import AnimplotCanvas
import AnimplotGolden
import Testing

/// The diff picture: pixelmatch's colours, side by side, padding, and its PNG encoding.
@Suite struct DiffImageTests {
  @Test func colours() throws {
    // A white image with a black 3×3 square; the actual one makes one pixel of it lighter,
    // one white pixel black, and leaves the rest.
    var expected = RGBAImage(width: 8, height: 8, fill: (255, 255, 255, 255))
    for y in 2..<5 { for x in 2..<5 { expected.set(x, y, (0, 0, 0, 255)) } }
    var actual = expected
    actual.set(3, 3, (200, 200, 200, 255))
    actual.set(6, 6, (0, 0, 0, 255))
    let diff = ImageComparison(expected: expected, actual: actual, options: .exact).diffImage()
    #expect(diff.pixel(3, 3) == [0, 0, 255, 255])  // lighter: blue
    #expect(diff.pixel(6, 6) == [255, 0, 0, 255])  // darker: red
    #expect(diff.pixel(0, 0) == [255, 255, 255, 255])  // unchanged white stays white
    #expect(diff.pixel(2, 2) == [230, 230, 230, 255])  // unchanged black: 255 − 255·0.1, rounded
  }

  @Test func antialiasedPixelsAreYellow() throws {
    let c = ImageComparison(
      expected: TestImages.curve(), actual: TestImages.curve(samples: 3), options: .perceptual)
    let diff = c.diffImage()
    var yellow = 0
    for y in 0..<diff.height {
      for x in 0..<diff.width where diff.pixel(x, y) == [255, 255, 0, 255] { yellow += 1 }
    }
    #expect(yellow == c.result.antialiasedPixels)
  }

  @Test func fadedGreyFollowsAlpha() {
    let transparent = RGBAImage(width: 1, height: 1, fill: (0, 0, 0, 0))
    let diff = ImageComparison(expected: transparent, actual: transparent, options: .exact)
      .diffImage()
    #expect(diff.pixel(0, 0) == [255, 255, 255, 255])
  }

  @Test func sideBySideIsExpectedActualDiff() {
    let expected = TestImages.curve(width: 40, height: 20)
    let actual = TestImages.curve(width: 40, height: 20, shift: 1)
    let c = ImageComparison(expected: expected, actual: actual, options: .exact)
    let sbs = c.sideBySideImage()
    #expect(sbs.width == 120 && sbs.height == 20)
    let diff = c.diffImage()
    for y in 0..<20 {
      for x in 0..<40 {
        #expect(sbs.pixel(x, y) == expected.pixel(x, y))
        #expect(sbs.pixel(40 + x, y) == actual.pixel(x, y))
        #expect(sbs.pixel(80 + x, y) == diff.pixel(x, y))
      }
    }
  }

  @Test func sizeMismatchDrawsBothPadded() {
    var wide = RGBAImage(width: 6, height: 2, fill: (255, 255, 255, 255))
    wide.set(5, 1, (0, 0, 0, 255))
    let tall = RGBAImage(width: 4, height: 3, fill: (255, 255, 255, 255))
    let c = ImageComparison(expected: wide, actual: tall, options: .perceptual)
    let diff = c.diffImage()
    #expect(diff.width == 6 && diff.height == 3)
    #expect(diff.pixel(0, 0) == [255, 255, 255, 255])
    #expect(diff.pixel(5, 0) == [255, 0, 0, 255])  // in EXPECTED only
    #expect(diff.pixel(5, 1) == [255, 0, 0, 255])  // in EXPECTED only, whatever its colour
    #expect(diff.pixel(0, 2) == [255, 0, 0, 255])  // in ACTUAL only
    #expect(c.result.differingPixels == 6 * 3 - 4 * 2)
    let sbs = c.sideBySideImage()
    #expect(sbs.width == 18 && sbs.height == 3)
    #expect(sbs.pixel(4, 2) == [0, 0, 0, 0])  // padding under EXPECTED
  }

  @Test func encodedDiffImageDecodesToTheSamePixels() throws {
    let c = ImageComparison(
      expected: TestImages.curve(), actual: TestImages.curve(shift: 1), options: .perceptual)
    for image in [c.diffImage(), c.sideBySideImage()] {
      #expect(try PNGDecoder.decode(bytes: ImageFile.pngBytes(image)) == image)
    }
  }
}
