import AnimplotCore

extension ActionDecoder {
  /// The two JSON forms of the action format (docs/format.md, "The action file (format 1)" and
  /// "The compact form").
  public enum Form: Sendable, Hashable {
    /// Format 1: an action with `tracks`, or several under `actions`.
    case actions
    /// The compact form: one `timeline` of frames and a value array per channel.
    case compact
  }

  /// Which form `bytes` look like, from the first decisive top-level key, without decoding the
  /// values: `certain` when a key only that form has was found (`tracks`, `actions`, `animplot`;
  /// `timeline`, `channels`), not certain when the bytes start as a JSON object but no such key
  /// comes before the end or a syntax error; `nil` when they do not start as a JSON object.
  public static func sniff(_ bytes: UnsafeBufferPointer<UInt8>) -> (form: Form, certain: Bool)? {
    var r = JSONReader(afterByteOrderMark: bytes)
    guard r.peekKind() == .object else { return nil }
    do {
      try r.beginObject()
      while let key = try r.nextKey() {
        if r.key(key, is: "timeline") || r.key(key, is: "channels") { return (.compact, true) }
        if r.key(key, is: "tracks") || r.key(key, is: "actions") || r.key(key, is: "animplot") {
          return (.actions, true)
        }
        try r.skipValue()
      }
    } catch {
      // A broken file is still plausibly format 1: its decoder reports where it breaks.
    }
    return (.actions, false)
  }
}
