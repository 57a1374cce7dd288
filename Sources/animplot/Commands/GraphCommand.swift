import AnimplotCommandLine
import ArgumentParser

/// `animplot graph`: Blender's Graph Editor as a picture.
struct GraphCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "graph",
    abstract: "Draw the curves as Blender's Graph Editor shows them, to PNG, SVG or PDF.",
    discussion: """
      Several inputs render into a folder: animplot graph a.json b.json -o out/

      Examples:
        animplot graph walk.json -o walk.png
        animplot graph walk.json --channels 'location' --frames -10:50 --theme light -o walk.svg
        animplot graph walk.glb --animation Run --normalize --scale 2 -o run.png
      """)

  @OptionGroup var arguments: GraphArguments

  func run() throws { try arguments.run() }
}
