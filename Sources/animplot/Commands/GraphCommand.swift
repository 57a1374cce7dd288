import AnimplotCore
import ArgumentParser
import AnimplotPlots

/// `animplot graph`: Blender's Graph Editor as a picture.
struct Graph: DrawingCommand {
  static let configuration = CommandConfiguration(
    commandName: "graph",
    abstract: "Draw the curves as Blender's Graph Editor shows them, to PNG, SVG or PDF.",
    discussion: """
      Several inputs render into a folder: animplot graph a.json b.json -o out/
      """)

  @Argument(help: "Input files (action JSON or the compact form); '-' reads standard input.")
  var inputs: [String]

  @OptionGroup var selection: ActionSelection
  @OptionGroup var view: ViewOptions

  @Flag(name: .customLong("no-channel-list"), help: "Hide the channel list at the left.")
  var noChannelList = false

  @Option(help: "Which keys show their handles: selected, all or none.")
  var handles: GraphOptions.Handles = .selected

  @Option(name: .customLong("key-shape"), help: "Keys as Blender's round vertices (round) or as diamonds in the channel colour (diamond).")
  var keyShape: GraphOptions.KeyShape = .round

  @Flag(help: "Scale every curve to -1...1, as Blender's Normalize.")
  var normalize = false

  @Option(help: "Curve colours: auto (X/Y/Z red/green/blue for transforms, rainbow for the rest) or rainbow (all, as Blender shows curves made from Python).")
  var colors: CurveColorMode = .auto

  @Flag(name: .customLong("no-cursor"), help: "Hide Blender's 2D cursor line at value 0.")
  var noCursor = false

  func validate() throws {
    guard !inputs.isEmpty else { throw ValidationError("Missing expected argument '<inputs> ...'") }
  }

  func render() throws -> [RenderedPicture] {
    let plan = try Outputs.plan(inputs: inputs, output: view.output, format: view.format)
    // Read every input before drawing anything: a bad one stops the command with no output.
    let actions = try plan.map { try selection.load($0.input) }
    let options = try graphOptions()
    return try zip(plan, actions).map { item, action in
      let editor = GraphEditor(action: action, options: options)
      let bytes = try Rendering.render(
        format: item.format, width: view.width, height: view.height, scale: view.scale,
        compression: view.pngCompression, output: item.path
      ) { editor.draw(on: $0) }
      return RenderedPicture(path: item.path, format: item.format, bytes: bytes)
    }
  }

  func graphOptions() throws -> GraphOptions {
    var options = GraphOptions()
    try view.apply(to: &options, height: view.height)
    options.values = try view.values.map { try ViewOptions.range($0, option: "--values") }
    options.showChannelList = !noChannelList
    options.handles = handles
    options.keyShape = keyShape
    options.normalize = normalize
    options.colors = colors
    options.showCursor = !noCursor
    return options
  }
}

extension GraphOptions.Handles: ExpressibleByArgument {}
extension GraphOptions.KeyShape: ExpressibleByArgument {}
extension CurveColorMode: ExpressibleByArgument {}
