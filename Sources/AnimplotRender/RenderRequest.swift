import AnimplotIO

/// Everything that makes an output of an input, typed: the view with its options, the actions
/// and channels shown, the format and the settings. What a verb's command line and a `check`
/// case's `NAME.args` both parse into.
public struct RenderRequest: Sendable {
  /// The view, with its options.
  public var view: any PlotView
  /// Which action and channels.
  public var selection: ActionSelection
  /// The kind of input; `nil` tells it from the content and the name.
  public var inputKind: InputKind?
  /// What the importers need that other tools' files do not say (fps, CSV joins).
  public var importOptions: ImportOptions
  /// The output's format.
  public var format: OutputFormat
  /// Scale and PNG compression.
  public var settings: RenderSettings

  public init(
    view: any PlotView, selection: ActionSelection = ActionSelection(), inputKind: InputKind? = nil,
    importOptions: ImportOptions = ImportOptions(), format: OutputFormat, settings: RenderSettings = RenderSettings()
  ) {
    self.view = view
    self.selection = selection
    self.inputKind = inputKind
    self.importOptions = importOptions
    self.format = format
    self.settings = settings
  }

  /// The name of the view: `graph`.
  public var viewName: String { type(of: view).name }

  /// The formats the view writes.
  public var availableFormats: [OutputFormat] { type(of: view).outputFormats }

  /// The bytes of the request's output for `input`, made with `renderer` (its settings are
  /// set to the request's).
  public func render(_ input: Input, with renderer: Renderer) throws(RenderError) -> [UInt8] {
    var input = input
    if input.kind == nil { input.kind = inputKind }
    if input.options == ImportOptions() { input.options = importOptions }
    renderer.settings = settings
    return try renderer.render(input, view: view, selection: selection, as: format)
  }
}
