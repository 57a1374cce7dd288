import AnimplotConcurrency
import Synchronization
import Testing

@Suite("the parallel loop")
struct ParallelTests {
  @Test("map gives every result in index order, each index computed once", arguments: [0, 1, 2, 7, 1000])
  func mapInOrder(count: Int) {
    let calls = Atomic<Int>(0)
    for jobs in [1, 2, 3, Int.max] {
      calls.store(0, ordering: .relaxed)
      let squares = Parallel.map(count: count, jobs: jobs) { i in
        calls.add(1, ordering: .relaxed)
        return i * i
      }
      #expect(squares == (0..<count).map { $0 * $0 }, "jobs \(jobs)")
      #expect(calls.load(ordering: .relaxed) == count, "jobs \(jobs)")
    }
  }

  @Test("forEach changes each item in place, with its index")
  func forEachInPlace() {
    var items = Array(repeating: "", count: 500)
    Parallel.forEach(&items) { item, i in item = "item \(i)" }
    #expect(items == (0..<500).map { "item \($0)" })
  }

  @Test("jobs bounds the calls running at once; one job runs them in order on this thread")
  func jobsLimit() {
    for jobs in [1, 2] {
      let running = Atomic<Int>(0)
      let most = Atomic<Int>(0)
      let order = Parallel.map(count: 24, jobs: jobs) { i in
        let now = running.add(1, ordering: .relaxed).newValue
        most.max(now, ordering: .relaxed)
        // Long enough that another thread, if any were allowed, would start meanwhile.
        var spin = 0
        for k in 0..<200_000 { spin &+= k }
        running.subtract(1, ordering: .relaxed)
        return i + (spin & 0)
      }
      #expect(order == Array(0..<24))
      #expect(most.load(ordering: .relaxed) <= jobs, "jobs \(jobs)")
    }
    var seen: [Int] = []
    withUnsafeMutablePointer(to: &seen) { pointer in
      nonisolated(unsafe) let seen = pointer
      Parallel.run(count: 5, jobs: 1) { i in seen.pointee.append(i) }
    }
    #expect(seen == [0, 1, 2, 3, 4])
  }
}
