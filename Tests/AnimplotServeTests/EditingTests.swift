import AnimplotServe
import AnimplotTestSupport
import Dispatch
import Foundation
import Testing

/// `serve --edit` runs each edit on its file's own thread, outside the lock of the files: the
/// other requests are answered while edits run (issue 25: during a 40-operation edit, GET
/// /api/files went unanswered for more than 10 s), and the edits of one file come one at a time.
/// Edits are held where they start (`ServeAPI.editStarts`), so that what is answered meanwhile
/// is known without timing anything.
struct EditingTests {
  static let script = Data(#"{"ops": [{"op": "select_all", "action": "SELECT"}, {"op": "translate", "delta": [2, 0]}]}"#.utf8)

  /// Copies of an example, each a file of its own.
  static func copies(_ count: Int) throws -> [String] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("animplot-editing-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let example = Repository.root.appendingPathComponent("Examples/bouncing-ball.json")
    return try (0..<count).map { i in
      let copy = folder.appendingPathComponent("ball\(i).json")
      try FileManager.default.copyItem(at: example, to: copy)
      return copy.path
    }
  }

  /// Serves `api` for `body`, given the bound port.
  static func serving(_ api: ServeAPI, _ body: (Int) async throws -> Void) async throws {
    let port = AsyncStream<Int>.makeStream()
    let server = Task {
      try await Server(host: "127.0.0.1", port: 0, token: nil).serve(api) { port.continuation.yield($0) }
    }
    defer { server.cancel() }
    var ports = port.stream.makeAsyncIterator()
    try await body(try #require(await ports.next()))
  }

  /// One request, from a thread of its own (a blocking socket must not hold a thread of the
  /// concurrency pool the server's tasks run on).
  static func request(_ port: Int, _ method: String, _ target: String, body: Data = Data()) async -> LocalServer.Response? {
    await offThePool { try? LocalServer.request(port: port, method, target, body: body) }
  }

  @Test func otherRequestsAreAnsweredWhileEditsRun() async throws {
    // More edits held at once than the concurrency pool has threads: had the edits run there
    // (or under the files' lock), nothing else could be answered until they end.
    let held = ProcessInfo.processInfo.activeProcessorCount + 1
    var api = ServeAPI(files: try ServedFiles(paths: try Self.copies(held)), editing: true)
    let started = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    api.editStarts = { _ in
      started.signal()
      release.wait()
    }
    try await Self.serving(api) { port in
      let edits = (0..<held).map { i in
        Task { await Self.request(port, "POST", "/api/edit?file=\(i)", body: Self.script) }
      }
      for _ in 0..<held { await offThePool { started.wait() } }
      // Every edit has started and none has ended.
      let files = await Self.request(port, "GET", "/api/files")
      #expect(files?.status == 200)
      #expect(files?.text.contains("ball\(held - 1).json") == true)
      let picture = await Self.request(port, "GET", "/api/render/graph.png?file=0&width=320&height=200")
      #expect(picture?.status == 200)
      #expect(picture?.headers["content-type"] == "image/png")
      for _ in 0..<held { release.signal() }
      for edit in edits {
        let answer = await edit.value
        #expect(answer?.status == 200)
        #expect(answer?.text == "{\"undo\": 1, \"redo\": 0}\n")
      }
    }
  }

  @Test func editsOfOneFileComeOneAtATime() async throws {
    var api = ServeAPI(files: try ServedFiles(paths: try Self.copies(1)), editing: true)
    let started = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let entered = Count()
    api.editStarts = { _ in
      if entered.next() == 1 {
        started.signal()
        release.wait()
      }
    }
    try await Self.serving(api) { port in
      let first = Task { await Self.request(port, "POST", "/api/edit", body: Self.script) }
      await offThePool { started.wait() }
      let second = Task { await Self.request(port, "POST", "/api/edit", body: Self.script) }
      let files = await Self.request(port, "GET", "/api/files")
      #expect(files?.status == 200)
      // The second waits behind the first, whenever it came.
      #expect(entered.value == 1)
      release.signal()
      let answers = [await first.value, await second.value]
      #expect(answers.map { $0?.status } == [200, 200])
      // Both apply, one after the other: neither is lost, neither refused.
      #expect(Set(answers.map { $0?.text }) == ["{\"undo\": 1, \"redo\": 0}\n", "{\"undo\": 2, \"redo\": 0}\n"])
      #expect(entered.value == 2)
    }
  }

  /// A save writes the file's text beside it outside the files' lock: a change on disk
  /// meanwhile (here, at the last moment before the rename) is a 409 even with `overwrite=1`,
  /// the changed file stays, and nothing is left beside it.
  @Test func aChangeOnDiskDuringASaveIsKept() throws {
    let path = try Self.copies(1)[0]
    var api = ServeAPI(files: try ServedFiles(paths: [path]), editing: true)
    let theirs = "{\"animplot\": 1, \"actions\": []}\n"
    api.saveStaged = { _ in try? theirs.write(toFile: path, atomically: true, encoding: .utf8) }
    _ = try api.edit(query: ViewQuery.parse("file=0"), body: Array(Self.script))
    for query in ["file=0", "file=0&overwrite=1"] {
      #expect(throws: ServeError.self, "\(query)") { try api.save(query: ViewQuery.parse(query)) }
      #expect(try String(contentsOfFile: path, encoding: .utf8) == theirs, "\(query)")
      try Data(contentsOf: Repository.root.appendingPathComponent("Examples/bouncing-ball.json")).write(to: URL(fileURLWithPath: path))
      _ = try? api.revert(query: ViewQuery.parse("file=0"))
      _ = try api.edit(query: ViewQuery.parse("file=0"), body: Array(Self.script))
    }
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["ball0.json"])
  }

  /// A served file replaced by a FIFO is not opened by a save (the open would block with no
  /// reader, and every other request with it): a 409 at once.
  @Test(.timeLimit(.minutes(1))) func aSaveNeverOpensAFIFO() throws {
    let path = try Self.copies(1)[0]
    let api = ServeAPI(files: try ServedFiles(paths: [path]), editing: true)
    _ = try api.edit(query: ViewQuery.parse("file=0"), body: Array(Self.script))
    try FileManager.default.removeItem(atPath: path)
    #expect(mkfifo(path, 0o600) == 0)
    #expect(throws: ServeError.self) { try api.save(query: ViewQuery.parse("file=0&overwrite=1")) }
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["ball0.json"])
  }

