import AnimplotTestSupport
import Foundation
import Testing

/// Issue 25: an edit script's work was unbounded (one `sample` to a million keys, then 60,000
/// `smooth`s, would have run for hours). Each operation's cost is now told before it runs and
/// charged to the run's budget; the operation past it is refused with one line naming the
/// script, the operation and the limit, exit 2, and nothing written.
extension HardeningRoundTwoTests {
  /// Two keys `frames` apart: sampled, a key on each frame between.
  static func longAction(frames: Int) -> String {
    """
    {"animplot": 1, "name": "A", "tracks": [{"dataPath": "location", "index": 0, "keyframes": [{"frame": 1, "value": 0}, {"frame": \(frames + 1), "value": 1}]}]}
    """
  }

  /// `select_all`, `sample`, `select_all`, then `more` (JSON operations).
  static func sampling(then more: [String]) -> String {
    #"{"ops": [{"op": "select_all", "action": "SELECT"}, {"op": "sample"}, {"op": "select_all", "action": "SELECT"}"#
      + more.map { ", " + $0 }.joined() + "]}"
  }

  @Test func anEditScriptPastItsBudgetIsRefusedBeforeTheWork() throws {
    let dir = try CLI.temporaryDirectory()
    try write(Self.longAction(frames: 100_000), to: dir.appendingPathComponent("long.json"))
    // Decimating a run of 100,001 keys is quadratic (10^10 steps): refused before it starts,
    // and the 60,000 smooths after it never run.
    let runaway = Self.sampling(then: [#"{"op": "decimate", "mode": "RATIO", "factor": 0.5}"#] + Array(repeating: #"{"op": "smooth"}"#, count: 60_000))
    try write(runaway, to: dir.appendingPathComponent("runaway.ops.json"))
    let before = try Data(contentsOf: dir.appendingPathComponent("long.json"))
    for output in [["-o", "out.json"], ["--in-place"]] {
      let r = try CLI.run(["edit", "long.json", "--ops", "runaway.ops.json"] + output, in: dir)
      expectOneLineError(
        r,
        "runaway.ops.json: ops[3]: decimate would take the edit past 20000000 key visits, animplot's limit for one run (the action holds 100001 keys here, and the operations before visited 200010); edit fewer keys or run fewer operations at a time"
      )
    }
    #expect(try names(dir) == ["long.json", "runaway.ops.json"])
    #expect(try Data(contentsOf: dir.appendingPathComponent("long.json")) == before)

    // Within the budget the same kind of script runs: 100 smooths of 10,001 keys.
    try write(Self.longAction(frames: 10_000), to: dir.appendingPathComponent("short.json"))
    try write(Self.sampling(then: Array(repeating: #"{"op": "smooth"}"#, count: 100)), to: dir.appendingPathComponent("smooth.ops.json"))
    let r = try CLI.run(["edit", "short.json", "--ops", "smooth.ops.json", "-o", "out.json"], in: dir)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(try Data(contentsOf: dir.appendingPathComponent("out.json")).count > 10_000 * 100)
  }

  /// A script of more operations than `Limits.editOperations` is refused as it is read.
  @Test func anEditScriptOfTooManyOperationsIsRefusedAsItIsRead() throws {
    let dir = try CLI.temporaryDirectory()
    try write(Self.longAction(frames: 10), to: dir.appendingPathComponent("long.json"))
    let script = #"{"ops": ["# + Array(repeating: #"{"op": "copy"}"#, count: 100_001).joined(separator: ",") + "]}"
    try write(script, to: dir.appendingPathComponent("many.ops.json"))
    let r = try CLI.run(["edit", "long.json", "--ops", "many.ops.json", "-o", "out.json"], in: dir)
    let column = #"{"ops": ["#.count + 100_000 * (#"{"op": "copy"}"#.count + 1) + 1
    expectOneLineError(r, "many.ops.json:1:\(column): ops[100000]: more than 100000 operations, animplot's limit for one script")
    #expect(try names(dir) == ["long.json", "many.ops.json"])
  }
}
