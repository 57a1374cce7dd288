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

  /// Compares `actual` with `expected`.
  ///
  /// When the padded area of two images of different sizes would pass `Limits.imagePixels`
  /// (65536×1 beside 1×65536 is 2³² pixels), only their common top-left area is classified and
  /// drawn in the diff image; every other pixel of the padded area still counts as differing.
  public init(expected: RGBAImage, actual: RGBAImage, options: DiffOptions) {
    self.options = options
    let expectedSize = ImageSize(width: expected.width, height: expected.height)
    let actualSize = ImageSize(width: actual.width, height: actual.height)
    let sizesMatch = expectedSize == actualSize
    let identical = sizesMatch && Self.sameBytes(expected.pixels, actual.pixels)
    let width = max(expected.width, actual.width)
    let height = max(expected.height, actual.height)
    // Image sides are below 2³¹ (PNG), so the product cannot overflow.
    let compared = width * height
    let common = (width: min(expected.width, actual.width), height: min(expected.height, actual.height))

    var classification: PixelClassification
    if identical {
      classification = PixelClassification(identicalWidth: expected.width, height: expected.height)
      (self.expected, self.actual) = (expected, actual)
    } else if sizesMatch {
      classification = PixelClassification(
        expected: expected, actual: actual, metric: options.metric)
      (self.expected, self.actual) = (expected, actual)
    } else if compared > Limits.imagePixels {
      let e = expected.cropped(width: common.width, height: common.height)
      let a = actual.cropped(width: common.width, height: common.height)
      classification = PixelClassification(expected: e, actual: a, metric: options.metric)
      classification.countDifferingBeyond(width: width, height: height)
      (self.expected, self.actual) = (e, a)
    } else {
      classification = PixelClassification(
        expected: expected.padded(width: width, height: height),
        actual: actual.padded(width: width, height: height), metric: options.metric)
      classification.markDifferingOutside(width: common.width, height: common.height)
      (self.expected, self.actual) = (expected, actual)
    }
    self.classification = classification

    let window = classification.worstWindow(size: options.windowSize)
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
      worstWindow: window, boundingBox: classification.differingBox,
      rms: compared == 0 ? 0 : (classification.squaredError / Double(3 * compared)).squareRoot(),
      violations: violations)
  }

  private static func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    a.count == b.count
      && a.withUnsafeBytes { a in
        b.withUnsafeBytes { b in
          a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0
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
