import AnimplotPlatform

/// At most `width` jobs at a time, or one alone: the others wait their turn, in order.
package actor Gate {
  let width: Int
  /// The most jobs that may wait their turn; one more is refused (`nil`).
  let maximumWaiting: Int
  /// The places taken: one per job, all of them for a job that runs alone.
  var taken = 0
  /// The jobs waiting, in order; each is resumed with whether it takes its places (false: it
  /// was dropped, its job no longer wanted, to make room).
  var waiting: [(places: Int, wanted: @Sendable () -> Bool, continuation: CheckedContinuation<Bool, Never>)] = []

  package init(width: Int, maximumWaiting: Int = .max) {
    self.width = max(1, width)
    self.maximumWaiting = max(0, maximumWaiting)
  }

  /// How many jobs wait their turn.
  package var waitingCount: Int { waiting.count }

  /// Runs `job` once fewer than `width` others run (`alone`: once none runs, and none beside
  /// it), on a gate with no `maximumWaiting`, on a thread of its own (`OwnThread`): a job is a synchronous computation that may be
  /// long (or blocked reading), and Swift's concurrency runs every task on as many threads as
  /// there are cores, shared with `DispatchQueue.global()`, so jobs run there would stop
  /// everything else the process does (the server's other requests) until they end.
  package nonisolated func run<T: Sendable>(alone: Bool = false, _ job: @escaping @Sendable () -> T) async -> T {
    // A job always wanted always runs, on a gate that refuses none for the waiting.
    precondition(maximumWaiting == .max, "a gate with a most waiting refuses jobs: run(alone:wanted:_:)")
    return await run(alone: alone, wanted: { true }, job)!
  }

  /// As `run(alone:_:)`, but a job that is no longer `wanted` when its turn comes (its client
  /// has gone) is not run: `nil`. Abandoned requests then never stand in front of live ones.
  /// Nor is one that finds `maximumWaiting` jobs waiting already, once those no longer wanted
  /// have been dropped (they do not hold a place in the line): `nil` at once.
  package nonisolated func run<T: Sendable>(
    alone: Bool = false, wanted: @escaping @Sendable () -> Bool, _ job: @escaping @Sendable () -> T
  ) async -> T? {
    let places = alone ? width : 1
    guard await enter(places, wanted: wanted) else { return nil }
    defer { Task { await self.leave(places) } }
    guard wanted() else { return nil }
    return await withCheckedContinuation { continuation in
      OwnThread.start { continuation.resume(returning: job()) }
    }
  }

  /// Takes `places` once they are free; false, at once, when too many wanted jobs wait
  /// already, or later, when the job was dropped from the line as no longer wanted.
  func enter(_ places: Int, wanted: @escaping @Sendable () -> Bool) async -> Bool {
    if waiting.isEmpty, taken + places <= width {
      taken += places
      return true
    }
    if waiting.count >= maximumWaiting {
      // Abandoned requests (their clients gone) make room before a live one is refused.
      var kept: [(places: Int, wanted: @Sendable () -> Bool, continuation: CheckedContinuation<Bool, Never>)] = []
      for entry in waiting {
        if entry.wanted() { kept.append(entry) } else { entry.continuation.resume(returning: false) }
      }
      waiting = kept
      // Those next in line may fit now, and this job after them.
      admit()
      if waiting.isEmpty, taken + places <= width {
        taken += places
        return true
      }
    }
    guard waiting.count < maximumWaiting else { return false }
    return await withCheckedContinuation { waiting.append((places, wanted, $0)) }
  }

  func leave(_ places: Int) {
    taken -= places
    admit()
  }

  /// The free places pass to those next in line, in order, as many as fit.
  private func admit() {
    while let next = waiting.first, taken + next.places <= width {
      waiting.removeFirst()
      taken += next.places
      next.continuation.resume(returning: true)
    }
  }
}
