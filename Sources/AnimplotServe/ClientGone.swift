import NIOCore

/// Closes a connection as soon as its client has closed its side. Hummingbird keeps a
/// half-closed connection open to answer it, so a request whose client gave up (a timeout, a
/// closed tab) still looked connected and its job ran when its turn came: twenty abandoned
/// evaluations held a small picture for 37 s. Closed, the connection says so
/// (`ServeContext.isConnected`) and the job is dropped. A browser or `curl` never half-closes
/// while it waits for an answer; as nginx does, the end of a request's input is taken for
/// its client leaving.
final class ClientGone: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = NIOAny

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if let event = event as? ChannelEvent, event == .inputClosed {
      context.close(promise: nil)
    }
    context.fireUserInboundEventTriggered(event)
  }
}
