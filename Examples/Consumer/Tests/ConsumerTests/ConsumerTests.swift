import AnimplotCore
import AnimplotIO
import AnimplotRender
import AnimplotSnapshotTesting
import Foundation
import SnapshotTesting
import Testing

/// animplot's snapshot strategies from another package's tests.
@Suite struct ConsumerTests {
  static let ball = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Examples/bouncing-ball.json").path

  @Test func theBallsGraphEditor() throws {
    let action = try ActionFile.load(Self.ball).action(named: nil)
    assertSnapshot(of: action, as: .graph(width: 480, height: 270))
    assertSnapshot(of: action, as: .dopesheetLayout)
  }

  @Test func valuesAtFrames() throws {
    let table = try Renderer().render(.file(Self.ball), view: EvaluationView(frames: [1, 12.5, 24]), as: .valuesCSV)
    #expect(String(decoding: table, as: UTF8.self).hasPrefix("frame,"))
  }
}
