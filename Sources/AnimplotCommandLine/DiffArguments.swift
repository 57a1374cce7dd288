import AnimplotCanvas
import AnimplotGolden
import AnimplotIO
import AnimplotPlatform
import AnimplotRender
import ArgumentParser

/// `animplot diff EXPECTED ACTUAL`: compares two PNG images (SPEC §2), exit 0 match, 1 differ.
public struct DiffArguments: ParsableArguments {
  public init() {}

  /// The verb's help, for the executable's command.
  public static let configuration = CommandConfiguration(
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

      Examples:
        animplot diff golden.png new.png
        animplot diff golden.png new.png --perceptual -o diff.png --side-by-side
        animplot graph walk.json -o - | animplot diff golden.png -
      """)

  @Argument(help: "The reference PNG image ('-' reads standard input).")
  public var expected: String

  @Argument(help: "The PNG image to check against it ('-' reads standard input).")
  public var actual: String

  @Option(
    name: .shortAndLong,
    help: ArgumentHelp("Write the diff image (PNG; - for standard output).", valueName: "diff.png"))
  public var output: String?

  @OptionGroup var criteria: ComparisonOptions

  @Flag(name: .customLong("side-by-side"), help: "Make the diff image EXPECTED | ACTUAL | diff.")
  public var sideBySide = false

  @Option(help: "Summary format: text (one line) or json (one object).")
  public var format: ReportFormat = .text

  public func run() throws {
    let options = try criteria.diffOptions()
    if sideBySide && output == nil { throw CLIError("--side-by-side needs -o DIFF.png") }
    if expected == "-" && actual == "-" { throw CLIError("only one of the two images can be read from standard input ('-')") }
    if let output, output != "-", let ext = InputKind.fileExtension(of: output), ext != "png" {
      throw CLIError("-o \(output): diff writes a PNG image; name it .png")
    }
    let comparison = ImageComparison(
      expected: try load(expected), actual: try load(actual), options: options)
    if let output {
      let area = comparison.diffImageSize
      if sideBySide && !comparison.sideBySideFits {
        throw CLIError(
          "--side-by-side: three \(area.width)×\(area.height) panels pass animplot's image limit of "
            + "\(Limits.imagePixels) pixels (8192×8192); write the diff image alone")
      }
      let image = sideBySide ? comparison.sideBySideImage() : comparison.diffImage()
      try OutputPlan.refuseOverwriting([expected, actual], with: output)
      try OutputFile.write(ImageFile.pngBytes(image), to: output)
    }
    let report =
      switch format {
      case .text: comparison.summary
      case .json:
        comparison.json(expectedPath: expected == "-" ? "<stdin>" : expected, actualPath: actual == "-" ? "<stdin>" : actual)
      }
    Terminal.write(report + "\n", to: output == "-" ? 2 : 1)
    // A difference is an outcome, not an error: no message, just SPEC §2.2's exit code 1.
    if !comparison.result.passed { throw ExitCode(1) }
  }

  private func load(_ path: String) throws -> RGBAImage {
    do {
      return try path == "-" ? ImageFile.readStandardInput() : ImageFile.read(path: path)
    } catch {
      throw CLIError(error.description)
    }
  }
}

/// How `diff` prints its findings.
public enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
  case text, json
}
