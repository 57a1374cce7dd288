import AnimplotCheck
import AnimplotCommandLine
import AnimplotPlatform
import AnimplotServe
import AnimplotTestSupport
import Foundation
import Testing

/// `check --review` keeps what its cases show and what approving them writes on disk, not in
/// memory: 85 failing layout cases held 2.34 GB when each kept its output.
struct ReviewKeptTests {
  @Test func outputsAndImagesAreKeptOnDiskAndReadBack() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("review-kept-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let cases = root.appendingPathComponent("cases")
    try FileManager.default.createDirectory(at: cases, withIntermediateDirectories: true)
    let ball = Repository.root.appendingPathComponent("Examples/bouncing-ball.json")
    for name in ["picture", "layout"] { try FileManager.default.copyItem(at: ball, to: cases.appendingPathComponent("\(name).json")) }
    // A reference that is no picture (an error, with the output drawn) and a layout that differs.
    try Data("not a picture".utf8).write(to: cases.appendingPathComponent("picture.png"))
    try Data("graph --width 64 --height 48\n".utf8).write(to: cases.appendingPathComponent("picture.args"))
    try Data("{}\n".utf8).write(to: cases.appendingPathComponent("layout.layout.json"))
    try Data("graph --width 64 --height 48 --format json\n".utf8).write(to: cases.appendingPathComponent("layout.args"))
    let artifacts = root.appendingPathComponent("artifacts").path
    let spill = try SpillFile()
    let report = try CheckArguments.parse([cases.path, "--artifacts", artifacts, "--record", "never"]).check(keeping: spill)
    let failed = report.results.filter { $0.status != .passed }
    #expect(failed.map(\.checkCase.id) == ["layout.layout.json", "picture.png"])
    for (result, artifact) in zip(failed, ["layout.actual.layout.json", "picture.actual.png"]) {
      #expect(result.output == nil)
      guard case .kept(let piece)? = result.approval else {
        Issue.record("\(result.checkCase.id): no output kept")
        continue
      }
      #expect(try spill.load(piece) == Array(try Data(contentsOf: URL(fileURLWithPath: artifacts + "/" + artifact))))
    }
    let review = ReviewAPI(folder: cases.path, spill: spill)
    review.load(report)
    #expect(review.count == 2)
    #expect(review.heldBytes == 0)
  }
}
