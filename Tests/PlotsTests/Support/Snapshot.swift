import Foundation
import Testing

/// Text snapshots (display lists, layouts) kept in Tests/PlotsTests/Snapshots, compared exactly.
///
/// Record modes as swift-snapshot-testing's, from `ANIMPLOT_RECORD`: `missing` (default; `never`
/// when `CI` is set) writes absent snapshots, `all` rewrites every one, `failed` rewrites those
/// that differ, `never` writes nothing. Writing a snapshot fails the test, so a new or changed
/// reference cannot pass before it is reviewed and committed.
enum Snapshot {
  enum Record: String { case missing, all, failed, never }

  static var mode: Record {
    let env = ProcessInfo.processInfo.environment
    if let value = env["ANIMPLOT_RECORD"], let mode = Record(rawValue: value) { return mode }
    return env["CI"] != nil ? .never : .missing
  }

  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Snapshots")

  /// Compares `text` with the snapshot `name` (`Snapshots/NAME.txt`).
  static func assert(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let file = directory.appendingPathComponent(name + ".txt")
    let stored = try? String(contentsOf: file, encoding: .utf8)
    let matches = stored == text
    let write: Bool
    switch mode {
    case .all: write = true
    case .failed: write = !matches
    case .missing: write = stored == nil
    case .never: write = false
    }
    if write {
      try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try? text.write(to: file, atomically: true, encoding: .utf8)
      Issue.record("recorded snapshot \(name).txt — review it and commit", sourceLocation: sourceLocation)
      return
    }
    guard let stored else {
      Issue.record("snapshot \(name).txt is missing (record with ANIMPLOT_RECORD=missing)", sourceLocation: sourceLocation)
      return
    }
    if !matches {
      Issue.record("snapshot \(name).txt differs: \(firstDifference(stored, text))", sourceLocation: sourceLocation)
    }
  }

  /// The first differing line, for the failure message.
  static func firstDifference(_ expected: String, _ actual: String) -> String {
    let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
    for i in 0..<max(a.count, b.count) {
      let x = i < a.count ? String(a[i]) : "<end>", y = i < b.count ? String(b[i]) : "<end>"
      if x != y { return "line \(i + 1):\n  expected: \(x.prefix(300))\n  actual:   \(y.prefix(300))" }
    }
    return "same lines, different endings"
  }
}
