import Foundation
import Testing

/// `animplot check` writes and removes only its own artifacts: never through a symbolic link,
/// never among the cases, never where a report goes, never in a folder it did not make.
@Suite("animplot check: what it writes and removes")
struct CheckSafetyTests {
  typealias Cases = CheckCommandTests.Cases

  static func isLink(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
  }

  static func names(_ folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }

  /// Records every case, then makes `fail` (here `ui/arm`) differ.
  static func failing(_ c: Cases, _ name: String) throws {
    #expect(try c.check().status == 1)
    try c.write("graph --width 240 --height 135 --current-frame 60", "\(name).args")
  }

  @Test("a symbolic link to a folder inside the artifacts folder is refused, nothing written or removed through it")
  func aLinkedSubfolderOfTheArtifactsIsRefused() throws {
    let c = try Cases()
    defer { c.remove() }
    try c.add("ui/arm")
    try Self.failing(c, "ui/arm")
    let outside = c.root.appendingPathComponent("outside")
    try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: false)
    try FileManager.default.createDirectory(atPath: c.artifacts, withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(atPath: c.artifacts + "/ui", withDestinationPath: outside.path)

    var r = try c.check(["--record", "never"])
    #expect(r.status == 2, "\(r.stdout)\(r.stderr)")
    #expect(
      r.stderr
        == "animplot: artifacts/ui: a symbolic link inside the artifacts folder; check writes and removes artifacts only in real folders: remove the link or choose another --artifacts folder\n",
      "\(r.stderr)")
    #expect(try Self.names(outside).isEmpty)

