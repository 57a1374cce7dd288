import AnimplotTestSupport
import Foundation
import Testing

/// `animplot serve` through the built binary, over HTTP on loopback: every answer is the command
/// line's, byte for byte; what must be refused is refused; changes on disk reach the page.
@Suite("animplot serve", .serialized)
struct ServeTests {
  static let ball = CLI.repository.appendingPathComponent("Examples/bouncing-ball.json").path
  static let hop = CLI.repository.appendingPathComponent("Examples/hop.glb").path
  static let fourActions = CLI.repository.appendingPathComponent("Examples/blender-four-actions.json").path

  /// The query of `options` (`["--frames", "1:40", "--normalize"]` → `frames=1%3A40&normalize=1`).
  static func query(_ options: [String]) -> String {
    var items: [String] = []
    var i = 0
    while i < options.count {
      let name = String(options[i].dropFirst(2))
      if i + 1 < options.count, !options[i + 1].hasPrefix("--") {
        let value = options[i + 1].addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        items.append("\(name)=\(value)")
        i += 2
      } else {
        items.append("\(name)=1")
        i += 1
      }
    }
    return items.joined(separator: "&")
  }

  /// The cases: a view, an extension, a file and the options (as the command line spells them).
  static let cases: [(view: String, ext: String, file: Int, options: [String])] = [
    ("graph", "png", 0, ["--width", "640", "--height", "360"]),
    ("graph", "svg", 0, ["--width", "500", "--height", "300", "--theme", "light", "--frames", "10:60", "--values", "-1:5"]),
    ("graph", "png", 0, ["--width", "480", "--height", "320", "--scale", "2", "--normalize", "--handles", "all", "--current-frame", "30"]),
    ("graph", "png", 0, ["--width", "400", "--height", "300", "--channels", "location", "--no-channel-list"]),
    ("graph", "json", 0, ["--width", "640", "--height", "360", "--scale", "1.5"]),
    ("graph", "png", 1, ["--width", "500", "--height", "300", "--select", "all"]),
    ("graph", "png", 2, ["--width", "500", "--height", "300", "--action", "1"]),
    ("dopesheet", "png", 0, ["--width", "640", "--height", "300"]),
    ("dopesheet", "svg", 2, ["--width", "640", "--height", "400", "--collapse-groups", "--theme", "light"]),
    ("dopesheet", "json", 2, ["--width", "640", "--height", "400"]),
    ("timeline", "png", 0, ["--width", "640", "--height", "120"]),
  ]

  @Test func everyAnswerIsTheCommandLinesByteForByte() throws {
    let server = try LocalServer(binary: CLI.binary, ["serve", Self.ball, Self.hop, Self.fourActions, "--port", "0"])
    defer { server.stop() }
    #expect(server.url == "http://127.0.0.1:\(server.port)/")
    #expect(server.token == nil)
    let dir = try CLI.temporaryDirectory()
    let files = [Self.ball, Self.hop, Self.fourActions]
    for (n, c) in Self.cases.enumerated() {
      let kind = c.ext == "json" ? "layout" : "render"
      let answer = try server.request("GET", "/api/\(kind)/\(c.view).\(c.ext)?file=\(c.file)&" + Self.query(c.options))
      #expect(answer.status == 200, "\(c): \(answer.text.prefix(300))")
      let out = dir.appendingPathComponent("case\(n).\(c.ext)")
      let run = try CLI.run([c.view, files[c.file]] + c.options + ["-o", out.path])
      #expect(run.status == 0, "\(run.stderr)")
      #expect(answer.body == (try Data(contentsOf: out)), "\(c.view).\(c.ext) \(c.options) differs from the command line's")
    }
    // eval's JSON.
    let values = try server.request("GET", "/api/eval?file=0&at=1,2.5,40")
    let run = try CLI.run(["eval", Self.ball, "--at", "1,2.5,40", "--format", "json"])
    #expect(values.status == 200)
    #expect(values.text == run.stdout)
    // The file list: info's JSON of each.
    let list = try server.request("GET", "/api/files")
    let info = try CLI.run(["info", Self.ball, "--format", "json"])
    #expect(list.text.contains(info.stdout.trimmingCharacters(in: .newlines)))
  }

