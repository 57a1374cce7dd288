import AnimplotPlatform
import AnimplotText
import Hummingbird
import Logging
import NIOCore

/// A local HTTP server of animplot's (`serve`, `check --review`): routes over Hummingbird,
/// with the safety rules of `Access` checked before any route.
package struct Server: Sendable {
  package var host: String
  package var port: Int
  package var token: String?
  /// How long a connection may wait on a client that reads nothing of its answer before it is
  /// closed (`StalledClient`).
  package var stalledClientSeconds: Int64 = 30
  /// How long a connection may send nothing, or take to send a request's head, before it is
  /// closed (a page's open event stream is not idle).
  package var idleSeconds: Int64 = 30
  /// The most connections open at once (`ConnectionCap`); `nil`: `defaultConnectionLimit`.
  package var connectionLimit: Int?

  /// The most connections open at once: 1,000, or fewer when the process may open fewer files
  /// (half of those it may open, leaving the rest for the files it serves and reads).
  package static func defaultConnectionLimit(openFiles: Int) -> Int { max(16, min(1_000, openFiles / 2)) }

  package init(host: String, port: Int, token: String?) {
    self.host = host
    self.port = port
    self.token = token
  }

  /// The URL a person opens: the page, with the token when there is one.
  package static func url(host: String, port: Int, token: String?) -> String {
    let name = host == "0.0.0.0" || host == "::" ? "127.0.0.1" : host.contains(":") ? "[\(host)]" : host
    return "http://\(name):\(port)/" + (token.map { "?token=\($0)" } ?? "")
  }

  /// `animplot serve`: the page and `api` until the process is stopped, the served files
  /// watched; `ready` is called with the bound port once the server listens.
  package func serve(_ api: ServeAPI, ready: @escaping @Sendable (Int) -> Void) async throws {
    let watcher = Task { await FileWatcher(files: api.files, events: api.events).run() }
    defer {
      watcher.cancel()
      api.events.finish()
    }
    try await run(routes: { Self.routes($0, api: api, token: token) }, ready: ready)
  }

  /// Serves `routes` until the process is stopped (or `stop` is finished); `ready` is called
  /// with the bound port once the server listens (after which requests are answered).
  package func run(
    routes: (Router<ServeContext>) -> Void, ready: @escaping @Sendable (Int) -> Void
  ) async throws {
    let bound = Locked(port)
    let connections = OpenConnections(
      limit: connectionLimit ?? Self.defaultConnectionLimit(openFiles: ThisProcess.raiseOpenFileLimit()))
    let router = Router(context: ServeContext.self, options: .autoGenerateHeadEndpoints)
    router.add(middleware: Guard(host: host, token: token, bound: bound))
    routes(router)
    var logger = Logger(label: "animplot-serve")
    logger.logLevel = .critical
    let app = Application(
      router: router,
      // The parser's own refusals (400) in the API's form too.
      server: .http1(
        configuration: .init(
          additionalChannelHandlers: [
            ConnectionCap(connections), ParserRefusals(), ClientGone(),
            StalledClient(limit: .seconds(stalledClientSeconds)),
          ],
          idleTimeout: .seconds(idleSeconds))),
      configuration: .init(address: .hostname(host, port: port), serverName: nil, reuseAddress: true),
      onServerRunning: { channel in
        let port = channel.localAddress?.port ?? self.port
        bound.withLock { $0 = port }
        ready(port)
      },
      logger: logger)
    // Stopping is the process's signal handler's (it removes any temporary file, then ends the
    // process by the same signal): no graceful shutdown to wait for.
    try await app.runService(gracefulShutdownSignals: [])
  }

  /// A page's three files at `/`, `/page.js` and `/page.css`; opening `/` with the token gives
  /// the cookie the page's own requests carry (scripts cannot read it).
  static func page(_ router: Router<ServeContext>, html: [UInt8], js: [UInt8], css: [UInt8], token: String?) {
    router.get("/") { request, _ in
      var response = Self.response(Answer(contentType: "text/html; charset=utf-8", body: html))
      // The Guard has checked the Host header: its port is the server's.
      if let token, let offered = ViewQuery.parse(request.uri.query ?? "").value("token"),
        Access.equalInConstantTime(Substring(offered), token),
        let port = request.head.authority?.split(separator: ":").last.flatMap({ Int($0) })
      {
        let cookie = Access(host: "", port: port, token: token).cookieName
        response.headers[.setCookie] = "\(cookie)=\(token); Path=/; HttpOnly; SameSite=Strict"
      }
      return response
    }
    router.get("/page.js") { _, _ in Self.response(Answer(contentType: "text/javascript; charset=utf-8", body: js)) }
    router.get("/page.css") { _, _ in Self.response(Answer(contentType: "text/css; charset=utf-8", body: css)) }
  }

  /// Every route of `serve`: the page's three files and the API. Nothing else answers (404).
  static func routes(_ router: Router<ServeContext>, api: ServeAPI, token: String?) {
    page(router, html: PackageResources.index_html, js: PackageResources.page_js, css: PackageResources.page_css, token: token)
    router.get("/api/files") { _, _ in Self.response(api.fileList()) }
    router.get("/api/render/:name") { request, context in
      await renders.run(alone: api.isLarge(Self.query(request)), wanted: context.isConnected) {
        Self.answer {
          let (view, format) = try Self.split(context.parameters.get("name") ?? "")
          guard format != "json" else { throw ServeError(.notFound, "a layout is under /api/layout/\(view).json") }
          return try api.render(view: view, format: format, query: Self.query(request))
        }
      } ?? Self.gone
    }
    router.get("/api/layout/:name") { request, context in
      await renders.run(alone: api.isLarge(Self.query(request)), wanted: context.isConnected) {
        Self.answer {
          let (view, format) = try Self.split(context.parameters.get("name") ?? "")
          guard format == "json" else { throw ServeError(.notFound, "a layout is JSON: /api/layout/\(view).json") }
          return try api.render(view: view, format: format, query: Self.query(request))
        }
      } ?? Self.gone
    }
    router.get("/api/hit/:view") { request, context in
      await renders.run(alone: api.isLarge(Self.query(request)), wanted: context.isConnected) {
        Self.answer { try api.hit(view: context.parameters.get("view") ?? "", query: Self.query(request)) }
      } ?? Self.gone
    }
    router.get("/api/eval") { request, context in
      await renders.run(alone: api.isLarge(Self.query(request)), wanted: context.isConnected) {
        Self.answer { try api.evaluate(query: Self.query(request)) }
      } ?? Self.gone
    }
    router.get("/api/events") { request, _ in
      let (stream, end) = api.events.subscribe()
      var headers = Self.headers
      headers[.contentType] = "text/event-stream"
      return Response(
        status: .ok, headers: headers,
        body: ResponseBody { writer in
          // The stream ends when the page closes its connection (not only at the next event,
          // whose write would fail): its subscriber is released at once.
          try await request.body.consumeWithInboundCloseHandler { _ in
            // A first comment opens the stream at once (the page knows it is connected).
            try await writer.write(ByteBuffer(string: ": animplot\n\n"))
            for await event in stream { try await writer.write(ByteBuffer(string: event.text)) }
          } onInboundClosed: {
            end()
          }
          try await writer.finish(nil)
        })
    }
    // Writes run on their file's own queue: one at a time per file, off the threads that
    // answer the other requests (an edit script may take seconds).
    router.post("/api/edit") { request, _ in
      let body = Array(buffer: try await request.body.collect(upTo: ServeAPI.maximumEditBytes))
      let query = Self.query(request)
      return await api.writing(query, busy: Self.busy) { Self.answer { try api.edit(query: query, body: body) } }
    }
    router.post("/api/undo") { request, _ in
      let query = Self.query(request)
      return await api.writing(query, busy: Self.busy) { Self.answer { try api.step(back: true, query: query) } }
    }
    router.post("/api/redo") { request, _ in
      let query = Self.query(request)
      return await api.writing(query, busy: Self.busy) { Self.answer { try api.step(back: false, query: query) } }
    }
    router.post("/api/save") { request, _ in
      let query = Self.query(request)
      return await api.writing(query, busy: Self.busy) { Self.answer { try api.save(query: query) } }
    }
    router.post("/api/revert") { request, _ in
      let query = Self.query(request)
      return await api.writing(query, busy: Self.busy) { Self.answer { try api.revert(query: query) } }
    }
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

  /// What every answer says: not to be cached, not to be sniffed, not to be framed, the page's
  /// own scripts only.
  static let headers: HTTPFields = {
    var headers = HTTPFields()
    headers[.cacheControl] = "no-store"
    headers[.init("X-Content-Type-Options")!] = "nosniff"
    headers[.contentSecurityPolicy] =
      "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'"
    return headers
  }()

  /// Renders, layouts, hits and values run at most one per core at a time: each is a
  /// synchronous computation that may be large, and the rest (events, the watcher) must go on.
  /// One of a file of more than `ServeAPI.largeKeys` keys runs alone: its memory grows with
  /// the keys (a Dope Sheet of 9 million took 1.2 GB), and several at once would add up.
  /// At most `maximumWaitingJobs` wait their turn; past them a request is a 503 at once.
  static let renders = Gate(width: ThisProcess.processorCount, maximumWaiting: maximumWaitingJobs)

  /// The most renders, layouts, hits and values waiting their turn (each holds its request).
  package static let maximumWaitingJobs = 256

  /// The answers made and not yet sent: at most 512 MB at once (an answer is at most a
  /// picture of `Limits.picturePixels`, a layout of `Limits.layoutMarks` or
  /// `ServeAPI.servedValues` values, each far less).
  static let answers = AnswerBudget(limit: 512 << 20)

  /// The response to a request that found too many waiting their turn, or whose client had
  /// gone when its turn came (that one is never read).
  static var gone: Response {
    response(
      .error(ServeError(.serviceUnavailable, "the server has too many requests waiting (or the client has gone); try again")))
  }

  /// The response to a write that found too many of its file's writes waiting.
  static var busy: Response {
    response(
      .error(
        ServeError(
          .serviceUnavailable,
          "\(ServeAPI.maximumWaitingWrites) writes of this file are waiting already; try again once they are done")))
  }

  /// An answer as a response. One of more than 64 KB is counted in `answers` until it is sent
  /// (or its connection is gone), written a piece at a time as the client reads; when the
  /// budget is spent it is dropped for a 503.
  static func response(_ answer: Answer) -> Response {
    var headers = Self.headers
    guard answer.body.count > 1 << 16 else {
      headers[.contentType] = answer.contentType
      return Response(
        status: .init(code: answer.status), headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body)))
    }
    guard let held = answers.hold(answer.body) else { return response(answers.busy()) }
    headers[.contentType] = answer.contentType
    return Response(
      status: .init(code: answer.status), headers: headers,
      body: ResponseBody(contentLength: held.bytes.count) { writer in
        var start = 0
        while start < held.bytes.count {
          let end = min(start + (1 << 18), held.bytes.count)
          // Each write waits while the connection's buffer is full.
          try await writer.write(ByteBuffer(bytes: held.bytes[start..<end]))
          start = end
        }
        try await writer.finish(nil)
      })
  }
}

