import AnimplotCheck
import AnimplotPlatform

/// The rule for the reports a `check` or `merge` run writes (`--junit`, `--report`, `--json`):
/// none may be a file the run reads, two may not be one file, and none may be named as an
/// artifact in the artifacts folder (check writes and removes those: a report there would be
/// replaced by an artifact, or replace one).
enum ReportPaths {
  /// The reports' paths (`FileSystem.absolute`), each with its option.
  /// - Parameters:
  ///   - reports: each option with its path, if given.
  ///   - inputs: the files the run reads (`FileSystem.absolute`), which `inputsAre` describes
  ///     ("a file of the case folder goldens").
  ///   - artifacts: the artifacts folder.
  /// - Throws: `CLIError` naming the first report refused.
  static func checked(
    _ reports: [(option: String, path: String?)], inputs: Set<String>, inputsAre: String, artifacts: String
  ) throws -> [String: String] {
    let artifactsRoot = FileSystem.resolvedAbsolute(artifacts)
    var outputs: [String: String] = [:]
    for case (let option, let path?) in reports {
      let target = FileSystem.absolute(path)
      if inputs.contains(target) { throw CLIError("\(option) \(path): that is \(inputsAre); choose another path") }
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
