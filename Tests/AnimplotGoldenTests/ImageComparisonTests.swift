import AnimplotCanvas
import AnimplotGolden
import AnimplotTestSupport
import Testing

/// The engine against images with known differences, in both metrics.
@Suite struct ImageComparisonTests {
  static let curve = TestImages.curve()

  /// `image` placed at `x, y` in a larger white picture.
  static func embedded(_ image: RGBAImage, width: Int, height: Int, x: Int, y: Int) -> RGBAImage {
    var out = RGBAImage(width: width, height: height, fill: (255, 255, 255, 255))
    for row in 0..<image.height {
      for column in 0..<image.width {
        let p = image.pixel(column, row)
        out.set(x + column, y + row, (p[0], p[1], p[2], p[3]))
      }
    }
    return out
  }

  @Test func identicalImagesMatch() {
    let c = ImageComparison(expected: Self.curve, actual: Self.curve, options: .perceptual)
    #expect(c.result.identical && c.result.passed)
    #expect(c.result.differingPixels == 0 && c.result.worstWindow == nil && c.result.rms == 0)
    #expect(c.summary == "match: identical (400×200)")
  }

  @Test func curveShiftedByOnePixelFailsExactly() {
    let c = ImageComparison(
      expected: Self.curve, actual: TestImages.curve(shift: 1), options: .exact)
    #expect(!c.result.passed)
    #expect(c.result.violations == [.pixelBudget(.pixels(0))])
    #expect(c.result.differingPixels > 1000)  // 1506: about 3.8 changed pixels per column
    #expect(c.result.antialiasedPixels == 0)
  }

