import AnimplotPlots
import AnimplotRender
import ArgumentParser

/// `graph`: Blender's Graph Editor.
public struct GraphArguments: VerbArguments {
  public init() {}

  @Argument(help: InputFilesHelp.help)
  public var inputs: [String]

  @OptionGroup public var inputOptions: InputOptions<FirstActionHelp>
  @OptionGroup public var picture: PictureOptions

  @Option(parsing: .unconditional, help: ArgumentHelp("The values shown, e.g. -1:2.5 (default: fit, overshoot included).", valueName: "min:max"))
  public var values: String?

  @Flag(name: .customLong("no-channel-list"), help: "Hide the channel list at the left.")
  public var noChannelList = false

  @Flag(name: .customLong("no-scrollbars"), help: "Hide Blender's scrollbars along the bottom and right edges (shown with the channel list).")
  public var noScrollbars = false

  @Flag(help: "Draw Blender's editor header above the editor (26 px more at the top; the editor keeps --height).")
  public var header = false

  @Option(help: "Which keys show their handles: selected, all or none.")
  public var handles: GraphOptions.Handles = .selected

  @Option(name: .customLong("key-shape"), help: "Keys as Blender's round vertices (round) or as diamonds in the channel colour (diamond).")
  public var keyShape: GraphOptions.KeyShape = .round

  @Flag(help: "Scale every curve to -1...1, as Blender's Normalize.")
  public var normalize = false

  @Option(help: "Curve colours: auto (X/Y/Z red/green/blue for transforms, rainbow for the rest) or rainbow (all, as Blender shows curves made from Python).")
  public var colors: CurveColorMode = .auto

  @Flag(name: .customLong("no-cursor"), help: "Hide Blender's 2D cursor line at value 0.")
  public var noCursor = false

  @OptionGroup public var outputOptions: OutputOptions<GraphView>

  public func validate() throws {
    if let values { _ = try PictureOptions.range(values, option: "--values") }
  }

  public var settings: RenderSettings { picture.settings }

  public func view() throws -> GraphView {
    var options = GraphOptions()
    try picture.apply(to: &options)
    options.values = try values.map { try PictureOptions.range($0, option: "--values") }
    options.showChannelList = !noChannelList
    options.showScrollbars = !noScrollbars
    options.showHeader = header
    options.handles = handles
    options.keyShape = keyShape
    options.normalize = normalize
    options.colors = colors
    options.showCursor = !noCursor
    return GraphView(options: options)
  }
}
