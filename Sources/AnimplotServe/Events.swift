import AnimplotPlatform
import AnimplotText

/// Server-Sent Events to every open page (`GET /api/events`): `change` when a served file
/// changed on disk or was saved, `error` when it no longer decodes, `edit` after an edit, undo
/// or redo. Each subscriber has its own stream; a slow one drops nothing but its own events.
package final class ServeEvents: Sendable {
  package enum Event: Sendable {
    case change(file: Int)
    case error(file: Int, message: String)
    case edit(file: Int, answer: Answer)

    /// The event as SSE text: `event: NAME`, `data: JSON`, a blank line.
    package var text: String {
      switch self {
      case .change(let file): "event: change\ndata: {\"file\": \(file)}\n\n"
      case .error(let file, let message):
        "event: error\ndata: {\"file\": \(file), \"message\": \(jsonStringLiteral(message))}\n\n"
      case .edit(let file, let answer):
        "event: edit\ndata: {\"file\": \(file), \"history\": \(String(decoding: answer.body, as: UTF8.self).trimmingSuffixNewline)}\n\n"
      }
    }
  }

  private let subscribers = Locked<[Int: AsyncStream<Event>.Continuation]>([:])
  private let nextID = Locked(0)

  package init() {}

  /// A stream of every event from now on, until `end` is called (the page went away), the
  /// server finishes or the stream's consumer goes away; the subscriber is then released.
  package func subscribe() -> (events: AsyncStream<Event>, end: @Sendable () -> Void) {
    let id = nextID.withLock { value -> Int in
      value += 1
      return value
    }
    let (stream, continuation) = AsyncStream<Event>.makeStream(bufferingPolicy: .bufferingNewest(64))
    continuation.onTermination = { [weak self] _ in self?.subscribers.withLock { _ = $0.removeValue(forKey: id) } }
    subscribers.withLock { $0[id] = continuation }
    return (stream, { continuation.finish() })
  }

  package func send(_ event: Event) {
    for continuation in subscribers.withLock({ Array($0.values) }) { continuation.yield(event) }
  }

  /// Ends every stream (the server is stopping).
  package func finish() {
    for continuation in subscribers.withLock({ Array($0.values) }) { continuation.finish() }
  }

  package var subscriberCount: Int { subscribers.withLock { $0.count } }
}

extension String {
  fileprivate var trimmingSuffixNewline: Substring { self.hasSuffix("\n") ? self.dropLast() : self[...] }
}

/// Watches the served files: a file whose size, time or identity changed is read again once
/// it has stayed the same for a moment (a writer may be half way), and pages are told.
package struct FileWatcher: Sendable {
  let files: ServedFiles
  let events: ServeEvents
  /// How often the files are looked at.
  var interval: Duration = .milliseconds(200)
  /// How long a changed file must stay unchanged before it is read.
  var settle: Duration = .milliseconds(150)
  /// How long to wait before reading again a file that did not decode (it may be half-written).
  var retry: Duration = .milliseconds(300)

  package init(files: ServedFiles, events: ServeEvents) {
    self.files = files
    self.events = events
  }

  /// Runs until the task is cancelled.
  package func run() async {
    while !Task.isCancelled {
      try? await Task.sleep(for: interval)
      for index in 0..<files.count where files.looksChanged(index) {
        await check(index)
      }
    }
  }

  /// Reads file `index` again once it settles, and tells the pages.
  func check(_ index: Int) async {
    // Settled: the same stamp twice, `settle` apart.
    var stamp = ServedFiles.stamp(of: (try? files.file(index))?.path ?? "")
    for _ in 0..<20 {
      try? await Task.sleep(for: settle)
      let now = ServedFiles.stamp(of: (try? files.file(index))?.path ?? "")
      if now == stamp { break }
      stamp = now
    }
    guard var state = files.reread(index) else { return }
    if state.error != nil {
      // A writer may not have finished: one more read before the page is told.
      try? await Task.sleep(for: retry)
      if let again = files.reread(index) { state = again }
    }
    if let message = state.error {
      events.send(.error(file: index, message: message))
    } else {
      events.send(.change(file: index))
    }
  }
}
