import AnimplotTestSupport
import Foundation
import Testing

/// A fourth adversarial trial's findings: work that is the product of two bounded quantities
/// (pictures × pixels, curves × columns, layers × pixels), weighed before anything is drawn.
/// Each asserts the exit code, the one-line message and that nothing was written; the time
/// limits guard against the old behaviour (minutes of drawing), they measure nothing.
extension HardeningRoundTwoTests {
  /// One two-key channel over frames 1 to 100 (`simple.json`), and 16 or 25,000 of them.
  func channels(_ count: Int) -> String {
    "{\"timeline\": [0, 100], \"channels\": {" + (0..<count).map { "\"c\($0)\": [0, \($0 % 7)]" }.joined(separator: ", ") + "}}"
  }

  /// A case's options of more than 1 MiB (a `NAME.args` has no other bound, and every word
  /// is kept) are refused as the folder is read, naming the file.
  @Test func aCasesOptionsAreAtMostOneMebibyte() throws {
    let c = try Cases()
    defer { c.remove() }
    let line = "--ignore 0,0,10,10\n"
    try c.write("graph --width 240 --height 135\n" + String(repeating: line, count: (1 << 20) / line.utf8.count + 1), "pass.args")
    let r = try c.check()
    #expect(r.status == 2, "\(r.stderr)")
    #expect(
      r.stderr.contains(
        "pass.args: more than 1024 KiB of options; a case's options are a few lines (give fewer --ignore rectangles, or a mask)"),
      "\(r.stderr)")
  }

  /// ArgumentParser's parsing grows with the square of repeated options (16,000 words took
  /// 7.5 s, the 2 MB a command line holds would be an hour): more than 10,000 words, on the
  /// command line or in a case's options, are refused before they are parsed.
  @Test(.timeLimit(.minutes(3))) func aCommandHasAtMostTenThousandWords() throws {
    let dir = try CLI.temporaryDirectory()
    try write(channels(2), to: dir.appendingPathComponent("c.json"))
    let hides = Array(repeating: ["--hide", "c0"], count: 5_000).flatMap { $0 }
    expectOneLineError(
      try CLI.run(["graph", "c.json", "-o", "g.png"] + hides, in: dir),
      "10004 words on the command line, more than 10000; give fewer options (a mask instead of many --ignore rectangles)")
    #expect(try names(dir) == ["c.json"])
    let c = try Cases()
    defer { c.remove() }
    try c.write("graph --width 240 --height 135\n" + String(repeating: "--hide c0\n", count: 5_000), "pass.args")
    let r = try c.check()
    #expect(r.status == 2, "\(r.stderr)")
    #expect(r.stderr.contains("pass.args: 10005 words of options, more than 10000"), "\(r.stderr)")
  }
}
