import AnimplotTestSupport
import Foundation
import Testing

/// The third adversarial trial of issue 25: noncharacters in labels for vector outputs, names'
/// escapes in `info`, a server parameter given twice, and numbers in hexadecimal.
extension HardeningRoundTwoTests {
  /// A label holding a noncharacter (U+FFFE, U+FDD0, U+10FFFF) draws to SVG and PDF as it does
  /// to PNG: Cairo refused the text ("cairo error 8: input string not valid UTF-8", exit 2).
  @Test(arguments: ["\\ufffe", "\\ufdd0", "\\udbff\\udfff"])
  func labelsOfNoncharactersDrawToVectorOutputs(character: String) throws {
    let dir = try CLI.temporaryDirectory()
    let text = #"{"tracks": [{"dataPath": "location", "label": "m\#(character)", "keyframes": [{"frame": 1, "value": 0}, {"frame": 10, "value": 1}]}]}"#
    try write(text, to: dir.appendingPathComponent("f.json"))
    for arguments in [
      ["graph", "f.json", "-o", "g.svg"], ["graph", "f.json", "-o", "g.pdf"], ["graph", "f.json", "--svg-text", "-o", "t.svg"],
      ["dopesheet", "f.json", "-o", "d.svg"], ["timeline", "f.json", "-o", "l.pdf"],
    ] {
      let r = try CLI.run(arguments, in: dir)
      #expect(r.status == 0, "\(arguments): \(r.stderr)")
      #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent(arguments.last!).path), "\(arguments)")
    }
  }

  /// `info`'s text shows names with control characters escaped: a CSV column named with
  /// terminal escapes (a window title, a colour) reached the terminal raw.
  @Test func infoEscapesControlCharactersInNames() throws {
    let dir = try CLI.temporaryDirectory()
    try write("frame,\u{1b}]0;pwned\u{7}\u{1b}[31m red\n1,0\n2,1\n", to: dir.appendingPathComponent("esc.csv"))
    let r = try CLI.run(["info", "esc.csv"], in: dir)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(!r.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(r.stdout)")
    #expect(r.stdout.contains(#""\u001b]0;pwned\u0007\u001b[31m red""#), "\(r.stdout)")
    // Plain names stay as they are.
    #expect(r.stdout.hasPrefix("esc.csv: "), "\(r.stdout)")
  }
}
