import AnimplotCanvas
import AnimplotCheck
import AnimplotGolden
import AnimplotTestSupport
import Foundation
import Testing

/// The JSON summary of a run (read back to the same reports), the merging of shards into the
/// reports of one run, and the versions the reports record.
@Suite struct CheckSummaryTests {
  static let versions = [
    ComponentVersion(name: "animplot", version: "0.1.0"), ComponentVersion(name: "cairo", version: "1.16.0"),
    ComponentVersion(name: "pixman", version: "0.42.2"),
  ]

  /// The run of CheckReportTests with pixel figures and versions, unsharded.
  static let report: CheckReport = {
    var report = CheckReportTests.report
    report.shard = nil
    report.versions = versions
    let comparison = ImageComparison(
      expected: TestImages.curve(width: 64, height: 32), actual: TestImages.curve(width: 64, height: 32, shift: 1),
      options: .exact)
    report.results[0].figures = comparison.result
    // In case order, as a run has them.
    report.results.sort { $0.checkCase.id.utf8.lexicographicallyPrecedes($1.checkCase.id.utf8) }
    report.orphans.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    let ball = report.results.firstIndex { $0.checkCase.name == "ball" }!
    report.results[ball].images.crop = WindowCrop(
      png: CheckReportTests.png, scale: 8, window: DiffWindow(x: 3, y: 4, size: 16, pixels: 9))
    report.options = try! DiffOptions(
      metric: .perceptual(threshold: 0.2, includeAntialiased: true), pixelBudget: .ratio(0.0125), windowSize: 8,
      maxWindowPixels: 5)
    return report
  }()

  @Test("the summary reads back to a run whose reports are the same bytes")
  func roundTrip() throws {
    let json = Self.report.json
    #expect(json.hasPrefix("{\n  \"format\": \"animplot-check-summary\",\n  \"version\": 1,\n"))
    let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    #expect(parsed?["summary"] as? String == "2 passed, 4 failed, 1 recorded, 2 orphaned")
    #expect((parsed?["versions"] as? [String: String])?["cairo"] == "1.16.0")
    let back = try CheckReport(json: json, file: "s.json")
    #expect(back.json == json)
    #expect(back.html == Self.report.html)
    #expect(back.junitXML == Self.report.junitXML)
    #expect(back.results.map(\.images) == Self.report.results.map(\.images))
    #expect(back.results.contains { $0.images.crop != nil })
    #expect(back.html.contains("enlarged 8×: reference | output | diff"))
    #expect(back.results.map(\.figures) == Self.report.results.map(\.figures))
    #expect(Self.report.results.contains { $0.figures != nil })
    var filtered = Self.report
    filtered.filter = "ui/*,*ball*"
    #expect(try CheckReport(json: filtered.json, file: "f.json").filter == "ui/*,*ball*")
    #expect(back.filter == nil)
  }

  @Test("summaries that are not check's are refused with the file and the member")
  func badSummaries() {
    func message(_ text: String) -> String {
      do {
        _ = try CheckReport(json: text, file: "s.json")
        return ""
      } catch { return error.message }
    }
    #expect(message("{") == "s.json: not JSON (line 1, column 2: unterminated object: expected '}')")
    #expect(message("{\n  \"a\": [1, 2,]}") == "s.json: not JSON (line 2, column 14: trailing comma before ']')")
    #expect(message("{\"a\": 1, \"a\": 2}") == "s.json: not JSON (line 1, column 10: field \"a\" appears twice)")
    #expect(message("") == "s.json: not JSON (line 1, column 1: unexpected end of input)")
    #expect(message("{\"rows\": []}").hasPrefix("s.json: not a JSON summary of animplot check"))
    var json = Self.report.json.replacingOccurrences(of: "\"record\": \"missing\"", with: "\"record\": \"sometimes\"")
    #expect(message(json) == "s.json: record: expected one of missing, all, failed, never")
    json = Self.report.json.replacingOccurrences(of: "\"status\": \"passed\"", with: "\"status\": 1")
    #expect(message(json) == "s.json: cases[5].status: expected a string")
  }

