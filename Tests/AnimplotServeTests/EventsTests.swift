import AnimplotServe
import AnimplotTestSupport
import Foundation
import Testing

/// `GET /api/events` in process: a page that goes away releases its subscriber at once, not at
/// the next event.
struct EventsTests {
  @Test func aClosedEventStreamIsReleasedWithoutAnEvent() async throws {
    let server = try await InProcessServer.start()
    defer { server.task.cancel() }
    let api = server.api, bound = server.port

    // The socket is read on a thread of its own: a blocking read on the test's thread could hold
    // one of the few threads the server's tasks run on (2 on a 2-core machine).
    let socket = try LocalServer.openSocket(port: bound)
    let received = await offThePool {
      let request = "GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:\(bound)\r\n\r\n"
      _ = request.withCString { send(socket, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
      var buffer = [UInt8](repeating: 0, count: 4096)
      var timeout = timeval(tv_sec: 60, tv_usec: 0)
      setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
      var received = ""
      while !received.contains(": animplot") {
        let n = recv(socket, &buffer, buffer.count, 0)
        guard n > 0 else { break }
        received += String(decoding: buffer[0..<n], as: UTF8.self)
      }
      return received
    }
    #expect(received.contains("text/event-stream"))
    #expect(api.events.subscriberCount == 1)

    close(socket)
    let deadline = ContinuousClock.now + .seconds(20)
    while api.events.subscriberCount > 0, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
    #expect(api.events.subscriberCount == 0, "the closed page's subscriber is released, no event sent")
  }
}

/// `body`'s value, computed on a new thread (blocking system calls stay off the concurrency pool).
func offThePool<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    Thread { continuation.resume(returning: body()) }.start()
  }
}