    // A passing case does not remove its old artifacts through the link either.
    try c.write("graph --width 240 --height 135", "ui/arm.args")
    for name in ["arm.expected.png", "arm.actual.png", "arm.diff.png"] {
      try Data("mine".utf8).write(to: outside.appendingPathComponent(name))
    }
    r = try c.check(["--record", "never"])
    #expect(r.status == 2, "\(r.stdout)\(r.stderr)")
    #expect(try Self.names(outside) == ["arm.actual.png", "arm.diff.png", "arm.expected.png"])
  }

  @Test("an artifact that is a symbolic link is replaced by a file, its target untouched; a passing case leaves a link alone")
  func anArtifactThatIsALinkIsReplacedNotWrittenThrough() throws {
    let c = try Cases()
    defer { c.remove() }
    try Self.failing(c, "fail")
    let victim = c.root.appendingPathComponent("victim.png")
    try Data("mine".utf8).write(to: victim)
    try FileManager.default.createDirectory(atPath: c.artifacts, withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(atPath: c.artifacts + "/fail.actual.png", withDestinationPath: victim.path)
    try FileManager.default.createSymbolicLink(atPath: c.artifacts + "/pass.diff.png", withDestinationPath: victim.path)

    var r = try c.check(["--record", "never"])
    #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
    #expect(try Data(contentsOf: victim) == Data("mine".utf8))
    #expect(!Self.isLink(c.artifacts + "/fail.actual.png"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: c.artifacts + "/fail.actual.png")).starts(with: [0x89, 0x50]))
    // pass passes: its artifact named by a link is neither removed nor followed.
    #expect(Self.isLink(c.artifacts + "/pass.diff.png"))

    // fail passes again: its files (now regular) are removed; the target is still untouched.
    try c.write("graph --width 240 --height 135", "fail.args")
    r = try c.check(["--record", "never"])
    #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
    #expect(!c.artifact("fail.actual.png") && !c.artifact("fail.diff.png"))
    #expect(try Data(contentsOf: victim) == Data("mine".utf8))
  }

  @Test("an artifacts folder among the cases that is not hidden is refused before anything is touched")
  func aVisibleArtifactsFolderInsideTheCasesIsRefused() throws {
    let c = try Cases()
    defer { c.remove() }
    try c.add("shots/ball")
    try c.add("shots/zz.expected")
    #expect(try c.check().status == 1)
    let shots = URL(fileURLWithPath: c.cases).appendingPathComponent("shots")
    let before = try Self.names(shots)
    #expect(before == ["ball.args", "ball.json", "ball.png", "zz.expected.args", "zz.expected.json", "zz.expected.png"])

    for artifacts in ["shots", "shots/", "./shots/new"] {
      let r = try CLI.run(["check", ".", "--artifacts", artifacts], in: URL(fileURLWithPath: c.cases), environment: CheckCommandTests.local)
      #expect(r.status == 2, "\(r.stdout)\(r.stderr)")
      #expect(
        r.stderr.hasPrefix(
          "animplot: --artifacts \(artifacts): a folder inside the case folder . that is not hidden; its cases would be left out"),
        "\(r.stderr)")
      #expect(r.stdout.isEmpty)
      #expect(try Self.names(shots) == before)
    }
    // A hidden one (the default's way) is fine.
    let r = try CLI.run(["check", ".", "--artifacts", ".art"], in: URL(fileURLWithPath: c.cases), environment: CheckCommandTests.local)
    #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
  }

  @Test("stale artifacts are removed only in a folder check made; a folder of the user's gets a note")
  func staleArtifactsOnlyInAFolderCheckMade() throws {
    let c = try Cases()
    defer { c.remove() }
    #expect(try c.check().status == 1)
    // A folder of the user's, given as --artifacts: files named like artifacts stay.
    let mine = c.root.appendingPathComponent("mine")
    try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: false)
    try Data("mine".utf8).write(to: mine.appendingPathComponent("holiday.diff.png"))
    var r = try c.check(["--artifacts", "mine"])
    #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
    #expect(
      r.stdout.contains(
        "NOTE mine/: 1 file named like artifacts of no case left there: check removes stale artifacts only in a folder it made (one holding .animplot-artifacts-folder)"),
      "\(r.stdout)")
    #expect(try Self.names(mine) == ["holiday.diff.png"])

    // A folder check makes is marked, and its stale artifacts removed on later runs.
    try c.write("graph --width 240 --height 135 --current-frame 60", "fail.args")
    r = try c.check(["--record", "never"])
    #expect(r.status == 1)
    #expect(FileManager.default.fileExists(atPath: c.artifacts + "/.animplot-artifacts-folder"))
    try Data("old".utf8).write(to: URL(fileURLWithPath: c.artifacts + "/gone.diff.png"))
    r = try c.check(["--record", "never"])
    #expect(r.stdout.contains("REMOVED artifacts/gone.diff.png: an artifact of a case that no longer exists"), "\(r.stdout)")
    #expect(!c.artifact("gone.diff.png"))
  }

  @Test func namesWithControlCharactersAreQuotedInEveryLine() throws {
    let c = try Cases()
    defer { c.remove() }
    try Self.failing(c, "fail")
    let name = "e\u{1B}[31mx\ny"
    try c.add(name)
    try c.write("", name + "o.png")
    #expect(mkfifo(c.file(name + "f.json").path, 0o644) == 0)
    try FileManager.default.createSymbolicLink(atPath: c.file(name + "d.json").path, withDestinationPath: "nowhere")
    let r = try CLI.run(
      ["check", "cases", "--artifacts", "art\u{1B}[5m", "--record", "missing"], in: c.root, environment: CheckCommandTests.local)
    #expect(r.status == 1, "\(r.stderr)")
    #expect(!r.stdout.contains("\u{1B}"), "\(r.stdout)")
    let quoted = #""e\u001b[31mx\ny"#
    for line in [
      "RECORDED \(quoted).png\": new reference recorded", "ORPHAN \(quoted)o.png\": no input of its name",
      "SKIPPED \(quoted)d.json\": a dangling symbolic link, left out", "SKIPPED \(quoted)f.json\": a FIFO, left out",
      #"artifacts of the failing cases: "art\u001b[5m/""#,
    ] {
      #expect(r.stdout.split(separator: "\n").contains { $0 == line }, "\(line) in \(r.stdout)")
    }
  }

  @Test(arguments: ["--json", "--report", "--junit"])
  func aReportNamedAsAnArtifactIsRefused(option: String) throws {
    let c = try Cases()
    defer { c.remove() }
    try Self.failing(c, "fail")
    for path in ["artifacts/fail.actual.png", "artifacts/sub/other.diff.png", "artifacts/.animplot-artifacts-folder"] {
      let r = try c.check(["--record", "never", option, path])
      #expect(r.status == 2, "\(r.stdout)\(r.stderr)")
      #expect(
        r.stderr
          == "animplot: \(option) \(path): named as an artifact in the artifacts folder artifacts, which check writes and removes; choose another path\n",
        "\(r.stderr)")
      #expect(!FileManager.default.fileExists(atPath: c.artifacts), "nothing drawn")
    }
    // A report beside the artifacts, named as none, is fine.
    let summaryOption = option == "--json" ? [] : ["--json", "summary.json"]
    let r = try c.check(["--record", "never", option, "artifacts/summary.out"] + summaryOption)
    #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
    #expect(c.artifact("summary.out") && c.artifact("fail.actual.png"))
    // merge keeps check's rule, over the artifacts folder its summaries name.
    let summary = option == "--json" ? "artifacts/summary.out" : "summary.json"
    let artifact = try Data(contentsOf: URL(fileURLWithPath: c.artifacts + "/fail.actual.png"))
    for path in ["artifacts/fail.actual.png", "artifacts/fail.diff.png", "./artifacts/.animplot-artifacts-folder"] {
      let merged = try CLI.run(["merge", summary, option, path], in: c.root)
      #expect(merged.status == 2, "\(merged.stdout)\(merged.stderr)")
      #expect(
        merged.stderr
          == "animplot: \(option) \(path): named as an artifact in the artifacts folder artifacts, which check writes and removes; choose another path\n",
        "\(merged.stderr)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: c.artifacts + "/fail.actual.png")) == artifact)
  }
}
