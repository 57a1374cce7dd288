import AnimplotPlatform
import AnimplotRender
import ArgumentParser

extension VerbArguments {
  /// Renders every input as the options ask and writes the outputs: `-o FILE` for one input,
  /// `-o FOLDER/` for several, made on every core; `defaultOutput` when `-o` is absent. Every
  /// output is made before any is written, so a bad input leaves no output (the first bad
  /// input in the order given is reported), and each is written atomically.
  /// - Throws: `CLIError` with the one-line message of what failed.
  public func run(defaultOutput: String? = nil) throws {
    let plan = try OutputPlan.make(
      inputs: inputs, output: outputOptions.output ?? defaultOutput, requested: outputOptions.format,
      view: View.self)
    let view = try self.view()
    let settings = self.settings
    let kind = inputOptions.inputFormat
    let selection = inputOptions.selection
    let results = ParallelRun.map(count: plan.count, jobs: plan.count > 1 ? ParallelRun.cores : 1) { i in
      Result { () throws(RenderError) in
        try Renderer(settings: settings).render(
          .file(plan[i].input, kind: kind), view: view, selection: selection, as: plan[i].format)
      }
    }
    var outputs: [(path: String, bytes: [UInt8])] = []
    for (item, result) in zip(plan, results) {
      switch result {
      case .success(let bytes): outputs.append((item.path, bytes))
      case .failure(let error): throw CLIError(error.description)
      }
    }
    for output in outputs {
      try OutputPlan.prepareFolder(of: output.path)
      try OutputFile.write(output.bytes, to: output.path)
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

  /// Creates the folder of a planned output, and its parents, when missing.
  public static func prepareFolder(of path: String) throws {
    guard let slash = path.lastIndex(of: "/") else { return }
    let folder = String(path[..<slash])
    guard !folder.isEmpty, !FileSystem.isDirectory(folder) else { return }
    try FileSystem.createFolders(folder)
  }

  /// The file name without folder and extension.
  public static func stem(_ path: String) -> String {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
    return String(name[..<dot])
  }
}