  /// The shards of `report`, each as `check --shard I/N` would have written it.
  static func shards(_ report: CheckReport, _ count: Int) -> [(file: String, report: CheckReport)] {
    (1...count).map { index in
      let shard = try! Shard(parsing: "\(index)/\(count)")
      var part = report
      part.shard = shard
      part.results = shard.select(report.results)
      part.orphans = index == 1 ? report.orphans : []
      // Each shard faster than the last (never negative: a summary with negative seconds is refused).
      part.seconds = report.seconds + 10 - Double(index) * 0.25
      return ("shard-\(index).json", try! CheckReport(json: part.json, file: "shard-\(index).json"))
    }
  }

  @Test("merged shards give the reports of one unsharded run", arguments: [1, 2, 3, 7, 9])
  func mergeIsTheWholeRun(count: Int) throws {
    let merged = try CheckReport.merge(Self.shards(Self.report, count).shuffled())
    var whole = Self.report
    // The time of a merged run is its slowest shard's.
    whole.seconds += 10 - 0.25
    #expect(merged.html == whole.html)
    #expect(merged.junitXML == whole.junitXML)
    #expect(merged.json == whole.json)
  }

  @Test("summaries that are not one run's shards are refused")
  func mergeRefusals() {
    func message(_ summaries: [(file: String, report: CheckReport)]) -> String {
      do {
        _ = try CheckReport.merge(summaries)
        return ""
      } catch { return error.message }
    }
    let three = Self.shards(Self.report, 3)
    #expect(message([three[0], three[2]]) == "shard 2/3 missing: merge every shard of the run")
    #expect(message([three[0], three[1], three[1], three[2]]) == "shard-2.json: shard 2/3 again (shard-2.json is shard 2/3 too)")
    #expect(message([three[0]] + Self.shards(Self.report, 2)).hasPrefix("shard-1.json: shard 1/2, but shard-1.json is shard 1/3"))
    var other = three[1]
    other.report.versions[1].version = "1.18.0"
    #expect(
      message([three[0], other, three[2]])
        == "shard-2.json: versions animplot 0.1.0, cairo 1.18.0, pixman 0.42.2, but shard-1.json has animplot 0.1.0, cairo 1.16.0, pixman 0.42.2: these are not shards of one run"
    )
    other = three[1]
    other.report.filter = "ui/*"
    #expect(message([three[0], other, three[2]]) == "shard-2.json: filter --filter ui/*, but shard-1.json has no filter: these are not shards of one run")
    other = three[1]
    other.report.mode = .never
    #expect(message([three[0], other, three[2]]).hasPrefix("shard-2.json: record mode never, but shard-1.json has missing"))
    var whole = (file: "all.json", report: Self.report)
    #expect(message([whole, three[0]]) == "all.json: a run that was not sharded; merge the summaries of one sharded run")
    whole.report.shard = try! Shard(parsing: "2/3")
    #expect(message([three[0], whole, three[2]]).hasPrefix("all.json: case bad.png is in shard-1.json too"))
    #expect(message([]) == "no summary to merge")
  }

  /// A case's text diff of many lines reads back whole: the reader copied the string at each
  /// escape, quadratic in the lines (400,000 took a release build 22 s to merge; these 500,000
  /// would take a debug build many minutes). Read in one pass, they take seconds: the time
  /// limit is a guard against a hang, not a measurement (ten minutes under a sanitizer).
  @Test(.timeLimit(.minutes(Sanitizer.name == nil ? 1 : 10)))
  func textDiffOfManyLinesReadsInOnePass() throws {
    var report = Self.report
    report.results[0].textDiff = String(repeating: "-x\n", count: 500_000)
    let back = try CheckReport(json: report.json, file: "s.json")
    #expect(back.results[0].textDiff == report.results[0].textDiff)
  }

  @Test("JUnit and HTML record animplot's version and the libraries'")
  func versionsInReports() throws {
    let xml = Self.report.junitXML
    #expect(xml.contains("<property name=\"version.animplot\" value=\"0.1.0\"/>"))
    #expect(xml.contains("<property name=\"version.cairo\" value=\"1.16.0\"/>"))
    #expect(xml.contains("<property name=\"version.pixman\" value=\"0.42.2\"/>"))
    #expect(Self.report.html.contains("<p class=\"versions\">animplot 0.1.0 · cairo 1.16.0 · pixman 0.42.2</p>"))
    // A report without versions has no line for them.
    #expect(!CheckReportTests.report.html.contains("class=\"versions\""))
  }
}

