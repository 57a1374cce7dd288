import AnimplotCairo
import Foundation
import AnimplotGolden
import Testing

/// Small PNG references kept in Tests/AnimplotPlotsTests/Goldens, compared pixel for pixel, with the
/// record modes of `Snapshot` (`ANIMPLOT_RECORD`). On a mismatch the actual picture and a diff
/// picture go to `.build/golden-failures/`.
enum GoldenImage {
  static let directory = Snapshot.directory.deletingLastPathComponent().appendingPathComponent("Goldens")
  static let failures = directory.deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent(".build/golden-failures")

  /// Compares the PNG `bytes` with the golden `name` (`Goldens/NAME.png`).
  static func assert(png bytes: [UInt8], named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let file = directory.appendingPathComponent(name + ".png")
    let stored = try? Data(contentsOf: file)
    let actual = try PNGDecoder.decode(bytes: bytes)
    let expected = try stored.map { try PNGDecoder.decode(bytes: [UInt8]($0)) }
    let matches = expected == actual
    let write = Snapshot.mode.records(matched: stored == nil ? nil : matches)
    if write {
      try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try? Data(bytes).write(to: file)
      Issue.record("recorded golden \(name).png — review it and commit", sourceLocation: sourceLocation)
      return
    }
    guard let expected else {
      Issue.record("golden \(name).png is missing (record with ANIMPLOT_RECORD=missing)", sourceLocation: sourceLocation)
      return
    }
    guard !matches else { return }
    let comparison = ImageComparison(expected: expected, actual: actual, options: .exact)
    try? FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
    let actualFile = failures.appendingPathComponent(name + ".png")
    let diffFile = failures.appendingPathComponent(name + "-diff.png")
    try? Data(bytes).write(to: actualFile)
    try? Data(ImageFile.pngBytes(comparison.diffImage())).write(to: diffFile)
    Issue.record(
      """
      golden \(name).png differs in \(comparison.result.differingPixels) pixels \
      (\(expected.width)x\(expected.height) expected, \(actual.width)x\(actual.height) actual); \
      actual: \(actualFile.path), diff: \(diffFile.path)
      """, sourceLocation: sourceLocation)
  }
}
