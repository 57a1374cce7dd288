import AnimplotTestSupport
import Foundation
import Testing

/// `animplot graph|dopesheet FILE -o plot.html`: one page, the values `eval` prints.
@Suite("animplot graph and dopesheet -o plot.html, end to end")
struct InteractiveHTMLCommandTests {
  let ball = "Examples/bouncing-ball.json"

  /// The page's data.
  func data(_ html: String) throws -> [String: Any] {
    let start = try #require(html.range(of: "id=\"animplot-data\">\n"))
    let end = try #require(html.range(of: "\n</script>", range: start.upperBound..<html.endIndex))
    return try #require(try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8)) as? [String: Any])
  }

  @Test("by extension or --format, for graph and dopesheet; the values at a few columns are eval's", arguments: ["graph", "dopesheet"])
  func writes(verb: String) throws {
    let dir = try CLI.temporaryDirectory()
    let out = dir.appendingPathComponent("plot.html")
    let r = try CLI.run([verb, ball, "--width", "800", "--height", "400", "-o", out.path])
    #expect(r.status == 0, "\(r.stderr)")
    let html = try String(contentsOf: out, encoding: .utf8)
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    let piped = try CLI.run([verb, ball, "--width", "800", "--height", "400", "--format", "html", "-o", "-"])
    #expect(piped.stdout == html, "the same bytes to standard output")
    let page = try data(html)
    let frames = try #require((page["columns"] as? [String: Any])?["frames"] as? [Double])
    let picked = [0, frames.count / 3, frames.count - 1].map { frames[$0] }
    // The frames as the page writes them, read back by eval's --at.
    let eval = try CLI.run(["eval", ball, "--at", picked.map { "\($0)" }.joined(separator: ","), "--format", "json"])
    #expect(eval.status == 0, "\(eval.stderr)")
    let table = try #require(try JSONSerialization.jsonObject(with: Data(eval.stdout.utf8)) as? [String: Any])
    #expect(table["frames"] as? [Double] == picked)
    let tracks = try #require(table["tracks"] as? [[String: Any]])
    for channel in try #require(page["channels"] as? [[String: Any]]) {
      let values = try #require(channel["values"] as? [Double])
      let track = try #require(tracks.first { $0["label"] as? String == channel["label"] as? String })
      #expect([0, frames.count / 3, frames.count - 1].map { values[$0] } == track["values"] as? [Double])
    }
  }

  @Test("the timeline writes no page")
  func timeline() throws {
    let r = try CLI.run(["timeline", ball, "-o", "t.html"])
    #expect(r.status == 2)
    #expect(r.stderr.contains("timeline does not write .html files"), "\(r.stderr)")
  }
}
