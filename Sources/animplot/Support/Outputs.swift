import AnimplotPlatform

/// Where each input's picture goes: `-o FILE` for one input, `-o FOLDER/` for several.
enum Outputs {
  /// The output path and format for each input, in one of the `accepted` formats.
  /// - Throws: `CLIError` for a missing or unsuitable `-o` or `--format`.
  static func plan(
    inputs: [String], output: String?, format: OutputFormat?,
    accepted: [OutputFormat] = OutputFormat.pictures
  ) throws -> [(input: String, path: String, format: OutputFormat)] {
    if let format, !accepted.contains(format) {
      let names = accepted.map(\.rawValue)
      throw CLIError(
        "--format \(format.rawValue) is not available here; use "
          + names.dropLast().joined(separator: ", ") + " or " + names.last!)
    }
    guard let output else {
      throw CLIError("missing -o OUTPUT: a file ('-' for standard output), or a folder ending in / for several inputs")
    }
    let isFolder = output.hasSuffix("/") || isDirectory(output)
    if inputs.count > 1 || isFolder {
      guard isFolder else {
        throw CLIError("-o \(output): several inputs need a folder (end it with /)")
      }
      let chosen = format ?? .png
      let folder = output.hasSuffix("/") ? output : output + "/"
      var seen: Set<String> = []
      return try inputs.map { input in
        let path = folder + stem(input) + "." + chosen.fileExtension
        guard seen.insert(path).inserted else {
          throw CLIError("\(input): its output \(path) would overwrite another input's")
        }
        try refuseOverwriting([input], with: path)
        return (input, path, chosen)
      }
    }
    let extensions = accepted.map { "." + $0.fileExtension }.joined(separator: ", ")
    try refuseOverwriting(inputs, with: output)
    guard let chosen = format ?? OutputFormat(path: output) ?? (output == "-" ? .png : nil) else {
      throw CLIError("-o \(output): cannot tell the format from the extension; use \(extensions) or --format")
    }
    guard accepted.contains(chosen) else {
      throw CLIError("-o \(output): this command does not write \(chosen.rawValue); use \(extensions)")
    }
    return [(inputs[0], output, chosen)]
  }

  /// Refuses an output that is one of the inputs (it would be replaced before anyone noticed).
  static func refuseOverwriting(_ inputs: [String], with output: String) throws {
    guard output != "-", let target = canonical(output) else { return }
    for input in inputs where input != "-" && canonical(input) == target {
      throw CLIError("-o \(output): that is the input \(input); choose another output")
    }
  }

  /// The resolved absolute path of an existing file, or `nil`.
  static func canonical(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Creates the folder of a planned output, and its parents, when missing.
  static func prepareFolder(of path: String) throws {
    guard let slash = path.lastIndex(of: "/") else { return }
    let folder = String(path[..<slash])
    guard !folder.isEmpty, !isDirectory(folder) else { return }
    try prepareFolder(of: folder)
    if mkdir(folder, 0o755) != 0 && errno != EEXIST {
      throw CLIError("\(folder)/: cannot create the folder: \(String(cString: strerror(errno)))")
    }
  }

  /// Creates a folder and its missing parents, as `mkdir -p`.
  static func createFolders(_ path: String) throws {
    var prefix = path.hasPrefix("/") ? "/" : ""
    for part in path.split(separator: "/") {
      prefix += part
      if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
        throw CLIError("\(prefix)/: cannot create the folder: \(String(cString: strerror(errno)))")
      }
      prefix += "/"
    }
  }

  static func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  /// The file name without folder and extension.
  static func stem(_ path: String) -> String {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
    return String(name[..<dot])
  }
}
