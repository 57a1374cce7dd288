import AnimplotIO
import AnimplotPlatform
import AnimplotRender
import ArgumentParser

/// `recalc`: the input after Blender's `fcurve.update()`, in format 1.
package struct RecalcArguments: ParsableArguments {
  package init() {}

  @Argument(help: InputFilesHelp.one)
  package var input: String

  @OptionGroup package var inputFormatOption: InputFormatOption

  /// `--input-format`: the kind of input, `nil` to tell it from the content and the name.
  package var inputFormat: InputKind? { inputFormatOption.kind }

  @OptionGroup package var blenderOption: BlenderOption

  @Option(name: .shortAndLong, help: "The output file ('-' for standard output).")
  package var output: String?

  @Flag(
    name: .customLong("in-place"),
    help: "Replace the input (a format 1 or compact JSON file) with its recalculated self, atomically.")
  package var inPlace = false

  /// Reads the input, recalculates every handle and writes every action in format 1.
  /// - Throws: `CLIError` for a bad input or output.
  package func run() throws {
    if inPlace {
      if output != nil { throw CLIError("--in-place writes to the input; leave out -o") }
      if input == "-" { throw CLIError("--in-place needs an input file, not standard input") }
      // The kind as reading will tell it (content first): a Lottie file is JSON too, and must
      // not be replaced by its conversion.
      let kind: InputKind?
      do {
        let bytes = try Input.file(input).read()
        kind = inputFormat ?? bytes.withUnsafeBufferPointer { InputKind.detect($0, path: input) }
      } catch {
        throw CLIError(error.description)
      }
      guard kind == .actionJSON || kind == .compactJSON else {
        throw CLIError(
          "\(input): --in-place replaces an action file (format 1 or the compact form) only, not \(kind?.summary ?? "this kind of file"); write it with -o OUT.json")
      }
    }
    let output = inPlace ? input : self.output ?? "-"
    if output != "-" && InputKind.fileExtension(of: output) != "json" {
      throw CLIError("-o \(output): recalc writes format 1 JSON; name the output .json ('-' for standard output)")
    }
    var document: ActionDocument
    do {
      document = try Input.file(input, kind: inputFormat, options: ImportOptions(blender: blenderOption.version)).document()
    } catch {
      throw CLIError(error.description)
    }
    // A file that keeps its keys as stored is recalculated all the same: that is the verb.
    if document.keysAsStored {
      document.keysAsStored = false
      document.finish(recalculate: true)
    }
    if !inPlace { try OutputPlan.refuseOverwriting([input], with: output) }
    try Self.refuseOverflow(document, input: input)
    if let problem = ActionEncoder.refusal(document) {
      throw CLIError("\(input): \(problem)")
    }
    try OutputFile.write(ActionEncoder.encode(document), to: output)
  }

  /// Blender's arithmetic overflows 32-bit floats for keys near ±3e38; such a file could not be
  /// read back, so it is refused rather than written, naming the key (`edit` and `serve --edit`
  /// refuse such an input before any edit, as the input is at fault).
  package static func refuseOverflow(_ document: ActionDocument, input: String) throws(CLIError) {
    if let place = document.firstOverflowingKey() {
      throw CLIError("\(input): \(place): \(ActionDocument.overflowingHandles)")
    }
  }
}
