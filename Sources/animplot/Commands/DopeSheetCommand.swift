import AnimplotCommandLine
import ArgumentParser

/// `animplot dopesheet`: Blender's Dope Sheet as a picture, or its layout as JSON.
struct DopeSheetCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "dopesheet",
    abstract: "Draw the keys as Blender's Dope Sheet shows them, to PNG, SVG or PDF, or print its layout as JSON.",
    discussion: """
      Rows: the Summary, then each action of the file (as Blender lists each animated object) with \
      its groups and channels. --format json prints the rows, key columns, hold bars and \
      interpolation lines instead of a picture (docs/dopesheet-json.md). Several inputs render \
      into a folder: animplot dopesheet a.json b.json -o out/

      Examples:
        animplot dopesheet walk.json -o sheet.png
        animplot dopesheet walk.json --show-handle-types --collapse-groups \\
          -o sheet.svg
        animplot dopesheet walk.json --format json > rows.json
      """)

  @OptionGroup var arguments: DopeSheetArguments

  func run() throws { try arguments.run() }
}
