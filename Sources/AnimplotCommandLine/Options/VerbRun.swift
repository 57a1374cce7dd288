import AnimplotConcurrency
import AnimplotPlatform
import AnimplotRender
import ArgumentParser

extension VerbArguments {
  /// Renders every input as the options ask and writes the outputs (`ViewRun.run`);
  /// `defaultOutput` when `-o` is absent.
  /// - Throws: `CLIError` with the one-line message of what failed.
  public func run(defaultOutput: String? = nil) throws {
    try ViewRun.run(
      view: { try self.view() }, inputs: inputs, output: outputOptions.output ?? defaultOutput,
      format: outputOptions.format, settings: settings, inputOptions: inputOptions)
  }
}

/// How every verb that shows a view writes its outputs.
public enum ViewRun {
  /// Renders every input with the view `view()` makes and writes the outputs: `-o FILE` for
  /// one input, `-o FOLDER/` for several, made on every core. Each output is staged (written
  /// beside its place) as soon as it is made, and all are put in place only when every one
  /// succeeded: a bad input or a failed write leaves no output (the first failure in the order
  /// of the inputs is reported).
  /// - Throws: `CLIError` with the one-line message of what failed.
  public static func run<View: PlotView, Help>(
    view makeView: () throws -> View, inputs: [String], output: String?, format: String?, settings: RenderSettings,
    inputOptions: InputOptions<Help>
  ) throws {
    let plan = try OutputPlan.make(inputs: inputs, output: output, requested: format, view: View.self)
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
        let bytes = try Renderer(settings: settings).render(
          .file(plan[i].input, kind: kind, options: importOptions), view: view, selection: selection, as: plan[i].format)
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
    let outputs = staged.compactMap { try? $0.get() }
    for (i, output) in outputs.enumerated() {
      do {
        try output.commit()
      } catch {
        for rest in outputs[(i + 1)...] { rest.discard() }
        throw error
      }
    }
  }
}

/// Where each input's output goes: `-o FILE` for one input, `-o FOLDER/` for several.
public enum OutputPlan {
  /// The output path and format for each input.
  /// - Throws: `CLIError` for a missing or unsuitable `-o` or `--format`.
  public static func make<View: PlotView>(
    inputs: [String], output: String?, requested: String?, view: View.Type
  ) throws -> [(input: String, path: String, format: OutputFormat)] {
    guard !inputs.isEmpty else { throw ValidationError("Missing expected argument '<inputs> ...'") }
    guard let output else {
      throw CLIError("missing -o OUTPUT: a file ('-' for standard output), or a folder ending in / for several inputs")
    }
    let isFolder = output.hasSuffix("/") || FileSystem.isDirectory(output)
    if inputs.count > 1 || isFolder {
      guard isFolder else {
        throw CLIError("-o \(output): several inputs need a folder (end it with /)")
      }
      let format = try choose(view, path: nil, requested: requested)
      let folder = output.hasSuffix("/") ? output : output + "/"
      var seen: Set<String> = []
      return try inputs.map { input in
        let path = folder + stem(input) + "." + format.fileExtension
        guard seen.insert(path).inserted else {
          throw CLIError("\(input): its output \(path) would overwrite another input's")
        }
        try refuseOverwriting([input], with: path)
        return (input, path, format)
      }
    }
    try refuseOverwriting(inputs, with: output)
    try requireFolder(of: output)
    return [(inputs[0], output, try choose(view, path: output, requested: requested))]
  }

  private static func choose<View: PlotView>(_ view: View.Type, path: String?, requested: String?) throws
    -> OutputFormat
  {
    do {
      return try OutputFormat.choose(for: view, path: path, requested: requested)
    } catch {
      throw CLIError(error.description)
    }
  }

  /// Refuses an output that is one of the inputs (it would be replaced before anyone noticed).
  public static func refuseOverwriting(_ inputs: [String], with output: String) throws {
    guard output != "-", let target = FileSystem.canonical(output) else { return }
    for input in inputs where input != "-" && FileSystem.canonical(input) == target {
      throw CLIError("-o \(output): that is the input \(input); choose another output")
    }
  }

  /// Refuses a file output whose folder does not exist: only `-o FOLDER/` makes folders.
  public static func requireFolder(of output: String) throws {
    guard output != "-", let slash = output.lastIndex(of: "/") else { return }
    let folder = slash == output.startIndex ? "/" : String(output[..<slash])
    // The nearest part of the folder's path that exists tells why it cannot be used.
    var existing = folder
    while FileSystem.status(of: existing) == nil, let slash = existing.lastIndex(of: "/"), slash != existing.startIndex {
      existing = String(existing[..<slash])
    }
    if let status = FileSystem.status(of: existing), status.kind != .directory {
      throw CLIError("-o \(output): \(existing) is not a folder")
    }
    guard FileSystem.status(of: folder) != nil else {
      throw CLIError(
        "-o \(output): the folder \(folder) does not exist; create it, or end -o with / to write into a new folder")
    }
  }

  /// Creates the folder of a planned output, and its parents, when missing.
  /// - Throws: `FileError` naming the folder.
  /// - Returns: the folders it made, outermost first.
  @discardableResult
  public static func prepareFolder(of path: String) throws -> [String] {
    guard let slash = path.lastIndex(of: "/") else { return [] }
    let folder = String(path[..<slash])
    guard !folder.isEmpty, !FileSystem.isDirectory(folder) else { return [] }
    return try FileSystem.createFolders(folder)
  }

  /// The file name without folder and extension (`stdin` for standard input, `-`).
  public static func stem(_ path: String) -> String {
    if path == "-" { return "stdin" }
    let name = path.split(separator: "/").last.map(String.init) ?? path
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
    return String(name[..<dot])
  }
}
