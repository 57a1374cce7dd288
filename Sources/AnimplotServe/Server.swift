import AnimplotPlatform
import AnimplotText
import Hummingbird
import Logging
import NIOCore

/// `animplot serve`: the API (`ServeAPI`) and the page over HTTP, with the safety rules of
/// `Access` checked before anything else.
package struct Server: Sendable {
  package var host: String
  package var port: Int
  package var token: String?
  package let api: ServeAPI

  package init(host: String, port: Int, token: String?, api: ServeAPI) {
    self.host = host
    self.port = port
    self.token = token
    self.api = api
  }

  /// The URL a person opens: the page, with the token when there is one.
  package static func url(host: String, port: Int, token: String?) -> String {
    let name = host == "0.0.0.0" || host == "::" ? "127.0.0.1" : host.contains(":") ? "[\(host)]" : host
    return "http://\(name):\(port)/" + (token.map { "?token=\($0)" } ?? "")
  }

  /// Serves until the process is stopped; `ready` is called with the bound port once the
  /// server listens (after which requests are answered).
  package func run(ready: @escaping @Sendable (Int) -> Void) async throws {
    let bound = Locked(port)
    let router = Router()
    router.add(middleware: Guard(host: host, token: token, bound: bound))
    routes(router)
    var logger = Logger(label: "animplot-serve")
    logger.logLevel = .critical
    let app = Application(
      router: router,
      configuration: .init(address: .hostname(host, port: port), serverName: nil, reuseAddress: false),
      onServerRunning: { channel in
        let port = channel.localAddress?.port ?? self.port
        bound.withLock { $0 = port }
        ready(port)
      },
      logger: logger)
    let watcher = Task { await FileWatcher(files: api.files, events: api.events).run() }
    defer {
      watcher.cancel()
      api.events.finish()
    }
    // Stopping is the process's signal handler's (it removes any temporary file, then ends the
    // process by the same signal): no graceful shutdown to wait for.
    try await app.runService(gracefulShutdownSignals: [])
  }

  /// Every route: the page's three files and the API. Nothing else answers (404).
  func routes(_ router: Router<BasicRequestContext>) {
    let api = self.api
    router.get("/") { request, _ in
      var response = Self.response(Answer(contentType: "text/html; charset=utf-8", body: PackageResources.index_html))
      // The token of the URL, kept for the page's own requests (scripts cannot read it).
      if let token, ViewQuery.parse(request.uri.query ?? "").value("token") == token {
        response.headers[.setCookie] = "\(Access.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict"
      }
      return response
    }
    router.get("/page.js") { _, _ in
      Self.response(Answer(contentType: "text/javascript; charset=utf-8", body: PackageResources.page_js))
    }
    router.get("/page.css") { _, _ in
      Self.response(Answer(contentType: "text/css; charset=utf-8", body: PackageResources.page_css))
    }
    router.get("/api/files") { _, _ in Self.response(api.fileList()) }
    router.get("/api/render/:name") { request, context in
      Self.answer {
        let (view, format) = try Self.split(context.parameters.get("name") ?? "")
        return try api.render(view: view, format: format, query: Self.query(request))
      }
    }
    router.get("/api/layout/:name") { request, context in
      Self.answer {
        let (view, format) = try Self.split(context.parameters.get("name") ?? "")
        guard format == "json" else { throw ServeError(.notFound, "a layout is JSON: /api/layout/\(view).json") }
        return try api.render(view: view, format: format, query: Self.query(request))
      }
    }
    router.get("/api/hit/:view") { request, context in
      Self.answer { try api.hit(view: context.parameters.get("view") ?? "", query: Self.query(request)) }
    }
    router.get("/api/eval") { request, _ in Self.answer { try api.evaluate(query: Self.query(request)) } }
    router.get("/api/events") { _, _ in
      let stream = api.events.subscribe()
      var headers = HTTPFields()
      headers[.contentType] = "text/event-stream"
      headers[.cacheControl] = "no-store"
      return Response(
        status: .ok, headers: headers,
        body: ResponseBody { writer in
          // A first comment opens the stream at once (the page knows it is connected).
          try await writer.write(ByteBuffer(string: ": animplot\n\n"))
          for await event in stream { try await writer.write(ByteBuffer(string: event.text)) }
          try await writer.finish(nil)
        })
    }
    router.post("/api/edit") { request, _ in
      let body = try await request.body.collect(upTo: ServeAPI.maximumEditBytes)
      return Self.answer { try api.edit(query: Self.query(request), body: Array(buffer: body)) }
    }
    router.post("/api/undo") { request, _ in Self.answer { try api.step(back: true, query: Self.query(request)) } }
    router.post("/api/redo") { request, _ in Self.answer { try api.step(back: false, query: Self.query(request)) } }
    router.post("/api/save") { request, _ in Self.answer { try api.save(query: Self.query(request)) } }
  }

  static func query(_ request: Request) -> ViewQuery { ViewQuery.parse(request.uri.query ?? "") }

  /// `graph.png` → ("graph", "png").
  static func split(_ name: String) throws(ServeError) -> (String, String) {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else {
      throw ServeError(.notFound, "expected VIEW.FORMAT, such as graph.png; found \(messageQuoted(name))")
    }
    return (String(name[..<dot]), String(name[name.index(after: dot)...]))
  }

  static func answer(_ body: () throws -> Answer) -> Response {
    do {
      return response(try body())
    } catch let error as ServeError {
      return response(.error(error))
    } catch {
      return response(.error(ServeError(.badRequest, "\(error)")))
    }
  }

  static func response(_ answer: Answer) -> Response {
    var headers = HTTPFields()
    headers[.contentType] = answer.contentType
    headers[.cacheControl] = "no-store"
    headers[.init("X-Content-Type-Options")!] = "nosniff"
    headers[.contentSecurityPolicy] =
      "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'"
    return Response(
      status: .init(code: answer.status), headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body)))
  }
}

/// Refuses, before any route, a request whose Host header is not this server's (403), or that
/// lacks the token where one is needed (403), or that writes from a page of another origin (403).
struct Guard: RouterMiddleware {
  typealias Context = BasicRequestContext
  let host: String
  let token: String?
  let bound: Locked<Int>

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
    -> Response
  {
    let access = Access(host: host, port: bound.withLock { $0 }, token: token)
    let hostHeader = request.head.authority
    guard access.allowsHost(hostHeader) else {
      return Server.response(
        .error(ServeError(.forbidden, "Host \(messageQuoted(hostHeader ?? "")) is not this server's; open \(Server.url(host: host, port: access.port, token: nil))")))
    }
    let query = ViewQuery.parse(request.uri.query ?? "")
    guard
      access.allowsToken(
        query: query.value("token"), authorization: request.headers[.authorization], cookie: request.headers[.cookie])
    else {
      return Server.response(
        .error(ServeError(.forbidden, "this server needs its token: open the URL it printed (with ?token=...)")))
    }
    if request.method != .get && request.method != .head {
      guard access.allowsOrigin(request.headers[.origin], host: hostHeader) else {
        return Server.response(.error(ServeError(.forbidden, "a write from another origin is refused")))
      }
    }
    return try await next(request, context)
  }
}
