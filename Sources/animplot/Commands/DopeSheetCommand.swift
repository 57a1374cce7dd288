import AnimplotCore
import ArgumentParser
import AnimplotPlots

/// `animplot dopesheet`: Blender's Dope Sheet as a picture, or its layout as JSON.
struct DopeSheet: DrawingCommand {
  static let configuration = CommandConfiguration(
    commandName: "dopesheet",
    abstract: "Draw the keys as Blender's Dope Sheet shows them, to PNG, SVG or PDF, or print its layout as JSON.",
    discussion: """
      Rows: the Summary, then each action of the file (as Blender lists each animated object) with \
      its groups and channels. --format json prints the rows, key columns, hold bars and \
      interpolation lines instead of a picture (docs/dopesheet-json.md). Several inputs render \
      into a folder: animplot dopesheet a.json b.json -o out/
      """)

  @Argument(help: "Input files (action JSON or the compact form); '-' reads standard input.")
  var inputs: [String]

  @OptionGroup var selection: ActionSelection
  @OptionGroup var view: ViewOptions

  @Flag(name: .customLong("no-summary"), help: "Leave out the Summary row.")
  var noSummary = false

  @Flag(name: .customLong("collapse-groups"), help: "Show each group as one row, its channels merged into it.")
  var collapseGroups = false

  @Flag(
    name: .customLong("show-handle-types"),
    help: """
      Blender's "Show Handles and Interpolation": keys shaped by handle type (circle \
      autoClamped, circle with a dot auto, square vector, clipped diamond aligned, diamond free) \
      and a line over spans that are not Bézier.
      """)
  var showHandleTypes = false

  @Flag(name: .customLong("no-channel-list"), help: "Hide the channel list at the left.")
  var noChannelList = false

  func validate() throws {
    guard !inputs.isEmpty else { throw ValidationError("Missing expected argument '<inputs> ...'") }
    if view.values != nil {
      throw ValidationError("--values has no meaning for the dope sheet: its rows are channels, not values")
    }
  }

  func render() throws -> [RenderedPicture] {
    let plan = try Outputs.plan(
      inputs: inputs, output: view.output, format: view.format,
      accepted: OutputFormat.pictures + [.json])
    // Read every input before drawing anything: a bad one stops the command with no output.
    let inputs = try plan.map { try selection.loadAll($0.input) }
    let options = try editorOptions()
    return try zip(plan, inputs).map { item, actions in
      let editor = DopeSheetEditor(actions: actions, options: options)
      let bytes =
        item.format == .json
        ? Array(editor.layout.json.utf8)
        : try Rendering.render(
          format: item.format, width: view.width, height: view.height, scale: view.scale,
          compression: view.pngCompression, output: item.path
        ) { editor.draw(on: $0) }
      return RenderedPicture(path: item.path, format: item.format, bytes: bytes)
    }
  }

  func editorOptions() throws -> DopeSheetEditorOptions {
    var options = DopeSheetEditorOptions()
    try view.apply(to: &options, height: view.height)
    options.showChannelList = !noChannelList
    options.showHandlesAndInterpolation = showHandleTypes
    options.rows = DopeSheetOptions(showSummary: !noSummary, collapseGroups: collapseGroups)
    return options
  }
}
