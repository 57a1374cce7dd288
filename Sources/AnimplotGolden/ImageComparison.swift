import AnimplotCairo
import AnimplotCanvas
import AnimplotPlatform

/// A finished comparison of an expected image with an actual one: the result, and what is
/// needed to draw the diff image.
///
/// Images of different sizes are compared padded with transparent pixels to the larger width
/// and height; every pixel outside either image counts as differing, and the result records
/// the size mismatch as a violation.
public struct ImageComparison: Sendable {
  /// The reference image.
  public let expected: RGBAImage
  /// The image under test.
  public let actual: RGBAImage
  /// How the images were compared.
  public let options: DiffOptions
  /// What the comparison found.
  public let result: DiffResult
  /// Every pixel's class, over the (padded) comparison area.
  let classification: PixelClassification

  /// The pixels excluded from the comparison, over the classified area; `nil` when none is.
  let ignored: [Bool]?
  /// Whether either image had 16-bit samples (compared in full by the exact metric).
  public let hasSixteenBitSamples: Bool

  /// Compares `actual` with `expected`.
  ///
  /// When the padded area of two images of different sizes would pass `Limits.imagePixels`
  /// (65536×1 beside 1×65536 is 2³² pixels), only their common top-left area is classified and
  /// drawn in the diff image; every other pixel of the padded area still counts as differing,
  /// and the worst window is then the first window of the padded area (in reading order, to the
  /// right of the common area or else below it) lying wholly beyond the common area, all of
  /// its pixels differing. No diff image can be drawn then (`diffImageFits` is false).
  /// `ignoring` excludes pixels from the comparison (see `IgnoredPixels`).
  public init(
    expected: RGBAImage, actual: RGBAImage, options: DiffOptions,
    ignoring: IgnoredPixels = IgnoredPixels()
  ) {
    self.init(
      expected: DecodedPNG(image: expected, samples16: nil),
      actual: DecodedPNG(image: actual, samples16: nil), options: options, ignoring: ignoring)
  }

  /// Compares two decoded PNG files. The exact metric compares 16-bit files at their full
  /// depth (an 8-bit file against a 16-bit one as its samples times 257, which is how 8-bit
  /// values widen exactly); the perceptual metric compares the 8-bit pixels, 16-bit samples
  /// scaled to 8 bits with rounding.
  public init(
    expected decodedExpected: DecodedPNG, actual decodedActual: DecodedPNG, options: DiffOptions,
    ignoring: IgnoredPixels = IgnoredPixels()
  ) {
    let expected = decodedExpected.image
    let actual = decodedActual.image
    self.options = options
    let expectedSize = ImageSize(width: expected.width, height: expected.height)
    let actualSize = ImageSize(width: actual.width, height: actual.height)
    let sizesMatch = expectedSize == actualSize
    let deep = decodedExpected.samples16 != nil || decodedActual.samples16 != nil
    hasSixteenBitSamples = deep
    let expectedWide = WideSamples(decodedExpected)
    let actualWide = WideSamples(decodedActual)
    let identical =
      sizesMatch && Self.sameBytes(expected.pixels, actual.pixels)
      && (!deep || expectedWide.samePixels(as: actualWide))
    let width = max(expected.width, actual.width)
    let height = max(expected.height, actual.height)
    // Image sides are below 2³¹ (PNG), so the product cannot overflow.
    let padded = width * height
    let common = (width: min(expected.width, actual.width), height: min(expected.height, actual.height))
    let compareAtSixteenBits = deep && options.metric == .exact

    var classification: PixelClassification
    var ignored: [Bool]?
    if identical {
      classification = PixelClassification(identicalWidth: expected.width, height: expected.height)
      ignored = ignoring.bitmap(width: expected.width, height: expected.height)
      (self.expected, self.actual) = (expected, actual)
    } else if sizesMatch {
      ignored = ignoring.bitmap(width: width, height: height)
      classification = PixelClassification(
        expected: expected, actual: actual, metric: options.metric, ignored: ignored,
        checkerboard: options.checkerboard)
      (self.expected, self.actual) = (expected, actual)
    } else if padded > Limits.imagePixels {
      let e = expected.cropped(width: common.width, height: common.height)
      let a = actual.cropped(width: common.width, height: common.height)
      ignored = ignoring.bitmap(width: common.width, height: common.height)
      classification = PixelClassification(
        expected: e, actual: a, metric: options.metric, ignored: ignored,
        checkerboard: options.checkerboard)
      classification.countDifferingBeyond(width: width, height: height)
      (self.expected, self.actual) = (e, a)
    } else {
      ignored = ignoring.bitmap(width: width, height: height)
      classification = PixelClassification(
        expected: expected.padded(width: width, height: height),
        actual: actual.padded(width: width, height: height), metric: options.metric,
        ignored: ignored, checkerboard: options.checkerboard)
      classification.markDifferingOutside(
        width: common.width, height: common.height, ignored: ignored)
      (self.expected, self.actual) = (expected, actual)
    }
    if compareAtSixteenBits && !identical {
      classification.classifySixteenBitDifferences(
        expected: expectedWide, actual: actualWide, width: common.width, height: common.height,
        ignored: ignored)
    }
    self.classification = classification
    self.ignored = ignored
    let ignoredCount = ignored?.reduce(0) { $0 + ($1 ? 1 : 0) } ?? 0
    let compared = padded - ignoredCount

    var window = classification.worstWindow(size: options.windowSize)
    if padded > Limits.imagePixels && !sizesMatch {
      // Only the common area was classified; every pixel beyond it differs, so a window of the
      // padded area lying wholly beyond it is as bad as a window can be.
      let n = max(1, min(options.windowSize, width, height))
      if common.width <= width - n {
        window = DiffWindow(x: common.width, y: 0, size: n, pixels: n * n)
      } else if common.height <= height - n {
        window = DiffWindow(x: 0, y: common.height, size: n, pixels: n * n)
      }
    }
    var violations: [BudgetViolation] = []
    if !sizesMatch { violations.append(.sizeMismatch) }
    let overBudget =
      switch options.pixelBudget {
      case .pixels(let n): classification.differing > n
      case .ratio(let r): Double(classification.differing) > r * Double(compared)
      }
    if overBudget { violations.append(.pixelBudget(options.pixelBudget)) }
    if let max = options.maxWindowPixels, let window, window.pixels > max {
      violations.append(.windowBudget(maxPixels: max))
    }
    result = DiffResult(
      expectedSize: expectedSize, actualSize: actualSize, identical: identical,
      differingPixels: classification.differing,
      antialiasedPixels: classification.antialiased, comparedPixels: compared,
      ignoredPixels: ignoredCount,
      worstWindow: window, boundingBox: classification.differingBox,
      rms: compared == 0 ? 0 : (classification.squaredError / Double(3 * compared)).squareRoot(),
      violations: violations)
  }

