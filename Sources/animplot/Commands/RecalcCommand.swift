import AnimationCore
import AnimationIO
import ArgumentParser

/// `animplot recalc`: the action after Blender's `fcurve.update()`, in format 1.
struct Recalc: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "recalc",
    abstract: "Write the input after Blender's fcurve.update(): sorted keys, every handle computed.",
    discussion: "Writes every action of the file, in format 1, to -o (standard output by default).")

  @Argument(help: "The input file (action JSON or the compact form); '-' reads standard input.")
  var input: String

  @Option(name: .shortAndLong, help: "The output file ('-' for standard output).")
  var output: String = "-"

  func run() throws {
    let document: ActionDocument
    do {
      document = try ActionFile.load(input)
    } catch {
      throw CLIError(error.description)
    }
    try OutputFile.write(ActionEncoder.encode(document), to: output)
  }
}
