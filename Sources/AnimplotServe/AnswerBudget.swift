import AnimplotPlatform
import AnimplotText

/// The bytes of answers made but not yet sent, bounded: an answer is held whole until its
/// client has read it, and a client that asks and does not read would otherwise keep every
/// answer it asked for (six such clients of 289 MB answers took a server past 2 GB).
package final class AnswerBudget: Sendable {
  /// Most bytes held at once.
  package let limit: Int
  private let held = Locked(0)

  package init(limit: Int) { self.limit = limit }

  /// Bytes held now.
  package var heldBytes: Int { held.withLock { $0 } }

  /// `bytes` kept until the returned value is released (it releases them when it goes), or
  /// `nil` when they would pass the limit. (An answer larger than the limit alone is still
  /// held when nothing else is: no answer is refused for its size alone.)
  package func hold(_ bytes: [UInt8]) -> HeldAnswer? {
    let taken = held.withLock { held -> Bool in
      guard held == 0 || held + bytes.count <= limit else { return false }
      held += bytes.count
      return true
    }
    return taken ? HeldAnswer(bytes, budget: self) : nil
  }

  fileprivate func release(_ count: Int) { held.withLock { $0 -= count } }

  /// The answer for a request that finds the budget spent.
  package func busy() -> Answer {
    .error(
      ServeError(
        .serviceUnavailable,
        "the server holds \(heldBytes >> 20) MB of answers its clients have not read yet; try again"))
  }
}

/// An answer's bytes counted in an `AnswerBudget` for as long as they live.
package final class HeldAnswer: Sendable {
  package let bytes: [UInt8]
  private let budget: AnswerBudget

  fileprivate init(_ bytes: [UInt8], budget: AnswerBudget) {
    self.bytes = bytes
    self.budget = budget
  }

  deinit { budget.release(bytes.count) }
}
