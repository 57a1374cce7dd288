import Foundation
import Testing

/// The README and docs/ link only to files of the repository, and every such file exists.
@Suite("documentation links")
struct DocsLinkTests {
  @Test("every relative link of README.md and docs/*.md resolves inside the repository")
  func linksResolve() throws {
    let root = CLI.repository.standardizedFileURL
    let docs = root.appendingPathComponent("docs")
    let pages = [root.appendingPathComponent("README.md")]
      + (try FileManager.default.contentsOfDirectory(at: docs, includingPropertiesForKeys: nil))
      .filter { $0.pathExtension == "md" }
    #expect(pages.count > 3)
    var checked = 0
    for page in pages {
      let text = try String(contentsOf: page, encoding: .utf8)
      // Markdown links and images: ](target)
      for part in text.components(separatedBy: "](").dropFirst() {
        guard let end = part.firstIndex(of: ")") else { continue }
        var target = String(part[..<end])
        if target.hasPrefix("http://") || target.hasPrefix("https://") || target.hasPrefix("#") { continue }
        if let hash = target.firstIndex(of: "#") { target = String(target[..<hash]) }
        let file = page.deletingLastPathComponent().appendingPathComponent(target).standardizedFileURL
        #expect(file.path.hasPrefix(root.path + "/"), "\(page.lastPathComponent): \(target) leads outside the repository")
        #expect(FileManager.default.fileExists(atPath: file.path), "\(page.lastPathComponent): \(target) does not exist")
        checked += 1
      }
    }
    #expect(checked > 10)
  }
}
