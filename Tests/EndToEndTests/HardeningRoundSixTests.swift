import AnimplotTestSupport
import Foundation
import Testing

/// A fifth adversarial trial's findings about what the command line reads and prints (`shell`
/// runs what a `[String]` command line cannot say: bytes that are not UTF-8, a full device).
extension HardeningRoundTwoTests {
  /// A path whose bytes are not UTF-8 is refused as such: it was read as another name (an
  /// existing input "not found", an output written under another name).
  @Test func anArgumentThatIsNotUTF8IsRefused() throws {
    let dir = try CLI.temporaryDirectory()
    let example = CLI.repository.appendingPathComponent("Examples/bouncing-ball.json").path
    _ = try shell("cp '\(example)' \"$(printf 'b\\377.json')\"", in: dir)
    let before = try FileManager.default.contentsOfDirectory(atPath: dir.path).count
    expectOneLineError(
      try shell("exec \"$A\" info \"$(printf 'b\\377.json')\"", in: dir),
      "argument 2 ('b\\xFF.json') is not UTF-8 text")
    expectOneLineError(
      try shell("exec \"$A\" graph '\(example)' -o \"$(printf 'o\\377.png')\"", in: dir),
      "argument 4 ('o\\xFF.png') is not UTF-8 text")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).count == before, "an output was written")
  }

  /// A result printed to standard output that cannot be written (a full device) is an error,
  /// as an output file's would be: `info` said nothing and exited 0.
  @Test func aResultThatCannotBePrintedIsAnError() throws {
    guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
    let dir = try CLI.temporaryDirectory()
    let example = CLI.repository.appendingPathComponent("Examples/bouncing-ball.json").path
    expectOneLineError(
      try shell("exec \"$A\" info '\(example)' > /dev/full", in: dir), "standard output: cannot write")
    let png = dir.appendingPathComponent("a.png").path
    #expect(try CLI.run(["graph", example, "-o", png]).status == 0)
    expectOneLineError(
      try shell("exec \"$A\" diff '\(png)' '\(png)' > /dev/full", in: dir), "standard output: cannot write")
  }

  /// A frame of a folder that is a symbolic link is refused, as a FIFO is: written through, it
  /// replaced the file the link names (outside the folder, exit 0).
  @Test func aFrameThatIsALinkIsRefused() throws {
    let dir = try CLI.temporaryDirectory()
    let outside = dir.appendingPathComponent("notes.txt")
    try Data("my notes".utf8).write(to: outside)
    let frames = dir.appendingPathComponent("lf")
    try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(
      atPath: frames.appendingPathComponent("0002.png").path, withDestinationPath: "../notes.txt")
    let example = CLI.repository.appendingPathComponent("Examples/bouncing-ball.json").path
    expectOneLineError(
      try CLI.run(["play", example, "-o", "lf/", "--frames", "1:3", "--width", "64", "--height", "48"], in: dir),
      "-o lf/: lf/0002.png is a symbolic link, not a frame of an earlier run")
    #expect(try String(contentsOf: outside, encoding: .utf8) == "my notes")
    #expect(try FileManager.default.contentsOfDirectory(atPath: frames.path) == ["0002.png"])
  }
}