  /// The comparison area: the larger width and the larger height of the two images, the size
  /// the diff image is promised at.
  public var comparedSize: (width: Int, height: Int) {
    (
      max(result.expectedSize.width, result.actualSize.width),
      max(result.expectedSize.height, result.actualSize.height)
    )
  }

  /// Whether `diffImage()` can be drawn at the comparison area's size: it stays within
  /// `Limits.imagePixels`. When not, only the common top-left area was classified.
  public var diffImageFits: Bool {
    let size = comparedSize
    return size.width * size.height <= Limits.imagePixels
  }

  private static func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    a.count == b.count
      && a.withUnsafeBytes { a in
        b.withUnsafeBytes { b in
          a.count == 0 || Memory.equal(a.baseAddress!, b.baseAddress!, count: a.count)
        }
      }
  }
}

extension RGBAImage {
  /// The top-left `width`×`height` corner of the image (no larger than it).
  func cropped(width newWidth: Int, height newHeight: Int) -> RGBAImage {
    if newWidth == width && newHeight == height { return self }
    var out = RGBAImage(width: newWidth, height: newHeight)
    for row in 0..<newHeight {
      out.pixels[row * newWidth * 4..<(row + 1) * newWidth * 4] = pixels[row * width * 4..<row * width * 4 + newWidth * 4]
    }
    return out
  }

  /// The image in the top-left corner of a larger transparent one.
  func padded(width newWidth: Int, height newHeight: Int) -> RGBAImage {
    if newWidth == width && newHeight == height { return self }
    var out = RGBAImage(width: newWidth, height: newHeight)
    out.blit(self, x: 0, y: 0)
    return out
  }

  /// Copies `image` into this one with its top-left corner at `x, y` (it must fit).
  mutating func blit(_ image: RGBAImage, x: Int, y: Int) {
    precondition(x + image.width <= width && y + image.height <= height)
    let rowBytes = image.width * 4
    for row in 0..<image.height {
      let to = ((y + row) * width + x) * 4
      pixels[to..<to + rowBytes] = image.pixels[row * rowBytes..<(row + 1) * rowBytes]
    }
  }
}
