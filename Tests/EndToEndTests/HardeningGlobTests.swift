import AnimplotTestSupport
import Foundation
import Testing

/// The minor findings of the second adversarial trial: a channel glob's length is bounded
/// (`Limits.channelPatternCharacters`; matching is one pass over each name whatever the glob).
extension HardeningRoundTwoTests {
  @Test func aChannelGlobPastTheLimitIsRefusedBeforeAnythingIsRead() throws {
    let dir = try CLI.temporaryDirectory()
    // A data path of 1,000 characters, near the longest name a file may hold (1,024 bytes).
    let name = String(repeating: "a", count: 1_000)
    try write(#"{"animplot": 1, "tracks": [{"dataPath": "\#(name)", "keyframes": [{"frame": 1, "value": 0}, {"frame": 2, "value": 1}]}]}"#, to: dir.appendingPathComponent("long.json"))
    let tooLong = "*" + String(repeating: "a", count: 999) + "b"
    expectOneLineError(
      try CLI.run(["eval", "long.json", "--at", "1", "--channels", tooLong, "-o", "out.csv"], in: dir),
      "--channels: expected a glob of at most 1000 characters; found 1001")
    expectOneLineError(
      try CLI.run(["graph", "long.json", "--hide", tooLong, "-o", "out.png"], in: dir),
      "--hide: expected a glob of at most 1000 characters; found 1001")
    #expect(try names(dir) == ["long.json"])
    // At the limit, against that data path: one pass, no match.
    let atLimit = String(tooLong.dropFirst())
    expectOneLineError(
      try CLI.run(["eval", "long.json", "--at", "1", "--channels", "*" + atLimit.dropFirst()], in: dir), "no channel matches")
    let matched = try CLI.run(["eval", "long.json", "--at", "1", "--channels", "*" + String(repeating: "a", count: 998) + "*"], in: dir)
    #expect(matched.status == 0, "\(matched.stderr.prefix(300))")
  }

  @Test func channelListsInMessagesCutEachName() throws {
    // Three channels of 1,017-character data paths (names hold at most 1,024 bytes): each
    // listed name is cut at 80 characters.
    let dir = try CLI.temporaryDirectory()
    let path = "objects[" + String(repeating: "a", count: 1_000) + ".location"
    let tracks = (0..<3).map { #"{"dataPath": "\#(path)", "index": \#($0), "keyframes": [{"frame": 0, "value": 0}, {"frame": 10, "value": \#($0)}]}"# }
    try write(#"{"animplot": 1, "tracks": [\#(tracks.joined(separator: ", "))]}"#, to: dir.appendingPathComponent("long.json"))
    let cut = "(objects[" + String(repeating: "a", count: 72) + "…)"
    for arguments in [
      ["graph", "long.json", "--channels", "zz", "-o", "out.png"], ["eval", "long.json", "--channels", "zz"],
      ["morph", "--from", "square", "--to", "star", "--curve", "long.json", "--channel", "zz", "-o", "m.png"],
      ["morph", "--from", "square", "--to", "star", "--curve", "long.json", "--channel", "*", "-o", "m.png"],
    ] {
      let r = try CLI.run(arguments, in: dir)
      expectOneLineError(r, arguments.contains("*") ? "matches 3 channels" : "no channel matches 'zz'")
      #expect(r.stderr.utf8.count < 1_000, "\(arguments[0]): \(r.stderr.utf8.count) bytes")
      #expect(r.stderr.contains(arguments.contains("*") ? "aaaa…" : cut), "\(r.stderr.prefix(400))")
    }
    #expect(try names(dir) == ["long.json"])
  }
}

/// The fourth trial: a command's words and its globs together are bounded, wherever a command
/// comes from (parsing repeated options costs the square of their number; each name is matched
/// against every glob).
extension HardeningRoundTwoTests {
  @Test func aCommandOfTooManyWordsIsRefusedBeforeParsing() throws {
    let dir = try CLI.temporaryDirectory()
    let ball = Repository.root.appendingPathComponent("Examples/bouncing-ball.json").path
    let words = Array(repeating: ["--frames", "1:2"], count: 1_000).flatMap { $0 }
    expectOneLineError(
      try CLI.run(["graph", ball, "-o", "out.png"] + words, in: dir), "2004 words on the command line, more than 2000")
    #expect(try names(dir) == [])
    // A check case of as many words is refused as its NAME.args is read, as other bad ones are.
    let cases = dir.appendingPathComponent("cases")
    try FileManager.default.createDirectory(at: cases, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: ball, toPath: cases.appendingPathComponent("many.json").path)
    try write((["graph"] + words).joined(separator: " "), to: cases.appendingPathComponent("many.args"))
    expectOneLineError(
      try CLI.run(["check", "cases", "--record", "missing"], in: dir),
      "many.args: 2001 words of options, more than 2000")
    #expect(try names(cases) == ["many.args", "many.json"])
  }

  @Test func channelGlobsAreBoundedTogether() throws {
    let dir = try CLI.temporaryDirectory()
    let ball = Repository.root.appendingPathComponent("Examples/bouncing-ball.json").path
    // 400 characters each, matching "Z Location" and "X Scale".
    let z = String(repeating: "*", count: 390) + "Z Location", x = String(repeating: "*", count: 393) + "X Scale"
    expectOneLineError(
      try CLI.run(["graph", ball, "--channels", "*" + z, "--hide", z, "--hide", x, "-o", "out.png"], in: dir),
      "--channels and --hide: expected globs of at most 1000 characters in all; found 1201")
    #expect(try names(dir) == [])
    let fits = try CLI.run(["graph", ball, "--hide", z, "--hide", x, "-o", "out.png"], in: dir)
    #expect(fits.status == 0, "\(fits.stderr)")
  }
}
