import AnimplotCairo
import AnimplotCanvas
import AnimplotGolden
import AnimplotIO
import AnimplotPlatform
import AnimplotRender
import ArgumentParser

/// `animplot diff EXPECTED ACTUAL`: compares two PNG images (docs/check.md), exit 0 match, 1
/// differ.
package struct DiffArguments: ParsableArguments {
  package init() {}

  /// The verb's help, for the executable's command.
  package static let configuration = CommandConfiguration(
    commandName: "diff",
    abstract: "Compare two PNG images; exit 0 when they match, 1 when they differ.",
    discussion: """
      Exact mode (default): a pixel differs when any RGBA sample differs; two fully \
      transparent pixels are equal whatever their colour. 16-bit PNGs are compared at \
      16 bits, every bit (an 8-bit file against a 16-bit one as its values times 257). \
      Any differing pixel fails unless a budget says otherwise: --max-diff-pixels 10 \
      tolerates ten.

      Perceptual mode (--perceptual): pixelmatch's metric. A pixel differs when the YIQ \
      distance of the two pixels, blended over white (over pixelmatch 7's checkerboard with \
      --checkerboard), exceeds --threshold (0 to 1, default 0.1); differing pixels that look \
      like anti-aliasing in either image are excused (shown yellow) unless --include-aa. Default budgets: at most 0.1% of the pixels \
      differ, and no 16×16 window holds more than 24 differing pixels, AA-excused ones \
      included: AA detection excuses much of a thin curve moved by one pixel, the window \
      catches it. 16-bit samples are scaled to 8 bits with rounding first (v·255/65535); \
      the summary then ends with "16-bit samples compared at 8 bits".

      Ignoring parts: --ignore X,Y,W,H (repeatable) leaves out a rectangle, --mask FILE \
      the pixels where the mask PNG (the size of EXPECTED) is bright: max(R,G,B)·A/255 of \
      128 or more. White or any bright paint ignores; black or transparent compares. \
      Ignored pixels never differ, are not counted among the compared pixels, and are \
      hatched grey in the diff image.

      The summary line gives the differing pixels, their share, the densest window, their \
      bounding box and the RMS of the RGB differences (0-255, over white). Images of \
      different sizes always differ; -o still draws both, padded to the larger size, with \
      the pixels that exist in one image only in red (exit 2 when that size passes \
      8192×8192 pixels).

      Diff image (-o, always PNG): unchanged pixels in grey (the expected image faded to \
      --alpha, default 0.1), differing pixels red where ACTUAL is darker, blue where it is \
      lighter (or as bright), AA-excused pixels yellow. As pixelmatch's options: \
      --diff-color is the colour of differing pixels, --diff-color-alt of those where \
      ACTUAL is darker (default: --diff-color's, so --diff-color alone paints them all), \
      --aa-color of the AA-excused ones; --diff-mask draws only the differing pixels, on a \
      transparent background. \
      --side-by-side draws labelled EXPECTED | ACTUAL | diff panels and, below them, the \
      densest window enlarged (8× for the default 16×16 window) in all three. With -o - \
      the image goes to standard output and the summary to standard error.

      Exit codes: 0 match, 1 differ, 2 bad usage or an unreadable or invalid PNG.

      Examples:
        animplot diff golden.png new.png
        animplot diff golden.png new.png --perceptual -o diff.png --side-by-side
        animplot diff golden.png new.png --ignore 0,0,200,24 -o diff.png
        animplot graph walk.json -o - | animplot diff golden.png -
      """)

  @Argument(help: "The reference PNG image ('-' reads standard input).")
  package var expected: String

  @Argument(help: "The PNG image to check against it ('-' reads standard input).")
  package var actual: String

  @Option(
    name: .shortAndLong,
    help: ArgumentHelp("Write the diff image (PNG only; - for standard output).", valueName: "diff.png"))
  package var output: String?

  @OptionGroup var criteria: ComparisonOptions

  @Flag(name: .customLong("side-by-side"), help: "Make the diff image EXPECTED | ACTUAL | diff, labelled, and the worst window enlarged.")
  package var sideBySide = false

  @Option(
    parsing: .unconditionalSingleValue,
    help: ArgumentHelp(
      "Leave a rectangle out of the comparison (pixels; repeatable).", valueName: "x,y,w,h"))
  package var ignore: [String] = []

  @Option(
    help: ArgumentHelp(
      "Leave out the pixels where this PNG (the size of EXPECTED) is bright.",
      valueName: "mask.png"))
  package var mask: String?

  @OptionGroup var look: DiffImageOptions

  @Option(help: ArgumentHelp("Summary format: text (one line) or json (one object).", valueName: "text|json"))
  package var format: ReportFormat = .text

  package func run() throws {
    let options = try criteria.diffOptions()
    if sideBySide && output == nil { throw CLIError("--side-by-side needs -o DIFF.png") }
    if expected == "-" && actual == "-" { throw CLIError("only one of the two images can be read from standard input ('-')") }
    if let output, output != "-", let ext = InputKind.fileExtension(of: output), ext != "png" {
      throw CLIError("-o \(output): diff writes a PNG image; name it .png")
    }
    let style = try diffStyle()
    let regions = try ignore.map(Self.parseRegion)
    if mask == "-" { throw CLIError("--mask -: the mask must be a file, not standard input") }
    let expectedImage = try load(expected)
    let actualImage = try load(actual)
    var maskImage: RGBAImage?
    if let mask {
      do {
        maskImage = try ImageFile.read(path: mask)
      } catch {
        throw CLIError("--mask \(error.description)")
      }
      let size = (expectedImage.image.width, expectedImage.image.height)
      if let maskImage, (maskImage.width, maskImage.height) != size {
        throw CLIError(
          "--mask \(mask): \(maskImage.width)×\(maskImage.height) pixels, but the expected image "
            + "\(name(expected)) is \(size.0)×\(size.1); the mask must be its size")
      }
    }
    let areaWidth = max(expectedImage.image.width, actualImage.image.width)
    let areaHeight = max(expectedImage.image.height, actualImage.image.height)
    for (text, region) in zip(ignore, regions)
    where region.x >= areaWidth || region.y >= areaHeight {
      throw CLIError(
        "--ignore \(text): the rectangle starts outside the \(areaWidth)×\(areaHeight) images")
    }
    // The pictures -o draws are weighed by the images' sizes before they are compared (2.4 s
    // for two of 8192×8192), and the side by side again after, with its row of the worst window.
    if let output {
      if areaWidth * areaHeight > Limits.imagePixels {
        throw CLIError(
          "-o \(output): the \(areaWidth)×\(areaHeight) diff image (both images padded to the larger width and "
            + "height) passes animplot's image limit of \(Limits.imagePixels) pixels (8192×8192); compare without -o")
      }
      if sideBySide {
        try refuseSideBySide(ImageComparison.sideBySideLeastSize(width: areaWidth, height: areaHeight))
      }
    }
    let comparison = ImageComparison(
      expected: expectedImage, actual: actualImage, options: options,
      ignoring: IgnoredPixels(regions: regions, mask: maskImage))
    if let output {
      if sideBySide && !comparison.sideBySideFits { try refuseSideBySide(comparison.sideBySideSize) }
      let image =
        sideBySide
        ? comparison.sideBySideImage(
          expectedName: name(expected), actualName: name(actual), colors: style.colors,
          alpha: style.alpha)
        : comparison.diffImage(style: style)
      var inputs = [expected, actual]
      if let mask { inputs.append(mask) }
      try OutputPlan.refuseOverwriting(inputs, with: output)
      try OutputPlan.refuseBinaryToTerminal(output, .png)
      try OutputFile.write(ImageFile.pngBytes(image), to: output)
    }
    let report =
      switch format {
      case .text: comparison.summary
      case .json: comparison.json(expectedPath: name(expected), actualPath: name(actual))
      }
    if output == "-" { Terminal.write(report + "\n", to: 2) } else { try Terminal.result(report + "\n") }
    // A difference is an outcome, not an error: no message, just exit code 1 (README, "The
    // command line").
    if !comparison.result.passed { throw ExitCode(1) }
  }

  /// Refuses a side by side picture of `size` past `Limits.imagePixels`.
  private func refuseSideBySide(_ size: (width: Int, height: Int)) throws {
    guard size.width * size.height > Limits.imagePixels else { return }
    throw CLIError(
      "--side-by-side: the \(size.width)×\(size.height) picture passes animplot's image limit of "
        + "\(Limits.imagePixels) pixels (8192×8192); write the diff image alone")
  }

  /// An image argument as messages name it: `<stdin>` for `-`.
  private func name(_ path: String) -> String { path == "-" ? "<stdin>" : path }

  /// The diff image's style from --alpha, --diff-mask and the colours; they need -o.
  private func diffStyle() throws -> DiffImageStyle {
    // The values first: a bad colour is said as such, with or without -o.
    let style = try look.style()
    if output == nil, let flag = look.givenNames.first {
      throw CLIError("\(flag) changes the diff image; it needs -o DIFF.png")
    }
    if sideBySide && style.mask {
      throw CLIError("--diff-mask draws the diff alone, on a transparent background; leave out --side-by-side")
    }
    return style
  }

  /// `X,Y,W,H` as a rectangle, or a one-line error naming the value.
  static func parseRegion(_ text: String) throws -> PixelRect {
    let fields = text.split(separator: ",", omittingEmptySubsequences: false)
      .map { Int($0) }
    guard fields.count == 4, let x = fields[0], let y = fields[1], let w = fields[2], let h = fields[3]
    else {
      throw CLIError(
        "--ignore \(text): expected X,Y,W,H, four whole numbers (left, top, width, height in pixels)")
    }
    if x < 0 || y < 0 { throw CLIError("--ignore \(text): X and Y must be 0 or more") }
    if w < 1 || h < 1 { throw CLIError("--ignore \(text): width and height must be at least 1 pixel") }
    return PixelRect(x: x, y: y, width: w, height: h)
  }

  private func load(_ path: String) throws -> DecodedPNG {
    do {
      return try path == "-" ? ImageFile.readStandardInputKeepingDepth() : ImageFile.readKeepingDepth(path: path)
    } catch {
      throw CLIError(error.description)
    }
  }
}

/// How `diff` prints its findings.
package enum ReportFormat: String, CaseInsensitiveArgument {
  case text, json
}
