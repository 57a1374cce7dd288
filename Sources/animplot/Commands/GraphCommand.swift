import AnimplotCommandLine
import ArgumentParser

/// `animplot graph`: Blender's Graph Editor as a picture.
struct Graph: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "graph",
    abstract: "Draw the curves as Blender's Graph Editor shows them, to PNG, SVG or PDF.",
    discussion: """
      Several inputs render into a folder: animplot graph a.json b.json -o out/
      """)

  @OptionGroup var arguments: GraphArguments

  func run() throws { try arguments.run() }
}
