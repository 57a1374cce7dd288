import AnimplotServe
import Dispatch
import Foundation
import Synchronization
import Testing

@Suite("At most so many jobs at a time")
struct GateTests {
  /// Figures shared by the jobs and the test.
  final class Shared: Sendable {
    let released = Atomic<Bool>(false)
    let running = Atomic<Int>(0)
    let most = Atomic<Int>(0)
  }

  /// Jobs that block (a render reading a FIFO, a long computation) leave the rest of the process
  /// running: with as many blocked jobs as the gate lets in, another task still runs. (Run on the
  /// threads of Swift's concurrency, the jobs took every one, and nothing else ran until they
  /// ended.) A watchdog thread releases the jobs after 90 s if nothing else did, so the test
  /// ends either way; the other task must have run before that.
  @Test func blockedJobsLeaveTheRestRunning() async {
    let width = 8
    let gate = Gate(width: width)
    let release = DispatchSemaphore(value: 0)
    let started = DispatchSemaphore(value: 0)
    let shared = Shared()
    let jobs = (0..<width).map { _ in
      Task.detached {
        await gate.run {
          started.signal()
          release.wait()
          return 0
        }
      }
    }
    let deadline = DispatchTime.now() + 90
    DispatchQueue.global().asyncAfter(deadline: deadline) {
      if !shared.released.exchange(true, ordering: .sequentiallyConsistent) {
        for _ in 0..<width { release.signal() }
      }
    }
    // Every job started (waited for on a thread that is not one of Swift's concurrency's).
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        for _ in 0..<width { _ = started.wait(timeout: deadline) }
        continuation.resume()
      }
    }
    let ranWhileBlocked = await Task.detached { !shared.released.load(ordering: .sequentiallyConsistent) }.value
    if !shared.released.exchange(true, ordering: .sequentiallyConsistent) {
      for _ in 0..<width { release.signal() }
    }
    for job in jobs { _ = await job.value }
    #expect(ranWhileBlocked, "another task ran while the gate's jobs were blocked")
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
