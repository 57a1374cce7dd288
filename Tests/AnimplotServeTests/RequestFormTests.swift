import AnimplotServe
import AnimplotTestSupport
import Foundation
import Testing

/// What a request must look like, checked before anything else: one Host header naming this
/// server as it is spelled (no leading zero in the port), a target that is a path (not an
/// absolute URL); refusals are the API's JSON. A header past the parser's 80 KB is answered
/// and the connection closed, so that a client still sending gets the answer.
struct RequestFormTests {
  /// Runs `body` with a server of the bouncing ball on a free port.
  func withServer(_ body: @escaping @Sendable (Int) -> Void) async throws {
    let server = try await InProcessServer.start()
    defer { server.task.cancel() }
    // Sockets are read on a thread of their own (blocking calls stay off the task pool).
    await offThePool { body(server.port) }
  }

  static func ask(_ port: Int, _ head: String) throws -> LocalServer.Response {
    try LocalServer.parse(try LocalServer.exchange(port: port, Data(head.utf8)))
  }

  static func expectRefusal(_ answer: LocalServer.Response, _ status: Int, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(answer.status == status, "\(answer.text)", sourceLocation: sourceLocation)
    #expect(answer.headers["content-type"] == "application/json; charset=utf-8", sourceLocation: sourceLocation)
    #expect(answer.text.hasPrefix("{\"error\": \"") && answer.text.contains(message), "\(answer.text)", sourceLocation: sourceLocation)
  }

  @Test func twoHostsAnAbsoluteTargetAndALeadingZeroAreRefused() async throws {
    try await withServer { port in
      do {
        let ok = try Self.ask(port, "GET /api/files HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
        #expect(ok.status == 200)
        Self.expectRefusal(
          try Self.ask(port, "GET /api/files HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nHost: evil.example\r\nConnection: close\r\n\r\n"),
          400, "2 Host headers; expected one")
        for target in ["http://evil.example/api/files", "http://127.0.0.1:\(port)/api/files", "//evil.example/api/files"] {
          Self.expectRefusal(
            try Self.ask(port, "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n"),
            400, "expected a path of this server")
        }
        // A mark the client sends itself is no refusal of the server's.
        let marked = try Self.ask(port, "GET /api/files HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAnimplot-Refused: x\r\nConnection: close\r\n\r\n")
        #expect(marked.status == 200)
        for host in ["127.0.0.1:0\(port)", "localhost:00\(port)"] {
          Self.expectRefusal(
            try Self.ask(port, "GET /api/files HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n"), 403, "is not this server's")
        }
      } catch {
        Issue.record(error)
      }
    }
  }

  /// 64 MB of header, more than the socket buffers hold: the server answers 400 (JSON) and
  /// closes the connection, so that sending ends with the connection closed, never waits.
  @Test func aHugeHeaderIsAnsweredAndTheConnectionClosed() async throws {
    try await withServer { port in
      do {
        let socket = try LocalServer.openSocket(port: port)
        defer { close(socket) }
        var timeout = timeval(tv_sec: 120, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let request = Data("GET /api/files HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX-Big: ".utf8) + Data(repeating: UInt8(ascii: "a"), count: 64 << 20)
        var sendError: Int32 = 0
        request.withUnsafeBytes { bytes in
          var sent = 0
          while sent < bytes.count {
            let n = send(socket, bytes.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
            guard n > 0 else {
              sendError = errno
              return
            }
            sent += n
          }
        }
        // Closed by the server: a reset or a broken pipe; not a send that timed out.
        #expect([0, EPIPE, ECONNRESET].contains(sendError), "send: errno \(sendError)")
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
          let n = recv(socket, &buffer, buffer.count, 0)
          if n <= 0 { break }
          received += Data(buffer[0..<n])
        }
        Self.expectRefusal(try LocalServer.parse(received), 400, "the request's URL and headers are too long")
      } catch {
        Issue.record(error)
      }
    }
  }
}
