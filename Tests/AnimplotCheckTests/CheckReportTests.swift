import AnimplotCheck
import AnimplotGolden
import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The summary line, the JUnit XML (parsed back) and the HTML report of a run.
@Suite struct CheckReportTests {
  static func checkCase(_ name: String, _ kind: ReferenceKind = .png) -> CheckCase {
    CheckCase(
      name: name, inputPath: "cases/\(name).json",
      argumentsPath: name == "ball" ? "cases/ball.args" : nil, kind: kind,
      referencePath: "cases/\(name)\(kind.suffix)", referenceExists: true)
  }

  static let png = Array(Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==")!)

  static let report = CheckReport(
    folder: "cases/",
    results: [
      CaseResult(checkCase: checkCase("ball"), status: .differed, message: "differ: 3 pixels <&> \"q\" 'a'", seconds: 0.0125,
        images: CaseImages(expected: png, actual: png, diff: png), artifacts: ["ball.expected.png", "ball.actual.png", "ball.diff.png"]),
      CaseResult(checkCase: checkCase("bad"), status: .error, message: "cases/bad.json:1:2: unknown field \"x\"\u{1}", seconds: 0.001),
      CaseResult(checkCase: checkCase("list", .displayList), status: .differed, message: "differ: 1 line removed, 1 added",
        textDiff: "--- a\n+++ b\n@@ -1,1 +1,1 @@\n-<old>\n+<new>\n"),
      CaseResult(checkCase: checkCase("new"), status: .recorded(.new), message: "new reference recorded",
        images: CaseImages(actual: png)),
      CaseResult(checkCase: checkCase("gone"), status: .missing, message: "no reference"),
      CaseResult(checkCase: checkCase("ok"), status: .passed, message: "match: identical file", seconds: 0.002),
      CaseResult(checkCase: checkCase("sub/ok2"), status: .passed, message: "match: identical file"),
    ],
    orphans: ["old.png", "old & odd.args"], options: .exact, mode: .missing,
    shard: try! Shard(parsing: "1/2"), artifactsFolder: ".animplot-artifacts", seconds: 1.5)

  @Test func summaryLine() {
    #expect(Self.report.summaryLine == "2 passed, 4 failed, 1 recorded, 2 orphaned")
    #expect(Self.report.passedCount == 2 && Self.report.failedCount == 4 && Self.report.recordedCount == 1)
    #expect(!Self.report.passed)
    let clean = CheckReport(
      folder: "f", results: [Self.report.results[5]], orphans: [], options: .perceptual, mode: .never,
      shard: nil, artifactsFolder: "a", seconds: 0)
    #expect(clean.summaryLine == "1 passed, 0 failed")
    #expect(clean.passed)
    // Orphans alone do not fail a run.
    var orphaned = clean
    orphaned.orphans = ["x.png"]
    #expect(orphaned.passed && orphaned.summaryLine == "1 passed, 0 failed, 1 orphaned")
  }

  /// What an XML parser sees of the JUnit file.
  final class JUnit: NSObject, XMLParserDelegate {
    struct Element { var name: String; var attributes: [String: String]; var text = "" }
    var elements: [Element] = []
    private var open: [Int] = []

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
      qualifiedName: String?, attributes: [String: String]) {
      open.append(elements.count)
      elements.append(Element(name: name, attributes: attributes))
    }
    func parser(_ parser: XMLParser, foundCharacters string: String) {
      if let last = open.last { elements[last].text += string }
    }
    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
      open.removeLast()
    }
    func named(_ name: String) -> [Element] { elements.filter { $0.name == name } }
  }

  @Test func junitParsesAndCounts() throws {
    let xml = Self.report.junitXML
    let parser = XMLParser(data: Data(xml.utf8))
    let junit = JUnit()
    parser.delegate = junit
    #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")\n\(xml)")
    let suites = junit.named("testsuites")[0].attributes
    #expect(suites["tests"] == "7" && suites["failures"] == "4" && suites["errors"] == "1")
    let suite = junit.named("testsuite")[0].attributes
    #expect(suite["name"] == "cases" && suite["time"] == "1.500" && suite["skipped"] == "0")
    let properties = Dictionary(uniqueKeysWithValues: junit.named("property").map { ($0.attributes["name"]!, $0.attributes["value"]!) })
    #expect(properties == ["comparison": "exact, at most 0 differing pixels", "record": "missing", "shard": "1/2"])
    let cases = junit.named("testcase")
    #expect(cases.map { $0.attributes["name"]! } == ["ball.png", "bad.png", "list.displaylist.txt", "new.png", "gone.png", "ok.png", "sub/ok2.png"])
    #expect(cases.allSatisfy { $0.attributes["classname"] == "cases" })
    #expect(cases[0].attributes["time"] == "0.013" && cases[0].attributes["file"] == "cases/ball.json")
    let failures = junit.named("failure")
    #expect(failures.map { $0.attributes["type"]! } == ["differ", "differ", "recorded", "missing"])
    // Escaped and unescaped back exactly, control characters replaced.
    #expect(failures[0].attributes["message"] == "differ: 3 pixels <&> \"q\" 'a'")
    #expect(failures[0].text.contains("artifact: .animplot-artifacts/ball.diff.png"))
    #expect(failures[0].text.contains("options: cases/ball.args"))
    #expect(failures[1].text.contains("-<old>\n+<new>"))
    #expect(failures[2].text.contains("review it and commit it"))
    let errors = junit.named("error")
    #expect(errors.count == 1 && errors[0].attributes["type"] == "error")
    #expect(errors[0].attributes["message"] == "cases/bad.json:1:2: unknown field \"x\"\u{FFFD}")
    #expect(junit.named("system-out")[0].text.contains("old & odd.args"))
  }

  @Test func htmlShowsFailuresWithTheirImagesAndListsPasses() {
    let html = Self.report.html
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    #expect(html.contains("<title>animplot check cases/: 2 passed, 4 failed, 1 recorded, 2 orphaned</title>"))
    #expect(html.contains("<h2>Failed (4)</h2>") && html.contains("<h2>Recorded (1)</h2>"))
    #expect(html.contains("<h2>Passed (2)</h2>") && html.contains("<h2>Orphaned (2)</h2>"))
    let data = "data:image/png;base64,\(Self.png.base64)"
    let ball = html.range(of: "id=\"case-ball.png\"")!
    let next = html.range(of: "<section", range: ball.upperBound..<html.endIndex)!
    let section = html[ball.lowerBound..<next.lowerBound]
    for caption in ["reference", "output", "diff"] {
      #expect(section.contains("<figcaption>\(caption)</figcaption>"))
    }
    #expect(section.components(separatedBy: data).count == 4)
    #expect(section.contains("differ: 3 pixels &lt;&amp;&gt; &quot;q&quot; &#39;a&#39;"))
    #expect(html.contains("<del>-&lt;old&gt;</del>\n<ins>+&lt;new&gt;</ins>"))
    #expect(html.contains("<li><code>sub/ok2.png</code> <span class=\"note\">match: identical file</span></li>"))
    #expect(html.contains("<li><code>old &amp; odd.args</code></li>"))
    #expect(html.contains("record mode: missing · shard 1/2 · 1.50 s"))
  }

  @Test func htmlHasASwapViewAndTheEnlargedWorstWindow() {
    var report = Self.report
    report.results[0].images.crop = WindowCrop(
      png: [1, 2, 3], scale: 8, window: DiffWindow(x: 4, y: 5, size: 16, pixels: 30))
    let html = report.html
    let ball = html.range(of: "id=\"case-ball.png\"")!
    let next = html.range(of: "<section", range: ball.upperBound..<html.endIndex)!
    let section = html[ball.lowerBound..<next.lowerBound]
    #expect(section.contains("<figure class=\"swap\" data-showing=\"expected\" hidden>"))
    #expect(section.contains("<img class=\"expected\" alt=\"reference of ball.png\">"))
    #expect(section.contains(
      "<figcaption>worst 16×16 window at (4, 5), enlarged 8×: reference | output | diff</figcaption>"))
    #expect(section.contains("src=\"data:image/png;base64,\([UInt8]([1, 2, 3]).base64)\""))
    // The swap view reuses the images above: still three copies of the PNG in the section.
    #expect(section.components(separatedBy: "data:image/png;base64,\(Self.png.base64)").count == 4)
    // A case with an output only (a new reference) has no swap view.
    let new = html.range(of: "id=\"case-new.png\"")!
    let afterNew = html[new.lowerBound...]
    #expect(!afterNew.prefix(upTo: afterNew.range(of: "</section>")!.lowerBound).contains("swap"))
    // Self-contained: the script and the style are inline, nothing is fetched.
    #expect(html.contains("<script>\nfor (const swap of document.querySelectorAll(\"figure.swap\"))"))
    #expect(!html.contains("<script src") && !html.contains("<link") && !html.contains("http"))
  }
}

extension Array where Element == UInt8 {
  /// Foundation's Base64, to check the report's own encoder.
  var base64: String { Data(self).base64EncodedString() }
}
