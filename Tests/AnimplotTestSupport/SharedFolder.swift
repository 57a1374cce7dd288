import Foundation
import Testing

/// The shared reference folder: data the project tests against that the repository does not
/// hold (Blender's own answers for its curves and actions, public sample files of other tools).
/// It is `$ANIMPLOT_SHARED` when that is set, else `../shared` beside the package's folder.
package enum SharedFolder {
  /// The folder, whether or not it exists.
  package static var root: URL { root(environment: ProcessInfo.processInfo.environment) }

  /// The folder `environment` names.
  package static func root(environment: [String: String]) -> URL {
    if let path = environment["ANIMPLOT_SHARED"], !path.isEmpty {
      return URL(fileURLWithPath: path).standardizedFileURL
    }
    return Repository.root.deletingLastPathComponent().appendingPathComponent("shared")
  }

  /// Blender 3.4.1's answers: curves and realistic actions with the handles `fcurve.update()`
  /// computed, `fcurve.evaluate()`'s samples and the Dope Sheet's facts (`actions.json`,
  /// `curves.json`).
  package static let oracle = Part(what: "Blender's oracle answers", path: "oracle", marker: "actions.json")
  /// Blender 3.4.1's and 5.0.1's answers for curves with F-modifiers (`modifiers/`).
  package static let modifierOracle = Part(
    what: "Blender's F-modifier oracle answers", path: "oracle/modifiers", marker: "modifiers-3.4.1.json")
  /// Blender 3.4.1's Graph Editor run on edits: initial curves, operations and Blender's state
  /// after each (`edits_seed1.json`).
  package static let edits = Part(
    what: "Blender's Graph Editor edit answers", path: "oracle/edits", marker: "edits_seed1.json")
  /// Public glTF, Unity and Lottie files (`gltf/`, `unity/`, `lottie/`).
  package static let samples = Part(what: "the public glTF, Unity and Lottie sample files", path: "realdata", marker: "")

  /// A subfolder of the shared folder that tests read.
  package struct Part: Sendable {
    /// What it holds, for the skip line.
    package let what: String
    /// Its path in the shared folder.
    package let path: String
    /// A file whose presence says the part is there (empty: the folder itself).
    let marker: String

    /// The subfolder, or nil when it is missing.
    package var folder: URL? {
      let url = SharedFolder.root.appendingPathComponent(path)
      return FileManager.default.fileExists(atPath: url.appendingPathComponent(marker).path) ? url : nil
    }

    /// `relative` inside the subfolder (whether or not it exists).
    package func file(_ relative: String) -> URL {
      SharedFolder.root.appendingPathComponent(path).appendingPathComponent(relative)
    }

    /// What a test that reads this part needs.
    package var requirement: Requirement {
      Requirement(
        what: "\(what) from the shared reference folder",
        missing: "\(SharedFolder.root.appendingPathComponent(path).path) not found",
        howToRun: "run them with ANIMPLOT_SHARED=/path/to/shared make test",
        isMet: folder != nil)
    }
  }
}

extension Trait where Self == ConditionTrait {
  /// Runs the test or suite only where `part` of the shared folder is there (see `requires`).
  package static func needs(_ part: SharedFolder.Part) -> Self { .requires(part.requirement) }
}
