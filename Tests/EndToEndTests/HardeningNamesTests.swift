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

  /// `serve`: a parameter the server reads, given twice (`file=1&file=0`), is a 400 in the
  /// API's form; the last one was taken.
  @Test func serveRefusesItsOwnParametersTwice() throws {
    let dir = try CLI.temporaryDirectory()
    try write(Self.sixChannels, to: dir.appendingPathComponent("a.json"))
    try write(Self.sixChannels, to: dir.appendingPathComponent("b.json"))
    let server = try LocalServer(binary: CLI.binary, ["serve", "a.json", "b.json", "--port", "0"], in: dir)
    defer { server.stop() }
    let twice = try server.request("GET", "/api/layout/graph.json?file=1&file=0")
    #expect(twice.status == 400)
    #expect(twice.text == "{\"error\": \"file= is given twice; give it once\"}\n", "\(twice.text)")
    #expect(try server.request("GET", "/api/hit/graph?x=1&y=2&x=3").status == 400)
    // Once each is as before; `_`, read by nothing, may repeat.
    #expect(try server.request("GET", "/api/layout/graph.json?file=1&width=400&_=1&_=2").status == 200)
  }

  /// `edit --translate` (and the other options of numbers) take decimal numbers only: `0x10`
  /// was read as 16, `nan` and `inf` as what Double(_:) makes of them.
  @Test(arguments: ["0x10,0", "nan,0", "0,inf", "0x1p3,0"])
  func editNumbersAreDecimal(value: String) throws {
    let dir = try CLI.temporaryDirectory()
    try write(Self.sixChannels, to: dir.appendingPathComponent("a.json"))
    let r = try CLI.run(["edit", "a.json", "--select", "all", "--translate", value, "-o", "out.json"], in: dir)
    expectOneLineError(r, "--translate \(value): expected two numbers DX,DY (frames, value)")
    #expect(try names(dir) == ["a.json"])
    let decimal = try CLI.run(["edit", "a.json", "--select", "all", "--translate", "1e1,-0.5", "-o", "out.json"], in: dir)
    #expect(decimal.status == 0, "\(decimal.stderr)")
  }
}
