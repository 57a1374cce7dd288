import AnimplotCommandLine
import ArgumentParser

/// `animplot edit`: Blender's Graph Editor operations on an action.
struct EditCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "edit",
    abstract: "Apply Blender's Graph Editor operations (select, move, insert, handle types, snap ...) to an action.",
    discussion: """
      Reads the action, applies the operations of --ops (then each --op, in order) exactly as \
      Blender 3.4's Graph Editor does, and writes the action in format 1 with the keys as they \
      come out ("recalculate": false), to -o (standard output by default) or over the input \
      with --in-place. The vocabulary is in docs/edit.md.

      Examples:
        animplot edit walk.json --ops retime.json -o walk.edited.json
        animplot edit walk.json --op '{"op": "select_all", "action": "SELECT"}' --op '{"op": "translate", "delta": [2, 0], "snap": "FRAME"}' --in-place
      """)

  @OptionGroup var arguments: EditArguments

  func run() throws { try arguments.run() }
}
