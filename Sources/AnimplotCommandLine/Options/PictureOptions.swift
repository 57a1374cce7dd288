import AnimplotCairo
import AnimplotPlatform
import AnimplotPlots
import AnimplotRender
import AnimplotText
import ArgumentParser

/// What `--height` and `--current-frame` mean in a verb that draws one picture: their help and
/// the height when none is given. (swift-argument-parser's help texts are static, so the
/// verb's options carry the text as a type, as `ActionOptionHelp` does.)
package protocol PictureOptionHelp: Sendable {
  /// The height when `--height` is absent, pixels.
  static var defaultHeight: Int { get }
  /// Whether `--height auto` fits the picture to its channel rows.
  static var fitsRows: Bool { get }
  /// What `--current-frame` draws.
  static var currentFrameHelp: String { get }
}

extension PictureOptionHelp {
  static var heightHelp: String {
    "Height of the picture in pixels (default: \(defaultHeight))"
      + (fitsRows ? ", or auto: tall enough for every channel row." : ".")
  }
}

/// graph and dopesheet: an editor with channel rows and a playhead.
package enum EditorPictureHelp: PictureOptionHelp {
  package static let defaultHeight = 900
  package static let fitsRows = true
  package static let currentFrameHelp = "Where to draw the playhead (default: the file's currentFrame)."
}

/// timeline: a strip with a playhead.
package enum TimelinePictureHelp: PictureOptionHelp {
  package static let defaultHeight = 120
  package static let fitsRows = false
  package static let currentFrameHelp = EditorPictureHelp.currentFrameHelp
}

/// path: a motion path, with the object's place at the current frame.
package enum PathPictureHelp: PictureOptionHelp {
  package static let defaultHeight = 900
  package static let fitsRows = false
  package static let currentFrameHelp =
    "The frame whose position is ringed on the path (default: the file's currentFrame)."
}

/// The options every picture verb shares (README, "The Graph Editor"): size, device scale,
/// theme, the frames shown, the playhead and PNG compression; `Help` says what `--height` and
/// `--current-frame` mean in the verb.
package struct PictureOptions<Help: PictureOptionHelp>: ParsableArguments, Sendable {
  package init() {}

  @Option(parsing: .unconditional, help: ArgumentHelp("Width of the picture in pixels.", valueName: "pixels"))
  package var width: Int = 1600

  @Option(
    name: .customLong("height"), parsing: .unconditional,
    help: ArgumentHelp(
      Help.heightHelp, valueName: Help.fitsRows ? "pixels|auto" : "pixels"))
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

  @Option(name: .customLong("current-frame"), parsing: .unconditional, help: ArgumentHelp(Help.currentFrameHelp, valueName: "frame"), transform: decimalOption)
  package var currentFrame: Double?

  @OptionGroup package var encoding: EncodingOptions

  package func validate() throws {
    try PictureChecks.checkSide("--width", width)
    try PictureChecks.checkSide("--height", requestedHeight)
    if let frames { _ = try PictureChecks.range(frames, option: "--frames") }
    if let currentFrame {
      try FrameList.checkFits(currentFrame, option: "--current-frame", text: "\(currentFrame)")
    }
  }

  /// Scale, compression and SVG text.
  package var settings: RenderSettings { encoding.settings(scale: scale) }

  /// Sets the options every editor shares: width, height (`Help.defaultHeight` when
  /// `--height` is absent), theme, frames and playhead.
  /// - Throws: `ValidationError` for `--height auto` unless `Help.fitsRows` (the editors with
  ///   rows).
  package func apply<Options: EditorOptions>(to options: inout Options) throws {
    if autoHeight && !Help.fitsRows {
      throw ValidationError("--height auto: only graph and dopesheet fit their rows; give a number of pixels")
    }
    options.width = Double(width)
    options.height = Double(requestedHeight ?? Help.defaultHeight)
    options.theme = theme
    options.frames = try frames.map { try PictureChecks.range($0, option: "--frames") }
    options.currentFrame = currentFrame
  }
}

/// The checks of sizes and ranges that the picture verbs share.
package enum PictureChecks {
  /// Largest accepted width or height, pixels.
  package static let maximumSide = 16_384

  /// `A:B` with A < B.
  package static func range(_ text: String, option: String) throws -> ClosedRange<Double> {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, let a = decimalNumber(parts[0].trimmingCharacters(in: " ")),
      let b = decimalNumber(parts[1].trimmingCharacters(in: " "))
    else { throw ValidationError("\(option): '\(text)' is not START:END (e.g. 1:120 or -10:10)") }
    for v in [a, b] { try FrameList.checkFits(v, option: option, text: text) }
    guard a < b else { throw ValidationError("\(option): the end must be greater than the start in '\(text)'") }
    return a...b
  }
}

/// The check of a channel glob's length (`--channels`, `--hide`).
package enum PatternChecks {
  /// `text` when it is at most `Limits.channelPatternCharacters` long.
  package static func channelPattern(_ text: String, option: String) throws {
    let count = text.count
    guard count <= Limits.channelPatternCharacters else {
      throw ValidationError(
        "\(option): expected a glob of at most \(Limits.channelPatternCharacters) characters; found \(count)")
    }
  }

  /// `patterns` (`--channels` and every `--hide`) when they are at most
  /// `Limits.channelPatternCharacters` long together: each name is matched against them all.
  package static func channelPatterns(_ patterns: [String]) throws {
    let count = patterns.reduce(0) { $0 + $1.count }
    guard count <= Limits.channelPatternCharacters else {
      throw ValidationError(
        "--channels and --hide: expected globs of at most \(Limits.channelPatternCharacters) characters in all; found \(count)")
    }
  }
}

/// `--height`: a number of pixels or `auto`.
package enum PictureHeight: ExpressibleByArgument, Sendable, Equatable {
  case pixels(Int)
  case auto

  package init?(argument: String) {
    if argument.lowercased() == "auto" {
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

extension PNGCompression: CaseInsensitiveArgument {}
extension GraphOptions.Handles: CaseInsensitiveArgument {}
extension GraphOptions.KeyShape: CaseInsensitiveArgument {}
extension GraphOptions.KeyMarkers: CaseInsensitiveArgument {}
extension SelectMode: CaseInsensitiveArgument {}
extension CurveColorMode: CaseInsensitiveArgument {}
