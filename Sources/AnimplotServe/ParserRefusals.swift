import AnimplotText
import Hummingbird
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Requests NIO's HTTP parser refuses (a request line and headers past its 80 KB, bytes that
/// are not HTTP/1.1) are answered 400 by Hummingbird itself, before any route or middleware,
/// with an empty body: this handler, in each connection's pipeline, gives that answer the
/// API's form (one line of JSON, the headers of every answer), and closes the connection once
/// it is written (Hummingbird closes only its side and waits for the client, which no longer
/// gets read: a client still sending a 5 MB header waited for good).
///
/// It also puts `RequestForm` ahead of the conversion to HTTP types, which keeps one Host
/// header and the path of an absolute URL.
final class ParserRefusals: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPRequestPart
  typealias InboundOut = HTTPRequestPart
  typealias OutboundIn = HTTPResponsePart
  typealias OutboundOut = HTTPResponsePart

  /// The parser's error, seen on its way to Hummingbird (which then writes its 400).
  private var refused: HTTPParserError?
  /// Whether the answer being written is such a refusal: the connection closes after it.
  private var closing = false

  func handlerAdded(context: ChannelHandlerContext) {
    let pipeline = context.pipeline.syncOperations
    if let decoder = try? pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self) {
      try? pipeline.addHandler(RequestForm(), position: .after(decoder))
    }
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    if let error = error as? HTTPParserError { refused = error }
    context.fireErrorCaught(error)
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    let part = Self.unwrapOutboundIn(data)
    if closing, case .end = part {
      closing = false
      let written = promise ?? context.eventLoop.makePromise()
      context.writeAndFlush(data, promise: written)
      let channel = context.channel
      written.futureResult.whenComplete { _ in channel.close(promise: nil) }
      return
    }
    guard let error = refused, case .head(let head) = part, head.status == .badRequest else {
      context.write(data, promise: promise)
      return
    }
    refused = nil
    closing = true
    let answer = Answer.error(ServeError(.badRequest, Self.message(error)))
    var fields = Server.headers
    fields[.contentType] = answer.contentType
    fields[.contentLength] = "\(answer.body.count)"
    fields[.connection] = "close"
    context.write(Self.wrapOutboundOut(.head(HTTPResponse(status: .badRequest, headerFields: fields))), promise: nil)
    context.write(Self.wrapOutboundOut(.body(ByteBuffer(bytes: answer.body))), promise: promise)
  }

  /// What the parser's error says to the client.
  static func message(_ error: HTTPParserError) -> String {
    switch error {
    case .headerOverflow: "the request's URL and headers are too long (at most 80 KB together, 1000 headers)"
    default: "not an HTTP/1.1 request this server reads (\(error))"
    }
  }
}

/// Checks what the conversion of a request to HTTP types would lose (it keeps the first Host
/// header and only the path of an absolute URL), ahead of it in each connection's pipeline: a
/// request with two Host headers, or whose target is not a path (`GET http://evil/ HTTP/1.1`,
/// `//host/path`), is marked for the `Guard` to refuse (400) in its turn among the
/// connection's requests. A mark the client sent is dropped first.
final class RequestForm: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart

  /// The header that carries the refusal to the `Guard`.
  static let mark = "Animplot-Refused"

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard case .head(var head) = Self.unwrapInboundIn(data) else {
      context.fireChannelRead(data)
      return
    }
    head.headers.remove(name: Self.mark)
    let hosts = head.headers["Host"].count
    if hosts > 1 {
      head.headers.add(name: Self.mark, value: "\(hosts) Host headers; expected one")
    } else if !head.uri.hasPrefix("/") || head.uri.hasPrefix("//") {
      head.headers.add(
        name: Self.mark,
        value: "the request's target is \(messageQuoted(head.uri)); expected a path of this server, such as /api/files")
    }
    context.fireChannelRead(Self.wrapInboundOut(.head(head)))
  }
}
