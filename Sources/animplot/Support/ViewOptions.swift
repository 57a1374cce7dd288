import ArgumentParser
import AnimplotPlots

/// The options every drawing verb shares (SPEC §2): picture size, device scale, theme, the
/// frames and values shown, the playhead, and the output.
struct ViewOptions: ParsableArguments {
  @Option(help: "Width of the picture in pixels.")
  var width: Int = 1600

  @Option(
    name: .customLong("height"),
    help: "Height of the picture in pixels (default: 900; for timeline 120).")
  var requestedHeight: Int?

  /// The height asked for, else the drawing verbs' default, 900.
  var height: Int { requestedHeight ?? 900 }

  @Option(help: "Device pixels per pixel (2 for HiDPI).")
  var scale: Double = 1

  @Option(help: "Colour theme: blender (Blender's dark theme) or light (for documents and print).")
  var theme: String = "blender"

  @Option(help: ArgumentHelp("The frames shown, e.g. 1:120 (default: fit everything visible).", valueName: "start:end"))
  var frames: String?

  @Option(help: ArgumentHelp("The values shown, e.g. -1:2.5 (default: fit, overshoot included).", valueName: "min:max"))
  var values: String?

  @Option(name: .customLong("current-frame"), help: ArgumentHelp("Where to draw the playhead (default: the file's currentFrame).", valueName: "frame"))
  var currentFrame: Double?

  @Option(name: .shortAndLong, help: "Output file, '-' for standard output, or a folder (ending in /) for several inputs.")
  var output: String?

  @Option(help: "Output format: png, svg, pdf, displaylist, or json for dopesheet's layout (default: from the output's extension, else png).")
  var format: OutputFormat?

  @Option(name: .customLong("png-compression"), help: "PNG compression: fast, default or small.")
  var pngCompression: PNGCompressionOption = .default

  /// Largest accepted width or height, pixels.
  static let maximumSide = 16_384

  func validate() throws {
    for (name, v) in [("--width", width), ("--height", requestedHeight ?? 900)]
    where v < 16 || v > Self.maximumSide {
      throw ValidationError("\(name) must be from 16 to \(Self.maximumSide) pixels, not \(v)")
    }
    guard scale > 0 && scale <= 8 && scale.isFinite else {
      throw ValidationError("--scale must be greater than 0 and at most 8, not \(scale)")
    }
    guard Theme.named(theme) != nil else {
      throw ValidationError("--theme must be one of \(Theme.names.joined(separator: ", ")), not '\(theme)'")
    }
    if let frames { _ = try Self.range(frames, option: "--frames") }
    if let values { _ = try Self.range(values, option: "--values") }
    if let currentFrame, !currentFrame.isFinite {
      throw ValidationError("--current-frame must be a finite number")
    }
    if let output, output.hasSuffix(".") {
      throw ValidationError("--output '\(output)' has no extension")
    }
  }

  /// `A:B` with A < B.
  static func range(_ text: String, option: String) throws -> ClosedRange<Double> {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, let a = Double(parts[0].trimmingCharacters(in: " ")),
      let b = Double(parts[1].trimmingCharacters(in: " ")), a.isFinite, b.isFinite
    else { throw ValidationError("\(option): '\(text)' is not START:END (e.g. 1:120; write \(option)=-10:10 for negative numbers)") }
    guard a < b else { throw ValidationError("\(option): the end must be greater than the start in '\(text)'") }
    return a...b
  }

  var resolvedTheme: Theme { Theme.named(theme) ?? .blender }

  /// Sets the shared options of an editor: width, `height` (the verb's default when
  /// `--height` is absent), theme, frames and playhead.
  func apply<Options: EditorOptions>(to options: inout Options, height: Int) throws {
    options.width = Double(width)
    options.height = Double(height)
    options.theme = resolvedTheme
    options.frames = try frames.map { try ViewOptions.range($0, option: "--frames") }
    options.currentFrame = currentFrame
  }
}

/// The file formats a drawing verb writes.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
  case png, svg, pdf, displaylist
  /// A layout as data (`dopesheet` only).
  case json

  /// The formats every drawing verb writes.
  static let pictures: [OutputFormat] = [.png, .svg, .pdf, .displaylist]

  /// The format an output path's extension names, if any.
  init?(path: String) {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    switch path[path.index(after: dot)...].lowercased() {
    case "png": self = .png
    case "svg": self = .svg
    case "pdf": self = .pdf
    case "txt", "displaylist": self = .displaylist
    case "json": self = .json
    default: return nil
    }
  }

  var fileExtension: String { self == .displaylist ? "txt" : rawValue }
}

enum PNGCompressionOption: String, ExpressibleByArgument, CaseIterable {
  case fast, `default`, small
}
