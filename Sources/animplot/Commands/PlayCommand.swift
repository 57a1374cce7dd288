import AnimplotCommandLine
import ArgumentParser

/// `animplot play`: an editor with its playhead stepping through the frames.
struct PlayCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "play",
    abstract: "Play the action: the Graph Editor (or Dope Sheet, Timeline) with its playhead stepping through the frames.",
    discussion: """
      The playhead steps through the scene range (or --frames) by --step at the action's fps \
      (or --fps), looping. The output is an animated PNG (.apng, or .png with --animated), an \
      animated SVG (.svg: the picture once, the playhead animated), or a folder of PNG frames \
      (-o frames/: 0001.png, 0002.png ..., each the still picture at that frame).

      Examples:
        animplot play walk.json -o walk.apng
        animplot play walk.json --view dopesheet --frames 1:48 --step 2 -o walk.svg
        animplot play walk.json --keys-only -o keys/
      """)

  @OptionGroup var arguments: PlayArguments

  func run() throws { try arguments.play() }
}
