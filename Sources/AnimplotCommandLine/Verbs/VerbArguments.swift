import AnimplotRender
import ArgumentParser

/// The whole grammar of a verb that shows a view: its inputs and options, parsed the same way
/// from a command line and from a `check` case's `NAME.args`, into a typed `RenderRequest`.
package protocol VerbArguments: ParsableArguments, Sendable {
  /// The view the verb shows.
  associatedtype View: PlotView

  /// The input files named (`-` is standard input).
  var inputs: [String] { get set }
  /// What `--action` defaults to in the verb.
  associatedtype ActionHelp: ActionOptionHelp
  /// Kind, action and channels of the inputs.
  var inputOptions: InputOptions<ActionHelp> { get }
  /// `-o` and `--format`.
  var outputOptions: OutputOptions<View> { get }
  /// Scale and compression.
  var settings: RenderSettings { get }

  /// The files the verb reads besides its inputs (`graph --ghost`).
  var otherReads: [String] { get }

  /// The view with the options asked for.
  /// - Throws: `ValidationError` for an option that does not parse.
  func view() throws -> View
}

extension VerbArguments {
  /// The verb: the view's name.
  package static var verb: String { View.name }

  package var settings: RenderSettings { RenderSettings() }

  package var otherReads: [String] { [] }

  /// The request for `view` (another view than the verb's) of the inputs this verb's options
  /// choose (action, channels, kind, import options), in `format`.
  package func request(view: any PlotView, format: OutputFormat) -> RenderRequest {
    RenderRequest(
      view: view, selection: inputOptions.selection, inputKind: inputOptions.inputFormat,
      importOptions: inputOptions.importOptions, format: format, settings: settings)
  }

  /// The request for an output in `format`.
  /// - Throws: `ValidationError` when the view does not write `format`.
  package func request(format: OutputFormat) throws -> RenderRequest {
    guard View.outputFormats.contains(format) else {
      throw ValidationError(
        "\(View.name) does not write \(format.name); use " + OutputFormat.list(View.outputFormats.map(\.name)))
    }
    return RenderRequest(
      view: try view(), selection: inputOptions.selection, inputKind: inputOptions.inputFormat,
      importOptions: inputOptions.importOptions,
      format: format, settings: settings)
  }
}
