import AnimplotCommandLine
import ArgumentParser

/// `animplot timeline`: Blender's Timeline strip as a picture.
struct TimelineCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "timeline",
    abstract: "Draw Blender's Timeline strip: ruler, scene range, keys, markers, playhead and transport readout.",
    discussion: """
      The keys are those of the selected channels, or of every channel when none is selected, \
      merged into one row as Blender's Timeline shows them. The picture is 1600x120 unless \
      --width/--height say otherwise. Several inputs render into a folder: \
      animplot timeline a.json b.json -o out/

      Examples:
        animplot timeline walk.json -o strip.png
        animplot timeline walk.json --current-frame 48 --width 800 --theme light \\
          -o strip.svg
      """)

  @OptionGroup var arguments: TimelineArguments

  func run() throws { try arguments.run() }
}
