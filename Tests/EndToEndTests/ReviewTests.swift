import AnimplotTestSupport
import Foundation
import Testing

/// `animplot check DIR --review` through the built binary: Approve writes exactly the actual
/// output as the reference, inside the case folder only; Reject writes nothing.
@Suite("check --review", .serialized)
struct ReviewTests {
  /// A case folder with a failing case (`ball`), a new one (`new`) and one whose reference is
  /// a link to a file outside (`linked`).
  func folder() throws -> (root: URL, cases: URL, outside: URL) {
    let root = try CLI.temporaryDirectory()
    let cases = root.appendingPathComponent("cases")
    try FileManager.default.createDirectory(at: cases, withIntermediateDirectories: true)
    let ball = CLI.repository.appendingPathComponent("Examples/bouncing-ball.json")
    for name in ["ball", "new", "linked"] {
      try FileManager.default.copyItem(at: ball, to: cases.appendingPathComponent("\(name).json"))
      try Data("graph --width 320 --height 200\n".utf8).write(to: cases.appendingPathComponent("\(name).args"))
    }
    #expect(try CLI.run(["check", cases.path, "--record", "missing"]).status == 1)
    for name in ["new.png", "linked.png"] { try FileManager.default.removeItem(at: cases.appendingPathComponent(name)) }
    // The output changes: ball fails.
    try Data("graph --width 320 --height 200 --theme light\n".utf8).write(to: cases.appendingPathComponent("ball.args"))
    try Data("graph --width 320 --height 200 --theme light\n".utf8).write(to: cases.appendingPathComponent("linked.args"))
    let outside = root.appendingPathComponent("outside.png")
    try Data("not a picture".utf8).write(to: outside)
    try FileManager.default.createSymbolicLink(atPath: cases.appendingPathComponent("linked.png").path, withDestinationPath: outside.path)
    return (root, cases, outside)
  }

  func body(_ name: String) -> Data { Data("{\"case\": \(String(reflecting: name))}".utf8) }

  @Test func approvingWritesTheActualOutputAndNothingElse() throws {
    let (root, cases, outside) = try folder()
    let server = try LocalServer(binary: CLI.binary, ["check", "cases", "--review", "--port", "0"], in: root)
    defer { server.stop() }
    let token = try #require(server.token)
    #expect(token.count == 32)
    // The run goes on after the URL: the page waits for it.
    var list = try server.request("GET", "/api/cases")
    for _ in 0..<200 where list.text.contains("\"running\": true") {
      Thread.sleep(forTimeInterval: 0.1)
      list = try server.request("GET", "/api/cases")
    }
    #expect(list.text.contains("\"case\": \"ball.png\", \"status\": \"FAIL\""))
    #expect(list.text.contains("\"case\": \"new.png\", \"status\": \"MISSING\""))
    // Nothing recorded by the run itself.
    #expect(!FileManager.default.fileExists(atPath: cases.appendingPathComponent("new.png").path))

    let approved = try server.request("POST", "/api/approve", body: body("ball.png"))
    #expect(approved.status == 200, "\(approved.text)")
    let expected = root.appendingPathComponent("expected.png")
    _ = try CLI.run([
      "graph", cases.appendingPathComponent("ball.json").path, "--width", "320", "--height", "200", "--theme", "light",
      "-o", expected.path,
    ])
    #expect((try Data(contentsOf: cases.appendingPathComponent("ball.png"))) == (try Data(contentsOf: expected)))
    // The image the page shows is what was written.
    #expect(try server.request("GET", "/api/image?case=ball.png&which=actual").body == (try Data(contentsOf: expected)))

    let rejected = try server.request("POST", "/api/reject", body: body("new.png"))
    #expect(rejected.status == 200)
    #expect(!FileManager.default.fileExists(atPath: cases.appendingPathComponent("new.png").path))

    // Names are looked up, never used as paths; a link is not written through.
    for name in ["../x", "../outside.png", "/etc/passwd", "ball", "cases/ball.png", ""] {
      let answer = try server.request("POST", "/api/approve", body: body(name))
      #expect(answer.status == 404, "\(name): \(answer.status)")
    }
    let link = try server.request("POST", "/api/approve", body: body("linked.png"))
    #expect(link.status == 403)
    #expect(link.text.contains("symbolic link"))
    #expect(try String(contentsOf: outside, encoding: .utf8) == "not a picture")
    #expect(try server.request("POST", "/api/approve", body: Data("{\"case\": 1}".utf8)).status == 400)
    #expect(try server.request("POST", "/api/approve", body: Data("nope".utf8)).status == 400)
    // Safety as serve's.
    #expect(try server.request("GET", "/api/cases", withToken: false).status == 403)
    #expect(try server.request("GET", "/api/cases", headers: ["Host": "evil.example:\(server.port)"]).status == 403)
    #expect(try server.request("POST", "/api/approve", headers: ["Origin": "http://evil.example"], body: body("new.png")).status == 403)
    #expect(!FileManager.default.fileExists(atPath: cases.appendingPathComponent("new.png").path))

    let done = try server.request("POST", "/api/done", body: Data())
    #expect(done.status == 200)
    server.wait()
    // Exit 1: not every case was approved.
    #expect(server.status.map { ($0 >> 8) & 0xff } == 1)
  }

  @Test func withoutReviewItsOptionsAreRefused() throws {
    let run = try CLI.run(["check", "Fixtures", "--port", "0"])
    #expect(run.status == 2)
    #expect(run.stderr.contains("--review"))
  }
}
