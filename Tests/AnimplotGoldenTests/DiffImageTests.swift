import AnimplotCairo
import AnimplotCanvas
import AnimplotGolden
import AnimplotTestSupport
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

  @Test func sideBySideIsLabelledPanelsAndTheWorstWindowEnlarged() throws {
    let expected = TestImages.curve(width: 40, height: 20)
    let actual = TestImages.curve(width: 40, height: 20, shift: 1)
    let c = ImageComparison(expected: expected, actual: actual, options: .exact)
    let sbs = c.sideBySideImage()
    let window = try #require(c.result.worstWindow)
    let region = try #require(c.cropRegion)
    // 16×16 window grown by 8 each side, within 40×20: the whole height, 8× enlarged.
    #expect(region.height == 20 && region.width == min(40, window.x + 24) - max(0, window.x - 8))
    // Panels of 40 pixels take the minimum slot of 120 (room for their labels).
    let label = 20, gap = 2, slot = 120
    #expect(sbs.width == max(3 * slot + 2 * gap, 3 * region.width * 8 + 2 * gap))
    #expect(sbs.height == label + 20 + gap + label + 20 * 8)
    let diff = c.diffImage()
    for y in 0..<20 {
      for x in 0..<40 {
        #expect(sbs.pixel(x, label + y) == expected.pixel(x, y))
        #expect(sbs.pixel(slot + gap + x, label + y) == actual.pixel(x, y))
        #expect(sbs.pixel(2 * (slot + gap) + x, label + y) == diff.pixel(x, y))
      }
      #expect(sbs.pixel(slot, label + y) == [110, 110, 110, 255])  // separators
      #expect(sbs.pixel(2 * slot + gap + 1, label + y) == [110, 110, 110, 255])
      #expect(sbs.pixel(40, label + y) == [236, 236, 236, 255])  // the slot's padding
    }
    // The labels are text: dark pixels in the grey strip above the first panel.
    let strip = (0..<label).flatMap { y in (0..<40).map { sbs.pixel($0, y) } }
    #expect(strip.contains { $0[0] < 120 })
    // The crop: each pixel of the region an 8×8 block (inside the window's dashed outline).
    let cropTop = label + 20 + gap + label
    let (rx, ry) = (window.x + 3 - region.x, window.y + 3 - region.y)
    for dy in 0..<8 {
      for dx in 0..<8 {
        #expect(
          sbs.pixel(rx * 8 + dx, cropTop + ry * 8 + dy)
            == expected.pixel(window.x + 3, window.y + 3))
        #expect(
          sbs.pixel(region.width * 8 + gap + rx * 8 + dx, cropTop + ry * 8 + dy)
            == actual.pixel(window.x + 3, window.y + 3))
      }
    }
    // The window's outline starts black at its top-left corner.
    #expect(
      sbs.pixel((window.x - region.x) * 8, cropTop + (window.y - region.y) * 8) == [0, 0, 0, 255])
  }

  @Test func sideBySideOfIdenticalImagesHasNoCrop() {
    let image = TestImages.curve(width: 40, height: 20)
    let c = ImageComparison(expected: image, actual: image, options: .exact)
    #expect(c.worstWindowCrop() == nil)
    let sbs = c.sideBySideImage()
    #expect(sbs.width == 3 * 120 + 4 && sbs.height == 40)
  }

  /// The side by side's size before the images are compared (`diff --side-by-side` refuses
  /// one past the image limit first): its panels, which the row of the worst window only
  /// adds to.
  @Test func sideBySideLeastSizeIsKnownBeforeComparing() {
    let image = TestImages.curve(width: 40, height: 20)
    let same = ImageComparison(expected: image, actual: image, options: .exact)
    #expect(ImageComparison.sideBySideLeastSize(width: 40, height: 20) == same.sideBySideSize)
    let shifted = ImageComparison(expected: image, actual: TestImages.curve(width: 40, height: 20, shift: 1), options: .exact)
    let least = ImageComparison.sideBySideLeastSize(width: 40, height: 20)
    #expect(least.width <= shifted.sideBySideSize.width && least.height < shifted.sideBySideSize.height)
    #expect(ImageComparison.sideBySideLeastSize(width: 8192, height: 8192) == (3 * 8192 + 4, 8212))
  }

  @Test("tiny images keep their panels' labels, and the crop's caption wraps")
  func sideBySideOfTinyImages() throws {
    let expected = RGBAImage(width: 1, height: 1, fill: (0, 0, 0, 255))
    let actual = RGBAImage(width: 1, height: 1, fill: (255, 0, 0, 255))
    let c = ImageComparison(expected: expected, actual: actual, options: .exact)
    let sbs = c.sideBySideImage()
    // Three slots of 120, the crop's caption in two lines, the 1×1 crop enlarged 8×.
    #expect(sbs.width == 3 * 120 + 4)
    #expect(sbs.height == 20 + 1 + 2 + 2 * 20 + 8)
    for slot in 0..<3 {
      // Each label has dark text in its own slot, past the first few pixels.
      let x0 = slot * 122 + 6
      let dark = (0..<20).flatMap { y in (x0..<x0 + 40).map { sbs.pixel($0, y) } }.filter { $0[0] < 120 }
      #expect(dark.count > 20, "slot \(slot)")
    }
    // Both caption lines hold text.
    for line in 0..<2 {
      let top = 20 + 1 + 2 + line * 20
      let dark = (top..<top + 20).flatMap { y in (0..<200).map { sbs.pixel($0, y) } }.filter { $0[0] < 120 }
      #expect(dark.count > 20, "caption line \(line)")
    }
  }

  @Test func diffColoursAreSettable() {
    var expected = RGBAImage(width: 8, height: 8, fill: (255, 255, 255, 255))
    for y in 2..<5 { for x in 2..<5 { expected.set(x, y, (0, 0, 0, 255)) } }
    var actual = expected
    actual.set(3, 3, (200, 200, 200, 255))
    actual.set(6, 6, (0, 0, 0, 255))
    let c = ImageComparison(expected: expected, actual: actual, options: .exact)
    let colors = DiffColors(
      darker: .init(0x12, 0x34, 0x56), lighter: .init(0xAB, 0xCD, 0xEF), antialiased: .yellow)
    let diff = c.diffImage(colors: colors)
    #expect(diff.pixel(3, 3) == [0xAB, 0xCD, 0xEF, 255])
    #expect(diff.pixel(6, 6) == [0x12, 0x34, 0x56, 255])
    #expect(DiffColors.RGB(hex: "#cd2cc9") == .init(0xCD, 0x2C, 0xC9))
    #expect(DiffColors.RGB(hex: "CD2CC9")?.description == "#cd2cc9")
    for bad in ["", "12345", "1234567", "gg0000", "#12 456", "+12345"] {
      #expect(DiffColors.RGB(hex: bad) == nil)
    }
  }

  @Test func ignoredPixelsAreHatched() {
    let expected = RGBAImage(width: 12, height: 12, fill: (255, 255, 255, 255))
    var actual = expected
    actual.set(5, 5, (0, 0, 0, 255))
    let c = ImageComparison(
      expected: expected, actual: actual, options: .exact,
      ignoring: IgnoredPixels(regions: [PixelRect(x: 3, y: 3, width: 6, height: 6)]))
    #expect(c.result.passed && c.result.differingPixels == 0 && c.result.ignoredPixels == 36)
    let diff = c.diffImage()
    var stripes = 0
    for y in 0..<12 {
      for x in 0..<12 {
        let p = diff.pixel(x, y)
        let inside = (3..<9).contains(x) && (3..<9).contains(y)
        if p == [150, 150, 160, 255] {
          stripes += 1
          #expect(inside && (x + y) % 6 < 3)
        } else {
          #expect(p == [255, 255, 255, 255])  // white faded stays white; no red anywhere
        }
      }
    }
    #expect(stripes == 18)
  }

  @Test func sizeMismatchDrawsBothPadded() throws {
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
    let region = try #require(c.cropRegion)
    #expect(region.height == 3)
    #expect(sbs.width == max(3 * 120 + 4, 3 * region.width * 8 + 4))
    #expect(sbs.height == 20 + 3 + 2 + 2 * 20 + 3 * 8)  // the caption in two lines
    #expect(sbs.pixel(4, 20 + 2) == [0, 0, 0, 0])  // padding under EXPECTED
  }

  @Test func encodedDiffImageDecodesToTheSamePixels() throws {
    let c = ImageComparison(
      expected: TestImages.curve(), actual: TestImages.curve(shift: 1), options: .perceptual)
    for image in [c.diffImage(), c.sideBySideImage()] {
      #expect(try PNGDecoder.decode(bytes: ImageFile.pngBytes(image)) == image)
    }
  }
}
