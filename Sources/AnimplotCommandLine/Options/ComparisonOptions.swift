import ArgumentParser
import AnimplotGolden

/// How images are compared and how much difference is tolerated: the options `diff` and
/// `check` share.
package struct ComparisonOptions: ParsableArguments, Sendable {
  package init() {}

  @Flag(help: "Compare perceptually (YIQ distance, anti-aliasing detection) instead of exactly.")
  package var perceptual = false

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Perceptual threshold, 0 to 1 (default 0.1); smaller is stricter.", valueName: "t"), transform: decimalOption)
  package var threshold: Double?

  @Flag(
    name: .customLong("include-aa"), help: "Count anti-aliasing-like differences too (perceptual).")
  package var includeAA = false

  @Flag(
    help: "Blend pixels that are not opaque over pixelmatch 7's checkerboard, not white (perceptual).")
  package var checkerboard = false

  @Option(
    name: .customLong("max-diff-pixels"), parsing: .unconditional,
    help: ArgumentHelp(
      "Tolerate at most this many differing pixels (default: 0 exact, 0.1% perceptual).",
      valueName: "n"))
  package var maxDiffPixels: Int?

  @Option(
    name: .customLong("max-diff-ratio"), parsing: .unconditional,
    help: ArgumentHelp(
      "Tolerate at most this fraction (0 to 1) of differing pixels.", valueName: "r"), transform: decimalOption)
  package var maxDiffRatio: Double?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Side of the square window for the densest-window figure (default 16).", valueName: "n"))
  package var window: Int?

  @Option(
    name: .customLong("max-window-pixels"), parsing: .unconditional,
    help: ArgumentHelp(
      "Tolerate at most this many differing pixels in any window (default: no limit exact, 24 perceptual).",
      valueName: "n"))
  package var maxWindowPixels: Int?

  /// The options the flags ask for, or a one-line error naming the flag at fault.
  package func diffOptions() throws -> DiffOptions {
    if !perceptual {
      if threshold != nil { throw CLIError("--threshold applies only with --perceptual") }
      if includeAA { throw CLIError("--include-aa applies only with --perceptual") }
      if checkerboard { throw CLIError("--checkerboard applies only with --perceptual") }
    }
    if maxDiffPixels != nil && maxDiffRatio != nil {
      throw CLIError("--max-diff-pixels and --max-diff-ratio cannot be used together")
    }
    let defaults: DiffOptions = perceptual ? .perceptual : .exact
    let metric: DiffOptions.Metric =
      perceptual
      ? .perceptual(
        threshold: threshold ?? DiffOptions.defaultThreshold, includeAntialiased: includeAA)
      : .exact
    let budget: DiffOptions.PixelBudget =
      maxDiffPixels.map { .pixels($0) } ?? maxDiffRatio.map { .ratio($0) } ?? defaults.pixelBudget
    do {
      return try DiffOptions(
        metric: metric, pixelBudget: budget, windowSize: window ?? defaults.windowSize,
        maxWindowPixels: maxWindowPixels ?? defaults.maxWindowPixels, checkerboard: checkerboard)
    } catch {
      let flag =
        switch error {
        case .thresholdOutOfRange: "--threshold"
        case .ratioOutOfRange: "--max-diff-ratio"
        case .negativePixelBudget: "--max-diff-pixels"
        case .windowTooSmall: "--window"
        case .negativeWindowBudget: "--max-window-pixels"
        }
      throw CLIError("\(flag): \(error)")
    }
  }
}
