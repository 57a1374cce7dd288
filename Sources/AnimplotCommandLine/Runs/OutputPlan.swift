import AnimplotIO
import AnimplotPlatform
import AnimplotRender
import ArgumentParser

/// Where each input's output goes: `-o FILE` for one input, `-o FOLDER/` for several.
package enum OutputPlan {
  /// The output path and format for each input; `otherReads` are the files the run reads
  /// besides its inputs (`--ghost`), which no output may replace either.
  /// - Throws: `CLIError` for a missing or unsuitable `-o` or `--format`.
  package static func make<View: PlotView>(
    inputs: [String], otherReads: [String] = [], output: String?, requested: String?, view: View.Type
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
      // Any output may land on any input or a file an input refers to, not only its own.
      let read = try withReferences(inputs + otherReads)
      return try inputs.map { input in
        let path = folder + stem(input) + "." + format.fileExtension
        guard seen.insert(path).inserted else {
          throw CLIError("\(input): its output \(path) would overwrite another input's")
        }
        try refuseOverwriting(read, with: path)
        try refusePlanted(path, in: folder, what: "an output of an earlier run")
        return (input, path, format)
      }
    }
    try refuseOverwriting(inputs + otherReads, with: output)
    try requireFolder(of: output)
    let format = try choose(view, path: output, requested: requested)
    try refuseBinaryToTerminal(output, format)
    return [(inputs[0], output, format)]
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

  /// Refuses binary output (PNG, APNG, PDF) to standard output when it is a terminal, as
  /// gzip does: the bytes would garble it.
  package static func refuseBinaryToTerminal(_ output: String, _ format: OutputFormat) throws {
    guard output == "-", [OutputFormat.png, .apng, .pdf].contains(format), FileDescriptor.isTerminal(1) else { return }
    throw CLIError(
      "-o -: standard output is a terminal, and \(format.name) is binary; redirect it (> out.\(format.fileExtension)) or name a file")
  }

  /// Refuses an output that is one of the inputs, or a file an input refers to (a glTF's
  /// external buffers and images): it would be replaced before anyone noticed.
  package static func refuseOverwriting(_ inputs: [String], with output: String) throws {
    try refuseOverwriting(try withReferences(inputs), with: output)
  }

  /// A file a run reads: its name, the input that opens it, and its canonical path, worked out
  /// once (a run of 200 inputs and 200 outputs would otherwise resolve 40,000 paths).
  package struct ReadFile {
    let file: String
    let input: String
    let canonical: String?
  }

  /// Every file of `inputs` a run opens or names: each input, then the files it refers to.
  /// - Throws: when a glTF input's JSON cannot be read: the files it refers to are unknown,
  ///   and an output might replace one.
  package static func withReferences(_ inputs: [String]) throws -> [ReadFile] {
    var files: [ReadFile] = []
    for input in inputs {
      let references: [String]
      do throws(ActionDecodingError) {
        references = try InputKind.referencedFiles(ofInputAt: input)
      } catch {
        throw CLIError(error.description)
      }
      for file in [input] + references {
        files.append(ReadFile(file: file, input: input, canonical: file == "-" ? nil : FileSystem.canonical(file)))
      }
    }
    return files
  }

  /// `refuseOverwriting` over files listed once (`withReferences`), for many outputs.
  package static func refuseOverwriting(_ files: [ReadFile], with output: String) throws {
    guard output != "-", let target = FileSystem.canonical(output) else { return }
    for f in files where f.canonical == target {
      let (file, input) = (f.file, f.input)
      throw CLIError(
        file == input
          ? "-o \(output): that is the input \(input); choose another output"
          : "-o \(output): that is \(file), which the input \(input) refers to; choose another output")
    }
  }

  /// Refuses an output of `-o FOLDER/` (an input's output, a frame) whose name is taken by a
  /// symbolic link or by what is not a file (a FIFO, a device, a socket): an output written
  /// through a link replaced the file it names, anywhere, and a FIFO would block the run. A
  /// single `-o FILE` is the user's own name and is written through (`OutputFile`). `what`
  /// says what belongs there ("a frame of an earlier run").
  package static func refusePlanted(_ path: String, in folder: String, what: String) throws {
    if FileSystem.isSymbolicLink(path) {
      throw CLIError("-o \(folder): \(path) is a symbolic link, not \(what); remove it or choose another folder")
    }
    if FileSystem.status(of: path)?.kind == .other, let odd = FileSystem.oddKind(of: path) {
      throw CLIError("-o \(folder): \(path) is \(odd), not \(what); remove it or choose another folder")
    }
  }

  /// Refuses a file output whose folder does not exist: only `-o FOLDER/` makes folders.
  package static func requireFolder(of output: String) throws {
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
  package static func prepareFolder(of path: String) throws -> [String] {
    guard let slash = path.lastIndex(of: "/") else { return [] }
    let folder = String(path[..<slash])
    guard !folder.isEmpty, !FileSystem.isDirectory(folder) else { return [] }
    return try FileSystem.createFolders(folder)
  }

  /// The file name without folder and extension (`stdin` for standard input, `-`).
  package static func stem(_ path: String) -> String {
    if path == "-" { return "stdin" }
    let name = path.split(separator: "/").last.map(String.init) ?? path
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
    return String(name[..<dot])
  }
}