  /// The case AA detection alone gets wrong (pixelmatch issue #74): most pixels of a thin
  /// curve moved by one pixel look like anti-aliasing and are excused. In a 1600×900 plot the
  /// few that count stay under the 0.1 % pixel budget; the 16×16 window, which counts the
  /// excused pixels too, is what fails it.
  @Test func curveShiftedByOnePixelFailsPerceptuallyThroughTheWindow() throws {
    let expected = Self.embedded(Self.curve, width: 1600, height: 900, x: 600, y: 300)
    let actual = Self.embedded(TestImages.curve(shift: 1), width: 1600, height: 900, x: 600, y: 300)
    let c = ImageComparison(expected: expected, actual: actual, options: .perceptual)
    let r = c.result
    // Measured: 488 counted (0.034 %), 846 excused as AA, worst window 57 px at (624,433).
    #expect(r.antialiasedPixels > r.differingPixels)
    #expect(r.differingRatio < 0.001)
    let window = try #require(r.worstWindow)
    #expect(window.size == 16 && window.pixels > 2 * 24)
    #expect(r.violations == [.windowBudget(maxPixels: 24)])

    // Without the window budget the shift would pass.
    let withoutWindow = try DiffOptions(
      metric: DiffOptions.perceptual.metric, pixelBudget: .ratio(0.001), maxWindowPixels: nil)
    #expect(
      ImageComparison(expected: expected, actual: actual, options: withoutWindow).result.passed)
  }

  @Test func curveShiftedByOnePixelFailsBothBudgetsInASmallImage() {
    let c = ImageComparison(
      expected: Self.curve, actual: TestImages.curve(shift: 1), options: .perceptual)
    #expect(c.result.violations == [.pixelBudget(.ratio(0.001)), .windowBudget(maxPixels: 24)])
  }

  @Test func slightColourShiftPassesPerceptuallyButNotExactly() {
    let shifted = TestImages.curve(ink: (46, 43, 40), background: (252, 253, 255))
    let exact = ImageComparison(expected: Self.curve, actual: shifted, options: .exact)
    #expect(!exact.result.passed)
    #expect(exact.result.differingPixels > 400 * 200 * 99 / 100)  // a few blends coincide
    let perceptual = ImageComparison(expected: Self.curve, actual: shifted, options: .perceptual)
    #expect(perceptual.result.passed)
    #expect(perceptual.result.differingPixels == 0 && perceptual.result.antialiasedPixels == 0)
    #expect(perceptual.result.rms > 0)
  }

  /// The same curve from another rasteriser: 3×3 instead of 4×4 coverage samples.
  @Test func antialiasingNoisePassesPerceptually() throws {
    let noisy = TestImages.curve(samples: 3)
    let exact = ImageComparison(expected: Self.curve, actual: noisy, options: .exact)
    #expect(!exact.result.passed)
    let c = ImageComparison(expected: Self.curve, actual: noisy, options: .perceptual)
    // Measured: 40 counted, 36 excused, worst window 11.
    #expect(c.result.passed)
    #expect(c.result.antialiasedPixels > 0)
    #expect(try #require(c.result.worstWindow).pixels <= 24)
    #expect(c.result.differingPixels * 10 < exact.result.differingPixels)
  }

  @Test func includeAACountsTheExcusedPixels() throws {
    let shifted = TestImages.curve(shift: 1)
    let excusing = ImageComparison(expected: Self.curve, actual: shifted, options: .perceptual)
    let including = ImageComparison(
      expected: Self.curve, actual: shifted,
      options: try DiffOptions(
        metric: .perceptual(threshold: 0.1, includeAntialiased: true), pixelBudget: .pixels(0)))
    #expect(including.result.antialiasedPixels == 0)
    #expect(
      including.result.differingPixels
        == excusing.result.differingPixels + excusing.result.antialiasedPixels)
  }

  @Test func otherSizeDiffers() throws {
    let taller = RGBAImage(width: 400, height: 201, fill: (255, 255, 255, 255))
    let white = RGBAImage(width: 400, height: 200, fill: (255, 255, 255, 255))
    for options in [DiffOptions.exact, .perceptual] {
      let c = ImageComparison(expected: white, actual: taller, options: options)
      #expect(!c.result.passed && !c.result.sizesMatch)
      #expect(c.result.violations.first == .sizeMismatch)
      // The size, then the counts over both (the line said the size alone).
      #expect(
        c.summary == "differ: size 400×200 vs 400×201; 400 pixels (0.4975%), worst 16×16 window 16 px at (0,185), bbox 0,200–399,200, RMS 0.00")
      // Compared padded: only the row that exists in one image alone differs.
      #expect(c.result.differingPixels == 400)
      #expect(c.result.boundingBox == PixelBox(minX: 0, minY: 200, maxX: 399, maxY: 200))
    }
  }

  @Test func transparentPixelsAreEqualWhateverTheirColour() {
    let a = RGBAImage(width: 2, height: 1, fill: (10, 20, 30, 0))
    let b = RGBAImage(width: 2, height: 1, fill: (200, 0, 0, 0))
    let c = ImageComparison(expected: a, actual: b, options: .exact)
    #expect(c.result.passed && !c.result.identical && c.result.differingPixels == 0)
    #expect(c.summary == "match: 0 pixels (0%), RMS 0.00")
  }

  @Test func budgetsApplyToTheExactMetricToo() throws {
    var actual = Self.curve
    for x in 0..<10 { actual.set(x * 30, 5, (0, 0, 0, 255)) }
    func passes(_ budget: DiffOptions.PixelBudget) throws -> Bool {
      ImageComparison(
        expected: Self.curve, actual: actual,
        options: try DiffOptions(metric: .exact, pixelBudget: budget)
      ).result.passed
    }
    #expect(try passes(.pixels(10)))
    #expect(try !passes(.pixels(9)))
    #expect(try passes(.ratio(10.0 / 80_000)))
    #expect(try !passes(.ratio(9.0 / 80_000)))
    let windowed = ImageComparison(
      expected: Self.curve, actual: actual,
      options: try DiffOptions(
        metric: .exact, pixelBudget: .pixels(100), windowSize: 31, maxWindowPixels: 1))
    #expect(windowed.result.violations == [.windowBudget(maxPixels: 1)])
    #expect(windowed.result.worstWindow == DiffWindow(x: 0, y: 0, size: 31, pixels: 2))
  }

  /// For a grey difference d the YIQ distance is 0.5053·d², against 35215·0.1² = 352.15.
  @Test(arguments: [(26, true), (27, false)])
  func perceptualThresholdOnGrey(difference: Int, passes: Bool) {
    let a = RGBAImage(width: 3, height: 3, fill: (128, 128, 128, 255))
    let v = UInt8(128 + difference)
    let b = RGBAImage(width: 3, height: 3, fill: (v, v, v, 255))
    let c = ImageComparison(expected: a, actual: b, options: .perceptual)
    #expect(c.result.differingPixels == (passes ? 0 : 9))
  }

  @Test func alphaIsBlendedOverWhite() {
    // Half-transparent black over white is mid-grey: 127.5 against 128 stays under threshold,
    // but half-transparent black against opaque black differs.
    let halfBlack = RGBAImage(width: 1, height: 1, fill: (0, 0, 0, 128))
    let grey = RGBAImage(width: 1, height: 1, fill: (127, 127, 127, 255))
    let black = RGBAImage(width: 1, height: 1, fill: (0, 0, 0, 255))
    #expect(
      ImageComparison(expected: halfBlack, actual: grey, options: .perceptual).result
        .differingPixels == 0)
    #expect(
      ImageComparison(expected: halfBlack, actual: black, options: .perceptual).result
        .differingPixels == 1)
  }

  @Test func rmsOfRGBChannelsLikeMatplotlib() {
    let a = RGBAImage(width: 2, height: 1, fill: (100, 100, 100, 255))
    var b = a
    b.set(1, 0, (103, 104, 100, 255))
    // (3² + 4²) / (3 channels · 2 pixels), square root.
    let c = ImageComparison(expected: a, actual: b, options: .exact)
    #expect(abs(c.result.rms - (25.0 / 6).squareRoot()) < 1e-12)
  }

  @Test func boundingBoxAndWindowOfAKnownPatch() throws {
    let white = RGBAImage(width: 100, height: 80, fill: (255, 255, 255, 255))
    var patched = white
    for y in 40..<45 { for x in 30..<35 { patched.set(x, y, (0, 0, 0, 255)) } }
    patched.set(90, 3, (0, 0, 0, 255))
    let c = ImageComparison(
      expected: white, actual: patched,
      options: try DiffOptions(metric: .exact, pixelBudget: .pixels(0), windowSize: 8))
    #expect(c.result.differingPixels == 26)
    #expect(c.result.boundingBox == PixelBox(minX: 30, minY: 3, maxX: 90, maxY: 44))
    // The first 8×8 window, in reading order, that holds the whole 5×5 patch.
    #expect(c.result.worstWindow == DiffWindow(x: 27, y: 37, size: 8, pixels: 25))
  }

  @Test(arguments: [1, 2, 5, 16, 40, 500])
  func worstWindowAgreesWithBruteForce(windowSize: Int) throws {
    var random = SplitMix(seed: UInt64(windowSize))
    let width = 37
    let height = 23
    let base = RGBAImage(width: width, height: height, fill: (255, 255, 255, 255))
    var changed = base
    var mask = [Bool](repeating: false, count: width * height)
    // A sparse scatter plus a denser blob.
    for i in 0..<mask.count where random.next() % 13 == 0 { mask[i] = true }
    for y in 10..<16 {
      for x in 20..<27 where random.next() % 2 == 0 { mask[y * width + x] = true }
    }
    for i in mask.indices where mask[i] { changed.set(i % width, i / width, (0, 0, 0, 255)) }

    let c = ImageComparison(
      expected: base, actual: changed,
      options: try DiffOptions(metric: .exact, pixelBudget: .pixels(0), windowSize: windowSize))
    let n = min(windowSize, width, height)
    var best = DiffWindow(x: 0, y: 0, size: n, pixels: -1)
    for y in 0...(height - n) {
      for x in 0...(width - n) {
        var count = 0
        for yy in y..<y + n { for xx in x..<x + n where mask[yy * width + xx] { count += 1 } }
        if count > best.pixels { best = DiffWindow(x: x, y: y, size: n, pixels: count) }
      }
    }
    #expect(c.result.worstWindow == best)
  }

  @Test func nonsensicalOptionsAreRefused() {
    #expect(throws: DiffOptionsError.thresholdOutOfRange(1.5)) {
      try DiffOptions(
        metric: .perceptual(threshold: 1.5, includeAntialiased: false), pixelBudget: .pixels(0))
    }
    #expect(throws: DiffOptionsError.ratioOutOfRange(-0.1)) {
      try DiffOptions(metric: .exact, pixelBudget: .ratio(-0.1))
    }
    #expect(throws: DiffOptionsError.negativePixelBudget(-1)) {
      try DiffOptions(metric: .exact, pixelBudget: .pixels(-1))
    }
    #expect(throws: DiffOptionsError.windowTooSmall(0)) {
      try DiffOptions(metric: .exact, pixelBudget: .pixels(0), windowSize: 0)
    }
    #expect(throws: DiffOptionsError.negativeWindowBudget(-2)) {
      try DiffOptions(metric: .exact, pixelBudget: .pixels(0), maxWindowPixels: -2)
    }
    #expect(throws: DiffOptionsError.self) {
      try DiffOptions(
        metric: .perceptual(threshold: .nan, includeAntialiased: false), pixelBudget: .pixels(0))
    }
  }
}

