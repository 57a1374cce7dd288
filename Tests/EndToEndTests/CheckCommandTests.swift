import AnimplotCanvas
import AnimplotGolden
import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `animplot check` through the built binary: record modes, exit codes, the summary line,
/// the files written (and not written), the reports, shards and jobs.
@Suite("animplot check, end to end")
struct CheckCommandTests {
  /// Outside CI and with no record variable, whatever the machine running the tests says.
  static let local: [String: String?] = ["CI": nil, "ANIMPLOT_RECORD": nil]

  /// A temporary folder of cases drawn from the bouncing ball, small and quick.
  struct Cases {
    let root: URL
    var path: String { root.path }
    var artifacts: String { root.appendingPathComponent("artifacts").path }
    var cases: String { root.appendingPathComponent("cases").path }

    /// `pass`, `fail` and `new`, each with options; nothing recorded yet.
    init() throws {
      root = try CLI.temporaryDirectory()
      for name in ["pass", "fail", "new"] { try add(name) }
    }

    /// Adds the input `NAME.json` (the bouncing ball) with options `NAME.args`.
    func add(_ name: String, options: String = "graph --width 240 --height 135") throws {
      try FileManager.default.createDirectory(
        atPath: file("\(name).json").deletingLastPathComponent().path, withIntermediateDirectories: true)
      try FileManager.default.copyItem(
        at: CLI.repository.appendingPathComponent("Examples/bouncing-ball.json"), to: file("\(name).json"))
      try write(options, "\(name).args")
    }

