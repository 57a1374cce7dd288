import Foundation

/// The package's own folders, found from this file's place in it
/// (`Tests/AnimplotTestSupport/Repository.swift`).
package enum Repository {
  /// The folder of `Package.swift`.
  package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The `animplot` executable the tests run: `$ANIMPLOT_BINARY` when it is set (`make test`
  /// sets it to the release build, `make sanitize` to the sanitized builds), else the one
  /// `swift build` left in `.build` (debug, then release).
  package static var binary: URL {
    if let path = ProcessInfo.processInfo.environment["ANIMPLOT_BINARY"], !path.isEmpty {
      return URL(fileURLWithPath: path)
    }
    let candidates = ["debug", "release"].map { root.appendingPathComponent(".build/\($0)/animplot") }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
  }
}
