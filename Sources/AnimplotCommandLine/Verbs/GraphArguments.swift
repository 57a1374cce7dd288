import AnimplotCore
import AnimplotPlots
import AnimplotRender
import ArgumentParser

/// `graph`: Blender's Graph Editor.
package struct GraphArguments: VerbArguments {
  package init() {}

  @Argument(help: InputFilesHelp.help)
  package var inputs: [String]

  @OptionGroup package var inputOptions: InputOptions<FirstActionHelp>
  @OptionGroup package var picture: PictureOptions<EditorPictureHelp>

  @Option(parsing: .unconditional, help: ArgumentHelp("The values shown, e.g. -1:2.5 (default: fit, overshoot included).", valueName: "min:max"))
  package var values: String?

  @Flag(name: .customLong("no-channel-list"), help: "Hide the channel list at the left.")
  package var noChannelList = false

  @OptionGroup package var channelList: ChannelListOptions

  @Option(help: ArgumentHelp(
    "What is drawn selected: file (what the file says; imported curves are selected, as Blender's importers leave them), all or none.",
    valueName: "file|all|none"))
  package var select: SelectMode = .file

  @Flag(name: .customLong("no-scrollbars"), help: "Hide Blender's scrollbars along the bottom and right edges (shown with the channel list).")
  package var noScrollbars = false

  @Flag(help: "Draw Blender's editor header above the editor (26 px more at the top; the editor keeps --height).")
  package var header = false

  @Option(help: ArgumentHelp("Which keys show their handles: selected, all or none.", valueName: "selected|all|none"))
  package var handles: GraphOptions.Handles = .selected

  @Option(
    name: .customLong("key-shape"),
    help: ArgumentHelp("Keys as Blender's round vertices (round) or as diamonds in the channel colour (diamond).", valueName: "round|diamond"))
  package var keyShape: GraphOptions.KeyShape = .round

  @Option(help: ArgumentHelp(
    "Which keys' markers are drawn: auto (leaves out those that would touch the one before, keeping the first, last, extreme and selected keys), all (Blender's) or none.",
    valueName: "auto|all|none"))
  package var keys: GraphOptions.KeyMarkers = .auto

  @Flag(help: "Scale every curve to -1...1, as Blender's Normalize.")
  package var normalize = false

  @Option(help: ArgumentHelp(
    "Curve colours: auto (X/Y/Z red/green/blue for transforms, rainbow for the rest) or rainbow (all, as Blender shows curves made from Python).",
    valueName: "auto|rainbow"))
  package var colors: CurveColorMode = .auto

  @Option(help: ArgumentHelp(
    "Hide the channels this glob matches as Blender's eye does: their rows stay in the channel list with the eye closed, their curves are not drawn (repeatable; the same matching as --channels).",
    valueName: "pattern"))
  package var hide: [String] = []

  @Flag(name: .customLong("no-cursor"), help: "Hide Blender's 2D cursor line at value 0.")
  package var noCursor = false

  @Option(
    help: ArgumentHelp(
      "Draw the curves of this file (a file of actions, or a values CSV as 'eval' writes it) under the live ones, as Blender's ghost curves.",
      valueName: "file"))
  package var ghost: String?

  package var otherReads: [String] { ghost.map { [$0] } ?? [] }

  @OptionGroup package var outputOptions: OutputOptions<GraphView>

  package func validate() throws {
    if let values { _ = try PictureChecks.range(values, option: "--values") }
    for pattern in hide { try PatternChecks.channelPattern(pattern, option: "--hide") }
    try PatternChecks.channelPatterns(([inputOptions.channels].compactMap { $0 }) + hide)
  }

  package var settings: RenderSettings { picture.settings }

  package func view() throws -> GraphView {
    var options = GraphOptions()
    try picture.apply(to: &options)
    options.values = try values.map { try PictureChecks.range($0, option: "--values") }
    options.showChannelList = !noChannelList
    options.channelListWidth = channelList.width(or: options.channelListWidth)
    options.showScrollbars = !noScrollbars
    options.showHeader = header
    options.handles = handles
    options.keyShape = keyShape
    options.keys = keys
    options.normalize = normalize
    options.colors = colors
    options.showCursor = !noCursor
    options.hide = hide.map(ChannelPattern.init)
    var view = GraphView(options: options)
    view.fitsHeight = picture.autoHeight
    view.select = select
    if let ghost {
      if ghost == "-" { throw ValidationError("--ghost -: the ghost curves must come from a file, not standard input") }
      view.ghost = .file(ghost)
    }
    return view
  }
}
