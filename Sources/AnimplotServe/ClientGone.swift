import AnimplotPlatform
import NIOCore

/// Notes the connections whose client has closed its side. Hummingbird keeps a half-closed
/// connection open to answer it, so a request whose client gave up (a timeout, a closed tab)
/// still looked connected and its job ran when its turn came: twenty abandoned evaluations
/// held a small picture for 37 s. A job of such a connection is dropped when its turn comes
/// (`ServeContext.isConnected`); what is answered without waiting for a turn is still written,
/// for a client that half-closes after sending (`nc -N`) and still reads.
final class ClientGone: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = NIOAny

  /// The connections whose client has closed its side, while they are open.
  private static let left = Locked<Set<ObjectIdentifier>>([])

  /// Whether `channel`'s client has closed its side.
  static func hasLeft(_ channel: any Channel) -> Bool {
    let id = ObjectIdentifier(channel)
    return left.withLock { $0.contains(id) }
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if let event = event as? ChannelEvent, event == .inputClosed {
      let id = ObjectIdentifier(context.channel)
      Self.left.withLock { _ = $0.insert(id) }
    }
    context.fireUserInboundEventTriggered(event)
  }

  func channelInactive(context: ChannelHandlerContext) {
    let id = ObjectIdentifier(context.channel)
    Self.left.withLock { _ = $0.remove(id) }
    context.fireChannelInactive()
  }
}