    func file(_ name: String) -> URL { URL(fileURLWithPath: cases).appendingPathComponent(name) }
    func write(_ text: String, _ name: String) throws { try Data(text.utf8).write(to: file(name)) }
    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: file(name).path) }
    func artifact(_ name: String) -> Bool {
      FileManager.default.fileExists(atPath: artifacts + "/" + name)
    }
    func bytes(_ name: String) throws -> Data { try Data(contentsOf: file(name)) }

    /// `animplot check cases --artifacts artifacts ARGS`, run in the folder.
    func check(_ arguments: [String] = [], environment: [String: String?] = local) throws -> CLI.Result {
      try CLI.run(["check", "cases", "--artifacts", "artifacts"] + arguments, in: root, environment: environment)
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
  }

  /// The last line of standard output.
  static func summary(_ r: CLI.Result) -> String {
    String(r.stdout.split(separator: "\n").last { !$0.contains("review") && !$0.hasPrefix("artifacts") } ?? "")
  }

  @Test func recordThenPassThenFailThenMend() throws {
    let c = try Cases()
    defer { c.remove() }
    try c.write("", "orphan.png")

    // First run, locally: every reference is missing, so each is recorded, and the run fails.
    var r = try c.check()
    #expect(r.status == 1, "\(r.stderr)")
    #expect(
      r.stdout == """
        RECORDED fail.png: new reference recorded
        RECORDED new.png: new reference recorded
        RECORDED pass.png: new reference recorded
        ORPHAN orphan.png: no input of its name
        0 passed, 0 failed, 3 recorded, 1 orphaned
        3 references were written: review them and commit; this run fails so that no new reference passes unseen

        """)
    #expect(r.stderr.isEmpty)
    #expect(c.exists("pass.png") && c.exists("fail.png") && c.exists("new.png"))
    #expect(!FileManager.default.fileExists(atPath: c.artifacts))

    // Second run: everything matches; orphans do not fail a run.
    r = try c.check()
    #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
    #expect(r.stdout == "ORPHAN orphan.png: no input of its name\n3 passed, 0 failed, 1 orphaned\n")

    // A change of options: the case fails, in CI mode nothing is written but artifacts.
    let recorded = try c.bytes("fail.png")
    try c.write("graph --width 240 --height 135 --current-frame 60", "fail.args")
    r = try c.check(["--record", "never", "--junit", "junit.xml", "--report", "report.html"])
    #expect(r.status == 1)
    let lines = r.stdout.split(separator: "\n")
    #expect(lines[0].hasPrefix("FAIL fail.png: differ: "))
    #expect(lines[0].hasSuffix("; exceeds max 0 pixels"))
    #expect(Self.summary(r) == "2 passed, 1 failed, 1 orphaned")
    #expect(lines.contains("artifacts of the failing cases: artifacts/"))
    #expect(try c.bytes("fail.png") == recorded)
    for name in ["fail.expected.png", "fail.actual.png", "fail.diff.png"] { #expect(c.artifact(name), "\(name)") }
    #expect(!c.artifact("pass.actual.png"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: c.artifacts + "/fail.expected.png")) == recorded)

    // The JUnit file, read by an XML parser.
    let junit = try JUnit(url: c.root.appendingPathComponent("junit.xml"))
    #expect(junit.attributes("testsuite")[0]["tests"] == "3")
    #expect(junit.attributes("testsuite")[0]["failures"] == "1")
    #expect(junit.attributes("testsuite")[0]["errors"] == "0")
    #expect(junit.attributes("testcase").map { $0["name"]! } == ["fail.png", "new.png", "pass.png"])
    #expect(junit.attributes("failure").map { $0["type"]! } == ["differ"])
    #expect(junit.attributes("failure")[0]["message"]?.hasPrefix("differ: ") == true)
    let html = try String(contentsOf: c.root.appendingPathComponent("report.html"), encoding: .utf8)
    #expect(html.contains("id=\"case-fail.png\"") && html.contains("<h2>Passed (2)</h2>"))

    // A new case in CI: missing, not written; its drawing is in the artifacts.
    try c.add("later")
    r = try c.check(["--record", "never"])
    #expect(r.status == 1)
    #expect(r.stdout.contains("MISSING later.png: no reference; record mode never writes one"))
    #expect(Self.summary(r) == "2 passed, 2 failed, 1 orphaned")
    #expect(!c.exists("later.png") && c.artifact("later.actual.png"))

    // `failed` writes the missing one and rewrites the failing one, and fails.
    r = try c.check(["--record", "failed"])
    #expect(r.status == 1)
    #expect(r.stdout.contains("RECORDED fail.png: reference recorded over one that differed: differ: "))
    #expect(r.stdout.contains("RECORDED later.png: new reference recorded"))
    #expect(Self.summary(r) == "2 passed, 0 failed, 2 recorded, 1 orphaned")
    #expect(try c.bytes("fail.png") != recorded)

    // Now all pass, and the artifacts of the mended cases are gone.
    r = try c.check()
    #expect(r.status == 0)
    #expect(!c.artifact("fail.diff.png") && !c.artifact("later.actual.png"))

    // `all` rewrites every reference (the same bytes here) and fails.
    let before = try c.bytes("pass.png")
    r = try c.check(["--record", "all"])
    #expect(r.status == 1)
    #expect(Self.summary(r) == "0 passed, 0 failed, 4 recorded, 1 orphaned")
    #expect(r.stdout.contains("RECORDED pass.png: reference recorded again (record mode all); it matched"))
    #expect(try c.bytes("pass.png") == before)
  }

  @Test("--filter runs the cases whose name or reference matches")
  func filterRunsASubset() throws {
    let c = try Cases()
    defer { c.remove() }
    try c.add("ui/button")
    #expect(try c.check(["--record", "all"]).status == 1)
    let ui = try c.check(["--filter", "ui/*"])
    #expect(ui.status == 0 && Self.summary(ui) == "1 passed, 0 failed", "\(ui.stdout)")
    let two = try c.check(["--filter", "pass, new.png"])
    #expect(two.status == 0 && Self.summary(two) == "2 passed, 0 failed", "\(two.stdout)")
    let none = try c.check(["--filter", "nothing"])
    #expect(none.status == 2 && none.stderr.contains("--filter nothing: no case of cases matches; the cases are"))
  }

  @Test func theEnvironmentChoosesTheModeAndTheFlagWins() throws {
    let c = try Cases()
    defer { c.remove() }
    var r = try c.check(environment: ["CI": "true", "ANIMPLOT_RECORD": nil])
    #expect(r.status == 1)
    #expect(Self.summary(r) == "0 passed, 3 failed")
    #expect(!c.exists("pass.png"))
    r = try c.check(environment: ["CI": nil, "ANIMPLOT_RECORD": "never"])
    #expect(Self.summary(r) == "0 passed, 3 failed")
    r = try c.check(environment: ["CI": nil, "ANIMPLOT_RECORD": "sometimes"])
    #expect(r.status == 2)
    #expect(r.stderr == "animplot: ANIMPLOT_RECORD=sometimes: expected one of missing, all, failed, never\n")
    r = try c.check(["--record", "missing"], environment: ["CI": "true", "ANIMPLOT_RECORD": "never"])
    #expect(r.status == 1)
    #expect(Self.summary(r) == "0 passed, 0 failed, 3 recorded")
    #expect(c.exists("pass.png"))
  }

  @Test func aBadInputFailsItsCaseOnly() throws {
    let c = try Cases()
    defer { c.remove() }
    _ = try c.check()
    try c.write(#"{"tracks": [{"dataPath": "location", "keyframes": [{"frame": 1}]}]}"#, "broken.json")
    let r = try c.check()
    #expect(r.status == 1)
    #expect(r.stdout.hasPrefix("ERROR broken.png: cases/broken.json:1:"))
    #expect(r.stdout.contains("keyframes[0]"))
    #expect(Self.summary(r) == "3 passed, 1 failed")
    #expect(!c.exists("broken.png"))
  }

  @Test(arguments: [
    ("graph --widht 300", "cases/new.args: unknown option --widht; did you mean '--width'?"),
    ("graph other.json", "cases/new.args: names an input ('other.json'); a case draws its own input"),
    ("grpah", "cases/new.args: 'grpah' is not a verb a case can use; did you mean 'graph'? a case's verb is one of graph"),
    ("graph -o x.png", "cases/new.args: '-o': a case has no output option; it is drawn in memory and compared with its reference"),
    ("graph --format pdf", "cases/new.args: --format pdf: check compares png (NAME.png), svg (NAME.svg), json (NAME.layout.json), displaylist (NAME.displaylist.txt), csv (NAME.values.csv)"),
    ("graph --help", "cases/new.args: asks for help; a case's options draw a picture"),
  ])
  func aBadCaseFileStopsTheRunBeforeDrawing(options: String, message: String) throws {
    let c = try Cases()
    defer { c.remove() }
    try c.write(options, "new.args")
    let r = try c.check()
    #expect(r.status == 2)
    // One line; the list of drawing verbs grows with the verbs.
    #expect(r.stderr.hasPrefix("animplot: \(message)"))
    #expect(r.stderr.firstIndex(of: "\n") == r.stderr.index(before: r.stderr.endIndex))
    #expect(r.stdout.isEmpty)
    #expect(!c.exists("pass.png"))
  }

  @Test func usageErrors() throws {
    let c = try Cases()
    defer { c.remove() }
    var r = try c.check(["--shard", "3/2"])
    #expect(r.status == 2)
    #expect(r.stderr.contains("--shard '3/2': I must be from 1 to N"))
    r = try c.check(["--jobs", "0"])
    #expect(r.status == 2)
    #expect(r.stderr.contains("--jobs must be 1 or more, not 0"))
    r = try c.check(["--threshold", "0.2"])
    #expect(r.stderr == "animplot: --threshold applies only with --perceptual\n")
    try FileManager.default.createDirectory(atPath: c.path + "/empty", withIntermediateDirectories: true)
    r = try CLI.run(["check", "empty"], in: c.root, environment: Self.local)
    #expect(r.status == 2)
    #expect(r.stderr.hasPrefix("animplot: empty: no cases; a case is an input (NAME.json) beside its reference (NAME.png)"))
    r = try CLI.run(["check", "nowhere"], in: c.root, environment: Self.local)
    #expect(r.stderr == "animplot: nowhere: not a folder\n")
    #expect(r.status == 2)
  }

  @Test func shardsSplitTheCasesAndJobsDoNotChangeTheOutput() throws {
    let c = try Cases()
    defer { c.remove() }
    for i in 0..<7 { try c.add("extra\(i)") }
    _ = try c.check()
    try c.write("graph --width 240 --height 135 --theme light", "extra3.args")
    try c.write("graph --width 240 --height 135 --theme light", "pass.args")
    try c.write("", "stale.png")
    let whole = try c.check(["--jobs", "1"])
    #expect(whole.status == 1)
    #expect(Self.summary(whole) == "8 passed, 2 failed, 1 orphaned")
    for jobs in ["2", "5"] {
      #expect(try c.check(["--jobs", jobs]).stdout == whole.stdout)
    }
    var failures: [Substring] = []
    var passed = 0
    for i in 1...3 {
      let r = try c.check(["--shard", "\(i)/3"])
      failures += r.stdout.split(separator: "\n").filter { $0.hasPrefix("FAIL") }
      // The orphan is listed by the first shard only.
      #expect(r.stdout.contains("ORPHAN stale.png") == (i == 1))
      passed += Int(Self.summary(r).prefix { $0 != " " })!
    }
    #expect(failures == whole.stdout.split(separator: "\n").filter { $0.hasPrefix("FAIL") })
    #expect(passed == 8)
    // Shard 1 of 3 takes cases 1, 4, 7, 10 of the sorted list.
    let first = try c.check(["--shard", "1/3", "--junit", "j.xml"])
    _ = first
    let junit = try JUnit(url: c.root.appendingPathComponent("j.xml"))
    #expect(junit.attributes("testcase").map { $0["name"]! } == ["extra0.png", "extra3.png", "extra6.png", "pass.png"])
    #expect(junit.attributes("property").contains { $0["name"] == "shard" && $0["value"] == "1/3" })
  }

  @Test func toleranceOptionsAreDiffs() throws {
    let c = try Cases()
    defer { c.remove() }
    _ = try c.check()
    try c.write("graph --width 240 --height 135 --current-frame 60", "fail.args")
    #expect(try c.check().status == 1)
    #expect(try c.check(["--max-diff-ratio", "0.5"]).status == 0)
    let perceptual = try c.check(["--perceptual"])
    #expect(perceptual.status == 1)
    #expect(perceptual.stdout.contains("exceeds max 0.1% of pixels and max 24 px per window"))
  }

  @Test("per-case ignore regions (--ignore in NAME.args) and masks (NAME.mask.png), as diff has them")
  func perCaseIgnoreRegionsAndMasks() throws {
    let c = try Cases()
    defer { c.remove() }
    _ = try c.check()
    try c.write("graph --width 240 --height 135 --current-frame 60", "fail.args")
    #expect(try c.check().status == 1)
    // The whole picture left out: it passes, every pixel ignored.
    try c.write("graph --width 240 --height 135 --current-frame 60 --ignore 0,0,240,135", "fail.args")
    let ignored = try c.check()
    #expect(ignored.status == 0, "\(ignored.stdout)\(ignored.stderr)")
    // The same with a white mask beside the case; a mask of no input is an orphan.
    try c.write("graph --width 240 --height 135 --current-frame 60", "fail.args")
    let white = ImageFile.pngBytes(RGBAImage(width: 240, height: 135, fill: (255, 255, 255, 255)))
    try Data(white).write(to: c.file("fail.mask.png"))
    try Data(white).write(to: c.file("gone.mask.png"))
    let masked = try c.check()
    #expect(masked.status == 0, "\(masked.stdout)\(masked.stderr)")
    #expect(masked.stdout.contains("ORPHAN gone.mask.png: no input of its name"))
    // A mask of another size fails its case, naming it.
    try Data(ImageFile.pngBytes(RGBAImage(width: 10, height: 10, fill: (255, 255, 255, 255))))
      .write(to: c.file("fail.mask.png"))
    let small = try c.check()
    #expect(small.status == 1)
    #expect(small.stdout.contains("fail.mask.png: 10×10 pixels, but the reference"))
    // A bad rectangle stops the run before anything is drawn.
    try FileManager.default.removeItem(at: c.file("fail.mask.png"))
    try c.write("graph --width 240 --height 135 --ignore 1,2,3", "fail.args")
    let bad = try c.check()
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("fail.args: --ignore 1,2,3: expected X,Y,W,H"))
  }

  @Test("the diff image options of diff apply to check's diff artifacts")
  func diffImageOptions() throws {
    let c = try Cases()
    defer { c.remove() }
    _ = try c.check()
    try c.write("graph --width 240 --height 135 --current-frame 60", "fail.args")
    #expect(try c.check(["--diff-mask", "--diff-color", "00ff00"]).status == 1)
    let diff = try ImageFile.read(path: c.artifacts + "/fail.diff.png")
    let colours = Set(stride(from: 0, to: diff.pixels.count, by: 4).map { Array(diff.pixels[$0..<$0 + 4]) })
    #expect(colours == [[0, 0, 0, 0], [0, 255, 0, 255]])
  }

  @Test("values references: recorded with --values, a one-key change names the channel and frames, the report shows ghost curves")
  func valuesReferences() throws {
    let c = try Cases()
    defer { c.remove() }
    let recorded = try c.check(["--values"])
    #expect(recorded.status == 1)
    #expect(recorded.stdout.contains("RECORDED fail.values.csv: new reference recorded"))
    #expect(try c.check().status == 0)
    let evaluated = try CLI.run(["eval", c.file("fail.json").path])
    #expect(try String(decoding: c.bytes("fail.values.csv"), as: UTF8.self) == evaluated.stdout)
    // The second bounce's apex one unit higher.
    var text = String(decoding: try c.bytes("fail.json"), as: UTF8.self)
    text = text.replacingOccurrences(of: "\"frame\": 39.5, \"value\": 2.25", with: "\"frame\": 39.5, \"value\": 3.25")
    try c.write(text, "fail.json")
    let failed = try c.check(["--report", "r.html", "--junit", "j.xml"])
    #expect(failed.status == 1)
    let line = "FAIL fail.values.csv: values differ: Z Location at frames 24–55 (largest 0.9973008632659912 at frame 40)"
    #expect(failed.stdout.contains(line + "\n"), "\(failed.stdout)")
    #expect(failed.stdout.contains("FAIL fail.png: differ:"))
    let html = try String(contentsOf: c.root.appendingPathComponent("r.html"), encoding: .utf8)
    #expect(html.contains("<figure class=\"ghost\">"))
    #expect(html.contains("<tr><td>Z Location</td><td>frames 24–55</td><td>0.9973008632659912</td><td>40</td>"))
    #expect(html.contains("<code>animplot check cases --record all --only fail.png</code>"))
    #expect(html.contains("<code>animplot check cases --record all --only fail.values.csv</code>"))
    let junit = try String(contentsOf: c.root.appendingPathComponent("j.xml"), encoding: .utf8)
    #expect(junit.contains(line.dropFirst("FAIL fail.values.csv: ".count)))
    #expect(c.artifact("fail.values.csv.diff") && c.artifact("fail.expected.values.csv"))
    // The command the report gives approves that case alone.
    let approved = try c.check(["--record", "all", "--only", "fail.values.csv"])
    #expect(approved.stdout.contains("RECORDED fail.values.csv"))
    #expect(!approved.stdout.contains("fail.png"))
    let after = try c.check()
    #expect(after.stdout.contains("FAIL fail.png") && !after.stdout.contains("fail.values.csv"))
    // A name that is no case's is refused, with the nearest.
    let typo = try c.check(["--only", "fial.png"])
    #expect(typo.status == 2)
    #expect(typo.stderr.contains("--only fial.png: no case of cases has that name; did you mean 'fail.png'?"))
  }

  @Test("check.args holds options for every case of its folder; a case's NAME.args adds to them")
  func folderDefaults() throws {
    let c = try Cases()
    defer { c.remove() }
    try c.write("graph --width 240 --height 135", "check.args")
    try FileManager.default.removeItem(at: c.file("pass.args"))
    try c.write("--current-frame 60", "fail.args")
    try c.write("graph --current-frame 30  # the folder's verb may be said again", "new.args")
    let run = try c.check()
    #expect(run.status == 1)
    #expect(!run.stdout.contains("ORPHAN"))
    for name in ["pass.png", "fail.png", "new.png"] {
      let image = try ImageFile.read(path: c.file(name).path)
      #expect(image.width == 240 && image.height == 135, "\(name)")
    }
    #expect(try c.bytes("pass.png") != c.bytes("fail.png"))
    #expect(try c.check().status == 0)
    try c.write("dopesheet --current-frame 30", "new.args")
    let other = try c.check()
    #expect(other.status == 2)
    #expect(other.stderr.contains("new.args: the verb 'dopesheet' is not the one of "))
  }

  @Test("a case of the eval verb compares its values with NAME.values.csv")
  func evalCase() throws {
    let c = try Cases()
    defer { c.remove() }
    try c.add("values", options: "eval --range 1:5")
    let run = try c.check()
    #expect(run.stdout.contains("RECORDED values.values.csv: new reference recorded"))
    let evaluated = try CLI.run(["eval", c.file("values.json").path, "--range", "1:5"])
    #expect(try String(decoding: c.bytes("values.values.csv"), as: UTF8.self) == evaluated.stdout)
    #expect(!c.exists("values.png"))
    #expect(try c.check().status == 0)
  }

  @Test func subfoldersTextAndVectorReferences() throws {
    let c = try Cases()
    defer { c.remove() }
    try c.add("lists/ball", options: "graph --width 240 --height 135 --format displaylist")
    let svg = FileManager.default.isExecutableFile(atPath: "/usr/bin/rsvg-convert")
    if svg { try c.add("vectors/ball", options: "graph --width 240 --height 135 --format svg") }
    _ = try c.check()
    #expect(c.exists("lists/ball.displaylist.txt"))
    #expect(try c.check().status == 0)
    try c.write("graph --width 240 --height 135 --format displaylist --current-frame 60", "lists/ball.args")
    if svg { try c.write("graph --width 240 --height 135 --format svg --current-frame 60", "vectors/ball.args") }
    let r = try c.check(["--record", "never"])
    #expect(r.status == 1)
    // The playhead moves (5 lines), and at frame 60 crosses the scrollbar's thumb, drawn again
    // over it (5 more lines).
    #expect(r.stdout.contains("FAIL lists/ball.displaylist.txt: differ: 5 lines removed, 10 added, first at line "))
    let diff = try String(contentsOfFile: c.artifacts + "/lists/ball.displaylist.txt.diff", encoding: .utf8)
    #expect(diff.hasPrefix("--- cases/lists/ball.displaylist.txt (reference)\n+++ cases/lists/ball.displaylist.txt (actual)\n@@ "))
    if svg {
      #expect(r.stdout.contains("FAIL vectors/ball.svg: differ: "))
      for name in ["ball.svg.expected.png", "ball.svg.actual.png", "ball.svg.diff.png", "ball.actual.svg"] {
        #expect(c.artifact("vectors/" + name), "\(name)")
      }
    }
  }

  /// What an XML parser sees of a JUnit file: each element's attributes, by element name.
  final class JUnit: NSObject, XMLParserDelegate {
    private var elements: [(String, [String: String])] = []

    init(url: URL) throws {
      super.init()
      let parser = XMLParser(data: try Data(contentsOf: url))
      parser.delegate = self
      guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
    }

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String]
    ) {
      elements.append((name, attributes))
    }

    func attributes(_ name: String) -> [[String: String]] { elements.filter { $0.0 == name }.map(\.1) }
  }
}
