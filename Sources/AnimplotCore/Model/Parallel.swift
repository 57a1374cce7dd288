import Dispatch

/// Work over many independent items (tracks), on every core when it is large enough to pay for
/// the threads, else in order on this one.
package enum ParallelWork {
  /// Below this many keys in all, one core is faster.
  package static let threshold = 200_000

  /// Calls `body(i)` for every index of `items`, concurrently when `size` (e.g. the keys in
  /// all) reaches `threshold`. `body` may mutate `items[i]` and nothing shared.
  package static func forEach<T>(
    _ items: inout [T], size: Int, _ body: @escaping @Sendable (inout T, Int) -> Void
  ) {
    items.withUnsafeMutableBufferPointer { buffer in
      if size >= threshold && buffer.count > 1 {
        nonisolated(unsafe) let shared = buffer
        DispatchQueue.concurrentPerform(iterations: shared.count) { body(&shared[$0], $0) }
      } else {
        for i in buffer.indices { body(&buffer[i], i) }
      }
    }
  }
}
