import AnimplotCairo
import AnimplotPlots
import AnimplotRender
import ArgumentParser

/// The options every picture verb shares (README, "The Graph Editor"): size, device scale,
/// theme, the frames shown, the playhead and PNG compression.
package struct PictureOptions: ParsableArguments, Sendable {
  package init() {}

  @Option(parsing: .unconditional, help: "Width of the picture in pixels.")
  package var width: Int = 1600

  @Option(
    name: .customLong("height"), parsing: .unconditional,
    help: ArgumentHelp(
      "Height of the picture in pixels (default: 900; for timeline 120); graph and dopesheet: auto, tall enough for every channel row.",
      valueName: "height"))
  package var heightArgument: PictureHeight?

  /// `--height` in pixels, `nil` when absent or `auto`.
  package var requestedHeight: Int? {
    if case .pixels(let n)? = heightArgument { return n }
    return nil
  }

  /// `--height auto`.
  package var autoHeight: Bool { heightArgument == .auto }

  @OptionGroup package var scaleAndTheme: ScaleAndThemeOptions

  /// `--scale`: device pixels per pixel.
  package var scale: Double { scaleAndTheme.scale }
  /// `--theme`.
  package var theme: Theme { scaleAndTheme.theme }

  @Option(parsing: .unconditional, help: ArgumentHelp("The frames shown, e.g. 1:120 (default: fit everything visible).", valueName: "start:end"))
  package var frames: String?

  @Option(name: .customLong("current-frame"), parsing: .unconditional, help: ArgumentHelp("Where to draw the playhead (default: the file's currentFrame).", valueName: "frame"))
  package var currentFrame: Double?

  @Option(
    name: .customLong("png-compression"),
    help: "PNG compression: fast, default or small (from 1,000,000 pixels up, default compresses as fast does).")
  package var pngCompression: PNGCompression = .default

  /// Largest accepted width or height, pixels.
  package static let maximumSide = 16_384

  package func validate() throws {
    try Self.checkSide("--width", width)
    try Self.checkSide("--height", requestedHeight)
    if let frames { _ = try Self.range(frames, option: "--frames") }
    if let currentFrame {
      guard currentFrame.isFinite else { throw ValidationError("--current-frame must be a finite number") }
      try FrameList.checkFits(currentFrame, option: "--current-frame", text: "\(currentFrame)")
    }
  }

  /// Scale and compression.
  package var settings: RenderSettings { RenderSettings(scale: scale, pngCompression: pngCompression) }

  /// Sets the options every editor shares: width, height (`defaultHeight` when `--height` is
  /// absent), theme, frames and playhead.
  /// - Throws: `ValidationError` for `--height auto` unless `fitsRows` (the editors with rows).
  package func apply<Options: EditorOptions>(to options: inout Options, defaultHeight: Int = 900, fitsRows: Bool = false) throws {
    if autoHeight && !fitsRows {
      throw ValidationError("--height auto: only graph and dopesheet fit their rows; give a number of pixels")
    }
    options.width = Double(width)
    options.height = Double(requestedHeight ?? defaultHeight)
    options.theme = theme
    options.frames = try frames.map { try Self.range($0, option: "--frames") }
    options.currentFrame = currentFrame
  }

  /// `A:B` with A < B.
  package static func range(_ text: String, option: String) throws -> ClosedRange<Double> {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, let a = Double(parts[0].trimmingCharacters(in: " ")),
      let b = Double(parts[1].trimmingCharacters(in: " ")), a.isFinite, b.isFinite
    else { throw ValidationError("\(option): '\(text)' is not START:END (e.g. 1:120 or -10:10)") }
    for v in [a, b] { try FrameList.checkFits(v, option: option, text: text) }
    guard a < b else { throw ValidationError("\(option): the end must be greater than the start in '\(text)'") }
    return a...b
  }
}

/// `--height`: a number of pixels or `auto`.
package enum PictureHeight: ExpressibleByArgument, Sendable, Equatable {
  case pixels(Int)
  case auto

  package init?(argument: String) {
    if argument == "auto" {
      self = .auto
    } else if let n = Int(argument) {
      self = .pixels(n)
    } else {
      return nil
    }
  }
}

extension Substring {
  func trimmingCharacters(in set: Character) -> String {
    var s = self
    while s.first == set { s = s.dropFirst() }
    while s.last == set { s = s.dropLast() }
    return String(s)
  }
}

/// A theme named on the command line (`--theme light`): a type of the command line's own, as
/// `InputKindArgument`.
package struct ThemeArgument: ExpressibleByArgument, Sendable {
  package var theme: Theme

  package init(_ theme: Theme) { self.theme = theme }

  package init?(argument: String) {
    guard let theme = Theme.named(argument) else { return nil }
    self.theme = theme
  }

  package static var allValueStrings: [String] { Theme.names }
  package var defaultValueDescription: String { theme.name }
}

extension PNGCompression: ExpressibleByArgument {}
extension GraphOptions.Handles: ExpressibleByArgument {}
extension GraphOptions.KeyShape: ExpressibleByArgument {}
extension GraphOptions.KeyMarkers: ExpressibleByArgument {}
extension SelectMode: ExpressibleByArgument {}
extension CurveColorMode: ExpressibleByArgument {}
