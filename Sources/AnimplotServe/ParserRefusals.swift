import Hummingbird
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Requests NIO's HTTP parser refuses (a request line and headers past its 80 KB, bytes that
/// are not HTTP/1.1) are answered 400 by Hummingbird itself, before any route or middleware,
/// with an empty body: this handler, in each connection's pipeline, gives that answer the
/// API's form (one line of JSON, the headers of every answer).
final class ParserRefusals: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPRequestPart
  typealias InboundOut = HTTPRequestPart
  typealias OutboundIn = HTTPResponsePart
  typealias OutboundOut = HTTPResponsePart

  /// The parser's error, seen on its way to Hummingbird (which then writes its 400).
  private var refused: HTTPParserError?

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    if let error = error as? HTTPParserError { refused = error }
    context.fireErrorCaught(error)
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    guard let error = refused, case .head(let head) = Self.unwrapOutboundIn(data), head.status == .badRequest else {
      context.write(data, promise: promise)
      return
    }
    refused = nil
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