  @Test func theHitTestNamesTheKeyUnderAPixel() throws {
    let server = try LocalServer(binary: CLI.binary, ["serve", Self.ball, "--port", "0"])
    defer { server.stop() }
    let layout = try server.request("GET", "/api/layout/graph.json?width=800&height=400")
    let json = try JSONSerialization.jsonObject(with: layout.body) as! [String: Any]
    let curve = (json["curves"] as! [[String: Any]])[1]
    let key = (curve["keys"] as! [[String: Any]])[2]
    let center = key["center"] as! [String: Double]
    let hit = try server.request("GET", "/api/hit/graph?width=800&height=400&x=\(center["x"]!)&y=\(center["y"]!)")
    let answer = try JSONSerialization.jsonObject(with: hit.body) as! [String: Any]
    #expect(answer["part"] as? String == "key")
    #expect(answer["key"] as? Int == key["index"] as? Int)
    #expect(answer["frame"] as? Double == key["frame"] as? Double)
    #expect(answer["interpolation"] as? String == "BEZIER")
    #expect((answer["channel"] as? [String: Any])?["dataPath"] as? String == "location")
    let outside = try server.request("GET", "/api/hit/graph?width=800&height=400&x=900&y=10")
    #expect(outside.text == "null\n")
    let dope = try server.request("GET", "/api/hit/dopesheet?width=800&height=400&x=5&y=5")
    #expect(dope.status == 200)
    let bad = try server.request("GET", "/api/hit/graph?x=nope&y=1")
    #expect(bad.status == 400)
  }

