import AnimplotTestSupport
import Foundation
import Testing

/// `animplot morph` through the built binary: a filmstrip, an APNG pngcheck accepts, an
/// animated SVG, the timing from a channel, and errors (exit 2, one line, nothing written).
@Suite("morph through the binary")
struct MorphCommandTests {
  static func files(_ dir: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
  }

  @Test func writesAFilmstripPNG() throws {
    let dir = try CLI.temporaryDirectory()
    let out = dir.appendingPathComponent("m.png")
    let r = try CLI.run(["morph", "--from", "square", "--to", "star", "-o", out.path])
    try #require(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.isEmpty && r.stderr.isEmpty)
    // 9 cells of 120 px with gaps of 8 and margins of 12; one row with its caption.
    #expect(pngSize(try Data(contentsOf: out)).map { [$0.0, $0.1] } == [1168, 166])
    #expect(try Self.files(dir) == ["m.png"])
    // Rows, scale, theme; the same bytes twice.
    let again = dir.appendingPathComponent("n.png")
    let args = ["morph", "--from", "circle", "--to", "heart", "--easing", "back-out", "--frames", "7", "--columns", "3",
      "--scale", "2", "--theme", "light"]
    #expect(try CLI.run(args + ["-o", again.path]).status == 0)
    #expect(pngSize(try Data(contentsOf: again)).map { [$0.0, $0.1] } == [2 * 400, 2 * (24 + 3 * 142 + 16)])
    let third = dir.appendingPathComponent("o.png")
    #expect(try CLI.run(args + ["-o", third.path]).status == 0)
    #expect(try Data(contentsOf: again) == Data(contentsOf: third))
  }

  @Test func displayListSVGAndPathData() throws {
    let r = try CLI.run([
      "morph", "--from", "M0 0 h10 v10 h-10 z", "--to", "m5 0 a5 5 0 1 1 0 10 a5 5 0 1 1 0 -10z", "--frames", "2",
      "--points", "8", "-o", "-", "--format", "displaylist",
    ])
    try #require(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.hasPrefix("canvas 272 166"))
    #expect(r.stdout.contains(#"text "t 0.00 → 0.00""#) && r.stdout.contains(#"text "t 1.00 → 1.00""#))
    let dir = try CLI.temporaryDirectory()
    let svg = dir.appendingPathComponent("m.svg")
    #expect(try CLI.run(["morph", "--from", "star", "--to", "circle", "-o", svg.path]).status == 0)
    let text = try String(contentsOf: svg, encoding: .utf8)
    #expect(text.contains(#"width="1168px""#) && !text.contains("<animate"))
  }

  @Test("an APNG that pngcheck accepts; an animated SVG")
  func animations() throws {
    let dir = try CLI.temporaryDirectory()
    let out = dir.appendingPathComponent("m.apng")
    let r = try CLI.run(["morph", "--from", "circle", "--to", "heart", "--frames", "6", "--size", "64", "--loop", "3", "-o", out.path])
    try #require(r.status == 0, "\(r.stderr)")
    let apng = [UInt8](try Data(contentsOf: out))
    let actl = try #require(apng.firstRange(of: Array("acTL".utf8))).upperBound
    #expect(Array(apng[actl..<(actl + 8)]) == [0, 0, 0, 6, 0, 0, 0, 3])
    #expect(pngSize(Data(apng)).map { [$0.0, $0.1] } == [88, 110])
    #expect(try PNGCheck.accepts(out), "pngcheck refused the APNG")
    // --animated with .png: the same bytes.
    let png = dir.appendingPathComponent("m.png")
    #expect(try CLI.run(["morph", "--from", "circle", "--to", "heart", "--frames", "6", "--size", "64", "--loop", "3", "--animated", "-o", png.path]).status == 0)
    #expect(try Data(contentsOf: png) == Data(apng))
    let svg = dir.appendingPathComponent("m.svg")
    #expect(try CLI.run(["morph", "--from", "square", "--to", "star", "--frames", "4", "--animated", "-o", svg.path]).status == 0)
    let text = try String(contentsOf: svg, encoding: .utf8)
    #expect(text.components(separatedBy: "<animate ").count - 1 == 4)
  }

