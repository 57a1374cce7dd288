import AnimplotTestSupport
import Foundation
import Testing

/// The reports of `check` and `merge` are put in place together: one that cannot be leaves
/// none of them and no temporary file, and its error names its option.
extension HardeningRoundTwoTests {
  /// A report that cannot be put in place (a full device), first or after another: exit 2,
  /// one line naming the option, no report written and no temporary file left; for check and
  /// for merge.
  @Test(arguments: [
    (["--junit", "/dev/full", "--report", "r.html", "--json", "m.json"], "--junit /dev/full"),
    (["--junit", "j.xml", "--report", "/dev/full", "--json", "m.json"], "--report /dev/full"),
  ])
  func aReportThatCannotBeWrittenLeavesNoneAndNoTemporaryFile(reports: [String], option: String) throws {
    guard FileManager.default.isWritableFile(atPath: "/dev/full") else { return }
    let dir = try CLI.temporaryDirectory()
    let cases = dir.appendingPathComponent("cases")
    try FileManager.default.createDirectory(at: cases, withIntermediateDirectories: false)
    try FileManager.default.copyItem(
      at: CLI.repository.appendingPathComponent("Examples/bouncing-ball.json"), to: cases.appendingPathComponent("ball.json"))
    try write("graph --width 64 --height 48\n", to: cases.appendingPathComponent("ball.args"))
    #expect(try CLI.run(["check", "cases"], in: dir, environment: CheckCommandTests.local).status == 1, "recorded")
    #expect(try CLI.run(["check", "cases", "--json", "s.json"], in: dir, environment: CheckCommandTests.local).status == 0)
    let before = try names(dir)
    for arguments in [["check", "cases"], ["merge", "s.json"]] {
      let r = try CLI.run(arguments + reports, in: dir, environment: CheckCommandTests.local)
      #expect(r.status == 2, "\(arguments): \(r.stdout)\(r.stderr)")
      #expect(r.stderr == "animplot: \(option): cannot write: No space left on device\n", "\(arguments)")
      #expect(try names(dir) == before, "\(arguments)")
    }
  }
}
