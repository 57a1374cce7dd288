import AnimplotCommandLine
import ArgumentParser

/// `animplot import`: any supported input converted to format 1.
struct ImportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Convert glTF, CSV or any other supported input to animplot's format 1.",
    discussion: """
      Writes every action of the input (every animation of a glTF file) in format 1, keys and \
      handles as the importer made them, with Blender's handle rules applied.

      Examples:
        animplot import walk.glb -o walk.json
        animplot import samples.csv --interpolate hermite --fps 30 -o samples.json
      """)

  @OptionGroup var arguments: ImportArguments

  func run() throws { try arguments.run() }
}
