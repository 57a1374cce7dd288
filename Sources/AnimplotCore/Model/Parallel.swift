import AnimplotConcurrency

extension Parallel {
  /// Below this many keys in all, work over tracks (recalculating handles, making keys) is
  /// faster on one core than spread over several.
  package static let keyThreshold = 200_000

  /// The threads for work over tracks holding `keys` keys in all: every core from
  /// `keyThreshold` keys, else this thread alone.
  package static func jobs(forKeys keys: Int) -> Int { keys >= keyThreshold ? .max : 1 }
}
