import AnimplotIO
import AnimplotRender
import ArgumentParser

/// Where a verb showing `View` writes and in which format: `-o`, `--format`; the help lists
/// the view's formats.
package struct OutputOptions<View: PlotView>: ParsableArguments, Sendable {
  package init() {}

  @Option(
    name: .shortAndLong,
    help: ArgumentHelp(
      View.showsEveryAction || View.outputFormats.contains(.png)
        ? "Output file, '-' for standard output, or a folder (ending in /) for several inputs."
        : "Output file ('-', the default, for standard output).", valueName: "output"))
  package var output: String?

  @Option(
    help: ArgumentHelp(
      "Output format: " + View.outputFormats.map { format in
        format.name + " (." + format.fileExtensions.joined(separator: ", .") + ")"
      }.joined(separator: ", ") + "; default: from the output's extension, else "
        + View.outputFormats[0].name + ". The extension and --format must agree.",
      valueName: "format"), transform: { $0.lowercased() })
  package var format: String?

  package func validate() throws {
    if let output, output.hasSuffix(".") {
      throw ValidationError("--output '\(output)' has no extension")
    }
    if let format, !View.outputFormats.contains(where: { $0.name == format }) {
      throw ValidationError(
        "--format \(format) is not available here; use "
          + OutputFormat.list(View.outputFormats.map(\.name)))
    }
  }
}
