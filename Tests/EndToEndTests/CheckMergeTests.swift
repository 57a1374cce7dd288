import Foundation
import Testing

/// `check --json`, `animplot merge` of a sharded run, the versions in the reports, and the
/// removal of artifacts of cases that are gone, through the built binary.
@Suite("animplot check: summaries, merged shards, stale artifacts")
struct CheckMergeTests {
  typealias Cases = CheckCommandTests.Cases

  /// A folder of eight cases, recorded, then two changed so that they fail, one new, one
  /// broken (PNG, SVG-free, a display list, a subfolder): every kind of line and section.
  static func mixedFolder() throws -> Cases {
    let c = try Cases()
    for name in ["a", "b", "c", "sub/d", "sub/e"] { try c.add(name) }
    try c.add("list", options: "graph --width 240 --height 135 --format displaylist")
    _ = try c.check()
    try c.write("graph --width 240 --height 135 --current-frame 60", "fail.args")
    try c.write("graph --width 240 --height 135 --current-frame 30 --format displaylist", "list.args")
    try c.add("later")
    try c.write("{\"tracks\": 3}", "b.json")
    try c.write("", "orphan.png")
    return c
  }

  @Test("merged shards give the JUnit, HTML and JSON of one unsharded run, up to timings", arguments: [2, 3, 5])
  func mergedShardsAreTheWholeRun(count: Int) throws {
    let c = try Self.mixedFolder()
    defer { c.remove() }
    let whole = try c.check(["--record", "never", "--jobs", "2", "--json", "whole.json", "--junit", "whole.xml", "--report", "whole.html"])
    #expect(whole.status == 1, "\(whole.stderr)")
    var summaries: [String] = []
    for index in 1...count {
      let r = try c.check(["--record", "never", "--shard", "\(index)/\(count)", "--json", "shard-\(index).json"])
      #expect(r.status <= 1, "\(r.stderr)")
      summaries.append("shard-\(index).json")
    }
    let merged = try CLI.run(
      ["merge"] + summaries.reversed() + ["--junit", "merged.xml", "--report", "merged.html", "--json", "merged.json"],
      in: c.root)
    #expect(merged.status == 1, "\(merged.stderr)")
    #expect(merged.stderr.isEmpty)
    // The lines check printed, in the same order (the progress of shards aside).
    #expect(merged.stdout == whole.stdout, "\(merged.stdout)\n---\n\(whole.stdout)")
    for ext in ["xml", "html", "json"] {
      let a = try Self.withoutTimings(String(contentsOf: c.root.appendingPathComponent("whole.\(ext)"), encoding: .utf8))
      let b = try Self.withoutTimings(String(contentsOf: c.root.appendingPathComponent("merged.\(ext)"), encoding: .utf8))
      #expect(a == b, "\(ext)")
    }
    let html = try String(contentsOf: c.root.appendingPathComponent("merged.html"), encoding: .utf8)
    #expect(html.contains("<h2>Failed (4)</h2>") && html.contains("<h2>Passed (6)</h2>"), "\(html.prefix(2000))")
  }

