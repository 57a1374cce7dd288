import AnimplotConcurrency
import AnimplotCore
import AnimplotPlatform
import AnimplotRender
import AnimplotText
import ArgumentParser

extension VerbArguments {
  /// Renders every input as the options ask and writes the outputs (`ViewRun.run`);
  /// `defaultOutput` when `-o` is absent, and for one input's layout JSON (`--format json` of
  /// `graph` and `dopesheet`) standard output, as eval's table.
  /// - Throws: `CLIError` with the one-line message of what failed.
  package func run(defaultOutput: String? = nil) throws {
    let layoutToStandardOutput = outputOptions.format == "json" && inputs.count == 1
    try ViewRun.run(
      view: { try self.view() }, inputs: inputs, otherReads: otherReads,
      output: outputOptions.output ?? defaultOutput ?? (layoutToStandardOutput ? "-" : nil),
      format: outputOptions.format, settings: settings, inputOptions: inputOptions)
  }
}

/// How every verb that shows a view writes its outputs.
package enum ViewRun {
  /// Renders every input with the view `view()` makes and writes the outputs: `-o FILE` for
  /// one input, `-o FOLDER/` for several, made on every core. Each output is staged (written
  /// beside its place) as soon as it is made, and all are put in place only when every one
  /// succeeded: a bad input or a failed write leaves no output (the first failure in the order
  /// of the inputs is reported).
  /// - Throws: `CLIError` with the one-line message of what failed.
  package static func run<View: PlotView, Help>(
    view makeView: () throws -> View, inputs: [String], otherReads: [String] = [], output: String?, format: String?,
    settings: RenderSettings, inputOptions: InputOptions<Help>
  ) throws {
    let plan = try OutputPlan.make(
      inputs: inputs, otherReads: otherReads, output: output, requested: format, view: View.self)
    let view = try makeView()
    let kind = inputOptions.inputFormat
    let selection = inputOptions.selection
    let importOptions = inputOptions.importOptions
    // Only `-o FOLDER/` makes its folder (a file's folder must exist); folders made are
    // removed again (when still empty) if any output fails.
    var created: [String] = []
    if output?.hasSuffix("/") == true, let first = plan.first {
      created = try OutputPlan.prepareFolder(of: first.path)
    }
    let staged = Parallel.map(count: plan.count) {
      i -> Result<StagedOutput, CLIError> in
      do {
        let input = Input.file(plan[i].input, kind: kind, options: importOptions)
        let actions = try ActionChoice.actions(of: input, selection: selection, view: view)
        let bytes = try Renderer(settings: settings).render(actions, view: view, as: plan[i].format, name: input.name)
        return .success(try OutputFile.stage(bytes, to: plan[i].path))
      } catch let error as RenderError {
        return .failure(CLIError(error.description))
      } catch {
        return .failure(CLIError("\(error)"))
      }
    }
    if let failure = staged.first(where: { if case .failure = $0 { true } else { false } }),
      case .failure(let error) = failure
    {
      for case .success(let output) in staged { output.discard() }
      for folder in created.reversed() { FileSystem.removeEmptyFolder(folder) }
      throw error
    }
    // A commit that fails (a full device) leaves no temporary file of the ones after it.
    do {
      try StagedOutput.commit(staged.compactMap { try? $0.get() })
    } catch {
      throw error.error
    }
  }
}

/// The actions a view of one action takes from a file of several, said on standard error.
enum ActionChoice {
  /// The actions of `input` that `selection` chooses for a `View`; where the view shows one
  /// action, the file has several and none was named, a line on standard error says which
  /// was taken and how to choose another.
  static func actions<View: PlotView>(of input: Input, selection: ActionSelection, view: View) throws(RenderError)
    -> [Action]
  {
    let document = try input.document()
    let actions = try selection.actions(of: document, every: View.showsEveryAction, file: input.name)
    for warning in document.warnings { Terminal.error(warning) }
    // `play` shows every action in the Dope Sheet and Timeline, the first in the Graph Editor.
    let showsOne = (view as? PlayView).map { $0.editor == .graph } ?? !View.showsEveryAction
    if showsOne, selection.action == nil, document.actions.count > 1, let first = actions.first {
      let file = input.name == "-" ? "<stdin>" : input.name
      Terminal.error(
        "\(file): \(View.name) shows one action: the first of \(document.actions.count), \(jsonStringLiteral(first.name)); --action NAME or NUMBER (from 0) shows another, and 'animplot info \(file)' lists them")
    }
    return actions
  }
}
