import AnimplotTestSupport
import Foundation
import Testing

/// `animplot dopesheet` and `animplot timeline` through the built binary: formats, sizes, the
/// JSON layout, multi-action files, several inputs, and bad usage (exit 2, one line, no file).
@Suite("dopesheet and timeline through the binary")
struct DopeSheetTimelineTests {
  static let ball = "Examples/bouncing-ball.json"
  static let fourActions = "Examples/blender-four-actions.json"

  /// Width and height from a PNG's IHDR chunk.
  @Test(arguments: ["dopesheet", "timeline"])
  func writesEveryFormat(verb: String) throws {
    let dir = try CLI.temporaryDirectory()
    for name in ["out.png", "out.svg", "out.pdf", "out.txt"] {
      let r = try CLI.run([verb, Self.ball, "-o", dir.appendingPathComponent(name).path])
      try #require(r.status == 0, "\(r.stderr)")
      #expect(r.stdout.isEmpty && r.stderr.isEmpty)
    }
    let height = verb == "timeline" ? 120 : 900
    let png = try Data(contentsOf: dir.appendingPathComponent("out.png"))
    #expect(pngSize(png).map { [$0.0, $0.1] } == [1600, height])
    let svg = try String(contentsOf: dir.appendingPathComponent("out.svg"), encoding: .utf8)
    #expect(svg.contains(#"width="1600px" height="\#(height)px""#))
    #expect(try Data(contentsOf: dir.appendingPathComponent("out.pdf")).starts(with: Array("%PDF-".utf8)))
    let list = try String(contentsOf: dir.appendingPathComponent("out.txt"), encoding: .utf8)
    #expect(list.hasPrefix("canvas 1600 \(height)\n"))
  }

