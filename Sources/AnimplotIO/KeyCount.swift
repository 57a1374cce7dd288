import AnimplotPlatform

/// The keys of one action file of animplot's format, counted as they are read (all its actions
/// and tracks together; the compact form's values, one key each), before each is made: a key
/// can be written in two bytes (the compact form's `0,`) and takes about fifty in memory, so
/// the file's size does not bound them. An action file holds at most the keys an imported file
/// makes, `Limits.importedKeys`.
struct KeyCount {
  /// The most keys the file may hold.
  let limit: Int
  private(set) var keys = 0

  init(limit: Int = Limits.importedKeys) { self.limit = limit }

  /// The keys that may still be read.
  var remaining: Int { limit - keys }

  var tooManyKeys: String { "more than \(limit) keys, animplot's limit for one action file" }
  /// The compact form's timeline: each frame a key of every channel.
  var tooManyFrames: String { "more than \(limit) frames, animplot's limit of keys for one action file" }

  /// Counts `n` more keys; throws at the reader's place when that passes the limit.
  mutating func add(_ n: Int, _ r: JSONReader) throws(ActionDecodingError) {
    guard n <= remaining else { throw r.error(.invalid(tooManyKeys)) }
    keys += n
  }
}
