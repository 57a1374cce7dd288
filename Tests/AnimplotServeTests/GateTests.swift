import AnimplotConcurrency
import AnimplotPlatform
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
    let released = Atomic<Bool>(false)
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

  /// As many jobs as there are cores, all busy, leave Swift's concurrency its threads: tasks
  /// still run while they do. (Run on `DispatchQueue.global()`, which Swift's concurrency shares
  /// on Linux, two renders of a two-core machine stopped every other request of the server.)
  @Test(.timeLimit(.minutes(1))) func busyJobsLeaveTasksRunning() async {
    let width = ProcessInfo.processInfo.activeProcessorCount
    let gate = Gate(width: width)
    let shared = Shared()
    let jobs = (0..<width).map { _ in
      Task.detached {
        await gate.run {
          shared.running.add(1, ordering: .sequentiallyConsistent)
          // Busy until released, or 20 s at most (then the test fails below, not hangs).
          let end = Date().addingTimeInterval(20)
          while !shared.released.load(ordering: .sequentiallyConsistent) && Date() < end {}
          shared.log.withLock { $0.append("jobs ended") }
        }
      }
    }
    while shared.running.load(ordering: .sequentiallyConsistent) < width { await Task.yield() }
    // Work for Swift's concurrency, on other tasks, while every job is busy.
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<width * 4 { group.addTask { _ = (0..<1000).reduce(0, +) } }
    }
    shared.log.withLock { $0.append("tasks ran") }
    shared.released.store(true, ordering: .sequentiallyConsistent)
    for job in jobs { await job.value }
    #expect(shared.log.withLock { $0.first } == "tasks ran")
  }

  /// A job's loops (`Parallel`) run on its own thread: spread over libdispatch's threads, a
  /// large request would take every thread Swift's concurrency has.
  @Test func aJobsLoopsStayOnItsThread() async {
    let gate = Gate(width: 2)
    let everyCallOnTheJobsThread = await gate.run {
      Parallel.map(count: 64) { _ in OwnThread.isCurrent }.allSatisfy { $0 }
    }
    #expect(everyCallOnTheJobsThread)
    #expect(!OwnThread.isCurrent)
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

  /// Past `maximumWaiting` jobs waiting, one more is refused at once (each holds its request:
  /// thousands queued took a server past 2 GB).
  @Test func oneMoreThanTheMostWaitingIsRefused() async {
    let gate = Gate(width: 1, maximumWaiting: 1)
    let shared = Shared()
    let release = DispatchSemaphore(value: 0)
    let first = Task.detached {
      await gate.run(wanted: { true }) {
        shared.log.withLock { $0.append("first ran") }
        release.wait()
      }
    }
    while shared.log.withLock({ $0.isEmpty }) { await Task.yield() }
    let second = Task.detached { await gate.run(wanted: { true }) { () } }
    while await gate.waitingCount < 1 { await Task.yield() }
    let refused = await gate.run(wanted: { true }) { () }
    #expect(refused == nil)
    release.signal()
    #expect(await first.value != nil)
    #expect(await second.value != nil)
  }

  /// Jobs whose clients have gone do not hold places in the line: a live one that finds the
  /// line full of them is taken, and they are dropped (they counted until their turn, so that
  /// abandoned requests made the server refuse live ones).
  @Test func abandonedJobsMakeRoomInTheLine() async {
    let gate = Gate(width: 1, maximumWaiting: 2)
    let shared = Shared()
    let release = DispatchSemaphore(value: 0)
    let first = Task.detached {
      await gate.run(wanted: { true }) {
        shared.log.withLock { $0.append("first ran") }
        release.wait()
      }
    }
    while shared.log.withLock({ $0.isEmpty }) { await Task.yield() }
    let abandoned = [
      Task.detached {
        await gate.run(wanted: { !shared.released.load(ordering: .sequentiallyConsistent) }) { shared.log.withLock { $0.append("abandoned ran") } }
      },
      Task.detached {
        await gate.run(wanted: { !shared.released.load(ordering: .sequentiallyConsistent) }) { shared.log.withLock { $0.append("abandoned ran") } }
      },
    ]
    while await gate.waitingCount < 2 { await Task.yield() }
    // Their clients go (`released` stands for gone here).
    shared.released.store(true, ordering: .sequentiallyConsistent)
    let live = Task.detached { await gate.run(wanted: { true }) { shared.log.withLock { $0.append("live ran") } } }
    for job in abandoned { #expect(await job.value == nil) }
    release.signal()
    #expect(await first.value != nil)
    #expect(await live.value != nil)
    #expect(shared.log.withLock { $0 } == ["first ran", "live ran"])
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
