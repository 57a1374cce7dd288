import AnimplotCommandLine
import ArgumentParser

/// `animplot recalc`: the action after Blender's `fcurve.update()`, in format 1.
struct RecalcCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "recalc",
    abstract: "Write the input after Blender's fcurve.update(): sorted keys, every handle computed.",
    discussion: """
      Writes every action of the file, in format 1, to -o (standard output by default), or \
      over the input with --in-place.

      Examples:
        animplot recalc walk.json -o walk.recalculated.json
        animplot recalc walk.json --in-place
      """)

  @OptionGroup var arguments: RecalcArguments

  func run() throws { try arguments.run() }
}
