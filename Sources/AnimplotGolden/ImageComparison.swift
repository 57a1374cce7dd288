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
  public init(expected: RGBAImage, actual: RGBAImage, options: DiffOptions) {
    self.expected = expected
    self.actual = actual
    self.options = options
    let expectedSize = ImageSize(width: expected.width, height: expected.height)
    let actualSize = ImageSize(width: actual.width, height: actual.height)
    let sizesMatch = expectedSize == actualSize
    let identical = sizesMatch && Self.sameBytes(expected.pixels, actual.pixels)

    var classification: PixelClassification
    if identical {
      classification = PixelClassification(identicalWidth: expected.width, height: expected.height)
    } else if sizesMatch {
      classification = PixelClassification(
        expected: expected, actual: actual, metric: options.metric)
    } else {
      let width = max(expected.width, actual.width)
      let height = max(expected.height, actual.height)
      classification = PixelClassification(
        expected: expected.padded(width: width, height: height),
        actual: actual.padded(width: width, height: height), metric: options.metric)
      classification.markDifferingOutside(
        width: min(expected.width, actual.width), height: min(expected.height, actual.height))
    }
    self.classification = classification

    let compared = classification.width * classification.height
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
