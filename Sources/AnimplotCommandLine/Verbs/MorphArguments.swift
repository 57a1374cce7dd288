import AnimplotText
import AnimplotCairo
import AnimplotCore
import AnimplotIO
import AnimplotPlatform
import AnimplotPlots
import AnimplotRender
import ArgumentParser

/// `morph`: outline A turning into outline B, as a filmstrip (PNG, SVG, PDF, display list) or
/// an animation (APNG, animated SVG). No input argument: the shapes are named or given as SVG
/// path data; the timing is one of Blender's easings, or a channel of an action file.
package struct MorphArguments: ParsableArguments, Sendable {
  package init() {}

  @Option(
    help: ArgumentHelp(
      "Outline A: square, circle, star, heart, or SVG path data (e.g. 'M0 0 H10 V10 Z'; of several subpaths, the one enclosing the largest area).",
      valueName: "shape"))
  package var from: String

  @Option(help: ArgumentHelp("Outline B, as --from.", valueName: "shape"))
  package var to: String

  @Option(
    help: ArgumentHelp(
      "Blender's interpolation and easing the morph follows: MODE[-in|-out|-in-out], MODE one of "
        + Interpolation.allCases.map { "\($0)" }.joined(separator: ", ")
        + " (no suffix: Blender's Automatic Easing); two keys 0 -> 1 evaluated as Blender does (default: bezier).",
      valueName: "name"))
  package var easing: String?

  @Option(
    help: ArgumentHelp(
      "Follow a channel of this action file instead of an easing, normalised so that its value at the scene start is 0 and at the scene end is 1 (beyond: the morph extrapolates).",
      valueName: "input"))
  package var curve: String?

  @Option(help: ArgumentHelp("With --curve: the channel, a glob on its label or dataPath[index]; it must match one.", valueName: "pattern"))
  package var channel: String?

  @Option(
    name: [.customLong("action"), .customLong("animation")],
    help: ArgumentHelp("With --curve: the action of a multi-action file, by name or number (default: the first).", valueName: "name|index"))
  package var action: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Pictures: the morph at evenly spaced times from start to end (default: 9 for a filmstrip, 48 for an animation).",
      valueName: "n"))
  package var frames: Int?

  @Option(parsing: .unconditional, help: ArgumentHelp("Animations: pictures per second (default: 24).", valueName: "fps"), transform: decimalOption)
  package var fps: Double = 24

  @Option(parsing: .unconditional, help: ArgumentHelp("Animations: how many times the animation plays; 0 loops forever.", valueName: "n"))
  package var loop: Int = 0

  @Option(help: ArgumentHelp("Filmstrips: pictures per row (default: all in one row up to 9).", valueName: "n"))
  package var columns: Int?

  @Option(help: ArgumentHelp("Points each outline is resampled to, evenly spaced by arc length.", valueName: "n"))
  package var points: Int = Morph.defaultCount

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Side of each picture's square in pixels (default: 120 for a filmstrip, 240 for an animation).", valueName: "pixels"))
  package var size: Int?

  @Flag(help: "Write an animation to a .png (APNG) or .svg file (the extension .apng needs no flag).")
  package var animated = false

  @Option(name: .shortAndLong, help: ArgumentHelp("Output file, '-' for standard output.", valueName: "output"))
  package var output: String?

  @Option(
    help: ArgumentHelp(
      "Output format: "
        + (MorphView.outputFormats + MorphAnimationView.outputFormats)
        .map { $0.name + " (." + $0.fileExtensions.joined(separator: ", .") + ")" }.joined(separator: ", ")
        + "; default: from the output's extension.", valueName: "format"), transform: { $0.lowercased() })
  package var format: String?

  @OptionGroup package var look: LookOptions



  /// The most outline points one morph draws, over all its pictures.
  package static let maximumPointsDrawn = 10_000_000

  package func validate() throws {
    _ = try Self.shape(from, option: "--from")
    _ = try Self.shape(to, option: "--to")
    if let easing {
      if curve != nil { throw ValidationError("--easing and --curve both give the timing; use one") }
      _ = try Self.easing(easing)
    }
    if curve != nil, channel == nil {
      throw ValidationError("--curve needs --channel PATTERN naming the channel to follow")
    }
    if curve == nil, channel != nil || action != nil {
      throw ValidationError("--channel and --action choose the channel of --curve INPUT; give --curve")
    }
    if let frames, !(1...MorphView.maximumPictures).contains(frames) {
      throw ValidationError("--frames must be from 1 to \(MorphView.maximumPictures), not \(frames)")
    }
    guard fps > 0 && fps <= 1000 && fps.isFinite else {
      throw ValidationError("--fps must be above 0 and at most 1000, not \(fps)")
    }
    guard loop >= 0 && loop <= 65535 else {
      throw ValidationError("--loop must be from 0 (forever) to 65535, not \(loop)")
    }
    if let columns, !(1...1000).contains(columns) {
      throw ValidationError("--columns must be from 1 to 1000, not \(columns)")
    }
    guard (3...100_000).contains(points) else {
      throw ValidationError("--points must be from 3 to 100000, not \(points)")
    }
    // Every picture draws every point: a budget on their product keeps a run to seconds.
    if let frames, frames * points > Self.maximumPointsDrawn {
      throw ValidationError(
        "--frames \(frames) × --points \(points) is more than \(Self.maximumPointsDrawn) points to draw; give fewer of either")
    }
    if let size, !(16...4096).contains(size) {
      throw ValidationError("--size must be from 16 to 4096 pixels, not \(size)")
    }
    if let output, output.hasSuffix(".") {
      throw ValidationError("--output '\(output)' has no extension")
    }
  }

  /// The outline `text` names (a built-in, or SVG path data).
  /// - Throws: `ValidationError` naming the option, with the nearest built-in for a misspelt one.
  package static func shape(_ text: String, option: String) throws -> Outline {
    do {
      return try ShapeSpec.parse(text)
    } catch {
      if case .unknownShape(let name) = error,
        let near = Suggestion.nearest(to: name.lowercased(), among: BuiltinShape.allCases.map(\.rawValue))
      {
        throw ValidationError("\(option): \(error) (did you mean '\(near)'?)")
      }
      throw ValidationError("\(option): \(error)")
    }
  }

  /// Every spelling `--easing` takes: `linear`, `quad`, `quad-in`, `quad-out`, `quad-in-out` ...
  package static var easingNames: [String] {
    Interpolation.allCases.flatMap { mode -> [String] in
      let name = "\(mode)"
      return mode.isEasing ? [name, name + "-in", name + "-out", name + "-in-out"] : [name]
    }
  }

  /// The interpolation and easing `--easing` names: `MODE[-in|-out|-in-out]` in any letter case.
  /// - Throws: `ValidationError` with the nearest valid name.
  package static func easing(_ text: String) throws -> (Interpolation, Easing) {
    let word = String(text.lowercased().drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    var mode = word
    var easing = Easing.auto
    for (suffix, e) in [("-in-out", Easing.easeInOut), ("-in", .easeIn), ("-out", .easeOut)] where word.hasSuffix(suffix) {
      mode = String(word.dropLast(suffix.count))
      easing = e
      break
    }
    guard let interpolation = Interpolation.allCases.first(where: { "\($0)" == mode }) else {
      let hint = Suggestion.nearest(to: word, among: easingNames).map { " (did you mean '\($0)'?)" } ?? ""
      throw ValidationError(
        "--easing: unknown easing '\(text)'\(hint); expected MODE[-in|-out|-in-out] with MODE one of "
          + Interpolation.allCases.map { "\($0)" }.joined(separator: ", "))
    }
    if easing != .auto, !interpolation.isEasing {
      throw ValidationError("--easing: \(interpolation) has no ease in or out; use '\(interpolation)'")
    }
    return (interpolation, easing)
  }

  /// Whether the output is an animation: `.apng`, or `--animated`.
  package var isAnimation: Bool {
    animated || output.flatMap { $0 == "-" ? nil : InputKind.fileExtension(of: $0) } == "apng" || format == "apng"
  }

  /// Scale and compression.
  package var settings: RenderSettings { look.settings }

  /// The timing: the easing's two keys, or the channel of `--curve` over its scene range.
  /// - Throws: `CLIError` when the file cannot be read or the channel matches none or several.
  package func timing() throws -> MorphTiming {
    guard let curve, let channel else {
      let (interpolation, easing) = try Self.easing(easing ?? "bezier")
      return .easing(interpolation, easing)
    }
    do {
      let file = curve == "-" ? "<stdin>" : curve
      let actions = try ActionSelection(action: action, channels: channel).actions(
        of: Input.file(curve).document(), every: false, file: file)
      let chosen = actions[0]
      guard chosen.tracks.count == 1 else {
        let labels = chosen.tracks.map(\.displayLabel)
        let shown = labels.prefix(8).map(listedName).joined(separator: ", ") + (labels.count > 8 ? ", ..." : "")
        throw CLIError(
          "--channel '\(listedName(channel))' matches \(labels.count) channels of \(file) (\(shown)); narrow it to one")
      }
      return MorphTiming(curve: chosen.tracks[0], frames: chosen.sceneRange)
    } catch let error as RenderError {
      throw CLIError(error.description)
    }
  }

  /// The filmstrip view (the animation wraps it).
  package func view() throws -> MorphView {
    var options = MorphOptions()
    options.theme = look.theme
    options.columns = columns
    options.cellSize = Double(size ?? (isAnimation ? 240 : 120))
    var view = MorphView(
      from: try Self.shape(from, option: "--from"), to: try Self.shape(to, option: "--to"), timing: try timing(),
      pictures: frames ?? (isAnimation ? 48 : 9), options: options)
    view.points = points
    view.captionsInFrames = curve != nil
    return view
  }

  /// Renders the morph and writes it to `-o`, staged beside its place and renamed into place,
  /// so a failure leaves no output.
  /// - Throws: `CLIError` with the one-line message of what failed.
  package func run() throws {
    guard let output else {
      throw CLIError("missing -o OUTPUT: a file, or '-' for standard output")
    }
    if output.hasSuffix("/") { throw CLIError("-o \(output): morph writes one file; give its name") }
    try OutputPlan.requireFolder(of: output)
    if let curve { try OutputPlan.refuseOverwriting([curve], with: output) }
    do {
      let renderer = Renderer(settings: settings)
      let bytes: [UInt8]
      if isAnimation {
        let chosen = try OutputFormat.choose(for: MorphAnimationView.self, path: output, requested: format)
        try OutputPlan.refuseBinaryToTerminal(output, chosen)
        let view = MorphAnimationView(morph: try view(), fps: fps, plays: loop)
        bytes = try renderer.render([], view: view, as: chosen, name: "morph")
      } else {
        let chosen = try OutputFormat.choose(for: MorphView.self, path: output, requested: format)
        try OutputPlan.refuseBinaryToTerminal(output, chosen)
        bytes = try renderer.render([], view: try view(), as: chosen, name: "morph")
      }
      try OutputFile.write(bytes, to: output)
    } catch let error as RenderError {
      throw CLIError(error.description)
    }
  }
}