  @Test func whatMustBeRefusedIsRefused() throws {
    let server = try LocalServer(binary: CLI.binary, ["serve", Self.ball, "--port", "0"])
    defer { server.stop() }
    // A page of another site whose name was rebound to 127.0.0.1 (DNS rebinding).
    for host in ["evil.example:\(server.port)", "127.0.0.1.evil.example:\(server.port)", "127.0.0.1:1", ""] {
      let answer = try server.request("GET", "/api/files", headers: ["Host": host])
      #expect(answer.status == 403 || (host.isEmpty && answer.status == 400), "Host \(host): \(answer.status)")
    }
    #expect(try server.request("GET", "/api/files", headers: ["Host": "localhost:\(server.port)"]).status == 200)
    // Edits without --edit.
    let edit = try server.request("POST", "/api/edit", body: Data(#"{"ops": [{"op": "delete"}]}"#.utf8))
    #expect(edit.status == 403)
    #expect(edit.text.contains("--edit"))
    // No path reaches the file system.
    for path in [
      "/Examples/bouncing-ball.json", "/../Examples/bouncing-ball.json", "/%2e%2e/Package.swift", "/api/render/../../Package.swift",
      "/page.js/../../Package.swift", "/api/files/0", "/etc/passwd",
    ] {
      let answer = try server.request("GET", path)
      #expect(answer.status == 404 || answer.status == 400, "\(path): \(answer.status)")
      #expect(!answer.text.contains("swift-tools-version"), "\(path) served a file")
    }
    // Options a URL may not give, files it may not name.
    #expect(try server.request("GET", "/api/render/graph.png?output=/tmp/x.png").status == 400)
    #expect(try server.request("GET", "/api/render/graph.png?file=1").status == 404)
    #expect(try server.request("GET", "/api/render/graph.gif").status == 404)
    #expect(try server.request("GET", "/api/render/graph.html").status == 404)
    // A page of another site may not make the browser ask (Sec-Fetch-Site), even for a picture.
    #expect(try server.request("GET", "/api/render/graph.png", headers: ["Sec-Fetch-Site": "cross-site"]).status == 403)
    #expect(try server.request("GET", "/api/render/graph.png", headers: ["Sec-Fetch-Site": "same-site"]).status == 403)
    #expect(try server.request("GET", "/api/render/graph.png?width=200&height=100", headers: ["Sec-Fetch-Site": "same-origin"]).status == 200)
    // The router's own refusals in the API's form; HEAD answers as GET without a body.
    let nowhere = try server.request("GET", "/api/nothing")
    #expect(nowhere.status == 404)
    #expect(nowhere.text.hasPrefix("{\"error\": "))
    #expect([404, 405].contains(try server.request("GET", "/api/edit").status))
    #expect(try server.request("HEAD", "/api/files").status == 200)
    #expect(try server.request("GET", "/api/render/nothing.png").status == 404)
    let unknown = try server.request("GET", "/api/render/graph.png?bogus=1")
    #expect(unknown.status == 400)
    #expect(unknown.text.contains("bogus"))
  }

  /// Every refusal is one line of JSON with the headers of every answer, Hummingbird's own
  /// too (a body past what a route reads, a URL past what the parser reads); a Host's port is
  /// digits; `Sec-Fetch-Site` is read as the Fetch standard's lower-case tokens, without case;
  /// `/api/eval` is bounded, more tightly than `eval` (`ServeAPI.servedValues`).
  @Test func refusalsAreJSONAndHeadersAreReadStrictly() throws {
    let server = try LocalServer(binary: CLI.binary, ["serve", Self.ball, "--port", "0"])
    defer { server.stop() }
    func expectJSONError(_ answer: LocalServer.Response, _ status: Int, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
      #expect(answer.status == status, sourceLocation: sourceLocation)
      #expect(answer.headers["content-type"] == "application/json; charset=utf-8", sourceLocation: sourceLocation)
      #expect(answer.headers["x-content-type-options"] == "nosniff", sourceLocation: sourceLocation)
      #expect(answer.text.hasPrefix("{\"error\": \"") && answer.text.hasSuffix("\"}\n"), "\(answer.text)", sourceLocation: sourceLocation)
      #expect(answer.text.split(separator: "\n").count == 1, sourceLocation: sourceLocation)
      #expect(answer.text.contains(message), "\(answer.text)", sourceLocation: sourceLocation)
    }
    expectJSONError(
      try server.request("POST", "/api/edit", body: Data(repeating: UInt8(ascii: " "), count: (1 << 20) + 1)), 413,
      "the request's body is too large")
    expectJSONError(
      try server.request("GET", "/api/files?x=" + String(repeating: "a", count: 100_000)), 400,
      "the request's URL and headers are too long")
    expectJSONError(
      try server.request("GET", "/api/eval?range=0:9999999"), 400,
      "10000000 frames of 6 channels are 60000000 values, more than 1000000 per call")
    #expect(try server.request("GET", "/api/eval?range=0:9999999:1000").status == 200)
    for host in ["127.0.0.1:+\(server.port)", "127.0.0.1:0\(server.port)x", "127.0.0.1: \(server.port)", "127.0.0.1:"] {
      #expect(try server.request("GET", "/api/files", headers: ["Host": host]).status == 403, "Host \(host)")
    }
    for (site, status) in [
      ("Cross-Site", 403), ("SAME-SITE", 403), ("cross-site", 403), ("nonsense", 403), ("", 403),
      ("Same-Origin", 200), ("none", 200), ("NONE", 200),
    ] {
      #expect(try server.request("GET", "/api/files", headers: ["Sec-Fetch-Site": site]).status == status, "Sec-Fetch-Site: \(site)")
    }
  }

  @Test func offLoopbackAndWithEditATokenIsRequired() throws {
    let exposed = try LocalServer(binary: CLI.binary, ["serve", Self.ball, "--port", "0", "--host", "0.0.0.0"])
    defer { exposed.stop() }
    let token = try #require(exposed.token)
    #expect(token.count == 32)
    #expect(try exposed.request("GET", "/api/files", withToken: false).status == 403)
    #expect(try exposed.request("GET", "/api/files").status == 200)
    #expect(try exposed.request("GET", "/api/files", headers: ["Authorization": "Bearer \(token)"], withToken: false).status == 200)
    #expect(try exposed.request("GET", "/api/files", headers: ["Cookie": "animplot_token_\(exposed.port)=\(token)"], withToken: false).status == 200)
    #expect(try exposed.request("GET", "/api/files?token=\(token.dropLast())x", withToken: false).status == 403)
    // The page sets the cookie its own requests carry.
    let page = try exposed.request("GET", "/")
    #expect(page.headers["set-cookie"]?.hasPrefix("animplot_token_\(exposed.port)=\(token);") == true)
    // Listening everywhere: reached by names the server cannot know, the token guards.
    #expect(try exposed.request("GET", "/api/files", headers: ["Host": "studio.lan:\(exposed.port)"]).status == 200)
    #expect(try exposed.request("GET", "/api/files", headers: ["Host": "studio.lan:\(exposed.port)"], withToken: false).status == 403)

    // A token given must not be guessed by trying.
    let short = try CLI.run(["serve", Self.ball, "--port", "0", "--host", "0.0.0.0", "--token", "a"])
    #expect(short.status == 2 && short.stderr.contains("--token: expected at least 16 characters, found 1"), "\(short.stderr)")
    let editing = try LocalServer(binary: CLI.binary, ["serve", Self.ball, "--port", "0", "--edit", "--token", "s3cret-s3cret-s3cret"])
    defer { editing.stop() }
    #expect(editing.token == "s3cret-s3cret-s3cret")
    #expect(try editing.request("GET", "/api/files", withToken: false).status == 403)
    // A write from a page of another origin.
    let crossSite = try editing.request(
      "POST", "/api/undo", headers: ["Origin": "http://evil.example"], body: Data())
    #expect(crossSite.status == 403)
    let sameSite = try editing.request(
      "POST", "/api/undo", headers: ["Origin": "http://127.0.0.1:\(editing.port)"], body: Data())
    #expect(sameSite.status == 200)
  }

  @Test func anEditIsBlendersAndSavesAtomically() throws {
    let dir = try CLI.temporaryDirectory()
    let file = dir.appendingPathComponent("ball.json")
    try FileManager.default.copyItem(atPath: Self.ball, toPath: file.path)
    let server = try LocalServer(binary: CLI.binary, ["serve", "ball.json", "--port", "0", "--edit"], in: dir)
    defer { server.stop() }
    let ops = #"{"ops": [{"op": "select", "channel": "location[2]", "keys": [2]}, {"op": "translate", "delta": [2, 0.5]}]}"#
    let edit = try server.request("POST", "/api/edit", body: Data(ops.utf8))
    #expect(edit.status == 200)
    #expect(edit.text == "{\"undo\": 1, \"redo\": 0}\n")
    // The picture of the edited state is the command line's of `animplot edit`'s output.
    let expected = dir.appendingPathComponent("expected.json")
    let run = try CLI.run(["edit", file.path, "--ops", "-", "-o", expected.path], stdin: ops)
    #expect(run.status == 0, "\(run.stderr)")
    let picture = try server.request("GET", "/api/render/graph.png?width=640&height=360")
    let drawn = dir.appendingPathComponent("expected.png")
    _ = try CLI.run(["graph", expected.path, "--width", "640", "--height", "360", "-o", drawn.path])
    #expect(picture.body == (try Data(contentsOf: drawn)))
    // Undo, redo; a bad script changes nothing.
    #expect(try server.request("POST", "/api/undo").text == "{\"undo\": 0, \"redo\": 1}\n")
    #expect(try server.request("POST", "/api/redo").text == "{\"undo\": 1, \"redo\": 0}\n")
    let bad = try server.request("POST", "/api/edit", body: Data(#"{"ops": [{"op": "snap", "type": "NEAREST"}]}"#.utf8))
    #expect(bad.status == 400)
    #expect(bad.text.contains("NEAREST"))
    #expect(try server.request("POST", "/api/undo").text == "{\"undo\": 0, \"redo\": 1}\n")
    _ = try server.request("POST", "/api/redo")
    // Saved: the file is `animplot edit`'s output.
    let saved = try server.request("POST", "/api/save")
    #expect(saved.status == 200)
    #expect((try Data(contentsOf: file)) == (try Data(contentsOf: expected)))
    // Nothing left to save: nothing written.
    #expect(try server.request("POST", "/api/save").text == "{\"saved\": null}\n")
    // Revert drops the edits and reads the file again.
    let onDisk = try server.request("GET", "/api/files").text
    #expect(try server.request("POST", "/api/edit", body: Data(#"{"ops": [{"op": "delete"}]}"#.utf8)).status == 200)
    #expect(try server.request("GET", "/api/files").text != onDisk)
    #expect(try server.request("POST", "/api/revert").status == 200)
    #expect(try server.request("GET", "/api/files").text == onDisk)
    // A file changed on disk since it was read is not overwritten without saying so.
    _ = try server.request("POST", "/api/edit", body: Data(#"{"ops": [{"op": "select_all", "action": "SELECT"}, {"op": "delete"}]}"#.utf8))
    try Data(contentsOf: URL(fileURLWithPath: Self.ball)).write(to: file)
    let conflict = try server.request("POST", "/api/save")
    #expect(conflict.status == 409)
    #expect((try Data(contentsOf: file)) == (try Data(contentsOf: URL(fileURLWithPath: Self.ball))))
    #expect(try server.request("POST", "/api/save?overwrite=1").status == 200)

    let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".") }
    #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
    // Foreign files are shown, not edited.
    let glb = try LocalServer(binary: CLI.binary, ["serve", Self.hop, "--port", "0", "--edit"])
    defer { glb.stop() }
    let refused = try glb.request("POST", "/api/edit", body: Data(#"{"ops": [{"op": "delete"}]}"#.utf8))
    #expect(refused.status == 400)
    #expect(refused.text.contains("animplot import"))
  }

  /// `animplot serve` of a copy of the ball that a test may change: the copy, its bytes, the server.
  static func servedCopy() throws -> (file: URL, bytes: Data, server: LocalServer) {
    let file = try CLI.temporaryDirectory().appendingPathComponent("ball.json")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: ball))
    try bytes.write(to: file)
    return (file, bytes, try LocalServer(binary: CLI.binary, ["serve", file.path, "--port", "0"]))
  }

  @Test func aFileChangedOnDiskReachesThePageWithinASecond() throws {
    let (file, good, server) = try Self.servedCopy()
    defer { server.stop() }
    let before = try server.request("GET", "/api/render/graph.png?width=320&height=200").body
    // Broken: the page is told, and the last good picture stays.
    let broken = try server.stream("/api/events", for: 1.0) { try Data("{\"actions\": [".utf8).write(to: file) }
    #expect(broken.contains("event: error"))
    #expect(broken.contains("ball.json:1:"))
    #expect(try server.request("GET", "/api/render/graph.png?width=320&height=200").body == before)
    // Fixed, and changed: the change arrives and the picture is the new file's.
    var moved = String(decoding: good, as: UTF8.self)
    moved = moved.replacingOccurrences(of: "\"BouncingBall\"", with: "\"Moved\"")
    let fixed = try server.stream("/api/events", for: 1.0) { try Data(moved.utf8).write(to: file) }
    #expect(fixed.contains("event: change"))
    let after = try server.request("GET", "/api/files")
    #expect(after.text.contains("\"Moved\""))
  }

  @Test func aFIFOPutInPlaceOfAServedFileIsAnErrorNotAHang() throws {
    let (file, good, server) = try Self.servedCopy()
    defer { server.stop() }
    let replaced = try server.stream("/api/events", for: 1.5) {
      try FileManager.default.removeItem(at: file)
      #expect(mkfifo(file.path, 0o600) == 0)
    }
    #expect(replaced.contains("event: error"))
    #expect(replaced.contains("not a regular file (a FIFO)"))
    // Still answering, the last good picture kept; a request that reads the file again is refused.
    #expect(try server.request("GET", "/api/files").status == 200)
    #expect(try server.request("GET", "/api/render/graph.png?width=320&height=200").status == 200)
    #expect(try server.request("GET", "/api/render/graph.png?width=320&height=200&fps=30").status == 400)
    // A regular file again: read and told.
    let mended = try server.stream("/api/events", for: 1.5) {
      try FileManager.default.removeItem(at: file)
      try good.write(to: file)
    }
    #expect(mended.contains("event: change"))
  }

  @Test func aSignalStopsItAtOnceLeavingNothing() throws {
    let dir = try CLI.temporaryDirectory()
    for signal in [SIGTERM, SIGINT] {
      let server = try LocalServer(binary: CLI.binary, ["serve", Self.ball, "--port", "0"], in: dir)
      let stream = Thread { _ = try? server.stream("/api/events", for: 3) }
      stream.start()
      Thread.sleep(forTimeInterval: 0.3)
      let start = Date()
      server.stop(signal)
      #expect(Date().timeIntervalSince(start) < 2)
      #expect(server.endingSignal == signal)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
  }

  @Test func aBadFileOrOptionIsALineAndExit2() throws {
    let dir = try CLI.temporaryDirectory()
    let bad = dir.appendingPathComponent("bad.json")
    try Data("{\"actions\": 3}".utf8).write(to: bad)
    let run = try CLI.run(["serve", bad.path, "--port", "0"])
    #expect(run.status == 2)
    #expect(run.stderr.hasPrefix("animplot: " + bad.path + ":1:"))
    #expect(run.stdout.isEmpty)
    let port = try CLI.run(["serve", Self.ball, "--port", "70000"])
    #expect(port.status == 2)
    #expect(try CLI.run(["serve", "-"]).status == 2)
  }
}
