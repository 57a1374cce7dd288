import AnimplotPlatform

/// One of `count` deterministic slices of a run's cases, to split a check across machines:
/// shard `index` (1-based) takes the cases at positions `index - 1`, `index - 1 + count`, …
/// of the sorted list.
package struct Shard: Sendable, Hashable, CustomStringConvertible {
  /// 1 … `count`.
  package let index: Int
  /// How many shards the cases are split into.
  package let count: Int

  /// Parses `I/N`, with 1 ≤ I ≤ N.
  package init(parsing text: String) throws(ShardError) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
      throw .malformed(text)
    }
    guard count >= 1, (1...count).contains(index) else { throw .outOfRange(text) }
    guard count <= Limits.shards else { throw .tooMany(text) }
    self.index = index
    self.count = count
  }

  /// The items this shard takes, in their order.
  package func select<Item>(_ items: [Item]) -> [Item] {
    stride(from: index - 1, to: items.count, by: count).map { items[$0] }
  }

  /// `I/N`.
  package var description: String { "\(index)/\(count)" }
}

/// A `--shard` value that is not `I/N` with 1 ≤ I ≤ N.
package enum ShardError: Error, Sendable, Hashable, CustomStringConvertible {
  case malformed(String)
  case outOfRange(String)
  case tooMany(String)

  package var description: String {
    switch self {
    case .malformed(let text): "'\(text)' is not I/N (e.g. 2/4: the second of four shards)"
    case .outOfRange(let text): "'\(text)': I must be from 1 to N"
    case .tooMany(let text): "'\(text)': N must be at most \(Limits.shards)"
    }
  }
}