/// Which files of the artifacts folder are artifacts of cases that are gone, and their removal.
@Suite struct StaleArtifactsTests {
  static func checkCase(_ name: String, _ kind: ReferenceKind) -> CheckCase {
    CheckCase(name: name, inputPath: "", argumentsPath: nil, kind: kind, referencePath: "", referenceExists: true)
  }

  @Test func owners() {
    func owners(_ path: String) -> [String] { ArtifactNames.owners(of: path).map { "\($0.name)\($0.kind.suffix)" } }
    #expect(owners("ball.diff.png") == ["ball.png"])
    #expect(owners("ball.svg.diff.png") == ["ball.svg.png", "ball.svg"])
    #expect(owners("ui/ball.actual.svg") == ["ui/ball.svg"])
    #expect(owners("ball.layout.json.diff") == ["ball.layout.json"])
    #expect(owners("ball.expected.displaylist.txt") == ["ball.displaylist.txt"])
    #expect(owners("notes.txt").isEmpty && owners("ball.png").isEmpty && owners(".diff.png").isEmpty)
    #expect(owners("report.html").isEmpty && owners("shard-1.json").isEmpty)
  }

  @Test("only the artifacts of no current case are chosen")
  func select() {
    let cases = [Self.checkCase("ball", .png), Self.checkCase("walk", .svg), Self.checkCase("ui/list", .displayList)]
    let files = [
      "ball.actual.png", "ball.diff.png", "ball.svg.diff.png", "gone.actual.png", "gone.diff.png",
      "walk.svg.actual.png", "walk.actual.svg", "walk.actual.png", "ui/list.displaylist.txt.diff",
      "ui/old.actual.layout.json", "README.md", "report.html", "ball.png", "summary.json",
    ]
    #expect(
      StaleArtifacts.select(files: files, cases: cases) == [
        "ball.svg.diff.png", "gone.actual.png", "gone.diff.png", "walk.actual.png", "ui/old.actual.layout.json",
      ])
  }

  @Test("removes those files only: not other files, links, hidden files or the case folder")
  func remove() throws {
    let folder = try TemporaryFolder([
      "artifacts/gone.actual.png": "", "artifacts/gone.diff.png": "", "artifacts/ball.diff.png": "",
      "artifacts/notes.txt": "", "artifacts/.hidden/x.diff.png": "", "artifacts/sub/old.actual.png": "",
      "artifacts/keep/old.diff.png": "", "artifacts/keep/mine.txt": "", "artifacts/cases/a.diff.png": "",
      "elsewhere/target.diff.png": "",
    ])
    defer { folder.remove() }
    let fm = FileManager.default
    try fm.createSymbolicLink(atPath: folder.path("artifacts/link.diff.png"), withDestinationPath: folder.path("elsewhere/target.diff.png"))
    try fm.createSymbolicLink(atPath: folder.path("artifacts/linked"), withDestinationPath: folder.path("elsewhere"))
    let artifacts = folder.path("artifacts")
    let (removed, problems) = StaleArtifacts.remove(
      in: artifacts, cases: [Self.checkCase("ball", .png)], skipping: [folder.path("artifacts/cases")],
      protected: [folder.path("artifacts/keep/old.diff.png")])
    #expect(problems.isEmpty)
    #expect(removed == ["gone.actual.png", "gone.diff.png", "sub/old.actual.png"].map { artifacts + "/" + $0 })
    let left = try fm.subpathsOfDirectory(atPath: artifacts).sorted()
    #expect(
      left == [
        ".hidden", ".hidden/x.diff.png", "ball.diff.png", "cases", "cases/a.diff.png", "keep", "keep/mine.txt",
        "keep/old.diff.png", "link.diff.png", "linked", "notes.txt",
      ])
    #expect(fm.fileExists(atPath: folder.path("elsewhere/target.diff.png")))
    // No folder, nothing to do.
    #expect(StaleArtifacts.remove(in: folder.path("absent"), cases: []).removed.isEmpty)
  }
}