  /// `text` with every time (`time="0.123"`, `"seconds": 0.12`, `· 1.23 s`) replaced by `T`.
  static func withoutTimings(_ text: String) -> String {
    text.replacingOccurrences(of: #"time="[0-9.]+""#, with: #"time="T""#, options: .regularExpression)
      .replacingOccurrences(of: #""seconds": [0-9.e+-]+"#, with: #""seconds": T"#, options: .regularExpression)
      .replacingOccurrences(of: #" · [0-9.]+ s</p>"#, with: " · T s</p>", options: .regularExpression)
  }

  @Test("merge refuses summaries that are not one run's shards, and bad files, with exit 2")
  func mergeRefusals() throws {
    let c = try Self.mixedFolder()
    defer { c.remove() }
    for index in 1...3 {
      _ = try c.check(["--record", "never", "--shard", "\(index)/3", "--json", "shard-\(index).json"])
    }
    _ = try c.check(["--record", "never", "--perceptual", "--shard", "2/3", "--json", "other-2.json"])
    try Data("{\"rows\": []}".utf8).write(to: c.root.appendingPathComponent("layout.json"))
    // A shard whose first embedded PNG is a GIF: valid Base64, not a PNG ("GIF89a" for the
    // signature's first six bytes, 8 Base64 characters either way).
    let shards = try (1...3).map { try String(contentsOf: c.root.appendingPathComponent("shard-\($0).json"), encoding: .utf8) }
    let withImages = try #require(shards.firstIndex { $0.contains("\"iVBORw0K") })
    let range = try #require(shards[withImages].range(of: "\"iVBORw0K"))
    try Data(shards[withImages].replacingCharacters(in: range, with: "\"R0lGODlh").utf8)
      .write(to: c.root.appendingPathComponent("gif-\(withImages + 1).json"))
    let gifShards = (1...3).map { $0 == withImages + 1 ? "gif-\($0).json" : "shard-\($0).json" }
    for (arguments, message) in [
      (["shard-1.json", "shard-3.json"], "shard 2/3 missing: merge every shard of the run"),
      (gifShards, "gif-\(withImages + 1).json: cases["),
      (["shard-1.json", "other-2.json", "shard-3.json"], "other-2.json: comparison perceptual"),
      (["shard-1.json", "layout.json"], "layout.json: not a JSON summary of animplot check"),
      (["shard-1.json", "absent.json"], "absent.json: cannot read: No such file or directory"),
      (["shard-1.json", "shard-2.json", "shard-3.json", "--report", "shard-1.json"], "--report shard-1.json: that is a summary being merged"),
    ] {
      let r = try CLI.run(["merge"] + arguments + ["--report", "out.html"].filter { _ in !arguments.contains("--report") }, in: c.root)
      #expect(r.status == 2, "\(arguments)")
      #expect(r.stdout.isEmpty)
      #expect(r.stderr.hasPrefix("animplot: " + message), "\(r.stderr)")
      #expect(r.stderr.split(separator: "\n").count == 1)
      #expect(!FileManager.default.fileExists(atPath: c.root.appendingPathComponent("out.html").path))
    }
    // All shards, passing ones: exit 0.
    let clean = try Cases()
    defer { clean.remove() }
    _ = try clean.check()
    for index in 1...2 { _ = try clean.check(["--shard", "\(index)/2", "--json", "s\(index).json"]) }
    let r = try CLI.run(["merge", "s1.json", "s2.json"], in: clean.root)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout == "3 passed, 0 failed\n")
  }

  @Test("a report that cannot be written leaves the others as they were")
  func reportsAreWrittenTogetherOrNotAtAll() throws {
    let c = try Cases()
    defer { c.remove() }
    _ = try c.check()
    try Data("old junit".utf8).write(to: c.root.appendingPathComponent("junit.xml"))
    // JUnit is written first; the HTML report's folder does not exist.
    let r = try c.check(["--junit", "junit.xml", "--report", "absent/report.html", "--json", "summary.json"])
    #expect(r.status == 2, "\(r.stderr)")
    #expect(r.stderr.contains("absent/report.html"), "\(r.stderr)")
    #expect(try String(contentsOf: c.root.appendingPathComponent("junit.xml"), encoding: .utf8) == "old junit")
    #expect(!FileManager.default.fileExists(atPath: c.root.appendingPathComponent("summary.json").path))
    let names = try FileManager.default.contentsOfDirectory(atPath: c.root.path)
    #expect(!names.contains { $0.hasPrefix(".junit.xml") || $0.contains(".tmp") }, "\(names)")
  }

  @Test("the reports record animplot's version and Cairo's, pixman's, FreeType's, libpng's, zlib's")
  func versions() throws {
    let c = try Cases()
    defer { c.remove() }
    _ = try c.check(["--junit", "j.xml", "--report", "r.html", "--json", "s.json"])
    let version = try CLI.run(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    // `animplot 0.1.0 (cairo 1.16.0, pixman 0.42.2, FreeType 2.12.1, libpng 1.6.39, zlib 1.2.13)`
    let pairs = version.replacingOccurrences(of: "(", with: "").replacingOccurrences(of: ")", with: "")
      .replacingOccurrences(of: ",", with: "").split(separator: " ").map(String.init)
    #expect(pairs.count == 12, "\(version)")
    let names = stride(from: 0, to: pairs.count, by: 2).map { pairs[$0] }
    #expect(names == ["animplot", "cairo", "pixman", "FreeType", "libpng", "zlib"])
    let xml = try String(contentsOf: c.root.appendingPathComponent("j.xml"), encoding: .utf8)
    let html = try String(contentsOf: c.root.appendingPathComponent("r.html"), encoding: .utf8)
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: c.root.appendingPathComponent("s.json"))) as? [String: Any]
    let recorded = json?["versions"] as? [String: String]
    var line: [String] = []
    for i in stride(from: 0, to: pairs.count, by: 2) {
      let (name, value) = (pairs[i], pairs[i + 1])
      #expect(xml.contains("<property name=\"version.\(name)\" value=\"\(value)\"/>"), "\(name)")
      #expect(recorded?[name] == value, "\(name)")
      line.append("\(name) \(value)")
    }
    #expect(html.contains("<p class=\"versions\">" + line.joined(separator: " · ") + "</p>"))
  }

  @Test("artifacts of cases that no longer exist are removed and named; nothing else is")
  func staleArtifactsAreRemoved() throws {
    let c = try Cases()
    defer { c.remove() }
    try c.add("sub/gone")
    _ = try c.check()
    try c.write("graph --width 240 --height 135 --current-frame 60", "fail.args")
    try c.write("graph --width 240 --height 135 --current-frame 60", "sub/gone.args")
    var r = try c.check(["--record", "never"])
    #expect(r.status == 1)
    for name in ["fail.diff.png", "sub/gone.diff.png", "sub/gone.actual.png", "sub/gone.expected.png"] {
      #expect(c.artifact(name), "\(name)")
    }
    // Files of the user's beside them, named like artifacts or not.
    let artifacts = URL(fileURLWithPath: c.artifacts)
    for name in ["notes.txt", "report.html", "sub/keep.txt", ".old.diff.png"] {
      try Data("mine".utf8).write(to: artifacts.appendingPathComponent(name))
    }
    // The case is renamed: its old artifacts belong to no case.
    try FileManager.default.moveItem(at: c.file("sub/gone.json"), to: c.file("sub/renamed.json"))
    try FileManager.default.moveItem(at: c.file("sub/gone.png"), to: c.file("sub/renamed.png"))
    try FileManager.default.moveItem(at: c.file("sub/gone.args"), to: c.file("sub/renamed.args"))
    // A --filter that leaves fail out keeps fail's artifacts: the case still exists.
    r = try c.check(["--record", "never", "--filter", "pass,sub/*"])
    #expect(
      r.stdout.split(separator: "\n").filter { $0.hasPrefix("REMOVED") } == [
        "REMOVED artifacts/sub/gone.actual.png: an artifact of a case that no longer exists",
        "REMOVED artifacts/sub/gone.diff.png: an artifact of a case that no longer exists",
        "REMOVED artifacts/sub/gone.expected.png: an artifact of a case that no longer exists",
      ], "\(r.stdout)")
    for name in ["sub/gone.diff.png", "sub/gone.actual.png", "sub/gone.expected.png"] { #expect(!c.artifact(name), "\(name)") }
    for name in ["fail.diff.png", "fail.actual.png", "notes.txt", "report.html", "sub/keep.txt", ".old.diff.png", "sub/renamed.diff.png"] {
      #expect(c.artifact(name), "\(name)")
    }
    // Nothing left to remove: no line.
    r = try c.check(["--record", "never"])
    #expect(!r.stdout.contains("REMOVED"))
    // An artifacts folder that holds the cases is nobody's own: nothing is removed there.
    try Data().write(to: c.root.appendingPathComponent("stray.diff.png"))
    r = try CLI.run(["check", "cases", "--artifacts", ".", "--record", "never"], in: c.root, environment: CheckCommandTests.local)
    #expect(r.status == 1 && !r.stdout.contains("REMOVED"), "\(r.stdout)")
    #expect(FileManager.default.fileExists(atPath: c.root.appendingPathComponent("stray.diff.png").path))
  }
}