/// Images whose padded union would pass `Limits.imagePixels` (issue 10: 65536×1 beside
/// 1×65536 allocated 17 GB): the common area is classified, the rest counted.
@Suite struct HugeUnionTests {
  @Test func theCommonAreaIsComparedAndTheRestCounted() {
    let wide = RGBAImage(width: 65536, height: 1, fill: (0, 0, 0, 255))
    let tall = RGBAImage(width: 1, height: 65536, fill: (0, 0, 0, 255))
    let c = ImageComparison(expected: wide, actual: tall, options: .exact)
    #expect(c.result.violations.contains(.sizeMismatch))
    #expect(c.result.comparedPixels == 65536 * 65536)
    #expect(c.result.differingPixels == 65536 * 65536 - 1)
    #expect(c.result.boundingBox == PixelBox(minX: 0, minY: 0, maxX: 65535, maxY: 65535))
    let diff = c.diffImage()
    #expect(diff.width == 1 && diff.height == 1)
  }

  @Test func aUnionWithinTheLimitIsStillPadded() {
    let a = RGBAImage(width: 300, height: 2, fill: (0, 0, 0, 255))
    let b = RGBAImage(width: 2, height: 300, fill: (0, 0, 0, 255))
    let c = ImageComparison(expected: a, actual: b, options: .exact)
    #expect(c.result.differingPixels == 300 * 300 - 4)
    #expect(c.diffImage().width == 300 && c.diffImage().height == 300)
  }
}
