import AnimplotGolden
import ArgumentParser

/// How the diff image is drawn: pixelmatch's `alpha`, `diffMask`, `diffColor`,
/// `diffColorAlt` and `aaColor`, the options `diff` and `check` share.
package struct DiffImageOptions: ParsableArguments, Sendable {
  package init() {}

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Opacity of the expected image's grey in the diff image, 0 to 1 (default 0.1).", valueName: "a"), transform: decimalOption)
  package var alpha: Double?

  @Flag(
    name: .customLong("diff-mask"),
    help: "Draw only the differing pixels, on a transparent background (pixelmatch's diffMask).")
  package var diffMask = false

  @Option(
    name: .customLong("diff-color"),
    help: ArgumentHelp(
      "Colour of differing pixels where ACTUAL is lighter or as bright (default 0000ff; alone, of all of them).",
      valueName: "RRGGBB"))
  package var diffColor: String?

  @Option(
    name: .customLong("diff-color-alt"),
    help: ArgumentHelp(
      "Colour of differing pixels where ACTUAL is darker (default ff0000, or --diff-color's).",
      valueName: "RRGGBB"))
  package var diffColorAlt: String?

  @Option(
    name: .customLong("aa-color"),
    help: ArgumentHelp("Colour of anti-aliasing-excused pixels (default ffff00).", valueName: "RRGGBB"))
  package var aaColor: String?

  /// The names of the options given, as the command line spells them.
  package var givenNames: [String] {
    [
      alpha.map { _ in "--alpha" }, diffMask ? "--diff-mask" : nil, diffColor.map { _ in "--diff-color" },
      diffColorAlt.map { _ in "--diff-color-alt" }, aaColor.map { _ in "--aa-color" },
    ].compactMap { $0 }
  }

  /// The style the options ask for, or a one-line error naming the option at fault.
  ///
  /// As in pixelmatch, `--diff-color` alone paints every differing pixel (the alternative
  /// colour, where ACTUAL is darker, defaults to it); with neither, animplot's red (darker)
  /// and blue (lighter) tell the two apart.
  package func style() throws -> DiffImageStyle {
    func parse(_ text: String?, _ flag: String) throws -> DiffColors.RGB? {
      guard let text else { return nil }
      guard let color = DiffColors.RGB(hex: text) else {
        throw CLIError("\(flag) \(text): expected a colour as six hexadecimal digits, RRGGBB (ff00ff)")
      }
      return color
    }
    let main = try parse(diffColor, "--diff-color")
    let alt = try parse(diffColorAlt, "--diff-color-alt")
    let aa = try parse(aaColor, "--aa-color")
    if let alpha, !(0...1).contains(alpha) {
      throw CLIError("--alpha \(alpha): expected an opacity between 0 and 1")
    }
    var colors = DiffColors.standard
    if let main { (colors.darker, colors.lighter) = (main, main) }
    if let alt { colors.darker = alt }
    if let aa { colors.antialiased = aa }
    return DiffImageStyle(colors: colors, alpha: alpha ?? ImageComparison.defaultAlpha, mask: diffMask)
  }
}
