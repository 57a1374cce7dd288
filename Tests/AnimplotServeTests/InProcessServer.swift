import AnimplotServe
import AnimplotTestSupport
import Foundation

/// `serve` of the bouncing ball in this process, on a free port, for tests that talk to it
/// with raw sockets (`LocalServer.openSocket`).
struct InProcessServer {
  let api: ServeAPI
  let port: Int
  let task: Task<Void, any Error>

  static func start(configure: @escaping @Sendable (inout Server) -> Void = { _ in }) async throws -> InProcessServer {
    let file = Repository.root.appendingPathComponent("Examples/bouncing-ball.json").path
    let api = ServeAPI(files: try ServedFiles(paths: [file]), editing: false)
    let port = AsyncStream<Int>.makeStream()
    let task = Task {
      var server = Server(host: "127.0.0.1", port: 0, token: nil)
      configure(&server)
      try await server.serve(api) { port.continuation.yield($0) }
    }
    var ports = port.stream.makeAsyncIterator()
    guard let bound = await ports.next() else {
      task.cancel()
      throw LocalServerError("the server did not start")
    }
    return InProcessServer(api: api, port: bound, task: task)
  }
}
