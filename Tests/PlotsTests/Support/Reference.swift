import CairoCanvas
import Canvas
import Foundation
import Golden
import Testing

/// Reference files the tests compare with exactly: display lists under `Snapshots/` and PNGs
/// under `Goldens/`, beside this folder.
///
/// `ANIMPLOT_RECORD` says what happens to a reference (as swift-snapshot-testing's record
/// modes): `missing` (the default) writes a reference that does not exist yet, `all` rewrites
/// every reference, `never` only compares. Writing a reference fails the test with "recorded new
/// snapshot — review and commit", so nothing passes until a person has looked at it. On a
/// mismatch the actual output (and for images a diff picture) goes to `.build/snapshot-failures/`
/// or `.build/golden-failures/`.
enum Reference {
  enum RecordMode: String { case all, missing, never }

  static var mode: RecordMode {
    ProcessInfo.processInfo.environment["ANIMPLOT_RECORD"].flatMap(RecordMode.init) ?? .missing
  }

  static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
  static let buildFolder = testsFolder.deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent(".build")

  /// Compares `text` with `Snapshots/NAME.txt`.
  static func assertSnapshot(
    _ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let file = testsFolder.appendingPathComponent("Snapshots/\(name).txt")
    let stored = try? String(contentsOf: file, encoding: .utf8)
    if record(Data(text.utf8), to: file, exists: stored != nil, sourceLocation: sourceLocation) {
      return
    }
    guard let stored, stored != text else { return }
    let failure = save(Data(text.utf8), as: "snapshot-failures/\(name).txt")
    let expectedLines = stored.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let line =
      zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(expectedLines.count, actualLines.count)
    Issue.record(
      """
      snapshot \(name) differs from line \(line + 1) on (\(expectedLines.count) lines expected, \(actualLines.count) actual)
        expected: \(line < expectedLines.count ? expectedLines[line].prefix(300) : "(end)")
        actual:   \(line < actualLines.count ? actualLines[line].prefix(300) : "(end)")
      actual output: \(failure.path); ANIMPLOT_RECORD=all re-records it
      """, sourceLocation: sourceLocation)
  }

  /// Compares the PNG `bytes` with `Goldens/NAME.png`, pixel for pixel.
  static func assertGolden(
    png bytes: [UInt8], named name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let file = testsFolder.appendingPathComponent("Goldens/\(name).png")
    let stored = try? Data(contentsOf: file)
    if record(Data(bytes), to: file, exists: stored != nil, sourceLocation: sourceLocation) { return }
    guard let stored else { return }
    let expected = try PNGDecoder.decode(bytes: [UInt8](stored))
    let actual = try PNGDecoder.decode(bytes: bytes)
    guard expected != actual else { return }
    let comparison = ImageComparison(expected: expected, actual: actual, options: .exact)
    let actualFile = save(Data(bytes), as: "golden-failures/\(name).png")
    let diffFile = save(Data(ImageFile.pngBytes(comparison.diffImage())), as: "golden-failures/\(name)-diff.png")
    Issue.record(
      """
      golden \(name) differs: \(comparison.result.differingPixels) pixels \
      (\(expected.width)x\(expected.height) expected, \(actual.width)x\(actual.height) actual)
      actual: \(actualFile.path); diff: \(diffFile.path); ANIMPLOT_RECORD=all re-records it
      """, sourceLocation: sourceLocation)
  }

  /// Writes `data` to `file` when the record mode asks for it and reports that; returns whether
  /// it recorded.
  private static func record(
    _ data: Data, to file: URL, exists: Bool, sourceLocation: SourceLocation
  ) -> Bool {
    switch (mode, exists) {
    case (.all, _), (.missing, false):
      try? FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try? data.write(to: file)
      Issue.record(
        "recorded new snapshot — review and commit \(file.path)", sourceLocation: sourceLocation)
      return true
    case (.never, false):
      Issue.record("no reference \(file.path) (ANIMPLOT_RECORD=never)", sourceLocation: sourceLocation)
      return true
    default:
      return false
    }
  }

  /// Writes a failure artefact under `.build/` and returns where.
  private static func save(_ data: Data, as name: String) -> URL {
    let file = buildFolder.appendingPathComponent(name)
    try? FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try? data.write(to: file)
    return file
  }
}