  @Test(arguments: ["dopesheet", "timeline"])
  func sameBytesTwice(verb: String) throws {
    let dir = try CLI.temporaryDirectory()
    for name in ["a.png", "b.png"] {
      let r = try CLI.run([verb, Self.fourActions, "-o", dir.appendingPathComponent(name).path, "--width", "640"])
      try #require(r.status == 0, "\(r.stderr)")
    }
    #expect(
      try Data(contentsOf: dir.appendingPathComponent("a.png"))
        == Data(contentsOf: dir.appendingPathComponent("b.png")))
  }

  /// The rows of `dopesheet --format json` as `kind name`.
  static func rows(_ arguments: [String]) throws -> [String] {
    let r = try CLI.run(["dopesheet"] + arguments + ["--format", "json", "-o", "-"])
    try #require(r.status == 0, "\(r.stderr)")
    let root = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
    return (root?["rows"] as? [[String: Any]] ?? []).map { "\($0["kind"]!) \($0["name"]!)" }
  }

  @Test func jsonLayout() throws {
    #expect(
      try Self.rows([Self.ball]) == [
        "summary Summary", "action BouncingBall", "group Object Transforms", "channel X Location",
        "channel Z Location", "channel Y Euler Rotation", "channel X Scale", "channel Y Scale",
        "channel Z Scale",
      ])
    #expect(
      try Self.rows([Self.ball, "--no-summary", "--collapse-groups"]) == [
        "action BouncingBall", "group Object Transforms",
      ])
    #expect(
      try Self.rows([Self.ball, "--channels", "*Scale"]) == [
        "summary Summary", "action BouncingBall", "group Object Transforms", "channel X Scale",
        "channel Y Scale", "channel Z Scale",
      ])
    // -o FILE.json writes the same text.
    let dir = try CLI.temporaryDirectory()
    let file = dir.appendingPathComponent("layout.json")
    let r = try CLI.run(["dopesheet", Self.ball, "-o", file.path])
    try #require(r.status == 0, "\(r.stderr)")
    let stdout = try CLI.run(["dopesheet", Self.ball, "--format", "json", "-o", "-"]).stdout
    #expect(try String(contentsOf: file, encoding: .utf8) == stdout)
  }

  @Test func multiActionFiles() throws {
    let actions = try Self.rows([Self.fourActions]).filter { $0.hasPrefix("action ") }
    #expect(actions == ["action BouncingBall", "action CameraMove", "action LogoSting", "action WalkCycle"])
    #expect(try Self.rows([Self.fourActions, "--action", "CameraMove"]).filter { $0.hasPrefix("action ") } == [
      "action CameraMove"
    ])
    // Actions the channel pattern empties are left out.
    let rows = try Self.rows([Self.fourActions, "--channels", "Y Euler Rotation", "--collapse-groups"])
    // Summary, then per action its object, the action and the group.
    #expect(rows.count == 1 + 4 * 3)
    #expect(rows.filter { $0.hasPrefix("object ") } == ["object Ball", "object Camera", "object Logo", "object Walker"])
  }

  @Test(arguments: ["dopesheet", "timeline"])
  func severalInputsIntoAFolder(verb: String) throws {
    let dir = try CLI.temporaryDirectory()
    let r = try CLI.run([verb, Self.ball, Self.fourActions, "-o", dir.path + "/pictures/", "--format", "svg"])
    try #require(r.status == 0, "\(r.stderr)")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: dir.path + "/pictures").sorted() == [
        "blender-four-actions.svg", "bouncing-ball.svg",
      ])
  }

  @Test func timelineReadoutAndSize() throws {
    let r = try CLI.run(["timeline", Self.ball, "--format", "displaylist", "-o", "-", "--height", "90", "--current-frame", "40.5"])
    try #require(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.hasPrefix("canvas 1600 90\n"))
    for text in [#""24 fps""#, #""Start""#, #""End""#, #""134""#, #""40""#] {
      #expect(r.stdout.contains("text \(text) at"), "\(text)")
    }
  }

  @Test(arguments: [
    (["dopesheet", ball, "--values", "0:1"], "unknown option --values"),
    (["timeline", ball, "--values", "0:1"], "unknown option --values"),
    (["timeline", ball, "--format", "json"], "--format json is not available here; use png, svg, pdf or displaylist"),
    (["timeline", ball, "-o", "OUT/t.json"], "timeline does not write .json files; use .png, .svg, .pdf, .txt, .displaylist"),
    (["timeline", ball, "--format", "json"], "--format json is not available here; use png, svg, pdf or displaylist"),
    (["dopesheet", ball, "--frames", "5:1"], "--frames: the end must be greater than the start in '5:1'"),
    (["dopesheet", ball, "--width", "3"], "--width must be from 16 to 16384 pixels, not 3"),
    (["timeline", ball, "--height", "20000"], "--height must be from 16 to 16384 pixels, not 20000"),
    (["dopesheet", ball, "--theme", "neon"], "--theme 'neon': expected blender or light"),
    (["timeline", ball, "--scale", "0"], "--scale must be greater than 0 and at most 8, not 0.0"),
    (["dopesheet", ball, "--current-frame", "nan"], "--current-frame 'nan': expected a decimal number"),
    (["graph", ball, "--fps", "0x10"], "--fps '0x10': expected a decimal number"),
    (["graph", ball, "--frames", "0x1:10"], "--frames: '0x1:10' is not START:END"),
    (["dopesheet", fourActions, "--action", "Run"], #"unknown value "Run"; expected one of BouncingBall"#),
    (["timeline", fourActions, "--channels", "nothing*"], "no channel matches 'nothing*'"),
    (["dopesheet", "no/such.json"], "no/such.json: cannot read: No such file or directory"),
    (["dopesheet", ball, "-o", "OUT/d.gif"], "cannot tell the format from the extension; use .png, .svg, .pdf, .txt, .displaylist, .json, .html, .htm or --format"),
    (["timeline", ball, "--format", "gif"], "--format gif is not available here; use png, svg, pdf or displaylist"),
    (["dopesheet", ball, "--show-handles"], "unknown option --show-handles (see"),
    (["dopesheet"], "<inputs> ...: expected an input file ('-' for standard input)"),
  ])
  func badUsageExitsTwoWithOneLineAndNoFile(arguments: [String], message: String) throws {
    let dir = try CLI.temporaryDirectory()
    var arguments = arguments.map { $0.replacingOccurrences(of: "OUT", with: dir.path) }
    if !arguments.contains("-o") && arguments.count > 1 { arguments += ["-o", dir.path + "/out.png"] }
    let r = try CLI.run(arguments)
    #expect(r.status == 2)
    #expect(r.stdout.isEmpty)
    #expect(r.stderr.hasPrefix("animplot: ") && r.stderr.contains(message), "\(r.stderr)")
    #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
  }

  @Test func aFailedCommandLeavesTheOldFile() throws {
    let dir = try CLI.temporaryDirectory()
    let out = dir.appendingPathComponent("out.png")
    try "sentinel".write(to: out, atomically: true, encoding: .utf8)
    let bad = dir.appendingPathComponent("bad.json")
    try "{\"tracks\": [".write(to: bad, atomically: true, encoding: .utf8)
    for verb in ["dopesheet", "timeline"] {
      let r = try CLI.run([verb, Self.ball, bad.path, "-o", dir.path + "/"])
      #expect(r.status == 2 && r.stderr.hasPrefix("animplot: \(bad.path):1:13: "), "\(r.stderr)")
      let single = try CLI.run([verb, bad.path, "-o", out.path])
      #expect(single.status == 2)
    }
    #expect(try String(contentsOf: out, encoding: .utf8) == "sentinel")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["bad.json", "out.png"])
  }
}
