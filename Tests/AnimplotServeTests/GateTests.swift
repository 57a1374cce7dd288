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
    let log = Mutex<[String]>([])
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

  /// A job that runs alone waits for those running to end, and those after it wait for it,
  /// though places are free: the log of starts and ends says so.
  @Test func aJobAloneRunsWithNoOther() async {
    let gate = Gate(width: 2)
    let shared = Shared()
    let release = DispatchSemaphore(value: 0)
    let first = Task.detached {
      await gate.run {
        shared.log.withLock { $0.append("A starts") }
        release.wait()
        shared.log.withLock { $0.append("A ends") }
      }
    }
    while shared.log.withLock({ $0.isEmpty }) { await Task.yield() }
    let alone = Task.detached { await gate.run(alone: true) { shared.log.withLock { $0 += ["B starts", "B ends"] } } }
    while await gate.waitingCount < 1 { await Task.yield() }
    let after = Task.detached { await gate.run { shared.log.withLock { $0 += ["C starts", "C ends"] } } }
    while await gate.waitingCount < 2 { await Task.yield() }
    release.signal()
    for task in [first, alone, after] { await task.value }
    #expect(shared.log.withLock { $0 } == ["A starts", "A ends", "B starts", "B ends", "C starts", "C ends"])
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

  /// A job whose request's client has gone by its turn is dropped, not run: twenty abandoned
  /// evaluations held a small picture for 37 s behind them.
  @Test func aJobNoLongerWantedWhenItsTurnComesIsNotRun() async {
    let gate = Gate(width: 1)
    let shared = Shared()
    let release = DispatchSemaphore(value: 0)
    let gone = Atomic<Bool>(false)
    let first = Task.detached {
      await gate.run {
        shared.log.withLock { $0.append("first ran") }
        release.wait()
      }
    }
    while shared.log.withLock({ $0.isEmpty }) { await Task.yield() }
    let abandoned = Task.detached {
      await gate.run(wanted: { !gone.load(ordering: .sequentiallyConsistent) }) { shared.log.withLock { $0.append("abandoned ran") } }
    }
    while await gate.waitingCount < 1 { await Task.yield() }
    let live = Task.detached { await gate.run(wanted: { true }) { shared.log.withLock { $0.append("live ran") } } }
    while await gate.waitingCount < 2 { await Task.yield() }
    gone.store(true, ordering: .sequentiallyConsistent)
    release.signal()
    await first.value
    #expect(await abandoned.value == nil)
    #expect(await live.value != nil)
    #expect(shared.log.withLock { $0 } == ["first ran", "live ran"])
  }
}
