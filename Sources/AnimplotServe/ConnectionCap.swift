import NIOCore
import Synchronization

/// The connections a server has open, shared by their `ConnectionCap`s.
final class OpenConnections: Sendable {
  let limit: Int
  let count = Atomic<Int>(0)

  init(limit: Int) { self.limit = limit }
}

/// Closes a new connection at once while `limit` others are open. Every connection is a file
/// descriptor: without a bound, clients that open connections and send nothing (or a request
/// head a byte at a time) took every descriptor the process may have; the server then stopped
/// answering, spun on failed accepts, and libdispatch, unable to open a file, ended the process.
/// Those idle connections are closed after `Server.idleSeconds` too.
final class ConnectionCap: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = NIOAny

  private let open: OpenConnections
  private var refused = false

  init(_ open: OpenConnections) { self.open = open }

  // Counted from `handlerAdded` to `handlerRemoved`, which NIO calls once each.
  func handlerAdded(context: ChannelHandlerContext) {
    refused = open.count.add(1, ordering: .relaxed).newValue > open.limit
    // A connection is closed once active (it may be added to the pipeline before).
    if refused && context.channel.isActive { context.close(promise: nil) }
  }

  func channelActive(context: ChannelHandlerContext) {
    if refused { context.close(promise: nil) } else { context.fireChannelActive() }
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    // Nothing of a refused connection is read (and it is closed, if it was not yet).
    if refused { context.close(promise: nil) } else { context.fireChannelRead(data) }
  }

  func handlerRemoved(context: ChannelHandlerContext) { open.count.subtract(1, ordering: .relaxed) }
}
