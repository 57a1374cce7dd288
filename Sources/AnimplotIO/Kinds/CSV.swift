extension InputKind {
  /// Samples in CSV: a header `frame,<channel>,...` or `time,...` (docs/import.md).
  public static let csv = InputKind(
    name: "csv", summary: "samples in CSV (frame or time, then one column per channel)", fileExtensions: ["csv"],
    sniff: { bytes in
      // The first field of the first line, unquoted, any letter case.
      var i = ByteOrderMark.length(in: bytes)
      var word: [UInt8] = []
      if i < bytes.count && bytes[i] == UInt8(ascii: "\"") { i += 1 }
      while i < bytes.count, word.count < 6, bytes[i] >= 0x41 {
        word.append(bytes[i] | 0x20)
        i += 1
      }
      if i < bytes.count && bytes[i] == UInt8(ascii: "\"") { i += 1 }
      while i < bytes.count && bytes[i] == UInt8(ascii: " ") { i += 1 }
      guard i < bytes.count, bytes[i] == UInt8(ascii: ","), word == Array("frame".utf8) || word == Array("time".utf8)
      else { return .no }
      return .certain
    },
    decode: { (bytes, context) throws(ActionDecodingError) in
      try CSVImporter.decode(bytes, context: context)
    })
}
