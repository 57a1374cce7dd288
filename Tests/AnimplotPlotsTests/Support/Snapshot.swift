import AnimplotCanvas
import AnimplotCheck
import AnimplotGolden
import Foundation
import Testing

/// Text snapshots (display lists, layouts) kept in Tests/AnimplotPlotsTests/Snapshots, compared exactly.
/// `ANIMPLOT_SNAPSHOT_PNG=DIR` also renders every drawing snapshot to DIR/NAME.png through
/// Cairo, to look at before a changed display list is committed.
///
/// Record modes as `animplot check` reads them (`AnimplotGolden.RecordMode`): `ANIMPLOT_RECORD`, else
/// `never` under `CI`, else `missing`. Writing a snapshot fails the test, so a new or changed
/// reference cannot pass before it is reviewed and committed.
enum Snapshot {
  static var mode: RecordMode {
    let env = ProcessInfo.processInfo.environment
    do {
      return try RecordMode.resolve(flag: nil, recordVariable: env["ANIMPLOT_RECORD"], ciVariable: env["CI"])
    } catch {
      Issue.record("\(error)")
      return .never
    }
  }

  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Snapshots")

  /// Compares what `draw` records on a `width`×`height` canvas (for a raster of `scale`) with
  /// the snapshot `name`; returns the display list.
  @discardableResult
  static func assertDrawing(
    named name: String, width: Double, height: Double, scale: Double = 1,
    sourceLocation: SourceLocation = #_sourceLocation, _ draw: (any Canvas) -> Void
  ) -> String {
    let list = displayList(width: width, height: height, scale: scale, draw)
    assert(list, named: name, sourceLocation: sourceLocation)
    if let folder = ProcessInfo.processInfo.environment["ANIMPLOT_SNAPSHOT_PNG"] {
      do {
        let png = try rendered(.png, width: Int(width), height: Int(height), scale: scale, draw)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(png).write(to: URL(fileURLWithPath: folder).appendingPathComponent(name + ".png"))
      } catch {
        Issue.record("cannot write the preview of \(name): \(error)", sourceLocation: sourceLocation)
      }
    }
    return list
  }

  /// Compares `text` with the snapshot `name` (`Snapshots/NAME.txt`).
  static func assert(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let file = directory.appendingPathComponent(name + ".txt")
    let stored = try? String(contentsOf: file, encoding: .utf8)
    let matches = stored == text
    let write = mode.records(matched: stored == nil ? nil : matches)
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
