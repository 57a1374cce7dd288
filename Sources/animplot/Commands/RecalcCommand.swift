import AnimplotPlatform
import AnimplotCore
import AnimplotIO
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
    try Outputs.refuseOverwriting([input], with: output)
    // Blender's arithmetic overflows 32-bit floats for keys near ±3e38; such a file could not be
    // read back, so it is refused rather than written.
    for action in document.actions {
      for (t, track) in action.tracks.enumerated() {
        for (k, key) in track.keyframes.enumerated()
        where ![key.handleLeft.frame, key.handleLeft.value, key.handleRight.frame, key.handleRight.value].allSatisfy(\.isFinite) {
          throw CLIError("\(input): tracks[\(t)].keyframes[\(k)]: its handles overflow 32-bit floats (values near ±3.4e38)")
        }
      }
    }
    try OutputFile.write(ActionEncoder.encode(document), to: output)
  }
}
