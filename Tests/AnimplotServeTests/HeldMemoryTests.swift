import AnimplotServe
import AnimplotTestSupport
import Foundation
import Testing

/// What a server keeps after answering is bounded by what it holds, not by how many requests
/// came: the layouts hit tests read, the answers clients have not read yet, the values of one
/// answer.
struct HeldMemoryTests {
  /// Kept values are at most `capacity` and, but for the last one made, at most `weight` in all
  /// (layouts: the items they hold; eight of a 4-million-key file held 2.6 GB).
  @Test func keptValuesAreBoundedByTheirWeight() throws {
    let kept = RecentValues<Int>(capacity: 8, weight: 1_000)
    for i in 0..<8 { _ = try kept.value(for: "small\(i)") { (i, 100) } }
    #expect(kept.keys == (0..<8).map { "small\($0)" })
    // A ninth goes past the capacity: the oldest goes.
    _ = try kept.value(for: "small8") { (8, 100) }
    #expect(kept.keys.first == "small1")
    // A heavy one pushes out what it must to stay within the weight; alone, it is kept
    // (the next point of the same picture reads it).
    _ = try kept.value(for: "large") { (9, 900) }
    #expect(kept.keys == ["small8", "large"])
    _ = try kept.value(for: "larger") { (10, 5_000) }
    #expect(kept.keys == ["larger"])
    #expect(try kept.value(for: "larger") {
      Issue.record("made again")
      return (0, 5_000)
    } == 10)
    _ = try kept.value(for: "small0") { (0, 100) }
    #expect(kept.keys == ["small0"])
  }

  /// Answers not yet sent are counted until they go, and past the limit a request is a 503.
  @Test func answersNotYetSentAreBounded() {
    let budget = AnswerBudget(limit: 1_000)
    var first: HeldAnswer? = budget.hold([UInt8](repeating: 1, count: 600))
    #expect(first != nil && budget.heldBytes == 600)
    #expect(budget.hold([UInt8](repeating: 2, count: 600)) == nil)
    var second: HeldAnswer? = budget.hold([UInt8](repeating: 3, count: 400))
    #expect(second != nil && budget.heldBytes == 1_000)
    first = nil
    second = nil
    #expect(budget.heldBytes == 0)
    // An answer larger than the limit is held when nothing else is.
    var large: HeldAnswer? = budget.hold([UInt8](repeating: 4, count: 5_000))
    #expect(large != nil)
    #expect(budget.hold([4]) == nil)
    large = nil
    #expect(budget.heldBytes == 0)
    #expect(budget.busy().status == 503)
    _ = (first, second, large)
  }

  /// A client that asks for a large answer and reads none of it is let go once the server's
  /// writes have waited on it for `Server.stalledClientSeconds`: its answer is dropped and its
  /// bytes freed for others' answers (before, it kept them for as long as it stayed connected).
  @Test(.timeLimit(.minutes(2))) func aClientThatReadsNothingIsLetGo() async throws {
    let server = try await InProcessServer.start { $0.stalledClientSeconds = 1 }
    defer { server.task.cancel() }
    let port = server.port
    let (began, ended, received) = try await offThePool { () -> Result<(Bool, Bool, Data), any Error> in
      Result(catching: {
        let socket = try LocalServer.openSocket(port: port, receiveBuffer: 4096)
        defer { close(socket) }
        // 960,000 values: 9.5 MB of JSON, far more than the sockets' buffers hold.
        let head = "GET /api/eval?range=1:160000 HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"
        _ = head.withCString { send(socket, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        // The answer has begun (it is made, and its writes wait on this client) ...
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 65536)
        let began = recv(socket, &buffer, 1, Int32(MSG_PEEK)) == 1
        // ... and this client reads nothing for well past the limit.
        sleep(4)
        timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var received = Data()
        while true {
          let n = recv(socket, &buffer, buffer.count, 0)
          if n > 0 { received += Data(buffer[0..<n]) } else { return (began, n == 0, received) }
        }
      })
    }.get()
    #expect(began, "no answer began")
    #expect(ended, "the connection was not closed")
    let text = String(decoding: received.prefix(4096), as: UTF8.self)
    let length = text.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
      .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }
    #expect(text.hasPrefix("HTTP/1.1 200"), "\(text.prefix(200))")
    #expect((length ?? 0) > 9_000_000, "\(text.prefix(400))")
    #expect(received.count < (length ?? 0), "the whole answer was sent to a client that read nothing for 4 s")
  }

  /// A hit test of the Graph Editor lays out every curve's path, as the picture draws it: it is
  /// weighed as the picture is (curves × device columns), before the layout is made or kept.
  @Test func aGraphHitIsWeighedAsItsPicture() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("animplot-hit-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("wide.json")
    let channels = (0..<25_000).map { "\"c\($0)\": [0, \($0 % 7)]" }.joined(separator: ", ")
    try Data(("{\"timeline\": [0, 100], \"channels\": {" + channels + "}}").utf8).write(to: file)
    let api = ServeAPI(files: try ServedFiles(paths: [file.path]), editing: false)
    do {
      _ = try api.hit(view: "graph", query: ViewQuery.parse("x=1&y=1&width=16384&height=400"))
      Issue.record("the hit was answered")
    } catch {
      #expect(error.message.contains("the Graph Editor would draw 25000 curves across"), "\(error.message)")
    }
  }

  /// A file of `curves` tracks of two keys, each with a Built-in Function modifier (so drawn
  /// sampled: two path elements per pixel of the plot), as the finding's 167 KB file of 600.
  static func sampledCurves(_ curves: Int, in folder: URL) throws -> String {
    let tracks = (0..<curves).map { i in
      """
      {"dataPath": "location", "index": \(i % 3), "label": "c\(i)", "modifiers": [{"type": "fnGenerator", \
      "settings": {"functionType": "sin", "phaseMultiplier": \(Double(1 + i % 7) / 10_000)}}], \
      "keyframes": [{"frame": 1, "value": 0}, {"frame": 100000, "value": 1}]}
      """
    }
    let file = folder.appendingPathComponent("sampled\(curves).json")
    let text = "{\"animplot\": 1, \"actions\": [{\"name\": \"A\", \"tracks\": [" + tracks.joined(separator: ",\n") + "]}]}"
    try Data(text.utf8).write(to: file)
    return file.path
  }

  static func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("animplot-hit-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// A hit test's layout keeps every curve's path: 130 sampled curves across 16,384 pixels
  /// would hold 4.2 million elements (235 MB; the finding's 2,500 held more than 3 GB and
  /// aborted the server). It is refused before it is made, saying what to reduce; a narrower
  /// picture of the same curves is answered.
  @Test func aGraphHitIsWeighedByThePathsItWouldHold() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let api = ServeAPI(files: try ServedFiles(paths: [try Self.sampledCurves(130, in: folder)]), editing: false)
    do {
      _ = try api.hit(view: "graph", query: ViewQuery.parse("x=500&y=200&width=16384&height=400"))
      Issue.record("the hit was answered")
    } catch {
      #expect(error.status == .badRequest)
      #expect(error.message.contains("path elements (130 curves), more than 4000000"), "\(error.message)")
      #expect(error.message.contains("width="), "\(error.message)")
    }
    #expect(api.keptLayouts.isEmpty)
    #expect(throws: Never.self) { try api.hit(view: "graph", query: ViewQuery.parse("x=500&y=200&width=4000&height=400")) }
  }

  /// Kept layouts are weighed by what they hold (path elements, keys, marks), not by their
  /// file's keys: the finding's 600 sampled curves of 1,200 keys were kept eight times, 1 GB
  /// each. Here, limits scaled down: 25 sampled curves across about 800 pixels hold some
  /// 40,000 items, so two are kept within 100,000; one past it alone.
  @Test func keptLayoutsAreWeighedByWhatTheyHold() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let api = ServeAPI(
      files: try ServedFiles(paths: [try Self.sampledCurves(25, in: folder)]), editing: false, layoutItems: 200_000,
      keptLayoutItems: 100_000)
    for width in 1000..<1004 {
      _ = try api.hit(view: "graph", query: ViewQuery.parse("x=500&y=200&width=\(width)&height=400"))
    }
    #expect(api.keptLayouts.count == 2, "\(api.keptLayouts)")
    #expect(api.keptLayouts.allSatisfy { $0.contains("width=1002") || $0.contains("width=1003") })
    _ = try api.hit(view: "graph", query: ViewQuery.parse("x=500&y=200&width=3000&height=400"))
    #expect(api.keptLayouts.count == 1 && api.keptLayouts[0].contains("width=3000"), "\(api.keptLayouts)")
    // Past the one layout's limit: refused, nothing kept in its place.
    #expect(throws: ServeError.self) { try api.hit(view: "graph", query: ViewQuery.parse("x=500&y=200&width=6000&height=400")) }
    #expect(api.keptLayouts.count == 1)
    // The Dope Sheet's and Timeline's layouts are weighed by their marks: a few hundred here,
    // kept together, while the heavy one goes.
    for view in ["dopesheet", "timeline"] {
      _ = try api.hit(view: view, query: ViewQuery.parse("x=500&y=200&width=1000&height=400"))
    }
    #expect(api.keptLayouts.map { $0.prefix { $0 != " " } } == ["dopesheet", "timeline"], "\(api.keptLayouts)")
  }

  /// One `/api/eval` gives at most `ServeAPI.servedValues` values (the command line's ten
  /// million took 1.5 GB to make).
  @Test func anEvalAnswerIsBounded() throws {
    let file = Repository.root.appendingPathComponent("Examples/bouncing-ball.json").path
    let api = ServeAPI(files: try ServedFiles(paths: [file]), editing: false)
    // Six channels × a million frames: within the command line's limit, past the server's.
    #expect(throws: ServeError.self) { try api.evaluate(query: ViewQuery.parse("range=1:1000000")) }
    #expect(throws: Never.self) { try api.evaluate(query: ViewQuery.parse("range=1:100")) }
  }
}
