import AnimplotCheck
import AnimplotIO
import AnimplotPlatform

/// The rule for the reports a `check` or `merge` run writes (`--junit`, `--report`, `--json`):
/// none may be a file the run reads (`RunReads`), two may not be one file, and none may be
/// named as an artifact in the artifacts folder (check writes and removes those: a report
/// there would be replaced by an artifact, or replace one).
enum ReportPaths {
  /// The reports' paths (`FileSystem.absolute`), each with its option.
  /// - Parameters:
  ///   - reports: each option with its path, if given.
  ///   - reads: the files the run reads.
  ///   - artifacts: the artifacts folder.
  /// - Throws: `CLIError` naming the first report refused.
  static func checked(
    _ reports: [(option: String, path: String?)], reads: RunReads, artifacts: String
  ) throws -> [String: String] {
    let artifactsRoot = FileSystem.resolvedAbsolute(artifacts)
    var outputs: [String: String] = [:]
    for case (let option, let path?) in reports {
      let target = FileSystem.absolute(path)
      if let what = reads.what(absolute: target) { throw CLIError("\(option) \(path): that is \(what); choose another path") }
      if let other = outputs[target] { throw CLIError("\(option) \(path): \(other) writes the same file") }
      let resolved = FileSystem.resolvedAbsolute(path)
      if resolved.hasPrefix(artifactsRoot == "/" ? "/" : artifactsRoot + "/") {
        let inner = String(resolved.dropFirst(artifactsRoot == "/" ? 1 : artifactsRoot.count + 1))
        if !ArtifactNames.owners(of: inner).isEmpty || inner == StaleArtifacts.marker {
          throw CLIError(
            "\(option) \(path): named as an artifact in the artifacts folder \(artifacts), which check writes and removes; choose another path")
        }
      } else if let problem = missingFolder(of: path) {
        // Said before anything is drawn, not after every case has run. (A report in the
        // artifacts folder has its folder made with it, as the artifacts have.)
        throw CLIError("\(option) \(path): \(problem); make it first")
      }
      outputs[target] = option
    }
    return outputs
  }

  /// The folders to make for the reports of `paths` that lie in the artifacts folder (which
  /// check makes), before they are written.
  static func foldersInArtifacts(_ paths: [String?], artifacts: String) -> [String] {
    let artifactsRoot = FileSystem.resolvedAbsolute(artifacts)
    return paths.compactMap { path in
      guard let path, path != "-", let folder = parent(of: path) else { return nil }
      let resolved = FileSystem.resolvedAbsolute(folder)
      return resolved == artifactsRoot || resolved.hasPrefix(artifactsRoot == "/" ? "/" : artifactsRoot + "/") ? folder : nil
    }
  }

  /// What keeps a report from being written at `path` for its folder: the folder missing, or
  /// not a folder; `nil` for a path that exists (a file, a device, standard output `-`) or a
  /// link (written as `OutputFile` says).
  static func missingFolder(of path: String) -> String? {
    guard path != "-", FileSystem.status(of: path) == nil, !FileSystem.isSymbolicLink(path) else { return nil }
    let folder = parent(of: path) ?? "."
    if FileSystem.isDirectory(folder) { return nil }
    return FileSystem.status(of: folder) == nil ? "the folder \(folder) does not exist" : "\(folder) is not a folder"
  }

  /// What keeps the artifacts folder `folder` from being made (as `mkdir -p` makes it): the
  /// nearest part of its path that exists is not a folder.
  static func artifactsProblem(_ folder: String) -> String? {
    var current = folder
    while current.count > 1 && current.hasSuffix("/") { current.removeLast() }
    while true {
      if let status = FileSystem.status(of: current) {
        return status.kind == .directory ? nil : "\(current) is not a folder"
      }
      guard let up = parent(of: current) else { return nil }
      current = up
    }
  }

  /// The folder `path` is in, as written (`a/b` → `a`, `/b` → `/`), or `nil` for a bare name.
  private static func parent(of path: String) -> String? {
    guard let slash = path.lastIndex(of: "/") else { return nil }
    if slash == path.startIndex { return path == "/" ? nil : "/" }
    var folder = String(path[..<slash])
    while folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
    return folder
  }
}

/// The files a `check` or `merge` run reads, which none of its outputs (reports, artifacts,
/// recorded references) may replace and none of its removals may touch: each by its
/// `FileSystem.absolute` path (any spelling of a file, and a link to it, is one), with what it
/// is, for the refusal: "a file of the case folder goldens", "goldens/data/hop.bin, which the
/// input goldens/hop.gltf refers to".
struct RunReads {
  private var described: [String: String] = [:]

  /// Adds `file` as `what`; a file added before keeps its first description.
  mutating func add(_ file: String, as what: String) {
    add(absolute: FileSystem.absolute(file), as: what)
  }

  /// Adds a path already made absolute (`FileSystem.absolute`).
  mutating func add(absolute path: String, as what: String) {
    if described[path] == nil { described[path] = what }
  }

  /// These files and `paths` (absolute), those not here yet described as `what`.
  func adding(absolute paths: some Sequence<String>, as what: String) -> RunReads {
    var all = self
    for path in paths { all.add(absolute: path, as: what) }
    return all
  }

  /// What the file at `path` is, when the run reads it.
  func what(_ path: String) -> String? { described[FileSystem.absolute(path)] }

  /// `what(_:)` of a path already made absolute.
  func what(absolute path: String) -> String? { described[path] }

  /// Every file, as an absolute path.
  var paths: Set<String> { Set(described.keys) }

  /// The files a run reads through `input` besides the input itself: those a glTF names (its
  /// external buffers and images, `InputKind.referencedFiles`). A glTF whose JSON cannot be
  /// read adds none (its case fails reading it).
  mutating func addReferences(of input: String) {
    for file in (try? InputKind.referencedFiles(ofInputAt: input)) ?? [] { add(file, as: "\(file), which the input \(input) refers to") }
  }
}
