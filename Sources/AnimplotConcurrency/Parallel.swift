import AnimplotPlatform
import Dispatch
import Synchronization

/// Work over numbered, independent items on several threads: the one parallel loop of
/// animplot, for tracks, curve paths, PNG bands, animation frames, outputs and check's cases.
///
/// Threads claim the next unclaimed item, one at a time, until none is left, so items of
/// uneven cost share the threads well; each item is done by exactly one thread. libdispatch
/// runs at most one thread per core, so `jobs: .max` (the default) means every core; `jobs: 1`
/// runs the items in order on the calling thread.
package enum Parallel {
  /// Calls `body(0) … body(count − 1)` on up to `jobs` threads at once, and returns when every
  /// call has returned (everything the calls wrote is then visible to the caller). `body`
  /// must be safe to call from several threads at once.
  ///
  /// On a thread of its own (`OwnThread`: a server's request, run beside others) the calls run
  /// in order on that thread: the other threads would be libdispatch's, which Swift's
  /// concurrency shares, and a large request spread over all of them would stop every other
  /// request while it runs.
  package static func run(count: Int, jobs: Int = .max, _ body: @Sendable (Int) -> Void) {
    let jobs = OwnThread.isCurrent ? 1 : jobs
    guard count > 1 && jobs > 1 else {
      for i in 0..<count { body(i) }
      return
    }
    // With a thread for every item to spare, libdispatch hands the items out itself.
    guard jobs < count else { return DispatchQueue.concurrentPerform(iterations: count, execute: body) }
    let next = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: jobs) { _ in
      while true {
        let i = next.add(1, ordering: .relaxed).oldValue
        guard i < count else { return }
        body(i)
      }
    }
  }

  /// `work(0) … work(count − 1)`, computed on up to `jobs` threads at once (`run`), in index
  /// order.
  package static func map<Result: Sendable>(
    count: Int, jobs: Int = .max, _ work: @Sendable (Int) -> Result
  ) -> [Result] {
    guard count > 0 else { return [] }
    return Array(unsafeUninitializedCapacity: count) { buffer, initialized in
      // Each slot is initialized once, by the thread that claimed its index.
      nonisolated(unsafe) let slots = buffer.baseAddress!
      run(count: count, jobs: jobs) { i in (slots + i).initialize(to: work(i)) }
      initialized = count
    }
  }

  /// Calls `body(&items[i], i)` for every index of `items`, on up to `jobs` threads at once
  /// (`run`); `body` may change its own item and nothing shared.
  package static func forEach<Item: Sendable>(
    _ items: inout [Item], jobs: Int = .max, _ body: @Sendable (inout Item, Int) -> Void
  ) {
    items.withUnsafeMutableBufferPointer { buffer in
      nonisolated(unsafe) let shared = buffer
      run(count: shared.count, jobs: jobs) { i in body(&shared[i], i) }
    }
  }
}
