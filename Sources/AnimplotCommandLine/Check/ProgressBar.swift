import AnimplotCheck
import AnimplotGolden
import AnimplotPlatform

/// A one-line progress bar on standard error, drawn only when standard error is a terminal,
/// at most 20 times a second; safe to update from any thread.
final class ProgressBar: Sendable {
  private let total: Int
  private let enabled: Bool
  /// When it was last drawn, and whether it is on screen.
  private let state = Locked((lastDraw: 0.0, shown: false))

  init(total: Int) {
    self.total = total
    enabled = FileDescriptor.isTerminal(2) && total > 0
  }

  /// Shows `done` of `total`; the last one is always drawn.
  func update(done: Int) {
    guard enabled else { return }
    state.withLock { state in
      let now = Clock.seconds()
      guard done == total || now - state.lastDraw >= 0.05 else { return }
      state.lastDraw = now
      let width = 30
      let filled = done * width / total
      let bar = String(repeating: "=", count: filled) + String(repeating: " ", count: width - filled)
      Terminal.write("\r\u{1B}[K[\(bar)] \(done)/\(total)", to: 2)
      state.shown = true
    }
  }

  /// Erases the bar, before other output or at the end.
  func clear() {
    state.withLock { state in
      guard state.shown else { return }
      Terminal.write("\r\u{1B}[K", to: 2)
      state.shown = false
    }
  }
}

/// What a check run shows while its cases are drawn: the progress bar, and the line of each
/// case that did not pass, in case order, as soon as every case before it is done; safe to
/// call from any thread.
final class CaseProgress: Sendable {
  private let bar: ProgressBar
  /// The cases done, those done but not yet shown (an earlier one is still running), and the
  /// first case not yet shown.
  private let state = Locked((done: 0, waiting: [Int: CaseResult](), next: 0))

  init(bar: ProgressBar) { self.bar = bar }

  /// Case `index` is done with `result`.
  func finished(_ index: Int, _ result: CaseResult) {
    state.withLock { state in
      state.done += 1
      bar.update(done: state.done)
      state.waiting[index] = result
      while let next = state.waiting.removeValue(forKey: state.next) {
        state.next += 1
        guard next.status != .passed else { continue }
        bar.clear()
        Terminal.write(CheckReport.line(next), to: 1)
      }
    }
  }
}
