/// What a comparison of two images found, and whether it stays within the budgets.
public struct DiffResult: Sendable, Hashable {
  /// The size of the expected image.
  public var expectedSize: ImageSize
  /// The size of the actual image.
  public var actualSize: ImageSize
  /// Whether both images have the same size and the same bytes.
  public var identical: Bool
  /// Pixels that differ and count against the budgets (AA-excused ones not included).
  ///
  /// When the sizes differ, the images are compared padded (with transparent pixels) to the
  /// larger width and height, and every pixel outside either image counts as differing.
  public var differingPixels: Int
  /// Pixels that differ beyond the threshold but were excused as anti-aliasing (perceptual
  /// metric only).
  public var antialiasedPixels: Int
  /// The pixels compared: width × height of the (padded) comparison area, less the ignored
  /// ones.
  public var comparedPixels: Int
  /// Pixels excluded from the comparison (`--ignore`, `--mask`).
  public var ignoredPixels: Int = 0
  /// The densest `size`² window, or `nil` when no pixel differs.
  public var worstWindow: DiffWindow?
  /// The smallest rectangle holding every differing pixel, or `nil` when none differs.
  public var boundingBox: PixelBox?
  /// Root mean square of the RGB channel differences, 0–255, pixels blended over white
  /// (matplotlib's `compare_images` figure for opaque images).
  public var rms: Double
  /// The budgets broken, in the order size, pixels, window; empty when the images match.
  public var violations: [BudgetViolation]

  /// A result with these figures (a comparison's, or one read back from a report).
  package init(
    expectedSize: ImageSize, actualSize: ImageSize, identical: Bool, differingPixels: Int, antialiasedPixels: Int,
    comparedPixels: Int, ignoredPixels: Int = 0, worstWindow: DiffWindow?, boundingBox: PixelBox?, rms: Double,
    violations: [BudgetViolation]
  ) {
    self.expectedSize = expectedSize
    self.actualSize = actualSize
    self.identical = identical
    self.differingPixels = differingPixels
    self.antialiasedPixels = antialiasedPixels
    self.comparedPixels = comparedPixels
    self.ignoredPixels = ignoredPixels
    self.worstWindow = worstWindow
    self.boundingBox = boundingBox
    self.rms = rms
    self.violations = violations
  }

  /// Whether the images match: same size and every budget kept.
  public var passed: Bool { violations.isEmpty }

  /// Whether both images have the same width and height.
  public var sizesMatch: Bool { expectedSize == actualSize }

  /// `differingPixels` as a fraction of `comparedPixels` (0 for an empty image).
  public var differingRatio: Double {
    comparedPixels == 0 ? 0 : Double(differingPixels) / Double(comparedPixels)
  }
}

/// A width and a height in whole pixels.
public struct ImageSize: Sendable, Hashable, CustomStringConvertible {
  public var width: Int
  public var height: Int

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// `1600×900`.
  public var description: String { "\(width)×\(height)" }
}

/// A rectangle of pixels given by its first and last column and row (inclusive).
public struct PixelBox: Sendable, Hashable {
  public var minX: Int
  public var minY: Int
  public var maxX: Int
  public var maxY: Int

  public init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
    self.minX = minX
    self.minY = minY
    self.maxX = maxX
    self.maxY = maxY
  }
}

/// A square window of the comparison and how many differing pixels it holds.
public struct DiffWindow: Sendable, Hashable {
  /// Top-left pixel.
  public var x: Int
  public var y: Int
  /// Side length in pixels.
  public var size: Int
  /// Differing pixels inside (with the perceptual metric, AA-excused ones too).
  public var pixels: Int

  public init(x: Int, y: Int, size: Int, pixels: Int) {
    self.x = x
    self.y = y
    self.size = size
    self.pixels = pixels
  }
}

/// A reason two images do not match.
public enum BudgetViolation: Sendable, Hashable {
  /// The images have different sizes.
  case sizeMismatch
  /// More pixels differ than the budget allows.
  case pixelBudget(DiffOptions.PixelBudget)
  /// Some window holds more differing pixels than `maxPixels`.
  case windowBudget(maxPixels: Int)
}
