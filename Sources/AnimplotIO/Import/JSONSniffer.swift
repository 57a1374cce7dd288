/// Cheap looks at a JSON file's top level, for the input kinds' sniffers.
enum JSONSniffer {
  /// The top-level keys of a JSON object, as far as the first `limit` bytes and the first
  /// syntax error allow (values are skipped, not decoded); empty when the bytes do not start
  /// as an object.
  static func topLevelKeys(_ bytes: UnsafeBufferPointer<UInt8>, within limit: Int) -> Set<String> {
    let window = UnsafeBufferPointer(rebasing: bytes[..<min(bytes.count, limit)])
    var r = JSONReader(afterByteOrderMark: window)
    guard r.peekKind() == .object else { return [] }
    var keys = Set<String>()
    do {
      try r.beginObject()
      while let key = try r.nextKey() {
        keys.insert(try r.keyString(key))
        try r.skipValue()
      }
    } catch {
      // The window ends mid-value, or the file is broken: the keys seen so far.
    }
    return keys
  }

  /// Whether the bytes start (after a byte order mark and white space) with `{`.
  static func startsAsObject(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var r = JSONReader(afterByteOrderMark: bytes)
    return r.peekKind() == .object
  }
}
