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
      }
      outputs[target] = option
    }
    return outputs
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
  /// external buffers and images, `InputKind.referencedFiles`).
  mutating func addReferences(of input: String) {
    for file in InputKind.referencedFiles(ofInputAt: input) { add(file, as: "\(file), which the input \(input) refers to") }
  }
}
