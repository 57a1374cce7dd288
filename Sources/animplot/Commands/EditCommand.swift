import AnimplotCommandLine
import ArgumentParser

/// `animplot edit`: Blender's Graph Editor operations on an action.
struct EditCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "edit",
    abstract: "Apply Blender's Graph Editor operations (select, move, insert, handle types, snap ...) to an action.",
    discussion: """
      Reads the action, applies the operations of --ops, then each --op, then the edit options \
      below, in the order given, exactly as Blender 3.4's Graph Editor does, and writes the \
      action in format 1 with the keys as they come out ("recalculate": false), to -o \
      (standard output by default) or over the input with --in-place. The vocabulary is in \
      docs/edit.md.

      Edit options (CHANNEL is dataPath[index], e.g. location[2]; KEYS are key numbers from 0):
      \(EditSteps.help)

      Examples:
        animplot edit walk.json --select 'location[2]:3' --translate 2,0 -o out.json
        animplot edit walk.json --select all --snap nearest-frame --in-place
        animplot edit walk.json --ops retime.json -o walk.edited.json
      """)

  @OptionGroup var arguments: EditArguments

  func run() throws { try arguments.run() }
}
