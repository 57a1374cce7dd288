import AnimplotCommandLine
import ArgumentParser

/// `animplot info`: what a file holds.
struct InfoCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "info",
    abstract: "List what a file holds: its kind, actions (objects, fps, frame and scene range) and channels.",
    discussion: """
      Every action (every glTF animation, every .lottie animation) with its objects, frame rate, \
      the range of its keys and its scene range, and every channel with its label, data path, \
      key count, interpolations and modifiers; as text, or with --format json as data.

      Examples:
        animplot info walk.glb
        animplot info clip.anim --format json
      """)

  @OptionGroup var arguments: InfoArguments

  func run() throws { try arguments.run() }
}
