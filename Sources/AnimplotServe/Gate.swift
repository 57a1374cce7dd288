import Dispatch

/// At most `width` jobs at a time, or one alone: the others wait their turn, in order.
package actor Gate {
  let width: Int
  /// The places taken: one per job, all of them for a job that runs alone.
  var taken = 0
  var waiting: [(places: Int, continuation: CheckedContinuation<Void, Never>)] = []

  package init(width: Int) { self.width = max(1, width) }

  /// How many jobs wait their turn.
  package var waitingCount: Int { waiting.count }

  /// Runs `job` once fewer than `width` others run (`alone`: once none runs, and none beside
  /// it), on a thread of its own: a job is a synchronous computation that may be long (or
  /// blocked reading), and Swift's concurrency runs every task on as many threads as there are
  /// cores, so jobs run there would stop everything else the process does (the server's other
  /// requests) until they end.
  package nonisolated func run<T: Sendable>(alone: Bool = false, _ job: @escaping @Sendable () -> T) async -> T {
    // A job always wanted always runs.
    await run(alone: alone, wanted: { true }, job)!
  }

  /// As `run(alone:_:)`, but a job that is no longer `wanted` when its turn comes (its client
  /// has gone) is not run: `nil`. Abandoned requests then never stand in front of live ones.
  package nonisolated func run<T: Sendable>(
    alone: Bool = false, wanted: @escaping @Sendable () -> Bool, _ job: @escaping @Sendable () -> T
  ) async -> T? {
    let places = alone ? width : 1
    await enter(places)
    defer { Task { await self.leave(places) } }
    guard wanted() else { return nil }
    return await withCheckedContinuation { continuation in
      DispatchQueue.global(qos: .userInitiated).async { continuation.resume(returning: job()) }
    }
  }

  func enter(_ places: Int) async {
    if waiting.isEmpty, taken + places <= width {
      taken += places
      return
    }
    await withCheckedContinuation { waiting.append((places, $0)) }
  }

  func leave(_ places: Int) {
    taken -= places
    // The places pass to those next in line, in order, as many as fit.
    while let next = waiting.first, taken + next.places <= width {
      waiting.removeFirst()
      taken += next.places
      next.continuation.resume()
    }
  }
}
