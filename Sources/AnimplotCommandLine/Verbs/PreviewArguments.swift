import AnimplotCairo
import AnimplotCanvas
import AnimplotCore
import AnimplotPlots
import AnimplotRender
import ArgumentParser

/// `preview`: a 2-D stage where the action's transform moves a shape, with its motion path
/// behind it; an animation as `play` writes it, or a still filmstrip.
package struct PreviewArguments: ParsableArguments, Sendable {
  package init() {}

  @Argument(help: InputFilesHelp.help)
  package var inputs: [String]

  @OptionGroup package var inputOptions: InputOptions<EveryActionHelp>

  @Option(help: ArgumentHelp(
    "Only this object, by name (a glTF node, a Lottie layer, a Unity GameObject path, a Blender action's object; default: every object a transform channel moves).",
    valueName: "name"))
  package var object: String?

  @Option(help: ArgumentHelp(
    "The shape moved: square, circle, star, heart, or SVG path data (e.g. 'M0 0 L10 0 L5 8 Z'), scaled to one scene unit.",
    valueName: "shape"))
  package var shape: String = "square"

  @Option(parsing: .unconditional, help: ArgumentHelp("Scene units the shape spans at scale 1 (default: 1).", valueName: "units"), transform: decimalOption)
  package var size: Double = 1

  @Option(help: ArgumentHelp(
    "The view: xz (Blender's Front view: X right, Z up), xy (Top: X right, Y up) or yz (Right: Y right, Z up).",
    valueName: "xz|xy|yz"))
  package var plane: ProjectionPlane = .xz

  @Option(parsing: .unconditional, help: ArgumentHelp("The frames played and traced, e.g. 1:120 (default: the scene range).", valueName: "start:end"))
  package var frames: String?

  @Option(parsing: .unconditional, help: ArgumentHelp("Frames between pictures (and samples of the path; default: 1).", valueName: "frames"), transform: decimalOption)
  package var step: Double = 1

  @Option(parsing: .unconditional, help: ArgumentHelp("How many times the animation plays; 0 loops forever.", valueName: "n"))
  package var loop: Int = 0

  @Flag(help: "With -o FOLDER/: remove the numbered frames (0001.png …) of an earlier, longer run beyond the frames written now; nothing else is touched.")
  package var clean = false

  @Flag(help: "Write an animated PNG to a .png file (the extension .apng needs no flag).")
  package var animated = false

  @Option(help: ArgumentHelp(
    "A still filmstrip of N pictures spread over the frames, for print (PNG, SVG or PDF), instead of an animation.",
    valueName: "n"))
  package var filmstrip: Int?

  @Option(help: ArgumentHelp("Pictures per row of the filmstrip (default: up to 4).", valueName: "n"))
  package var columns: Int?

  @Option(parsing: .unconditional, help: "Width of the picture (of each filmstrip picture) in pixels.")
  package var width: Int?

  @Option(parsing: .unconditional, help: "Height of the picture (of each filmstrip picture) in pixels.")
  package var height: Int?

  @OptionGroup package var look: LookOptions



  @Option(name: .shortAndLong, help: ArgumentHelp(
    "Output: an .apng or .svg animation ('-' for standard output), a folder ending in / for PNG frames; with --filmstrip a .png, .svg or .pdf.",
    valueName: "output"))
  package var output: String?

  @Option(help: ArgumentHelp(
    "Output format: apng or svg; with --filmstrip png, svg, pdf or displaylist. Default: from the extension.",
    valueName: "format"), transform: { $0.lowercased() })
  package var format: String?

  package func validate() throws {
    try PictureChecks.checkSide("--width", width)
    try PictureChecks.checkSide("--height", height)
    if let frames { _ = try PictureChecks.range(frames, option: "--frames") }
    guard step > 0 && step.isFinite else { throw ValidationError("--step must be a number of frames above 0, not \(step)") }
    try FrameList.checkFits(step, option: "--step", text: "\(step)")
    guard size > 0 && size.isFinite && size < 1e12 else {
      throw ValidationError("--size must be a number of scene units above 0 and below 1e12, not \(size)")
    }
    guard loop >= 0 && loop <= 65535 else { throw ValidationError("--loop must be from 0 (forever) to 65535, not \(loop)") }
    if let filmstrip, !(1...100).contains(filmstrip) {
      throw ValidationError("--filmstrip must be from 1 to 100 pictures, not \(filmstrip)")
    }
    if let columns, !(1...100).contains(columns) { throw ValidationError("--columns must be from 1 to 100, not \(columns)") }
    if columns != nil && filmstrip == nil { throw ValidationError("--columns is an option of --filmstrip") }
    if filmstrip != nil, animated || loop != 0 {
      throw ValidationError("--animated and --loop are options of an animation, not of --filmstrip")
    }
    do {
      _ = try ShapeSpec.parse(shape)
    } catch {
      throw ValidationError("--shape: \(error)")
    }
  }

  /// The stage's options: the shape scaled so its larger side is one unit, centred.
  package func stageOptions() throws -> StageOptions {
    var options = StageOptions()
    options.view.width = Double(width ?? (filmstrip == nil ? 1600 : 480))
    options.view.height = Double(height ?? (filmstrip == nil ? 900 : 320))
    options.view.theme = look.theme
    options.view.plane = plane
    options.view.step = step
    options.view.object = object
    options.size = size
    options.view.frames = try frames.map { try PictureChecks.range($0, option: "--frames") }
    let outline: Outline
    do {
      outline = try ShapeSpec.parse(shape)
    } catch {
      throw ValidationError("--shape: \(error)")
    }
    // A shape of many points (path data of thousands of arcs) is resampled by arc length to
    // 4,096: it is filled once per picture, and self-crossings multiply the cost.
    let shape = outline.count > 4096 ? outline.resampled(count: 4096) : outline
    let box = shape.bounds
    let side = max(box.width, box.height)
    let unit = side > 0 && side.isFinite ? 1 / side : 1
    options.shape = shape.points.map { Point(($0.x - box.midX) * unit, ($0.y - box.midY) * unit) }
    return options
  }

  var settings: RenderSettings { look.settings }

  /// Writes the animation (`AnimationRun.write`) or the filmstrip.
  package func run() throws {
    if let filmstrip {
      if inputs.count != 1 { throw CLIError("preview takes one input, not \(inputs.count)") }
      if output?.hasSuffix("/") == true { throw CLIError("-o \(output!): a filmstrip is one file, not a folder") }
      let count = filmstrip
      try ViewRun.run(
        view: { PreviewFilmstripView(options: try stageOptions(), count: count, columns: columns ?? min(count, 4)) },
        inputs: inputs, output: output, format: format, settings: settings, inputOptions: inputOptions)
      return
    }
    try AnimationRun.write(
      view: {
        var view = PreviewView(options: try stageOptions())
        view.fps = inputOptions.fps
        view.plays = loop
        return view
      }, inputs: inputs, output: output, format: format, animated: animated, clean: clean, settings: settings,
      inputOptions: inputOptions)
  }
}
