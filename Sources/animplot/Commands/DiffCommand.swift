import ArgumentParser
import Canvas
import Golden

#if canImport(Glibc)
  import Glibc
#endif

/// `animplot diff EXPECTED ACTUAL`: compares two PNG images (SPEC §2), exit 0 match, 1 differ.
struct Diff: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "diff",
    abstract: "Compare two PNG images; exit 0 when they match, 1 when they differ.",
    discussion: """
      Exact mode (default): a pixel differs when any RGBA byte differs; two fully \
      transparent pixels are equal whatever their colour. Any differing pixel fails \
      unless a budget says otherwise: --max-diff-pixels 10 tolerates ten.

      Perceptual mode (--perceptual): pixelmatch's metric. A pixel differs when the YIQ \
      distance of the two pixels, blended over white, exceeds --threshold (0 to 1, default \
      0.1); differing pixels that look like anti-aliasing in either image are excused \
      (shown yellow) unless --include-aa. Default budgets: at most 0.1% of the pixels \
      differ, and no 16×16 window holds more than 24 differing pixels, AA-excused ones \
      included: AA detection excuses much of a thin curve moved by one pixel, the window \
      catches it.

      The summary line gives the differing pixels, their share, the densest window, their \
      bounding box and the RMS of the RGB differences (0-255, over white). Images of \
      different sizes always differ; -o still draws both, padded to the larger size, with \
      the pixels that exist in one image only in red.

      Diff image (-o): unchanged pixels in faded grey, differing pixels red where ACTUAL \
      is darker (or as bright), blue where it is lighter, AA-excused pixels yellow. \
      --side-by-side draws EXPECTED | ACTUAL | diff. With -o - the image goes to standard \
      output and the summary to standard error.

      Exit codes: 0 match, 1 differ, 2 bad usage or an unreadable or invalid PNG.
      """)

  @Argument(help: "The reference PNG image.")
  var expected: String

  @Argument(help: "The PNG image to check against it.")
  var actual: String

  @Option(
    name: .shortAndLong,
    help: ArgumentHelp("Write the diff image (PNG; - for standard output).", valueName: "diff.png"))
  var output: String?

  @Flag(help: "Compare perceptually (YIQ distance, anti-aliasing detection) instead of exactly.")
  var perceptual = false

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Perceptual threshold, 0 to 1 (default 0.1); smaller is stricter.", valueName: "t"))
  var threshold: Double?

  @Flag(
    name: .customLong("include-aa"), help: "Count anti-aliasing-like differences too (perceptual).")
  var includeAA = false

  @Option(
    name: .customLong("max-diff-pixels"), parsing: .unconditional,
    help: ArgumentHelp(
      "Tolerate at most this many differing pixels (default: 0 exact, 0.1% perceptual).",
      valueName: "n"))
  var maxDiffPixels: Int?

  @Option(
    name: .customLong("max-diff-ratio"), parsing: .unconditional,
    help: ArgumentHelp(
      "Tolerate at most this fraction (0 to 1) of differing pixels.", valueName: "r"))
  var maxDiffRatio: Double?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Side of the square window for the densest-window figure (default 16).", valueName: "n"))
  var window: Int?

  @Option(
    name: .customLong("max-window-pixels"), parsing: .unconditional,
    help: ArgumentHelp(
      "Tolerate at most this many differing pixels in any window (default: no limit exact, 24 perceptual).",
      valueName: "n"))
  var maxWindowPixels: Int?

  @Flag(name: .customLong("side-by-side"), help: "Make the diff image EXPECTED | ACTUAL | diff.")
  var sideBySide = false

  @Option(help: "Summary format: text (one line) or json (one object).")
  var format: ReportFormat = .text

  func run() throws {
    let options = try diffOptions()
    let comparison = ImageComparison(
      expected: try load(expected), actual: try load(actual), options: options)
    if let output {
      let image = sideBySide ? comparison.sideBySideImage() : comparison.diffImage()
      try OutputFile.write(ImageFile.pngBytes(image), to: output)
    }
    let report =
      switch format {
      case .text: comparison.summary
      case .json: comparison.json(expectedPath: expected, actualPath: actual)
      }
    Terminal.write(report + "\n", to: output == "-" ? 2 : 1)
    // A difference is an outcome, not an error: no message, just SPEC §2.2's exit code 1.
    if !comparison.result.passed { throw ExitCode(1) }
  }

  /// The options the flags ask for, or a one-line error naming the flag at fault.
  private func diffOptions() throws -> DiffOptions {
    if !perceptual {
      if threshold != nil { throw CLIError("--threshold applies only with --perceptual") }
      if includeAA { throw CLIError("--include-aa applies only with --perceptual") }
    }
    if maxDiffPixels != nil && maxDiffRatio != nil {
      throw CLIError("--max-diff-pixels and --max-diff-ratio cannot be used together")
    }
    if sideBySide && output == nil { throw CLIError("--side-by-side needs -o DIFF.png") }
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
        maxWindowPixels: maxWindowPixels ?? defaults.maxWindowPixels)
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

  private func load(_ path: String) throws -> RGBAImage {
    do {
      return try ImageFile.read(path: path)
    } catch {
      throw CLIError(error.description)
    }
  }
}

/// How `diff` prints its findings.
enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
  case text, json
}
