import AnimplotCairo
import AnimplotIO
import AnimplotPlatform
import AnimplotPlots
import AnimplotRender
import ArgumentParser

/// `play`: an editor with its playhead stepping through the frames, as an APNG, an animated
/// SVG or a folder of PNG frames.
package struct PlayArguments: VerbArguments {
  package init() {}

  @Argument(help: InputFilesHelp.help)
  package var inputs: [String]

  @OptionGroup package var inputOptions: InputOptions<ViewActionHelp>

  @Option(name: .customLong("view"), help: ArgumentHelp("The editor that plays: graph, dopesheet or timeline.", valueName: "graph|dopesheet|timeline"))
  package var editor: PlayView.Editor = .graph

  @Option(parsing: .unconditional, help: "Width of the picture in pixels.")
  package var width: Int = 1600

  @Option(
    name: .customLong("height"), parsing: .unconditional,
    help: "Height of the picture in pixels (default: 900; for --view timeline 120).")
  package var requestedHeight: Int?

  @OptionGroup package var look: LookOptions


  @Option(parsing: .unconditional, help: ArgumentHelp("The frames played, e.g. 1:120 (default: the scene range).", valueName: "start:end"))
  package var frames: String?

  @Option(parsing: .unconditional, help: ArgumentHelp("Frames the playhead moves per picture (Blender's Frame Step; default: 1).", valueName: "frames"), transform: decimalOption)
  package var step: Double?

  @Option(parsing: .unconditional, help: ArgumentHelp("How many times the animation plays; 0 loops forever, as Blender does.", valueName: "n"))
  package var loop: Int = 0

  @Flag(
    name: .customLong("keys-only"),
    help: "One picture per key, each shown until the next key's time, as the jump-to-key buttons step.")
  package var keysOnly = false

  @Flag(help: "With -o FOLDER/: remove the numbered frames (0001.png …) of an earlier, longer run beyond the frames written now; nothing else is touched.")
  package var clean = false

  @Flag(help: "Write an animated PNG to a .png file (the extension .apng needs no flag).")
  package var animated = false

  @Option(parsing: .unconditional, help: ArgumentHelp("The values shown by --view graph, e.g. -1:2.5 (default: fit).", valueName: "min:max"))
  package var values: String?

  @Flag(help: "--view graph: scale every curve to -1...1, as Blender's Normalize.")
  package var normalize = false

  @Flag(name: .customLong("no-channel-list"), help: "Hide the channel list at the left.")
  package var noChannelList = false

  @Flag(name: .customLong("no-scrollbars"), help: "Hide Blender's scrollbars along the bottom and right edges (shown with the channel list).")
  package var noScrollbars = false

  @Flag(help: "--view graph or dopesheet: draw Blender's editor header above the editor (26 px more at the top; the editor keeps --height).")
  package var header = false

  @OptionGroup package var outputOptions: OutputOptions<PlayView>

  /// The strip's height for `--view timeline` when `--height` is not given, pixels.
  package static let timelineHeight = 120

  package func validate() throws {
    try PictureChecks.checkSide("--width", width)
    try PictureChecks.checkSide("--height", requestedHeight)
    if let frames { _ = try PictureChecks.range(frames, option: "--frames") }
    if let values { _ = try PictureChecks.range(values, option: "--values") }
    if let step {
      guard step > 0 && step.isFinite else {
        throw ValidationError("--step must be a number of frames above 0, not \(step)")
      }
      try FrameList.checkFits(step, option: "--step", text: "\(step)")
      // It was ignored silently.
      if keysOnly { throw ValidationError("--keys-only shows one picture per key; --step does not apply, give one or the other") }
    }
    guard loop >= 0 && loop <= 65535 else {
      throw ValidationError("--loop must be from 0 (forever) to 65535, not \(loop)")
    }
    if values != nil || normalize, editor != .graph {
      throw ValidationError("--values and --normalize are options of --view graph")
    }
    if noChannelList, editor == .timeline {
      throw ValidationError("--no-channel-list: the Timeline has no channel list")
    }
    if noScrollbars, editor == .timeline {
      throw ValidationError("--no-scrollbars: the Timeline has no scrollbars")
    }
    if header, editor == .timeline {
      throw ValidationError("--header: the Timeline draws its own header")
    }
  }

  package var settings: RenderSettings { look.settings }

  package func view() throws -> PlayView {
    func apply<Options: EditorOptions>(_ options: inout Options, height: Int) throws {
      options.width = Double(width)
      options.height = Double(requestedHeight ?? height)
      options.theme = look.theme
    }
    var play = PlayView(editor: editor)
    try apply(&play.graph, height: 900)
    play.graph.values = try values.map { try PictureChecks.range($0, option: "--values") }
    play.graph.normalize = normalize
    play.graph.showChannelList = !noChannelList
    play.graph.showScrollbars = !noScrollbars
    play.graph.showHeader = header
    try apply(&play.dopeSheet, height: 900)
    play.dopeSheet.showChannelList = !noChannelList
    play.dopeSheet.showScrollbars = !noScrollbars
    play.dopeSheet.showHeader = header
    try apply(&play.timeline, height: Self.timelineHeight)
    play.timing.frames = try frames.map { try PictureChecks.range($0, option: "--frames") }
    play.timing.step = step ?? 1
    play.timing.fps = inputOptions.fps
    play.timing.plays = loop
    play.timing.keysOnly = keysOnly
    return play
  }

  /// Writes the animation (`AnimationRun.write`).
  package func play() throws {
    try AnimationRun.write(
      view: { try self.view() }, inputs: inputs, output: outputOptions.output, format: outputOptions.format,
      animated: animated, clean: clean, settings: settings, inputOptions: inputOptions)
  }
}

extension PlayView.Editor: CaseInsensitiveArgument {}
