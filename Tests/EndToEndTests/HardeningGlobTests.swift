import AnimplotTestSupport
import Foundation
import Testing

/// The minor findings of the second adversarial trial: a channel glob's length is bounded
/// (`Limits.channelPatternCharacters`; matching is one pass over each name whatever the glob).
extension HardeningRoundTwoTests {
  @Test func aChannelGlobPastTheLimitIsRefusedBeforeAnythingIsRead() throws {
    let dir = try CLI.temporaryDirectory()
    let name = String(repeating: "a", count: 200_000)
    try write(#"{"animplot": 1, "tracks": [{"dataPath": "\#(name)", "keyframes": [{"frame": 1, "value": 0}, {"frame": 2, "value": 1}]}]}"#, to: dir.appendingPathComponent("long.json"))
    let tooLong = "*" + String(repeating: "a", count: 999) + "b"
    expectOneLineError(
      try CLI.run(["eval", "long.json", "--at", "1", "--channels", tooLong, "-o", "out.csv"], in: dir),
      "--channels: expected a glob of at most 1000 characters; found 1001")
    expectOneLineError(
      try CLI.run(["graph", "long.json", "--hide", tooLong, "-o", "out.png"], in: dir),
      "--hide: expected a glob of at most 1000 characters; found 1001")
    #expect(try names(dir) == ["long.json"])
    // At the limit, against a 200,000-character data path: one pass, no match.
    let atLimit = String(tooLong.dropFirst())
    expectOneLineError(
      try CLI.run(["eval", "long.json", "--at", "1", "--channels", "*" + atLimit.dropFirst()], in: dir), "no channel matches")
    let matched = try CLI.run(["eval", "long.json", "--at", "1", "--channels", "*" + String(repeating: "a", count: 998) + "*"], in: dir)
    #expect(matched.status == 0, "\(matched.stderr.prefix(300))")
  }
}
