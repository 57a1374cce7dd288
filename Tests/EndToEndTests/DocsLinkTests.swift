import Foundation
import Testing

/// The README and docs/ link only to files of the repository, and every such file exists; the
/// repository paths the documentation names exist; and every comment that points to a section
/// of a doc (`(docs/blender.md, "Channel rows")`, `(README, "The command line")`) names one.
@Suite("documentation links")
struct DocsLinkTests {
  static let root = CLI.repository.standardizedFileURL

  /// README.md and docs/*.md.
  static func pages() throws -> [URL] {
    let docs = root.appendingPathComponent("docs")
    return [root.appendingPathComponent("README.md")]
      + (try FileManager.default.contentsOfDirectory(at: docs, includingPropertiesForKeys: nil))
      .filter { $0.pathExtension == "md" }
  }

  /// Every file under `folders` whose extension is one of `extensions`, sorted.
  static func files(under folders: [String], extensions: Set<String>) -> [URL] {
    folders.flatMap { folder -> [URL] in
      let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
      return (enumerator?.allObjects as? [URL] ?? []).filter { extensions.contains($0.pathExtension) }
    }.sorted { $0.path < $1.path }
  }

  @Test("every relative link of README.md and docs/*.md resolves inside the repository")
  func linksResolve() throws {
    let root = Self.root
    let pages = try Self.pages()
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

  /// Paths of the repository named in the documentation (`Sources/AnimplotIO/Kinds/`,
  /// `Scripts/output_digests.sh`) exist; a placeholder file name (`NAME.swift`) needs its folder.
  @Test("every repository path the documentation names exists")
  func namedPathsExist() throws {
    let pages = try Self.pages()
      + Self.files(under: ["Sources", "Integrations"], extensions: ["md"])
    let pattern = try Regex(#"(?:^|[^\w/.])((?:Sources|Tests|docs|Examples|Fixtures|Scripts|Integrations|Benchmarks|Fuzz)/[\w./+-]*)"#)
    var missing: [String] = []
    var checked = 0
    for page in pages {
      let text = try String(contentsOf: page, encoding: .utf8)
      for match in text.matches(of: pattern) {
        var path = String(match.output[1].substring!)
        while let last = path.last, ".,".contains(last) { path.removeLast() }
        if path.contains("NAME") || path.contains("*") { path = (path as NSString).deletingLastPathComponent }
        checked += 1
        if !FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path) {
          missing.append("\(page.path.dropFirst(Self.root.path.count + 1)): \(path)")
        }
      }
    }
    #expect(checked > 20)
    #expect(missing.isEmpty, "\(missing.joined(separator: "\n"))")
  }

  /// `(docs/NAME.md, "Heading")` and `(README, "Heading" and "Other")` in code, scripts and docs
  /// name headings that exist (comment markers at line breaks are read through).
  @Test("every reference to a section of a doc names a heading it has")
  func sectionReferencesResolve() throws {
    let sources = Self.files(
      under: ["Sources", "Tests", "Scripts", "Integrations", "Benchmarks", "Fuzz", "Examples", "docs"],
      extensions: ["swift", "sh", "py", "md", "c", "h"]
    ).filter { $0.lastPathComponent != "DocsLinkTests.swift" } + [Self.root.appendingPathComponent("Makefile")]
    let reference = try Regex(#"\((docs/[\w.-]+\.md|README)((?:,? (?:and )?"[^"]+")+)\)"#)
    let quoted = try Regex(#""([^"]+)""#)
    let lineBreak = try Regex(#"\n[ \t]*(?:///|//|#)?[ \t]*"#)
    var headings: [String: Set<String>] = [:]
    func headingsOf(_ doc: String) throws -> Set<String> {
      if let known = headings[doc] { return known }
      let file = doc == "README" ? "README.md" : doc
      let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
      let found = Set(text.split(separator: "\n").filter { $0.hasPrefix("#") }.map {
        String($0.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces))
      })
      headings[doc] = found
      return found
    }
    var wrong: [String] = []
    var checked = 0
    for file in sources {
      guard let raw = try? String(contentsOf: file, encoding: .utf8) else { continue }
      let text = raw.replacing(lineBreak, with: " ")
      for match in text.matches(of: reference) {
        let doc = String(match.output[1].substring!)
        let names = text[match.output[2].range!].matches(of: quoted).map { String($0.output[1].substring!) }
        for name in names {
          checked += 1
          if !(try headingsOf(doc)).contains(name) {
            wrong.append("\(file.path.dropFirst(Self.root.path.count + 1)): \(doc) has no heading \"\(name)\"")
          }
        }
      }
    }
    #expect(checked > 20)
    #expect(wrong.isEmpty, "\(wrong.joined(separator: "\n"))")
  }

  /// The README's `Package.swift` depends on animplot as Examples/Consumer, the package
  /// `make test` builds, does: the same products, the same `path:` form, the same
  /// swift-snapshot-testing; and by the repository's URL on `main`.
  @Test("the README's package snippet is the tested consumer's")
  func readmePackageSnippet() throws {
    let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    let snippet = try #require(
      readme.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] }
        .first { $0.contains("import PackageDescription") })
    let consumer = try String(
      contentsOf: Self.root.appendingPathComponent("Examples/Consumer/Package.swift"), encoding: .utf8)
    let product = try Regex(#"\.product\(name: "(\w+)", package: "animplot"\)"#)
    func products(_ text: String) -> Set<String> { Set(text.matches(of: product).map { String($0.output[1].substring!) }) }
    #expect(products(snippet) == products(consumer))
    #expect(products(snippet).count == 4)
    #expect(snippet.contains(#".package(url: "https://github.com/animplot/animplot.git", branch: "main")"#))
    #expect(snippet.contains(#".package(name: "animplot", path: "#) && consumer.contains(#".package(name: "animplot", path: "#))
    let snapshotTesting = try #require(consumer.split(separator: "\n").first { $0.contains("swift-snapshot-testing.git") })
    #expect(snippet.contains(snapshotTesting.trimmingCharacters(in: .whitespaces)))
  }
}
