/// How two images are compared and how much difference is tolerated.
///
/// Two presets cover most uses: `.exact` (every differing pixel fails) and `.perceptual`
/// (pixelmatch's YIQ metric with anti-aliasing detection, plus pixel and window budgets).
/// Budgets apply in both metrics: an exact comparison with `.pixels(10)` tolerates ten
/// differing pixels.
public struct DiffOptions: Sendable, Hashable {
  /// How one pixel of the expected image is compared with the same pixel of the actual one.
  public enum Metric: Sendable, Hashable {
    /// A pixel differs when any of its RGBA bytes differ, except that two fully transparent
    /// pixels are equal whatever their RGB (straight alpha leaves it meaningless there).
    case exact
    /// pixelmatch's metric: a pixel differs when its YIQ distance (after blending a pixel
    /// that is not opaque over white, or over pixelmatch 7's checkerboard with
    /// `DiffOptions.checkerboard`) exceeds `threshold` (0...1, 0.1 by default), and counts
    /// unless it looks like anti-aliasing in either image; `includeAntialiased` counts those
    /// too.
    case perceptual(threshold: Double, includeAntialiased: Bool)
  }

  /// The most differing pixels tolerated in the whole image.
  public enum PixelBudget: Sendable, Hashable {
    /// At most this many pixels.
    case pixels(Int)
    /// At most this fraction (0...1) of the pixels.
    case ratio(Double)
  }

  public let metric: Metric
  public let pixelBudget: PixelBudget
  /// The side N of the square window whose worst (densest) position is reported; clamped to
  /// the image size.
  public let windowSize: Int
  /// The most differing pixels tolerated in any `windowSize`² window; `nil`: no limit.
  ///
  /// The window catches what AA detection and the pixel budget let through: a 1-px curve
  /// moved by one pixel changes a dense band of pixels, which scattered anti-aliasing noise
  /// never does. In the perceptual metric the window therefore also counts the pixels excused
  /// as anti-aliasing.
  public let maxWindowPixels: Int?
  /// Whether the perceptual metric blends pixels that are not opaque over pixelmatch 7's
  /// checkerboard (its default, `checkerboard: true`) instead of plain white (animplot's
  /// default, pixelmatch's `checkerboard: false`). Over white, transparent black and opaque
  /// white are the same pixel; over the checkerboard's dark squares they differ. The exact
  /// metric ignores it.
  public let checkerboard: Bool

  /// Options checked for sense: threshold and ratio in 0...1, counts ≥ 0, window ≥ 1.
  public init(
    metric: Metric, pixelBudget: PixelBudget, windowSize: Int = 16, maxWindowPixels: Int? = nil,
    checkerboard: Bool = false
  ) throws(DiffOptionsError) {
    if case .perceptual(let threshold, _) = metric, !(0...1).contains(threshold) {
      throw .thresholdOutOfRange(threshold)
    }
    switch pixelBudget {
    case .pixels(let n) where n < 0: throw .negativePixelBudget(n)
    case .ratio(let r) where !(0...1).contains(r): throw .ratioOutOfRange(r)
    default: break
    }
    guard windowSize >= 1 else { throw .windowTooSmall(windowSize) }
    if let maxWindowPixels, maxWindowPixels < 0 { throw .negativeWindowBudget(maxWindowPixels) }
    self.init(
      unchecked: metric, pixelBudget: pixelBudget, windowSize: windowSize,
      maxWindowPixels: maxWindowPixels, checkerboard: checkerboard)
  }

  private init(
    unchecked metric: Metric, pixelBudget: PixelBudget, windowSize: Int, maxWindowPixels: Int?,
    checkerboard: Bool = false
  ) {
    self.metric = metric
    self.pixelBudget = pixelBudget
    self.windowSize = windowSize
    self.maxWindowPixels = maxWindowPixels
    self.checkerboard = checkerboard
  }

  /// Exact comparison: any differing pixel fails; the worst 16×16 window is reported only.
  public static let exact = DiffOptions(
    unchecked: .exact, pixelBudget: .pixels(0), windowSize: 16, maxWindowPixels: nil)

  /// The default YIQ threshold of the perceptual metric (pixelmatch's).
  public static let defaultThreshold = 0.1

  /// Perceptual comparison with animplot's default budgets (docs/check.md): threshold 0.1, AA
  /// pixels excused, at most 0.1 % of the pixels differing, at most 24 in any 16×16 window.
  public static let perceptual = DiffOptions(
    unchecked: .perceptual(threshold: defaultThreshold, includeAntialiased: false),
    pixelBudget: .ratio(0.001), windowSize: 16, maxWindowPixels: 24)
}

/// An option value that makes no sense.
public enum DiffOptionsError: Error, Sendable, Hashable, CustomStringConvertible {
  case thresholdOutOfRange(Double)
  case ratioOutOfRange(Double)
  case negativePixelBudget(Int)
  case windowTooSmall(Int)
  case negativeWindowBudget(Int)

  public var description: String {
    switch self {
    case .thresholdOutOfRange(let t): "threshold must be between 0 and 1, not \(t)"
    case .ratioOutOfRange(let r): "differing-pixel ratio must be between 0 and 1, not \(r)"
    case .negativePixelBudget(let n): "differing-pixel budget must be 0 or more, not \(n)"
    case .windowTooSmall(let n): "window size must be at least 1 pixel, not \(n)"
    case .negativeWindowBudget(let n): "window budget must be 0 or more pixels, not \(n)"
    }
  }
}
