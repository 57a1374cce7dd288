import AnimplotCommandLine
import ArgumentParser

/// `animplot preview`: a 2-D stage where the action moves a shape.
struct PreviewCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "preview",
    abstract: "Play the action on a 2-D stage: its location, rotation, scale and opacity move a shape along its motion path.",
    discussion: """
      The shape is seen along --plane, with the object's motion path behind it, frame by \
      frame through the scene range (or --frames) by --step at the action's fps (or --fps). \
      The output is an animated PNG (.apng, or .png with --animated), an animated SVG, a \
      folder of PNG frames (-o frames/), or with --filmstrip N a still strip for print.

      Examples:
        animplot preview ball.json -o ball.apng
        animplot preview ball.json --shape star --plane xz -o ball.svg
        animplot preview ball.json --filmstrip 8 --theme light -o ball.pdf
      """)

  @OptionGroup var arguments: PreviewArguments

  func run() throws { try arguments.run() }
}