  /// The undo steps of all files are weighed together: with a bound per file, four files of 2
  /// million keys edited a few times each took a server past 3 GB. Past the bound, the steps
  /// of the file holding the most go first, oldest first.
  @Test func undoStepsOfAllFilesShareOneBound() async throws {
    let paths = try Self.copies(4)
    let keys = try #require(try ServedFiles(paths: [paths[0]]).file(0).document).actions[0].tracks
      .reduce(0) { $0 + $1.keyframes.count }
    // Room for three steps in all.
    let events = ServeEvents()
    let (stream, end) = events.subscribe()
    let api = ServeAPI(files: try ServedFiles(paths: paths), editing: true, events: events, undoKeys: 3 * keys)
    for round in 0..<2 {
      for file in 0..<4 {
        let answer = try api.edit(query: ViewQuery([("file", "\(file)")]), body: Array(Self.script))
        #expect(answer.status == 200, "round \(round), file \(file)")
      }
    }
    var steps: [Int] = []
    for file in 0..<4 { steps.append(try api.files.file(file).edits?.undo.count ?? 0) }
    // What the pages were told last of each file is its history now.
    end()
    var told: [Int: String] = [:]
    for await event in stream {
      if case .edit(let file, let answer) = event { told[file] = String(decoding: answer.body, as: UTF8.self) }
    }
    #expect((0..<4).map { told[$0] } == steps.map { "{\"undo\": \($0), \"redo\": 0}\n" }, "\(told)")
    #expect(steps.reduce(0, +) == 3, "\(steps)")
    // The last file edited keeps its last step: it held no more than the others.
    #expect(steps[3] == 1, "\(steps)")
    // Undo of a file whose steps went: nothing to undo, and its current state stays.
    let emptied = try #require(steps.firstIndex(of: 0))
    let before = try api.files.file(emptied).current
    _ = try api.step(back: true, query: ViewQuery([("file", "\(emptied)")]))
    #expect(try api.files.file(emptied).current?.actions[0].tracks == before?.actions[0].tracks)
  }

  /// A file changed on disk with its size and modification time put back (`touch -d`) is
  /// still seen as changed by a save (the change time moves whatever a writer does).
  @Test func aChangeWithItsTimePutBackIsSeen() throws {
    let path = try Self.copies(1)[0]
    let api = ServeAPI(files: try ServedFiles(paths: [path]), editing: true)
    _ = try api.edit(query: ViewQuery.parse("file=0"), body: Array(Self.script))
    var before = stat()
    #expect(stat(path, &before) == 0)
    // The same number of bytes, another text, the modification time set back.
    var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    let space = try #require(bytes.firstIndex(of: UInt8(ascii: " ")))
    bytes[space] = UInt8(ascii: "\t")
    // Written again until the change time moves (a kernel without fine-grained timestamps
    // keeps it for a tick of 1 to 10 ms): counted, not timed.
    var after = before
    for _ in 0..<100_000 where after.st_ctim.tv_sec == before.st_ctim.tv_sec && after.st_ctim.tv_nsec == before.st_ctim.tv_nsec {
      try bytes.write(to: URL(fileURLWithPath: path))
      var times = [before.st_atim, before.st_mtim]
      #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
      #expect(stat(path, &after) == 0)
    }
    #expect(after.st_mtim.tv_nsec == before.st_mtim.tv_nsec && after.st_size == before.st_size)
    #expect(throws: ServeError.self) { try api.save(query: ViewQuery.parse("file=0")) }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
  }

  /// Revert of a file that can no longer be read (here a FIFO in its place) keeps the edits
  /// and says why (it answered 200 with the edits dropped and nothing read).
  @Test(.timeLimit(.minutes(1))) func aRevertThatCannotReadKeepsTheEdits() throws {
    let path = try Self.copies(1)[0]
    let api = ServeAPI(files: try ServedFiles(paths: [path]), editing: true)
    _ = try api.edit(query: ViewQuery.parse("file=0"), body: Array(Self.script))
    try FileManager.default.removeItem(atPath: path)
    #expect(mkfifo(path, 0o600) == 0)
    #expect(throws: ServeError.self) { try api.revert(query: ViewQuery.parse("file=0")) }
    #expect(try api.files.file(0).edits?.undo.count == 1)
  }
}

/// A counter several threads step.
final class Count: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  /// The count after one more.
  func next() -> Int {
    lock.lock()
    defer { lock.unlock() }
    count += 1
    return count
  }

  var value: Int {
    lock.lock()
    defer { lock.unlock() }
    return count
  }
}
