import AnimplotTestSupport
import Foundation
import Testing

/// `animplot graph --hide`: repeatable, matched as --channels, refused when it hides nothing.
@Suite("animplot graph --hide, end to end")
struct GraphHideCommandTests {
  let ball = "Examples/bouncing-ball.json"

  @Test("the layout JSON flags the hidden rows and lists their curves no more")
  func json() throws {
    let r = try CLI.run(["graph", ball, "--hide", "Z Location", "--hide", "*Scale", "--format", "json", "-o", "-"])
    #expect(r.status == 0, "\(r.stderr)")
    let json = try #require(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    let channels = try #require(json["channels"] as? [[String: Any]])
    let hidden = channels.filter { $0["hidden"] as? Bool == true }.compactMap { $0["name"] as? String }
    #expect(hidden == ["Z Location", "X Scale", "Y Scale", "Z Scale"])
    let curves = try #require(json["curves"] as? [[String: Any]]).compactMap { $0["label"] as? String }
    #expect(curves == ["X Location", "Y Euler Rotation"])
  }

  @Test("a pattern that hides nothing: one line, exit 2, nothing written")
  func noMatch() throws {
    let dir = try CLI.temporaryDirectory()
    let out = dir.appendingPathComponent("x.png")
    let r = try CLI.run(["graph", ball, "--hide", "Q Location", "-o", out.path])
    #expect(r.status == 2)
    #expect(r.stderr == "animplot: Examples/bouncing-ball.json: --hide 'Q Location': no channel of 'BouncingBall' matches\n")
    #expect(!FileManager.default.fileExists(atPath: out.path))
  }
}
