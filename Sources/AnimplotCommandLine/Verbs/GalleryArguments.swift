import AnimplotText
import AnimplotCairo
import AnimplotCore
import AnimplotPlatform
import AnimplotPlots
import AnimplotRender
import ArgumentParser

/// `gallery`: every interpolation and easing as small multiples. No input: the curves are made
/// from the core's model.
package struct GalleryArguments: ParsableArguments, Sendable {
  package init() {}

  @Option(name: .shortAndLong, help: ArgumentHelp("Output file, '-' for standard output.", valueName: "output"))
  package var output: String?

  @Option(
    help: ArgumentHelp(
      "Output format: "
        + GalleryView.outputFormats.map { $0.name + " (." + $0.fileExtensions.joined(separator: ", .") + ")" }
        .joined(separator: ", ") + "; default: from the output's extension. The extension and --format must agree.",
      valueName: "format"), transform: { $0.lowercased() })
  package var format: String?

  @Option(
    help: ArgumentHelp(
      "Only these interpolations, comma-separated, e.g. quad,back (back and elastic bring their variants; default: all).",
      valueName: "names"))
  package var only: String?

  @Option(parsing: .unconditional, help: "Width of the picture in pixels (default: cells of 190 pixels).")
  package var width: Int?

  @Option(parsing: .unconditional, help: "Height of the picture in pixels (default: cells of 130 pixels).")
  package var height: Int?

  @OptionGroup package var look: LookOptions



  package func validate() throws {
    try PictureChecks.checkSide("--width", width)
    if let width, width < Gallery.minimumWidth {
      throw ValidationError(
        "--width \(width): the gallery needs at least \(Gallery.minimumWidth) pixels (row labels and three cells of 90)")
    }
    try PictureChecks.checkSide("--height", height)
    if let only { _ = try Self.interpolations(only) }
    if let output, output.hasSuffix(".") {
      throw ValidationError("--output '\(output)' has no extension")
    }
  }

  /// The interpolations `--only` names, comma-separated, in any letter case.
  /// - Throws: `ValidationError` naming the first unknown name and listing the valid ones.
  package static func interpolations(_ text: String) throws -> [Interpolation] {
    let names = Interpolation.allCases.map { "\($0)" }
    return try text.split(separator: ",", omittingEmptySubsequences: false).map { item in
      let word = item.trimmingCharacters(in: " ").lowercased()
      guard let i = names.firstIndex(of: word) else {
        let hint = Suggestion.nearest(to: word, among: names).map { " (did you mean '\($0)'?)" } ?? ""
        throw ValidationError(
          "--only: unknown interpolation '\(item)'\(hint); expected names from \(names.joined(separator: ", "))")
      }
      return Interpolation.allCases[i]
    }
  }

  /// Scale and compression.
  package var settings: RenderSettings { look.settings }

  /// The view with the options asked for.
  package func view() throws -> GalleryView {
    var options = GalleryOptions()
    options.width = width.map(Double.init)
    options.height = height.map(Double.init)
    options.theme = look.theme
    if let only { options.interpolations = try Self.interpolations(only) }
    return GalleryView(options: options)
  }

  /// Renders the gallery and writes it to `-o` as the other verbs write: staged beside its
  /// place and renamed into place, so a failure leaves no output.
  /// - Throws: `CLIError` with the one-line message of what failed.
  package func run() throws {
    guard let output else {
      throw CLIError("missing -o OUTPUT: a file, or '-' for standard output")
    }
    if output.hasSuffix("/") { throw CLIError("-o \(output): gallery writes one file; give its name") }
    try OutputPlan.requireFolder(of: output)
    do {
      let chosen = try OutputFormat.choose(for: GalleryView.self, path: output, requested: format)
      try OutputPlan.refuseBinaryToTerminal(output, chosen)
      let bytes = try Renderer(settings: settings).render([], view: try view(), as: chosen, name: "gallery")
      try OutputFile.write(bytes, to: output)
    } catch let error as RenderError {
      throw CLIError(error.description)
    }
  }
}
