import AnimplotCore
import AnimplotIO
import AnimplotPlatform
import AnimplotRender
import ArgumentParser

/// `import`: any input converted to format 1: every action (every glTF animation), or those
/// `--action` and `--channels` choose.
package struct ImportArguments: ParsableArguments {
  package init() {}

  @Argument(help: InputFilesHelp.one)
  package var input: String

  @OptionGroup package var inputOptions: InputOptions<EveryActionHelp>

  @Option(name: .shortAndLong, help: "The output file, .json; '-', the default, is standard output (as eval and recalc write).")
  package var output: String = "-"

  /// Reads the input and writes its actions in format 1.
  /// - Throws: `CLIError` for a bad input or output.
  package func run() throws {
    if output != "-" && InputKind.fileExtension(of: output) != "json" {
      throw CLIError("-o \(output): import writes format 1 JSON; name the output .json ('-' for standard output)")
    }
    var document: ActionDocument
    do {
      document = try Input.file(input, kind: inputOptions.inputFormat, options: inputOptions.importOptions).document()
      for warning in document.warnings { Terminal.error(warning) }
      if inputOptions.action != nil || inputOptions.channels != nil {
        let actions = try inputOptions.selection.actions(of: document, every: inputOptions.action == nil, file: input)
        document = ActionDocument(actions: actions, isMultiAction: actions.count > 1)
      }
    } catch {
      throw CLIError(error.description)
    }
    // Part of a quaternion cannot be written: its values depend on all four components.
    for action in document.actions {
      if let problem = action.quaternionProblem() {
        let track = action.tracks[problem.track]
        throw CLIError(
          inputOptions.channels != nil
            ? "--channels \(inputOptions.channels!): keeps only part of the quaternion \(track.dataPath) (\(track.displayLabel)); its components are computed together, so keep all four"
            : "\(input): \(track.displayLabel): \(problem.message)")
      }
    }
    try OutputPlan.refuseOverwriting([input], with: output)
    try RecalcArguments.refuseOverflow(document, input: input)
    if let problem = ActionEncoder.refusal(document) {
      throw CLIError("\(input): \(problem); keep fewer with --channels or --action")
    }
    try OutputFile.write(ActionEncoder.encode(document), to: output)
  }
}