/// Refuses, before any route, a request whose Host header is not this server's (403), or that
/// lacks the token where one is needed (403), or that writes from a page of another origin (403),
/// or that gives one of the server's own parameters twice (400).
struct Guard: RouterMiddleware {
  typealias Context = ServeContext
  let host: String
  let token: String?
  let bound: Locked<Int>

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
    -> Response
  {
    // What `RequestForm` found (two Host headers, a target that is not a path): a bad request.
    if let refusal = request.headers[.init(RequestForm.mark)!] {
      return Server.response(.error(ServeError(.badRequest, refusal)))
    }
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
    if let name = query.repeatedServerName {
      return Server.response(.error(ServeError(.badRequest, "\(name)= is given twice; give it once")))
    }
    if request.method != .get && request.method != .head {
      guard access.allowsOrigin(request.headers[.origin], host: hostHeader) else {
        return Server.response(.error(ServeError(.forbidden, "a write from another origin is refused")))
      }
    }
    // A page of another site (or of another port of this host) may not make the browser ask
    // anything: browsers say where a request comes from, and pages cannot change it.
    guard Access.allowsFetchSite(request.headers[.init("Sec-Fetch-Site")!]) else {
      return Server.response(.error(ServeError(.forbidden, "a request from another site's page is refused")))
    }
    do {
      return try await next(request, context)
    } catch let error as any HTTPResponseError {
      // The router's own refusals (no such path, method) and Hummingbird's (a body past what a
      // route collects, NIO's `NIOTooManyBytesError`) in the API's form.
      let status = ServeError.Status(rawValue: Int(error.status.code)) ?? .badRequest
      let message =
        switch error.status.code {
        case 404: "no such path: \(messageQuoted(request.uri.path)) (docs/serve.md lists the API)"
        case 405: "\(request.method) is not how \(messageQuoted(request.uri.path)) is asked"
        case 413: "the request's body is too large"
        default: (error as? HTTPError)?.body ?? "\(error.status)"
        }
      return Server.response(.error(ServeError(status, message)))
    }
  }
}

/// What a route knows of its request besides the request: Hummingbird's own, and the
/// connection, to tell whether its client is still there.
package struct ServeContext: RequestContext {
  package var coreContext: CoreRequestContextStorage
  let channel: any Channel

  package init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
    channel = source.channel
  }

  /// Whether the request's client is still there: its connection open, its side of it not
  /// closed (`ClientGone`). A job of a request whose client has gone is dropped when its turn
  /// comes.
  var isConnected: @Sendable () -> Bool {
    let channel = channel
    return { channel.isActive && !ClientGone.hasLeft(channel) }
  }
}
