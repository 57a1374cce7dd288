/// The parts of a glTF 2.0 asset the animation importer reads: the JSON document, and the
/// binary chunk of a `.glb`.
struct GLTFContainer {
  /// The JSON text (the whole file for `.gltf`, the JSON chunk of a `.glb`).
  let json: UnsafeBufferPointer<UInt8>
  /// Where the JSON starts in the file when it is a `.glb` chunk (places are then byte
  /// offsets); `nil` for a `.gltf` (places are line:column).
  let jsonOffset: Int?
  /// The `.glb`'s BIN chunk (buffer 0 without a `uri`), and its offset in the file.
  let binary: UnsafeBufferPointer<UInt8>?
  let binaryOffset: Int

  static let magic: UInt32 = 0x4654_6C67  // "glTF"
  static let jsonChunk: UInt32 = 0x4E4F_534A  // "JSON"
  static let binChunk: UInt32 = 0x004E_4942  // "BIN\0"

  /// Whether `bytes` start as a `.glb`.
  static func isBinary(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.count >= 4 && readUInt32(bytes, 0) == magic
  }

  /// Splits a `.glb` into its chunks, or takes `bytes` as JSON.
  /// - Throws: a located error for a header or chunk that does not fit the file.
  init(_ bytes: UnsafeBufferPointer<UInt8>) throws(ActionDecodingError) {
    guard Self.isBinary(bytes) else {
      json = bytes
      jsonOffset = nil
      binary = nil
      binaryOffset = 0
      return
    }
    func fail(_ message: String, at offset: Int) -> ActionDecodingError {
      var e = ActionDecodingError(.invalid(message))
      e.byteOffset = offset
      return e
    }
    guard bytes.count >= 12 else {
      throw fail("a .glb header is 12 bytes but the file has \(bytes.count)", at: 0)
    }
    let version = Self.readUInt32(bytes, 4)
    guard version == 2 else {
      throw fail("this is a glTF \(version) binary file; animplot reads glTF 2.0", at: 4)
    }
    let length = Int(Self.readUInt32(bytes, 8))
    guard length <= bytes.count else {
      throw fail("the header gives a length of \(length) bytes but the file has \(bytes.count) (truncated?)", at: 8)
    }
    guard length >= 20 else {
      throw fail("the header gives a length of \(length) bytes, too short for the header and a JSON chunk", at: 8)
    }
    var offset = 12
    var jsonPart: (UnsafeBufferPointer<UInt8>, Int)?
    var binPart: (UnsafeBufferPointer<UInt8>, Int)?
    var index = 0
    while offset < length {
      guard length - offset >= 8 else {
        throw fail("chunk \(index) header needs 8 bytes but \(length - offset) remain", at: offset)
      }
      let chunkLength = Int(Self.readUInt32(bytes, offset))
      let type = Self.readUInt32(bytes, offset + 4)
      let start = offset + 8
      guard chunkLength <= length - start else {
        throw fail(
          "chunk \(index) is \(chunkLength) bytes long but only \(length - start) remain in the file (truncated?)",
          at: offset)
      }
      let data = UnsafeBufferPointer(rebasing: bytes[start..<start + chunkLength])
      if index == 0 {
        guard type == Self.jsonChunk else { throw fail("the first chunk of a .glb must be JSON", at: offset + 4) }
        jsonPart = (data, start)
      } else if type == Self.binChunk {
        guard binPart == nil else { throw fail("a .glb holds at most one BIN chunk", at: offset + 4) }
        guard index == 1 else { throw fail("the BIN chunk must follow the JSON chunk", at: offset + 4) }
        binPart = (data, start)
      } else if type == Self.jsonChunk {
        throw fail("a .glb holds one JSON chunk", at: offset + 4)
      }
      // Other chunk types are skipped, as the specification asks.
      offset = start + chunkLength
      index += 1
    }
    guard let jsonPart else { throw fail("the .glb has no JSON chunk", at: 12) }
    json = jsonPart.0
    jsonOffset = jsonPart.1
    binary = binPart?.0
    binaryOffset = binPart?.1 ?? 0
  }

  @inline(__always) static func readUInt32(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> UInt32 {
    UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
  }
}
