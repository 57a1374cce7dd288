import Foundation

/// A server the tests start (`animplot serve`, `check --review`) and talk to over HTTP/1.1 on
/// loopback, with requests written by hand: a test may send what no browser or client library
/// would (a foreign Host header, a path with `..`).
package final class LocalServer: @unchecked Sendable {
  /// The server's process.
  package let pid: pid_t
  /// The first line the server printed: the URL to open.
  package let url: String
  /// The port from the URL.
  package let port: Int
  /// The token from the URL, if any.
  package let token: String?
  /// How it ended, once `stop` or `wait` saw it end: the raw `waitpid` status.
  package private(set) var status: Int32?

  /// The read end of the server's standard output after its first line, when kept.
  private var output: Int32?

  /// Starts `binary ARGS` (in `directory`) as `Spawn.withDefaultSignals` does, and waits (at
  /// most 30 s) for the URL on its first line; with `keepingOutput`, the rest of its standard
  /// output is kept for `printed()` (for servers that print little: the pipe holds 64 KB).
  package init(binary: URL, _ arguments: [String], in directory: URL? = nil, keepingOutput: Bool = false) throws {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { throw LocalServerError("pipe: errno \(errno)") }
    // The child keeps only its standard output (dup2 clears the flag there).
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    // In `directory`: through the shell, which changes to it and becomes the server (exec).
    let command = [binary.path] + arguments
    let line =
      directory.map { ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", $0.path] + command } ?? command
    do {
      pid = try Spawn.withDefaultSignals(line, standardOutput: fds[1])
    } catch {
      close(fds[0])
      close(fds[1])
      throw error
    }
    close(fds[1])
    // The first line, read byte by byte (the rest of standard output is left unread).
    var bytes: [UInt8] = []
    let deadline = Date().addingTimeInterval(30)
    var poller = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
    while Date() < deadline {
      guard poll(&poller, 1, 100) > 0 else { continue }
      var byte: UInt8 = 0
      if read(fds[0], &byte, 1) != 1 || byte == UInt8(ascii: "\n") { break }
      bytes.append(byte)
    }
    if !keepingOutput { close(fds[0]) }
    url = String(decoding: bytes, as: UTF8.self)
    guard let components = URLComponents(string: url), let port = components.port else {
      if keepingOutput { close(fds[0]) }
      kill(pid, SIGKILL)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
      throw LocalServerError("no URL on the first line: \(url.debugDescription) (status \(status))")
    }
    self.port = port
    token = components.queryItems?.first { $0.name == "token" }?.value
    if keepingOutput { output = fds[0] }
  }

  deinit {
    stop()
    if let output { close(output) }
  }

  /// What the server printed after its first line, once it has ended (`wait`, `stop`).
  package func printed() -> String {
    guard let output, status != nil else { return "" }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = read(output, &buffer, buffer.count)
      if n > 0 { bytes += buffer[0..<n] } else if n == 0 || errno != EINTR { break }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Ends the server with `signal` (SIGTERM by default) and waits for it.
  package func stop(_ signal: Int32 = SIGTERM) {
    guard status == nil else { return }
    kill(pid, signal)
    wait()
  }

  /// Waits for the server to end.
  package func wait() {
    guard status == nil else { return }
    var raw: Int32 = 0
    while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
    status = raw
  }

  /// The signal that ended it, if one did.
  package var endingSignal: Int32? { status.flatMap { $0 & 0x7f == 0 ? nil : $0 & 0x7f } }

  /// What the server answered.
  package struct Response: Sendable {
    package var status: Int
    package var headers: [String: String]
    package var body: Data
    package var text: String { String(decoding: body, as: UTF8.self) }
  }

  /// `METHOD TARGET` with `headers` (Host is `127.0.0.1:PORT` unless given; the token is added
  /// as a query parameter when `withToken`) and `body`.
  package func request(
    _ method: String = "GET", _ target: String, headers: [String: String] = [:], body: Data = Data(),
    withToken: Bool = true
  ) throws -> Response {
    var target = target
    if withToken, let token { target += (target.contains("?") ? "&" : "?") + "token=" + token }
    return try Self.request(port: port, method, target, headers: headers, body: body)
  }

  /// `METHOD TARGET` with `headers` and `body` to a server on `port` of this host (one started
  /// in the test's own process).
  package static func request(
    port: Int, _ method: String = "GET", _ target: String, headers: [String: String] = [:], body: Data = Data()
  ) throws -> Response {
    var head = "\(method) \(target) HTTP/1.1\r\n"
    var fields = headers
    if fields["Host"] == nil { fields["Host"] = "127.0.0.1:\(port)" }
    fields["Connection"] = "close"
    if !body.isEmpty || method == "POST" { fields["Content-Length"] = "\(body.count)" }
    for (name, value) in fields.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
    head += "\r\n"
    let raw = try Self.exchange(port: port, Data(head.utf8) + body)
    return try Self.parse(raw)
  }

  /// Opens `target` (Server-Sent Events) and collects what arrives for `seconds`.
  package func stream(_ target: String, for seconds: Double, while action: () throws -> Void = {}) throws -> String {
    var target = target
    if let token { target += (target.contains("?") ? "&" : "?") + "token=" + token }
    let socket = try Self.openSocket(port: port)
    defer { close(socket) }
    let head = "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"
    _ = head.withCString { send(socket, $0, strlen($0), 0) }
    var timeout = timeval(tv_sec: 0, tv_usec: 100_000)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var received = Data()
    var buffer = [UInt8](repeating: 0, count: 65536)
    // The stream is open once its first bytes came.
    let opened = Date().addingTimeInterval(10)
    while received.isEmpty && Date() < opened {
      let n = recv(socket, &buffer, buffer.count, 0)
      if n > 0 { received += Data(buffer[0..<n]) }
    }
    try action()
    let end = Date().addingTimeInterval(seconds)
    while Date() < end {
      let n = recv(socket, &buffer, buffer.count, 0)
      if n > 0 { received += Data(buffer[0..<n]) } else if n == 0 { break }
    }
    return String(decoding: received, as: UTF8.self)
  }

  /// A socket connected to the local `port`; `receiveBuffer` sets its receive buffer's size
  /// before it connects (a small one makes a client that does not read felt at once).
  package static func openSocket(port: Int, receiveBuffer: Int32? = nil) throws -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw LocalServerError("socket: errno \(errno)") }
    if var size = receiveBuffer {
      setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else {
      close(fd)
      throw LocalServerError("connect to port \(port): errno \(errno)")
    }
    return fd
  }

  package static func exchange(port: Int, _ request: Data) throws -> Data {
    let fd = try openSocket(port: port)
    defer { close(fd) }
    var timeout = timeval(tv_sec: 60, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    try request.withUnsafeBytes { bytes in
      var sent = 0
      while sent < bytes.count {
        let n = send(fd, bytes.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
        guard n > 0 else { throw LocalServerError("send: errno \(errno)") }
        sent += n
      }
    }
    var received = Data()
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = recv(fd, &buffer, buffer.count, 0)
      if n <= 0 { break }
      received += Data(buffer[0..<n])
    }
    return received
  }

  /// Status, headers and body (a chunked body joined).
  package static func parse(_ raw: Data) throws -> Response {
    guard let split = raw.range(of: Data("\r\n\r\n".utf8)) else {
      throw LocalServerError("no HTTP response: \(String(decoding: raw.prefix(200), as: UTF8.self))")
    }
    let head = String(decoding: raw[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
    let status = Int(head[0].split(separator: " ").dropFirst().first ?? "") ?? 0
    var headers: [String: String] = [:]
    for line in head.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    var body = Data(raw[split.upperBound...])
    if headers["transfer-encoding"]?.lowercased() == "chunked" {
      var joined = Data()
      var rest = body[...]
      while let lineEnd = rest.range(of: Data("\r\n".utf8)) {
        let size = Int(String(decoding: rest[..<lineEnd.lowerBound], as: UTF8.self), radix: 16) ?? 0
        if size == 0 { break }
        let start = lineEnd.upperBound
        joined += rest[start..<start + size]
        rest = rest[(start + size + 2)...]
      }
      body = joined
    }
    return Response(status: status, headers: headers, body: body)
  }
}

package struct LocalServerError: Error, CustomStringConvertible {
  package var description: String
  package init(_ description: String) { self.description = description }
}
