import AnimplotPlatform
import Dispatch

/// Runs numbered work items on several threads and reports their results in item order.
enum ParallelRun {
  /// Computes `work(0) … work(count - 1)` on up to `jobs` threads (libdispatch also caps them
  /// at the number of cores: the default, `.max`, is one thread per core) and returns the
  /// results in order.
  ///
  /// `finished` (with how many items are done) and `deliver` (each result, in item order, as
  /// soon as every earlier one is in) are called one at a time, under a lock, on whichever
  /// thread finished an item; `work` must be safe to call from several threads at once.
  static func map<Result: Sendable>(
    count: Int, jobs: Int = .max, _ work: @Sendable (Int) -> Result,
    finished: @Sendable (Int) -> Void = { _ in },
    deliver: @Sendable (Int, Result) -> Void = { _, _ in }
  ) -> [Result] {
    let state = Locked(State<Result>(results: Array(repeating: nil, count: count)))
    DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, count))) { _ in
      while let index = state.withLock({ $0.claim() }) {
        let result = work(index)
        state.withLock { state in
          state.results[index] = result
          state.done += 1
          finished(state.done)
          while state.delivered < count, let next = state.results[state.delivered] {
            deliver(state.delivered, next)
            state.delivered += 1
          }
        }
      }
    }
    return state.withLock { $0.results.map { $0! } }
  }

  /// The shared bookkeeping of a run.
  private struct State<Result> {
    var results: [Result?]
    var next = 0
    var done = 0
    var delivered = 0

    /// The next item to work on, if any is left.
    mutating func claim() -> Int? {
      guard next < results.count else { return nil }
      next += 1
      return next - 1
    }
  }
}
