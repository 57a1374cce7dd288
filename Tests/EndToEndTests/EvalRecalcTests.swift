import AnimplotCore
import AnimplotIO
import Foundation
import Testing

@Suite("animplot eval and recalc, end to end")
struct EvalRecalcTests {
  let ball = "Examples/bouncing-ball.json"

  @Test func evalPrintsCSVWithBlenderLabels() throws {
    let r = try CLI.run(["eval", ball, "--at", "1,23,30.5", "--channels", "Z Location"])
    #expect(r.status == 0, "\(r.stderr)")
    let lines = r.stdout.split(separator: "\n")
    #expect(lines.first == "frame,Z Location")
    #expect(lines.count == 4)
    let action = try ActionFile.load(CLI.repository.appendingPathComponent(ball).path).action(named: nil)
    let z = action.tracks.first { $0.displayLabel == "Z Location" }!
    for line in lines.dropFirst() {
      let fields = line.split(separator: ",")
      let frame = Float(fields[0])!
      // Printed as the Double of the Float, so it reads back exactly.
      #expect(Float(Double(fields[1])!) == z.value(at: frame))
    }
  }

  @Test func theOutputsExtensionChoosesTheFormat() throws {
    let dir = try CLI.temporaryDirectory()
    let json = dir.appendingPathComponent("v.json")
    var r = try CLI.run(["eval", ball, "--at", "1", "-o", json.path])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(try String(contentsOf: json, encoding: .utf8).hasPrefix(#"{"frames": [1],"#))
    let csv = dir.appendingPathComponent("v.csv")
    r = try CLI.run(["eval", ball, "--at", "1", "-o", csv.path, "--format", "json"])
    #expect(r.status == 2)
    #expect(r.stderr == "animplot: -o \(csv.path) names a .csv file but --format asks for json; make them agree\n")
    #expect(!FileManager.default.fileExists(atPath: csv.path))
  }

  @Test func evalJSONWithRange() throws {
    let r = try CLI.run(["eval", ball, "--range", "1:3:0.5", "--format", "json", "--channels", "location*"])
    #expect(r.status == 0, "\(r.stderr)")
    let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
    #expect(json["frames"] as? [Double] == [1, 1.5, 2, 2.5, 3])
    let tracks = json["tracks"] as! [[String: Any]]
    #expect(tracks.map { $0["label"] as! String } == ["X Location", "Z Location"])
    #expect(tracks.map { $0["dataPath"] as! String } == ["location", "location"])
    #expect(tracks.map { $0["index"] as! Int } == [0, 2])
    #expect((tracks[0]["values"] as! [Double]).count == 5)
  }

  @Test func evalReadsStandardInputAndTheCompactForm() throws {
    let r = try CLI.run(["eval", "-", "--at", "30"], stdin: #"{"timeline": [0, 60], "channels": {"offset": [100, 160]}, "interpolation": "linear"}"#)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout == "frame,offset\n30,130\n")
  }

  @Test func evalDefaultsToTheSceneRange() throws {
    let r = try CLI.run(["eval", ball, "--channels", "X Location"])
    #expect(r.status == 0)
    #expect(r.stdout.split(separator: "\n").count == 1 + 134)
  }

  @Test func recalcWritesFormatOneThatDecodesToTheSameAction() throws {
    let dir = try CLI.temporaryDirectory()
    let out = dir.appendingPathComponent("ball.recalc.json").path
    let r = try CLI.run(["recalc", ball, "-o", out])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.isEmpty)
    let written = try ActionFile.load(out, recalculate: false)
    let expected = try ActionFile.load(CLI.repository.appendingPathComponent(ball).path)
    #expect(written == expected)
    // Every handle is written out.
    #expect(try String(contentsOfFile: out, encoding: .utf8).components(separatedBy: "\"handleLeft\":").count - 1
      == expected.actions[0].tracks.reduce(0) { $0 + $1.keyframes.count })
  }

  @Test("recalc --in-place replaces the input with its recalculated self, keeping its mode")
  func recalcInPlace() throws {
    let root = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let file = root.appendingPathComponent("ball.json")
    try FileManager.default.copyItem(at: CLI.repository.appendingPathComponent("Examples/bouncing-ball.json"), to: file)
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file.path)
    let expected = try CLI.run(["recalc", file.path]).stdout
    let r = try CLI.run(["recalc", file.path, "--in-place"])
    #expect(r.status == 0 && r.stdout.isEmpty, "\(r.stderr)")
    #expect(try String(contentsOf: file, encoding: .utf8) == expected)
    #expect((try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int) == 0o640)
    let lottie = root.appendingPathComponent("lottie.json")
    let lottieText = #"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100, "layers": []}"#
    try Data(lottieText.utf8).write(to: lottie)
    // Twice is the same: recalculated handles are a fixed point.
    #expect(try CLI.run(["recalc", file.path, "--in-place"]).status == 0)
    #expect(try String(contentsOf: file, encoding: .utf8) == expected)
    for (arguments, message) in [
      (["recalc", file.path, "--in-place", "-o", "x.json"], "leave out -o"),
      (["recalc", "-", "--in-place"], "not standard input"),
      (["recalc", lottie.path, "--in-place"], "not Lottie animations"),
      (["recalc", file.path, "--input-format", "lottie", "--in-place"], "not Lottie animations"),
    ] {
      let bad = try CLI.run(arguments)
      #expect(bad.status == 2 && bad.stderr.contains(message), "\(bad.stderr)")
    }
    #expect(try String(contentsOf: lottie, encoding: .utf8) == lottieText, "the Lottie file is left alone")
    #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == ["ball.json", "lottie.json"])
  }

