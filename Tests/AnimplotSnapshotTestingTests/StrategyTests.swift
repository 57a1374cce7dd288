import AnimplotCore
import AnimplotIO
import AnimplotPlots
import AnimplotRender
import AnimplotSnapshotTesting
import Foundation
import SnapshotTesting
import Testing

/// The swift-snapshot-testing strategies, against references in __Snapshots__ (recorded with
/// that library's record modes, looked at, committed).
@Suite struct StrategyTests {
  static let ball: Action = {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Examples/bouncing-ball.json").path
    return try! ActionFile.load(path).action(named: nil)
  }()

  static var small: GraphOptions {
    var options = GraphOptions()
    options.width = 480
    options.height = 270
    return options
  }

  @Test func graphPicture() {
    assertSnapshot(of: Self.ball, as: .graph(width: 480, height: 270))
  }

  @Test func displayList() {
    assertSnapshot(of: Self.ball, as: .displayList(GraphView(options: Self.small)))
  }

  @Test func dopesheetLayout() {
    assertSnapshot(of: Self.ball, as: .dopesheetLayout)
  }

  @Test func aMovedKeyFailsWithTheFigures() throws {
    var moved = Self.ball
    moved.tracks[0].keyframes[1].value += 0.5
    moved = moved.recalculated()
    let failure = verifySnapshot(
      of: moved, as: .graph(width: 480, height: 270), named: "1", record: .never,
      testName: "graphPicture()")
    let message = try #require(failure)
    #expect(message.contains("the picture differs from its reference: differ:"), "\(message)")
    let text = verifySnapshot(
      of: moved, as: .displayList(GraphView(options: Self.small)), named: "1", record: .never,
      testName: "displayList()")
    #expect(text != nil)
  }

  @Test("a layout snapshot recorded before layouts were one member per line still matches")
  func anOldLayoutSnapshotStillMatches() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("animplot-layout-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let current = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__/StrategyTests/dopesheetLayout.1.json"), encoding: .utf8)
    // The same members on one line, as no layout was ever written, and one changed.
    let compact = current.split(separator: "\n").map { $0.drop { $0 == " " } }.joined(separator: " ") + "\n"
    try Data(compact.utf8).write(to: folder.appendingPathComponent("old.1.json"))
    #expect(
      verifySnapshot(
        of: Self.ball, as: .dopesheetLayout, named: "1", record: .never, snapshotDirectory: folder.path,
        testName: "old()") == nil)
    let changed = compact.replacingOccurrences(of: "\"frame\": 134,", with: "\"frame\": 135,")
    try Data(changed.utf8).write(to: folder.appendingPathComponent("old.1.json"))
    let failure = try #require(
      verifySnapshot(
        of: Self.ball, as: .dopesheetLayout, named: "1", record: .never, snapshotDirectory: folder.path,
        testName: "old()"))
    #expect(failure.contains("−          \"frame\": 135,") || failure.contains("-          \"frame\": 135,"), "\(failure)")
  }

  @Test func aPictureThatCannotBeDrawnFailsTheTest() throws {
    // Cairo refuses sides above 32767 device pixels: the failure is the test's, whatever the
    // record mode, and nothing that could pass is recorded.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("animplot-unrendered-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    func verify(_ record: SnapshotTestingConfiguration.Record) -> String? {
      verifySnapshot(
        of: Self.ball, as: .graph(width: 40000, height: 100), named: "1", record: record,
        snapshotDirectory: folder.path, testName: "unrendered()")
    }
    for record in [SnapshotTestingConfiguration.Record.never, .missing, .all, .failed, .never] {
      #expect(verify(record) != nil, "record \(record)")
    }
    // What was recorded is the message, and it still fails, saying why.
    let message = try #require(verify(.never))
    #expect(message.contains("animplot could not render the snapshot: "), "\(message)")
    #expect(message.contains("40000"), "\(message)")
  }
}
