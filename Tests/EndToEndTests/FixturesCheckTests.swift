import Foundation
import Testing

/// The project's own golden tests: `animplot check Fixtures/` as CI runs it, recording nothing.
@Suite("Fixtures/ through animplot check")
struct FixturesCheckTests {
  @Test func everyFixtureMatchesItsReference() throws {
    let artifacts = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: artifacts) }
    let r = try CLI.run(
      ["check", "Fixtures", "--record", "never", "--artifacts", artifacts.path],
      environment: ["CI": "true"])
    #expect(
      r.status == 0,
      "\(r.stdout)\(r.stderr)\nIf the change is intended, re-record with: animplot check Fixtures --record failed")
    #expect(r.stdout.hasSuffix(" passed, 0 failed\n"))
    #expect(r.stderr.isEmpty)
  }

  /// References stay small, so the repository does not grow with every re-recording.
  @Test func referencesAreSmall() throws {
    let folder = CLI.repository.appendingPathComponent("Fixtures")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    let references = names.filter { name in [".png", ".svg", ".txt", ".csv"].contains { name.hasSuffix($0) } }
    #expect(references.count >= 5)
    for name in references {
      let size = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)[.size] as! Int
      #expect(size < 50_000, "\(name) is \(size) bytes")
    }
  }
}
