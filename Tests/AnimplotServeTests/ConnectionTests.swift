import AnimplotServe
import AnimplotTestSupport
import Foundation
import Testing

/// Connections are files: a server bounds how many it keeps, and for how long one may send
/// nothing. (Clients that opened connections and sent nothing, or a head a byte at a time, took
/// every descriptor the process could have: the server stopped answering, and libdispatch,
/// unable to open a file, ended it.)
struct ConnectionTests {
  /// Reads until the server closes the connection (true) or `seconds` pass with nothing.
  static func closedByServer(_ socket: Int32, seconds: Int) -> (closed: Bool, received: Data) {
    var timeout = timeval(tv_sec: seconds, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var buffer = [UInt8](repeating: 0, count: 65536)
    var received = Data()
    while true {
      let n = recv(socket, &buffer, buffer.count, 0)
      if n > 0 {
        received += Data(buffer[0..<n])
        continue
      }
      return (n == 0 || errno == ECONNRESET, received)
    }
  }

  /// A connection whose request head is still unfinished after `Server.idleSeconds` is closed,
  /// and so is one idle after its answer.
  @Test(.timeLimit(.minutes(1))) func idleAndUnfinishedConnectionsAreClosed() async throws {
    let server = try await InProcessServer.start { $0.idleSeconds = 1 }
    defer { server.task.cancel() }
    let port = server.port
    let head = "GET /api/files HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
    let (unfinished, idle) = try await offThePool { () -> Result<((Bool, Data), (Bool, Data)), any Error> in
      Result(catching: {
        let unfinished = try LocalServer.openSocket(port: port)
        defer { close(unfinished) }
        _ = head.withCString { send(unfinished, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        let first = Self.closedByServer(unfinished, seconds: 10)
        let idle = try LocalServer.openSocket(port: port)
        defer { close(idle) }
        let request = head + "\r\n"
        _ = request.withCString { send(idle, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        return (first, Self.closedByServer(idle, seconds: 10))
      })
    }.get()
    #expect(unfinished.0, "a head never finished kept its connection")
    #expect(unfinished.1.isEmpty)
    #expect(idle.0, "an idle connection was kept")
    #expect(String(decoding: idle.1.prefix(12), as: UTF8.self) == "HTTP/1.1 200")
  }

  /// Past `Server.connectionLimit` open connections, a new one is closed at once, and answered
  /// again once others have gone.
  @Test(.timeLimit(.minutes(1))) func connectionsPastTheLimitAreClosedAtOnce() async throws {
    let server = try await InProcessServer.start { $0.connectionLimit = 4 }
    defer { server.task.cancel() }
    let port = server.port
    let answers = try await offThePool { () -> Result<[String], any Error> in
      Result(catching: {
        let request = "GET /api/files HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"
        func ask(_ socket: Int32) -> String {
          _ = request.withCString { send(socket, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
          var timeout = timeval(tv_sec: 10, tv_usec: 0)
          setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
          var buffer = [UInt8](repeating: 0, count: 65536)
          let n = recv(socket, &buffer, buffer.count, 0)
          // Closed with the request unread: a reset, or the end.
          return n > 0 ? String(decoding: buffer[0..<min(n, 12)], as: UTF8.self) : n == 0 || errno == ECONNRESET ? "closed" : "no answer"
        }
        var answers: [String] = []
        // Four connections, each answered once and kept open (counted by the server).
        var kept: [Int32] = []
        defer { kept.forEach { close($0) } }
        for _ in 0..<4 {
          let socket = try LocalServer.openSocket(port: port)
          kept.append(socket)
          answers.append(ask(socket))
        }
        let fifth = try LocalServer.openSocket(port: port)
        answers.append(ask(fifth))
        close(fifth)
        kept.forEach { close($0) }
        kept = []
        // The server notes their closing on its own threads: asked again until it has.
        var answer = "closed"
        for _ in 0..<100 where answer == "closed" {
          let socket = try LocalServer.openSocket(port: port)
          answer = ask(socket)
          close(socket)
          if answer == "closed" { usleep(50_000) }
        }
        return answers + [answer]
      })
    }.get()
    #expect(answers == Array(repeating: "HTTP/1.1 200", count: 4) + ["closed", "HTTP/1.1 200"])
  }

  /// The default limit leaves half the files the process may open to what it serves.
  @Test func theDefaultLimitFollowsTheFilesAllowed() {
    #expect(Server.defaultConnectionLimit(openFiles: 1024) == 512)
    #expect(Server.defaultConnectionLimit(openFiles: 1_048_576) == 1_000)
    #expect(Server.defaultConnectionLimit(openFiles: 10) == 16)
  }
}
