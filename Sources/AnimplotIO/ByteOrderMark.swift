/// The UTF-8 byte order mark some Windows editors write at the start of a text file (JSON,
/// CSV): not part of the text, so readers start after it.
enum ByteOrderMark {
  /// How many bytes the mark takes at the start of `bytes`: 3, or 0 when they do not start with it.
  static func length(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
  }
}

extension JSONReader {
  /// A reader of `bytes` that starts after their byte order mark, if any.
  init(afterByteOrderMark bytes: UnsafeBufferPointer<UInt8>) {
    self.init(bytes)
    offset = ByteOrderMark.length(in: bytes)
  }
}
