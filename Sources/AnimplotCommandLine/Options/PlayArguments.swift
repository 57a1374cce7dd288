import AnimplotCairo
import AnimplotIO
import AnimplotPlatform
import AnimplotPlots
import AnimplotRender
import ArgumentParser

/// `play`: an editor with its playhead stepping through the frames, as an APNG, an animated
/// SVG or a folder of PNG frames.
public struct PlayArguments: VerbArguments {
  public init() {}

  @Argument(help: InputOptions.inputsHelp)
  public var inputs: [String]

  @OptionGroup public var inputOptions: InputOptions

  @Option(name: .customLong("view"), help: "The editor that plays: graph, dopesheet or timeline.")
  public var editor: PlayView.Editor = .graph

  @Option(help: "Width of the picture in pixels.")
  public var width: Int = 1600

  @Option(
    name: .customLong("height"),
    help: "Height of the picture in pixels (default: 900; for --view timeline 120).")
  public var requestedHeight: Int?

  @Option(help: "Device pixels per pixel (2 for HiDPI).")
  public var scale: Double = 1

  @Option(help: "Colour theme: blender (Blender's dark theme) or light (for documents and print).")
  public var theme: Theme = .blender

  @Option(help: ArgumentHelp("The frames played, e.g. 1:120 (default: the scene range).", valueName: "start:end"))
  public var frames: String?

  @Option(help: ArgumentHelp("Frames the playhead moves per picture (Blender's Frame Step).", valueName: "frames"))
  public var step: Double = 1

  @Option(help: ArgumentHelp("How many times the animation plays; 0 loops forever, as Blender does.", valueName: "n"))
  public var loop: Int = 0

  @Flag(
    name: .customLong("keys-only"),
    help: "One picture per key, each shown until the next key's time, as the jump-to-key buttons step.")
  public var keysOnly = false

  @Flag(help: "Write an animated PNG to a .png file (the extension .apng needs no flag).")
  public var animated = false

  @Option(help: ArgumentHelp("The values shown by --view graph, e.g. -1:2.5 (default: fit).", valueName: "min:max"))
  public var values: String?

  @Flag(help: "--view graph: scale every curve to -1...1, as Blender's Normalize.")
  public var normalize = false

  @Flag(name: .customLong("no-channel-list"), help: "Hide the channel list at the left.")
  public var noChannelList = false

  @Option(name: .customLong("png-compression"), help: "PNG compression: fast, default or small.")
  public var pngCompression: PNGCompression = .default

  @OptionGroup public var outputOptions: OutputOptions<PlayView>

  /// The strip's height for `--view timeline` when `--height` is not given, pixels.
  public static let timelineHeight = 120

  public func validate() throws {
    for (name, v) in [("--width", width), ("--height", requestedHeight ?? 900)]
    where v < 16 || v > PictureOptions.maximumSide {
      throw ValidationError("\(name) must be from 16 to \(PictureOptions.maximumSide) pixels, not \(v)")
    }
    guard scale > 0 && scale <= 8 && scale.isFinite else {
      throw ValidationError("--scale must be greater than 0 and at most 8, not \(scale)")
    }
    if let frames { _ = try PictureOptions.range(frames, option: "--frames") }
    if let values { _ = try PictureOptions.range(values, option: "--values") }
    guard step > 0 && step.isFinite else {
      throw ValidationError("--step must be a number of frames above 0, not \(step)")
    }
    try FrameList.checkFits(step, option: "--step", text: "\(step)")
    guard loop >= 0 && loop <= 65535 else {
      throw ValidationError("--loop must be from 0 (forever) to 65535, not \(loop)")
    }
    if values != nil || normalize, editor != .graph {
      throw ValidationError("--values and --normalize are options of --view graph")
    }
  }

  public var settings: RenderSettings { RenderSettings(scale: scale, pngCompression: pngCompression) }

  public func view() throws -> PlayView {
    func apply<Options: EditorOptions>(_ options: inout Options, height: Int) throws {
      options.width = Double(width)
      options.height = Double(requestedHeight ?? height)
      options.theme = theme
    }
    var play = PlayView(editor: editor)
    try apply(&play.graph, height: 900)
    play.graph.values = try values.map { try PictureOptions.range($0, option: "--values") }
    play.graph.normalize = normalize
    play.graph.showChannelList = !noChannelList
    try apply(&play.dopeSheet, height: 900)
    play.dopeSheet.showChannelList = !noChannelList
    try apply(&play.timeline, height: Self.timelineHeight)
    play.timing.frames = try frames.map { try PictureOptions.range($0, option: "--frames") }
    play.timing.step = step
    play.timing.fps = inputOptions.fps
    play.timing.plays = loop
    play.timing.keysOnly = keysOnly
    return play
  }

  /// Writes the animation: an APNG or animated SVG file (by the extension or `--format`),
  /// or, for `-o FOLDER/`, one PNG per picture named 0001.png, 0002.png … in playing order.
  /// Every file is staged first and put in place only when all were made.
  public func play() throws {
    guard inputs.count == 1 else {
      throw CLIError("play takes one input, not \(inputs.count)")
    }
    guard let output = outputOptions.output else {
      throw CLIError("missing -o OUTPUT: an .apng or .svg file ('-' for standard output), or a folder ending in / for PNG frames")
    }
    if output.hasSuffix("/") || FileSystem.isDirectory(output) {
      if let format = outputOptions.format {
        throw CLIError("-o \(output) is a folder of PNG frames; --format \(format) names a single file")
      }
      try writeFrames(into: output.hasSuffix("/") ? output : output + "/")
      return
    }
    if output != "-", InputKind.fileExtension(of: output) == "png", !animated, outputOptions.format == nil {
      throw CLIError(
        "-o \(output): play writes an animated PNG; name it .apng, add --animated to keep .png, or end -o with / for a folder of frames")
    }
    try run()
  }

  private func writeFrames(into folder: String) throws {
    try OutputPlan.refuseOverwriting(inputs, with: folder)
    let input = inputs[0]
    let renderer = Renderer(settings: settings)
    let animation: PlayheadAnimation
    do {
      let actions = try inputOptions.selection.actions(
        of: Input.file(input, kind: inputOptions.inputFormat, options: inputOptions.importOptions).document(),
        every: true, file: input == "-" ? "<stdin>" : input)
      animation = try view().content(of: actions)
    } catch let error as RenderError {
      throw CLIError(error.description)
    }
    let created = try OutputPlan.prepareFolder(of: folder + "0001.png")
    let digits = max(4, String(animation.frames.count).count)
    var staged: [StagedOutput] = []
    do {
      try renderer.pngFrames(of: animation) { index, bytes in
        var name = String(index + 1)
        name = String(repeating: "0", count: digits - name.count) + name
        staged.append(try OutputFile.stage(bytes, to: folder + name + ".png"))
      }
      for (i, output) in staged.enumerated() {
        do {
          try output.commit()
        } catch {
          for rest in staged[(i + 1)...] { rest.discard() }
          throw error
        }
      }
    } catch {
      for output in staged { output.discard() }
      for made in created.reversed() { rmdir(made) }
      if let error = error as? RenderError { throw CLIError(error.description) }
      throw error
    }
  }
}

extension PlayView.Editor: ExpressibleByArgument {}
