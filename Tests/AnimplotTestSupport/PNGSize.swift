/// The width and height a PNG file's header gives (its IHDR chunk, big-endian at bytes 16 and
/// 20), or `nil` for bytes that do not begin as a PNG does.
package func pngSize<Bytes: Sequence<UInt8>>(_ png: Bytes) -> (width: Int, height: Int)? {
  let bytes = Array(png)
  guard bytes.count > 24, bytes[0..<8] == [137, 80, 78, 71, 13, 10, 26, 10] else { return nil }
  func int(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
  return (int(16), int(20))
}
