#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension ActionDecoder {
  /// Decodes UTF-8 JSON held in `Data`.
  public static func decode(
    _ data: Data, file: String? = nil, recalculate: Bool = true
  ) throws(ActionDecodingError) -> ActionDocument {
    let result = data.withUnsafeBytes { raw in
      Result { () throws(ActionDecodingError) in
        try decode(raw.bindMemory(to: UInt8.self), file: file, recalculate: recalculate)
      }
    }
    return try result.get()
  }
}