  @Test func badInputIsOneLineWithPlaceAndExitTwo() throws {
    let dir = try CLI.temporaryDirectory()
    let bad = dir.appendingPathComponent("bad.json")
    try #"{"tracks": [{"dataPath": "x", "keyframes": [{"frame": 1, "value": 0, "interpolation": "bezir"}]}]}"#
      .write(to: bad, atomically: true, encoding: .utf8)
    let r = try CLI.run(["eval", bad.path, "--at", "1"])
    #expect(r.status == 2)
    #expect(r.stdout.isEmpty)
    #expect(r.stderr == "animplot: \(bad.path):1:87: tracks[0].keyframes[0].interpolation: unknown value \"bezir\"; expected one of constant, linear, bezier, sine, quad, cubic, quart, quint, expo, circ, back, bounce, elastic\n")
  }

  @Test func aFailedCommandLeavesTheOutputAlone() throws {
    let dir = try CLI.temporaryDirectory()
    let out = dir.appendingPathComponent("out.json")
    try "sentinel".write(to: out, atomically: true, encoding: .utf8)
    let bad = dir.appendingPathComponent("bad.json")
    try "{\"tracks\": [".write(to: bad, atomically: true, encoding: .utf8)
    let r = try CLI.run(["recalc", bad.path, "-o", out.path])
    #expect(r.status == 2)
    #expect(r.stderr.hasPrefix("animplot: \(bad.path):1:13: "))
    #expect(try String(contentsOf: out, encoding: .utf8) == "sentinel")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["bad.json", "out.json"])
  }

  @Test func missingFileAndDirectory() throws {
    var r = try CLI.run(["eval", "no/such.json"])
    #expect(r.status == 2)
    #expect(r.stderr == "animplot: no/such.json: cannot read: No such file or directory\n")
    r = try CLI.run(["eval", "Examples"])
    #expect(r.status == 2)
    #expect(r.stderr == "animplot: Examples: cannot read: it is a directory\n")
  }

