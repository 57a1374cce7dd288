import AnimplotCommandLine
import ArgumentParser

/// `animplot morph`: outline A turning into outline B.
struct MorphCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "morph",
    abstract: "Draw one outline turning into another, timed by a Blender easing or an action's channel.",
    discussion: """
      A filmstrip (PNG, SVG, PDF) of the morph at evenly spaced times, or an animation (-o \
      x.apng, or --animated with .png or .svg). Shapes: square, circle, star, heart, or SVG \
      path data. Both outlines are resampled to --points points evenly spaced by arc length, \
      centred and scaled to a common size, and aligned: B runs the way A does and starts at \
      the point nearest A's, so the morph neither flips nor twists. The timing is an easing \
      (two keys 0 -> 1 evaluated as Blender does) or --curve FILE --channel PATTERN, that \
      channel normalised to 0 at the scene start and 1 at its end: \
      animplot morph --from square --to star --easing back-out -o morph.png
      """)

  @OptionGroup var arguments: MorphArguments

  func run() throws { try arguments.run() }
}
