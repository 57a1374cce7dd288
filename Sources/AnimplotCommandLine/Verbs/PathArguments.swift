import AnimplotCore
import AnimplotPlots
import AnimplotRender
import ArgumentParser

/// `path`: an object's motion path, as Blender's Motion Paths show it.
package struct PathArguments: VerbArguments {
  package init() {}

  @Argument(help: InputFilesHelp.help)
  package var inputs: [String]

  @OptionGroup package var inputOptions: InputOptions<EveryActionHelp>
  @OptionGroup package var picture: PictureOptions<PathPictureHelp>

  @Option(help: ArgumentHelp(
    "The view: xz (Blender's Front view: X right, Z up), xy (Top: X right, Y up) or yz (Right: Y right, Z up).",
    valueName: "xz|xy|yz"))
  package var plane: ProjectionPlane = .xz

  @Option(help: ArgumentHelp(
    "Only this object, by name (a glTF node, a Lottie layer, a Unity GameObject path, a Blender action's object; default: every object with a location channel).",
    valueName: "name"))
  package var object: String?

  @Option(parsing: .unconditional, help: ArgumentHelp("Frames between samples, above 0 (default: 1, every whole frame).", valueName: "frames"), transform: decimalOption)
  package var step: Double = 1

  @OptionGroup package var outputOptions: OutputOptions<PathView>

  package func validate() throws {
    guard step > 0, step.isFinite else {
      throw ValidationError("--step \(step): expected a number of frames above 0")
    }
    try FrameList.checkFits(step, option: "--step", text: "\(step)")
  }

  package var settings: RenderSettings { picture.settings }

  package func view() throws -> PathView {
    var options = MotionPathOptions()
    try picture.apply(to: &options)
    options.plane = plane
    options.step = step
    options.object = object
    return PathView(options: options)
  }
}

extension ProjectionPlane: CaseInsensitiveArgument {}