  @Test(arguments: [
    (["eval", "Examples/bouncing-ball.json", "--range", "5:1"], "--range: END is before START in '5:1'"),
    (["eval", "Examples/bouncing-ball.json", "--range", "1:5:0"], "--range: STEP must be greater than 0"),
    (["eval", "Examples/bouncing-ball.json", "--at", "1,x"], "--at: 'x' is not a frame number"),
    (["eval", "Examples/bouncing-ball.json", "--format", "xml"], "--format xml is not available here; use csv or json"),
    (["eval", "Examples/bouncing-ball.json", "--channels", "nothing*"], "no channel matches 'nothing*'"),
    (
      ["eval", "Examples/bouncing-ball.json", "--channels", "rotation"],
      "no channel matches 'rotation'; the channels are X Location (location[0]), Z Location (location[2]), Y Euler Rotation (rotation_euler[1])"
    ),
    (["eval", "Examples/bouncing-ball.json", "--action", "Run"], #"unknown value "Run"; expected one of BouncingBall"#),
    (["frobnicate"], "unknown command 'frobnicate' (see 'animplot --help')"),
    (["graph", "x.json", "--width", "3", "-o", "x.png"], "--width must be from 16 to 16384 pixels, not 3 (see 'animplot graph --help')"),
    (["eval"], "<input>: expected an input file ('-' for standard input)"),
  ])
  func badUsageExitsTwoWithOneLine(arguments: [String], message: String) throws {
    let r = try CLI.run(arguments)
    #expect(r.status == 2)
    #expect(r.stdout.isEmpty)
    #expect(r.stderr.contains(message), "\(r.stderr)")
    #expect(r.stderr.hasPrefix("animplot: "))
    #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
  }

  @Test func helpAndVersion() throws {
    let help = try CLI.run(["eval", "--help"])
    #expect(help.status == 0)
    #expect(help.stdout.contains("--range <start:end[:step]>"))
    let version = try CLI.run(["--version"])
    #expect(version.status == 0)
    // animplot's version, then the C libraries golden pictures depend on, as loaded.
    #expect(version.stdout.hasPrefix("animplot 0.1.0 (cairo 1."))
    for library in ["pixman ", "FreeType ", "libpng ", "zlib "] { #expect(version.stdout.contains(library)) }
    #expect(version.stdout.split(separator: "\n").count == 1)
  }

  @Test("--action's help says the verb's own default, and only its own verbs")
  func actionHelpPerVerb() throws {
    func actionHelp(_ verb: String) throws -> String {
      let help = try CLI.run([verb, "--help"])
      #expect(help.status == 0)
      // The option's paragraph: from its line to the next option.
      let lines = help.stdout.split(separator: "\n", omittingEmptySubsequences: false)
      guard let start = lines.firstIndex(where: { $0.contains("--action, --animation") }) else { return "" }
      let rest = lines[(start + 1)...].prefix { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("-") }
      return rest.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }
    for verb in ["eval", "graph"] {
      let text = try actionHelp(verb)
      #expect(text.contains("(default: the first)"), "\(verb): \(text)")
      #expect(!text.contains("dopesheet") && !text.contains("timeline"), "\(verb): \(text)")
    }
    for verb in ["dopesheet", "timeline", "import", "path", "preview"] {
      let text = try actionHelp(verb)
      #expect(text.contains("(default: every action)"), "\(verb): \(text)")
    }
    #expect(try actionHelp("play").contains("the dopesheet and timeline views show every action"))
  }

  @Test("diff reads one image from standard input")
  func diffFromStandardInput() throws {
    let root = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let a = root.appendingPathComponent("a.png").path, b = root.appendingPathComponent("b.png").path
    #expect(try CLI.run(["graph", "Examples/bouncing-ball.json", "--width", "400", "--height", "100", "-o", a]).status == 0)
    #expect(try CLI.run(["graph", "Examples/bouncing-ball.json", "--width", "400", "--height", "100", "--current-frame", "70", "-o", b]).status == 0)
    let same = try CLI.run(["diff", "-", a], stdinData: try Data(contentsOf: URL(fileURLWithPath: a)))
    #expect(same.status == 0 && same.stdout.hasPrefix("match: identical"), "\(same.stderr)")
    let other = try CLI.run(["diff", b, "-"], stdinData: try Data(contentsOf: URL(fileURLWithPath: a)))
    #expect(other.status == 1)
    let both = try CLI.run(["diff", "-", "-"])
    #expect(both.status == 2 && both.stderr.contains("only one of the two images"))
    let bad = try CLI.run(["diff", "-", a], stdin: "not a png")
    #expect(bad.status == 2 && bad.stderr.contains("<stdin>"), "\(bad.stderr)")
  }

  @Test("a dataPath selects its every index: --channels location")
  func dataPathSelectsEveryIndex() throws {
    let r = try CLI.run(["eval", "Examples/bouncing-ball.json", "--channels", "location", "--at", "1"])
    #expect(r.stdout.hasPrefix("frame,X Location,Z Location\n"), "\(r.stdout)")
  }

  @Test("eval --range prints the frames as written: 0:1:0.1 gives 0.3")
  func rangeFramesAsWritten() throws {
    let r = try CLI.run(["eval", "Examples/bouncing-ball.json", "--range", "0:1:0.1"])
    #expect(r.stdout.split(separator: "\n").dropFirst().map { String($0.prefix { $0 != "," }) }
      == ["0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.8", "0.9", "1"])
  }

  @Test("dopesheet --format json prints to standard output without -o")
  func dopesheetJSONToStandardOutput() throws {
    let r = try CLI.run(["dopesheet", "Examples/bouncing-ball.json", "--format", "json"])
    #expect(r.status == 0 && r.stdout.hasPrefix("{"), "\(r.stderr)")
    let png = try CLI.run(["dopesheet", "Examples/bouncing-ball.json"])
    #expect(png.status == 2 && png.stderr.contains("missing -o"))
    let two = try CLI.run(["dopesheet", "Examples/bouncing-ball.json", "Examples/bouncing-ball.json", "--format", "json"])
    #expect(two.status == 2 && two.stderr.contains("missing -o"), "\(two.stderr)")
  }

  @Test("negative numbers as option values, as they are")
  func negativeOptionValues() throws {
    let ball = "Examples/bouncing-ball.json"
    let eval = try CLI.run(["eval", ball, "--at", "-5,0", "--range", "-2:-1"])
    #expect(eval.status == 0, "\(eval.stderr)")
    #expect(eval.stdout.split(separator: "\n").map { $0.prefix { $0 != "," } } == ["frame", "-5", "0", "-2", "-1"])
    let root = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let a = root.appendingPathComponent("a.png").path, b = root.appendingPathComponent("b.png").path
    #expect(try CLI.run(["graph", ball, "--frames", "-10:50", "--values", "-2:5", "--current-frame", "-3", "-o", a]).status == 0)
    #expect(try CLI.run(["graph", ball, "--frames=-10:50", "--values=-2:5", "--current-frame=-3", "-o", b]).status == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: a)) == Data(contentsOf: URL(fileURLWithPath: b)))
    let width = try CLI.run(["graph", ball, "--width", "-5", "-o", a])
    #expect(width.status == 2 && width.stderr.contains("--width must be from 16 to 16384 pixels, not -5"))
  }
}
