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

  /// `GET /api/cases` once the run has finished (the page waits for it too).
  func finishedRun(of server: LocalServer) throws -> LocalServer.Response {
    var list = try server.request("GET", "/api/cases")
    for _ in 0..<200 where list.text.contains("\"running\": true") {
      Thread.sleep(forTimeInterval: 0.1)
      list = try server.request("GET", "/api/cases")
    }
    return list
  }

  func body(_ name: String) -> Data { Data("{\"case\": \(String(reflecting: name))}".utf8) }

  @Test func approvingWritesTheActualOutputAndNothingElse() throws {
    let (root, cases, outside) = try folder()
    let server = try LocalServer(binary: CLI.binary, ["check", "cases", "--review", "--port", "0"], in: root)
    defer { server.stop() }
    let token = try #require(server.token)
    #expect(token.count == 32)
    // The run goes on after the URL: the page waits for it.
    let list = try finishedRun(of: server)
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

  /// An animation under review shows its first differing frame and approving writes the whole
  /// animation drawn; an `edit` case lists its changes by row and approving writes the action.
  @Test func approvingAnAnimationWritesItWhole() throws {
    let root = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let cases = root.appendingPathComponent("cases")
    try FileManager.default.createDirectory(at: cases, withIntermediateDirectories: true)
    let ball = CLI.repository.appendingPathComponent("Examples/bouncing-ball.json")
    for name in ["play", "edit"] { try FileManager.default.copyItem(at: ball, to: cases.appendingPathComponent("\(name).json")) }
    try Data("play --width 160 --height 90 --frames 1:4\n".utf8).write(to: cases.appendingPathComponent("play.args"))
    try Data("edit --select 'location[2]:3' --translate 2,0\n".utf8).write(to: cases.appendingPathComponent("edit.args"))
    #expect(try CLI.run(["check", cases.path, "--record", "missing"]).status == 1)
    try Data("play --width 160 --height 90 --frames 1:4 --theme light\n".utf8).write(to: cases.appendingPathComponent("play.args"))
    try Data("edit --select 'location[2]:3' --translate 3,0\n".utf8).write(to: cases.appendingPathComponent("edit.args"))
    let server = try LocalServer(binary: CLI.binary, ["check", "cases", "--review", "--port", "0"], in: root)
    defer { server.stop() }
    let list = try finishedRun(of: server)
    #expect(list.text.contains("\"case\": \"play.apng\", \"status\": \"FAIL\""), "\(list.text)")
    #expect(list.text.contains("\"frame\": 1"), "\(list.text)")
    #expect(list.text.contains("\"message\": \"differ: channel location[2]: key at frame 58 → 59 (handleLeft, handleRight changed) (and 2 more changes)\""), "\(list.text)")
    #expect(list.text.contains("\"changes\": [\"channel location[2]: key at frame 39.5: handleRight changed\""), "\(list.text)")
    // The first differing frame is shown: a still PNG of the animation's size.
    let frame = try server.request("GET", "/api/image?case=play.apng&which=actual")
    #expect(frame.status == 200 && frame.body.count > 100)
    for name in ["play.apng", "edit.edited.json"] {
      let approved = try server.request("POST", "/api/approve", body: body(name))
      #expect(approved.status == 200, "\(approved.text)")
    }
    let expected = root.appendingPathComponent("expected.apng")
    _ = try CLI.run([
      "play", cases.appendingPathComponent("play.json").path, "--width", "160", "--height", "90", "--frames", "1:4",
      "--theme", "light", "-o", expected.path,
    ])
    #expect((try Data(contentsOf: cases.appendingPathComponent("play.apng"))) == (try Data(contentsOf: expected)))
    let edited = try CLI.run(["edit", cases.appendingPathComponent("edit.json").path, "--select", "location[2]:3", "--translate", "3,0"])
    #expect(try String(contentsOf: cases.appendingPathComponent("edit.edited.json"), encoding: .utf8) == edited.stdout)
    _ = try server.request("POST", "/api/done", body: Data())
    server.wait()
    // Every case approved: exit 0, and the next run passes.
    #expect(server.status.map { ($0 >> 8) & 0xff } == 0)
    #expect(try CLI.run(["check", cases.path]).status == 0)
  }

  /// Approving a case again (after a reject too) says APPROVED once; Done pressed twice prints
  /// the summary once.
  @Test func eachLineIsPrintedOnce() throws {
    let (root, _, _) = try folder()
    let server = try LocalServer(binary: CLI.binary, ["check", "cases", "--review", "--port", "0"], in: root, keepingOutput: true)
    defer { server.stop() }
    _ = try finishedRun(of: server)
    for path in ["/api/approve", "/api/approve", "/api/reject", "/api/approve"] {
      #expect(try server.request("POST", path, body: body("ball.png")).status == 200)
    }
    #expect(try server.request("POST", "/api/done", body: Data()).status == 200)
    #expect(try server.request("POST", "/api/done", body: Data()).status == 200)
    server.wait()
    let printed = server.printed()
    // The line when approved, and again in the summary.
    #expect(printed.components(separatedBy: "APPROVED ").count - 1 == 2, "\(printed)")
    #expect(printed.components(separatedBy: "review: 1 approved, 0 rejected, 2 left; wrote:").count - 1 == 1, "\(printed)")
  }

  /// The case folder swapped for a link to another while the review waits: Approve is refused
  /// (403), nothing is written through the link nor into the folder moved away; put back, the
  /// folder is written again.
  @Test func aCaseFolderSwappedForALinkIsNotWrittenThrough() throws {
    let (root, cases, _) = try folder()
    let server = try LocalServer(binary: CLI.binary, ["check", "cases", "--review", "--port", "0"], in: root)
    defer { server.stop() }
    _ = try finishedRun(of: server)
    let recorded = try Data(contentsOf: cases.appendingPathComponent("ball.png"))
    let real = root.appendingPathComponent("cases-real"), outside = root.appendingPathComponent("elsewhere")
    try FileManager.default.moveItem(at: cases, to: real)
    try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(atPath: cases.path, withDestinationPath: outside.path)
    for name in ["ball.png", "new.png"] {
      let answer = try server.request("POST", "/api/approve", body: body(name))
      #expect(answer.status == 403, "\(answer.text)")
      #expect(answer.text.contains("cases/\(name): reached through a linked folder"), "\(answer.text)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
    #expect(try Data(contentsOf: real.appendingPathComponent("ball.png")) == recorded)
    #expect(!FileManager.default.fileExists(atPath: real.appendingPathComponent("new.png").path))
    // Put back: the folder the run read is written.
    try FileManager.default.removeItem(at: cases)
    try FileManager.default.moveItem(at: real, to: cases)
    #expect(try server.request("POST", "/api/approve", body: body("new.png")).status == 200)
    #expect(FileManager.default.fileExists(atPath: cases.appendingPathComponent("new.png").path))
  }

  @Test func withoutReviewItsOptionsAreRefused() throws {
    let run = try CLI.run(["check", "Fixtures", "--port", "0"])
    #expect(run.status == 2)
    #expect(run.stderr.contains("--review"))
  }
}

extension ReviewTests {
  /// Approving writes no reference over a file the run reads as something else (a glTF's
  /// buffer named `b.png`, which is also the reference of the case `b`), as `--record`
  /// refuses it: the case is listed as not approvable, and its approval is refused saying why.
  @Test func approvingWritesNoReferenceOverAFileTheRunReads() throws {
    let root = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let cases = root.appendingPathComponent("cases")
    try HardeningRoundTwoTests().gltfCase(in: cases, bufferAt: "b.png")
    try FileManager.default.copyItem(
      at: CLI.repository.appendingPathComponent("Examples/bouncing-ball.json"), to: cases.appendingPathComponent("b.json"))
    let buffer = try Data(contentsOf: cases.appendingPathComponent("b.png"))
    let server = try LocalServer(
      binary: CLI.binary, ["check", "cases", "--review", "--port", "0", "--record", "never", "--artifacts", "art"], in: root)
    defer { server.stop() }
    let list = try finishedRun(of: server)
    #expect(list.text.contains("\"case\": \"b.png\", \"status\": \"ERROR\""), "\(list.text)")
    #expect(list.text.contains("\"approvable\": false"), "\(list.text)")
    let refused = try server.request("POST", "/api/approve", body: body("b.png"))
    #expect(refused.status == 403, "\(refused.text)")
    #expect(
      refused.text.contains("cases/b.png: not written: that is cases/b.png, which the input cases/hop.gltf refers to; rename one"),
      "\(refused.text)")
    #expect(try Data(contentsOf: cases.appendingPathComponent("b.png")) == buffer)
    // The glTF's own case is approved as before.
    #expect(try server.request("POST", "/api/approve", body: body("hop.png")).status == 200)
    #expect(try Data(contentsOf: cases.appendingPathComponent("b.png")) == buffer)
    _ = try server.request("POST", "/api/done", body: Data())
    server.wait()
  }
}
