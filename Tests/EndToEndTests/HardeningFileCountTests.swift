import AnimplotTestSupport
import Foundation
import Testing

/// A fifth adversarial trial's findings on animplot's own action files: what a file holds
/// besides keys is counted over the whole file as it is read (keyless tracks over many
/// actions, 100 of 100,000 tracks, took `info` 2.7 GB; 30 million modifiers aborted `info`).
extension HardeningRoundTwoTests {
  /// 100,001 Limits modifiers over two tracks, and 100,001 keyless tracks over two actions:
  /// every verb stops at the one past the limit, and `recalc` writes nothing.
  @Test func anActionFileHoldsAtMostItsLimitsOfTracksAndModifiers() throws {
    let dir = try CLI.temporaryDirectory()
    let limits = Array(repeating: "{\"type\": \"limits\"}", count: 50_000).joined(separator: ",")
    let key = "{\"frame\": 1, \"value\": 0}"
    try write(
      "{\"animplot\": 1, \"tracks\": [{\"dataPath\": \"a\", \"keyframes\": [\(key)], \"modifiers\": [\(limits)]}, "
        + "{\"dataPath\": \"b\", \"keyframes\": [\(key)], \"modifiers\": [\(limits), {\"type\": \"cycles\"}]}]}",
      to: dir.appendingPathComponent("m.json"))
    let track = Array(repeating: "{\"dataPath\": \"a\", \"keyframes\": []}", count: 50_000).joined(separator: ",")
    try write(
      "{\"animplot\": 1, \"actions\": [{\"tracks\": [\(track)]}, {\"tracks\": [\(track), {\"dataPath\": \"z\", \"keyframes\": []}]}]}",
      to: dir.appendingPathComponent("t.json"))
    for verb in [["info"], ["eval", "--at", "1"], ["recalc", "-o", "out.json"]] {
      expectOneLineError(
        try CLI.run([verb[0], "m.json"] + verb.dropFirst(), in: dir),
        "m.json:1:1900178: tracks[1].modifiers[50000]: more than 100000 modifiers, animplot's limit for one action file")
    }
    for verb in [["info"], ["dopesheet", "-o", "d.png"], ["timeline", "-o", "t.png"], ["recalc", "-o", "out.json"]] {
      expectOneLineError(
        try CLI.run([verb[0], "t.json"] + verb.dropFirst(), in: dir),
        "t.json:1:3500057: actions[1].tracks[50000]: more than 100000 tracks, animplot's limit for one action file")
    }
    #expect(try names(dir) == ["m.json", "t.json"])
  }
}
