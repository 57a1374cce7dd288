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

  @Test func aPictureThatCannotBeDrawnFailsTheTest() {
    // Cairo refuses sides above 32767 device pixels: the failure is the test's, whatever the
    // record mode, and nothing that could pass is recorded.
    withKnownIssue {
      let failure = verifySnapshot(
        of: Self.ball, as: .graph(width: 40000, height: 100), named: "1", record: .never,
        testName: "graphPicture()")
      #expect(failure != nil)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("animplot could not render the snapshot") }
    }
  }
}
