import Dispatch

/// At most `width` jobs at a time; the others wait their turn, in order.
package actor Gate {
  let width: Int
  var running = 0
  var waiting: [CheckedContinuation<Void, Never>] = []

  package init(width: Int) { self.width = max(1, width) }

  /// Runs `job` once fewer than `width` others run, on a thread of its own: a job is a
  /// synchronous computation that may be long (or blocked reading), and Swift's concurrency runs
  /// every task on as many threads as there are cores, so jobs run there would stop everything
  /// else the process does (the server's other requests) until they end.
  package nonisolated func run<T: Sendable>(_ job: @escaping @Sendable () -> T) async -> T {
    await enter()
    defer { Task { await self.leave() } }
    return await withCheckedContinuation { continuation in
      DispatchQueue.global(qos: .userInitiated).async { continuation.resume(returning: job()) }
    }
  }

  func enter() async {
    if running < width {
      running += 1
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  func leave() {
    if waiting.isEmpty {
      running -= 1
    } else {
      // The place passes to the next in line.
      waiting.removeFirst().resume()
    }
  }
}
