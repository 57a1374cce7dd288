import AnimplotCore
import AnimplotEdit
import AnimplotIO
import AnimplotPlatform
import AnimplotRender
import ArgumentParser

/// `edit`: Blender's Graph Editor operations applied to an action, written in format 1 with the
/// keys as they come out (`"recalculate": false`).
package struct EditArguments: ParsableArguments {
  package init() {}

  @Argument(help: "The action file to edit (format 1 or the compact form; other kinds through import).")
  package var input: String

  @Option(name: .customLong("ops"), help: ArgumentHelp("The edit script: {\"scene\": {...}, \"editor\": {...}, \"ops\": [...]} (docs/edit.md).", valueName: "ops.json"))
  package var opsFile: String?

  @Option(name: .customLong("op"), parsing: .singleValue, help: ArgumentHelp("One operation as JSON, after those of --ops; repeatable, applied in order (e.g. '{\"op\": \"translate\", \"delta\": [2, 0]}').", valueName: "json"))
  package var operations: [String] = []

  /// The options for people, in the order given (parsed by `EditSteps`).
  @Argument(parsing: .allUnrecognized, help: ArgumentHelp("Edits as options, applied in the order given after --ops and --op (see the list above).", valueName: "edits"))
  package var steps: [String] = []

  @Option(name: .customLong("action"), help: ArgumentHelp("The action to edit, by name or number (default: the first).", valueName: "name"))
  package var action: String?

  @Option(name: .shortAndLong, help: "The output file ('-' for standard output, the default).")
  package var output: String?

  @Flag(name: .customLong("in-place"), help: "Replace the input with the edited action, atomically.")
  package var inPlace = false

  /// Reads the input and the script, applies every operation and writes the result.
  /// - Throws: `CLIError` for a bad input, script or output; nothing is written then.
  package func run() throws {
    if inPlace {
      if output != nil { throw CLIError("--in-place writes to the input; leave out -o") }
      if input == "-" { throw CLIError("--in-place needs an input file, not standard input") }
    }
    let output = inPlace ? input : self.output ?? "-"
    if output != "-" && InputKind.fileExtension(of: output) != "json" {
      throw CLIError("-o \(output): edit writes format 1 JSON; name the output .json ('-' for standard output)")
    }
    let (bytes, notes) = try edited()
    for note in notes { Terminal.error(note) }
    if !inPlace { try OutputPlan.refuseOverwriting([input] + (opsFile.map { [$0] } ?? []), with: output) }
    try OutputFile.write(bytes, to: output)
  }

  /// The edited action file's bytes (format 1), and a line for each operation that changed
  /// nothing: what `run` writes, and what a `check` case of `edit` compares.
  /// - Throws: `CLIError` for a bad input or script.
  package func edited() throws -> (bytes: [UInt8], notes: [String]) {
    let stepScripts = try EditSteps.script(steps)
    if opsFile == nil && operations.isEmpty && stepScripts.isEmpty {
      throw CLIError("edit needs operations: --ops OPS.json, --op JSON or options such as --select and --translate")
    }
    var document: ActionDocument
    do {
      // Read once (standard input cannot be read twice), then decoded from the bytes.
      let bytes = try Input.file(input).read()
      let kind = bytes.withUnsafeBufferPointer { InputKind.detect($0, path: input) }
      guard kind == .actionJSON || kind == .compactJSON else {
        throw CLIError("\(input): edit reads an action file (format 1 or the compact form), not \(kind?.summary ?? "this kind of file"); convert it with animplot import first")
      }
      document = try Input.bytes(bytes, name: input, kind: kind).document()
    } catch let error as CLIError {
      throw error
    } catch {
      throw CLIError("\(error)")
    }
    var scripts: [(name: String, script: EditScript)] = []
    if let opsFile {
      do {
        let bytes = try Input.file(opsFile).read()
        scripts.append((opsFile, try EditScriptDecoder.decode(bytes, file: opsFile)))
      } catch {
        throw CLIError("\(error)")
      }
    }
    for (i, text) in operations.enumerated() {
      let label = "--op #\(i + 1)"
      // The user's text alone first: its syntax errors are placed in it, and one JSON value
      // cannot close the list it is read in below (`{...}], "scene": {...` is refused here).
      let root: JSONNode
      do {
        root = try Array(text.utf8).withUnsafeBufferPointer { bytes throws(ActionDecodingError) in try JSONNode.parse(bytes) }
      } catch {
        var e = error
        e.file = label
        throw CLIError("\(e)")
      }
      guard case .object = root.value else {
        throw CLIError("\(label): expected one operation, a JSON object such as {\"op\": \"delete\"}; found \(root.kindName)")
      }
      // Then read as the one operation of a script's "ops" list; places are given in its own text.
      let wrapper = "{\"ops\": ["
      do {
        scripts.append((label, try EditScriptDecoder.decode(Array((wrapper + text + "\n]}").utf8), file: label)))
      } catch {
        var e = error
        if e.line == 1, let column = e.column { e.column = max(1, column - wrapper.count) }
        if e.path.hasPrefix("ops[0]") { e.path = String(e.path.dropFirst("ops[0]".count).drop { $0 == "." }) }
        throw CLIError("\(e)")
      }
    }
    for (label, text) in stepScripts {
      do {
        scripts.append((label, try EditScriptDecoder.decode(Array(text.utf8), file: label)))
      } catch {
        // The option is the place: the JSON it was turned into is not the user's.
        throw CLIError("\(label): \(error.message)")
      }
    }
    var edit = try ActionEdit(document, action: action, file: input)
    var notes: [String] = []
    // One budget for the run: the scripts and options apply one after the other.
    var budget = ActionEdit.Budget()
    for (name, script) in scripts {
      notes += try edit.apply(script, budget: &budget) { i in name.hasPrefix("--") ? name : "\(name): ops[\(i)]" }
    }
    document = edit.result
    try RecalcArguments.refuseOverflow(document, input: input)
    if let problem = ActionEncoder.refusal(document) { throw CLIError("\(input): after the edit, \(problem)") }
    return (Array(ActionEncoder.encode(document).utf8), notes)
  }
}
