import AnimplotCommandLine
import ArgumentParser

/// `animplot graph`: Blender's Graph Editor as a picture, or its layout as JSON.
struct GraphCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "graph",
    abstract: "Draw the curves as Blender's Graph Editor shows them, to PNG, SVG or PDF, or print its layout as JSON.",
    discussion: """
      --format json prints what the picture draws where instead of a picture: the view, the \
      channel list's rows and toggles, and every drawn key's frame, value and centre with its \
      drawn handles, in the picture's device pixels at --scale (docs/graph-json.md). Several \
      inputs render into a folder: animplot graph a.json b.json -o out/

      Examples:
        animplot graph walk.json -o walk.png
        animplot graph walk.json --channels 'location' --frames -10:50 \\
          --theme light -o walk.svg
        animplot graph walk.glb --animation Run --normalize --scale 2 -o run.png
        animplot graph walk.json --format json > layout.json
      """)

  @OptionGroup var arguments: GraphArguments

  func run() throws { try arguments.run() }
}
