import AnimplotCommandLine
import ArgumentParser

/// `animplot eval`: the curves' values at frames, as Blender's `fcurve.evaluate` gives them.
struct EvalCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "eval",
    abstract: "Print the channels' values at frames, exactly as Blender evaluates them.",
    discussion: """
      Frames come from --at and/or --range (default: every frame of the scene range). \
      Values are Blender's 32-bit results printed with enough digits to round-trip a Double, \
      the text Blender's Python prints for fcurve.evaluate().

      Examples:
        animplot eval walk.json --at 1,12.5,24
        animplot eval walk.json --range 1:120:0.5 --channels 'location' \\
          --format json -o values.json
      """)

  @OptionGroup var arguments: EvalArguments

  func run() throws { try arguments.run(defaultOutput: "-") }
}