  @Test func timingFromAChannel() throws {
    let r = try CLI.run([
      "morph", "--from", "square", "--to", "circle", "--curve", DopeSheetTimelineTests.ball, "--channel", "location[0]",
      "--frames", "3", "--points", "8", "-o", "-", "--format", "displaylist",
    ])
    try #require(r.status == 0, "\(r.stderr)")
    // The scene range 1...134; location[0] goes 0 -> 9.6, normalised.
    #expect(r.stdout.contains(#"text "frame 1 → 0.00""#) && r.stdout.contains(#"text "frame 134 → 1.00""#))
    #expect(r.stdout.contains(#"text "frame 67.5 → "#))
  }

  @Test(arguments: [
    (["--from", "sqaure", "--to", "star"], "--from: unknown shape 'sqaure': expected square, circle, star or heart, or SVG path data starting with M (did you mean 'square'?)"),
    (["--from", "square", "--to", "M0 0 L1"], "--to: bad SVG path data at the end (character 8): expected a number"),
    (["--from", "square", "--to", "M0 0 L 5 5"], "--to: SVG path data encloses no area"),
    (["--from", "square", "--to", "star", "--easing", "quadd-in-out"], "--easing: unknown easing 'quadd-in-out' (did you mean 'quad-in-out'?)"),
    (["--from", "square", "--to", "star", "--easing", "linear-out"], "--easing: linear has no ease in or out"),
    (["--from", "square", "--to", "star", "--curve", "Examples/bouncing-ball.json"], "--curve needs --channel PATTERN"),
    (["--from", "square", "--to", "star", "--channel", "x"], "give --curve"),
    (["--from", "square", "--to", "star", "--curve", "Examples/bouncing-ball.json", "--channel", "scale*"],
      "--channel 'scale*' matches 3 channels of Examples/bouncing-ball.json (X Scale, Y Scale, Z Scale); narrow it to one"),
    (["--from", "square", "--to", "star", "--curve", "Examples/bouncing-ball.json", "--channel", "nothing"],
      "Examples/bouncing-ball.json: no channel matches 'nothing'"),
    (["--from", "square", "--to", "star", "--curve", "missing.json", "--channel", "x"], "missing.json"),
    (["--from", "square", "--to", "star", "--frames", "0"], "--frames must be from 1"),
    (["--from", "square", "--to", "star", "--easing", "quad", "--curve", "Examples/bouncing-ball.json", "--channel", "x"], "use one"),
    (["--from", "square", "--to", "star", "--points", "100000", "--frames", "101"], "more than 10000000 points to draw"),
  ])
  func badUsageWritesNothing(arguments: [String], message: String) throws {
    let dir = try CLI.temporaryDirectory()
    let out = dir.appendingPathComponent("m.png")
    let r = try CLI.run(["morph", "-o", out.path] + arguments)
    #expect(r.status == 2)
    #expect(r.stderr.hasPrefix("animplot: ") && r.stderr.contains(message), "\(r.stderr)")
    #expect(r.stderr.split(separator: "\n").count == 1)
    #expect(r.stdout.isEmpty)
    #expect(try Self.files(dir).isEmpty)
  }

  @Test("an animated SVG counts every frame's marks against the vector budget")
  func animatedSVGBudget() throws {
    let dir = try CLI.temporaryDirectory()
    let out = dir.appendingPathComponent("m.svg")
    let r = try CLI.run(["morph", "--from", "circle", "--to", "star", "--points", "100000", "--frames", "60", "--animated", "-o", out.path])
    #expect(r.status == 2 && r.stderr.contains("500000"), "\(r.stderr)")
    #expect(try Self.files(dir).isEmpty)
  }

  @Test func missingOutputOrWrongExtension() throws {
    let none = try CLI.run(["morph", "--from", "square", "--to", "star"])
    #expect(none.status == 2 && none.stderr.contains("missing -o OUTPUT"))
    let dir = try CLI.temporaryDirectory()
    let csv = try CLI.run(["morph", "--from", "square", "--to", "star", "-o", dir.appendingPathComponent("m.csv").path])
    #expect(csv.status == 2 && csv.stderr.contains("morph does not write .csv files"), "\(csv.stderr)")
    #expect(try Self.files(dir).isEmpty)
  }
}
