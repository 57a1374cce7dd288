import AnimplotServe
import Dispatch
import Foundation
import Synchronization
import Testing

@Suite("At most so many jobs at a time")
struct GateTests {
  /// Figures shared by the jobs and the test.
  final class Shared: Sendable {
    let running = Atomic<Int>(0)
    let most = Atomic<Int>(0)
  }

  /// A job runs outside Swift's concurrency, on a thread of its own: jobs that block (a render
  /// reading a FIFO, a long computation) then leave the rest of the process running. (Run on the
  /// threads of Swift's concurrency, as many as cores, a server's jobs took every one, and no
  /// other request was answered until they ended.) Whether a task is current tells the two
  /// apart whatever else the process does.
  @Test func jobsRunOutsideSwiftConcurrency() async {
    let gate = Gate(width: 2)
    let inTask = await gate.run { withUnsafeCurrentTask { $0 != nil } }
    #expect(!inTask, "the job ran inside a task, on one of Swift concurrency's threads")
  }

  @Test func noMoreThanTheWidthRunAtOnce() async {
    let gate = Gate(width: 2)
    let shared = Shared()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<12 {
        group.addTask {
          await gate.run {
            let now = shared.running.add(1, ordering: .sequentiallyConsistent).newValue
            _ = shared.most.max(now, ordering: .sequentiallyConsistent)
            usleep(2000)
            shared.running.subtract(1, ordering: .sequentiallyConsistent)
            return ()
          }
        }
      }
    }
    #expect(shared.most.load(ordering: .sequentiallyConsistent) <= 2)
  }
}
