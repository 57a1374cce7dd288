import Foundation
import ZIPFoundation

/// The bytes of a `.lottie` archive of two animations, `a` and `b`, both `text`, entries
/// stored as they are (for tests of what an archive's animations share).
func twoAnimationDotLottie(_ text: String) throws -> [UInt8] {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("animplot-\(UUID().uuidString).lottie")
  defer { try? FileManager.default.removeItem(at: url) }
  let archive = try Archive(url: url, accessMode: .create)
  for (path, entry) in [
    ("manifest.json", #"{"version": "1", "animations": [{"id": "a"}, {"id": "b"}]}"#),
    ("animations/a.json", text), ("animations/b.json", text),
  ] {
    let data = Data(entry.utf8)
    try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .none) { position, size in
      data.subdata(in: Int(position)..<Int(position) + size)
    }
  }
  return [UInt8](try Data(contentsOf: url))
}
