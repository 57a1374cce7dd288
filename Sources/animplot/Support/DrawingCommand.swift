import AnimplotPlatform
import ArgumentParser

/// A picture a drawing verb made, not yet written.
struct RenderedPicture {
  /// Where the command writes it (`-` for standard output).
  var path: String
  var format: OutputFormat
  var bytes: [UInt8]
}

/// A verb that draws pictures (`graph`, `dopesheet`, `timeline`). `render()` does all the work
/// but writing, so `check` can run the same command in-process on its cases.
protocol DrawingCommand: ParsableCommand, Sendable {
  /// The input files named on the command line; `check` parses a case's options once and
  /// sets each case's input here.
  var inputs: [String] { get set }

  /// Reads the inputs and draws every picture.
  /// - Throws: `CLIError` for bad input or a backend failure; nothing has been written.
  func render() throws -> [RenderedPicture]
}

extension DrawingCommand {
  /// Renders, then writes every picture atomically.
  func run() throws {
    for picture in try render() {
      try Outputs.prepareFolder(of: picture.path)
      try OutputFile.write(picture.bytes, to: picture.path)
    }
  }
}
