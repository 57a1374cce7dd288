import NIOCore

/// Closes a connection whose client has stopped reading what it asked for: once the server's
/// writes wait on it (the connection is no longer writable) for `limit` with nothing read,
/// the connection goes, and with it the answer it held (`AnswerBudget`). Without this, a few
/// clients that ask for large answers and never read them would keep the budget spent, and
/// every other request would be refused with a 503, for as long as they stayed connected.
final class StalledClient: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = NIOAny

  private let limit: TimeAmount
  private var closing: Scheduled<Void>?

  init(limit: TimeAmount) { self.limit = limit }

  func channelWritabilityChanged(context: ChannelHandlerContext) {
    if context.channel.isWritable {
      // The client read enough for the writes to go on: the clock starts again.
      closing?.cancel()
      closing = nil
    } else if closing == nil {
      let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
      closing = context.eventLoop.scheduleTask(in: limit) { bound.value.close(promise: nil) }
    }
    context.fireChannelWritabilityChanged()
  }

  func channelInactive(context: ChannelHandlerContext) {
    closing?.cancel()
    closing = nil
    context.fireChannelInactive()
  }
}
