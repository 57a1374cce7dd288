import AnimplotCore
import ArgumentParser
import AnimplotPlots

/// `animplot timeline`: Blender's Timeline strip as a picture.
struct Timeline: DrawingCommand {
  static let configuration = CommandConfiguration(
    commandName: "timeline",
    abstract: "Draw Blender's Timeline strip: ruler, scene range, keys, markers, playhead and transport readout.",
    discussion: """
      The keys are those of the selected channels, or of every channel when none is selected, \
      merged into one row as Blender's Timeline shows them. The picture is 1600x120 unless \
      --width/--height say otherwise. Several inputs render into a folder: \
      animplot timeline a.json b.json -o out/
      """)

  @Argument(help: "Input files (action JSON or the compact form); '-' reads standard input.")
  var inputs: [String]

  @OptionGroup var selection: ActionSelection
  @OptionGroup var view: ViewOptions

  /// The strip's height when --height is not given, pixels.
  static let defaultHeight = 120

  func validate() throws {
    guard !inputs.isEmpty else { throw ValidationError("Missing expected argument '<inputs> ...'") }
    if view.values != nil {
      throw ValidationError("--values has no meaning for the timeline: it shows frames, not values")
    }
    if view.format == .json {
      throw ValidationError(
        "--format json: the timeline has no JSON layout; 'animplot dopesheet --format json' lists its keys (the Summary row)")
    }
  }

  func render() throws -> [RenderedPicture] {
    let plan = try Outputs.plan(inputs: inputs, output: view.output, format: view.format)
    // Read every input before drawing anything: a bad one stops the command with no output.
    let inputs = try plan.map { try selection.loadAll($0.input) }
    var options = TimelineOptions()
    try view.apply(to: &options, height: view.requestedHeight ?? Self.defaultHeight)
    return try zip(plan, inputs).map { item, actions in
      let timeline = AnimplotPlots.Timeline(actions: actions, options: options)
      let bytes = try Rendering.render(
        format: item.format, width: view.width, height: Int(options.height), scale: view.scale,
        compression: view.pngCompression, output: item.path
      ) { timeline.draw(on: $0) }
      return RenderedPicture(path: item.path, format: item.format, bytes: bytes)
    }
  }
}
