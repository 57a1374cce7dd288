import Foundation

/// A fresh folder under the temporary directory, filled with files by relative path.
struct TemporaryFolder {
  let url: URL

  init(_ files: [String: String] = [:]) throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "animplot-check-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    for (name, text) in files { try write(text, to: name) }
  }

  var path: String { url.path }

  func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  func write(_ text: String, to name: String) throws {
    try write(Data(text.utf8), to: name)
  }

  func write(_ data: Data, to name: String) throws {
    let file = url.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: file)
  }

  func remove() { try? FileManager.default.removeItem(at: url) }
}
