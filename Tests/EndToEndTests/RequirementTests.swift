import AnimplotTestSupport
import Foundation
import Testing

/// What a clone without the shared reference folder or a browser does: skips, saying so, or
/// with CI set fails, saying why.
@Suite("requirements: skipped on a clone, required in CI")
struct RequirementTests {
  static let missing = Requirement(what: "a thing", missing: "/x not found", howToRun: "run it so", isMet: false)

  @Test func metRunsUnmetSkipsUnmetInCIFails() throws {
    var met = Self.missing
    met.isMet = true
    #expect(try met.check(environment: ["CI": "true"]))
    #expect(try !Self.missing.check(environment: [:]))
    #expect(try !Self.missing.check(environment: ["CI": ""]))
    #expect(Self.missing.skipLine == "needs a thing: /x not found; run it so")
    let error = #expect(throws: Requirement.Unmet.self) { try Self.missing.check(environment: ["CI": "1"]) }
    #expect(error?.description == "CI is set, so what is skipped elsewhere is required here: needs a thing: /x not found; run it so")
    // What only a developer fetches by hand stays skipped in CI too, and says so.
    var byHand = Self.missing
    byHand.requiredInCI = false
    #expect(try !byHand.check(environment: ["CI": "1"]))
    #expect(byHand.skipLine == "needs a thing: /x not found; run it so (skipped in CI too: CI does not fetch it)")
  }

  @Test func theSharedFolderIsTheVariableElseBesideThePackage() {
    #expect(SharedFolder.root(environment: ["ANIMPLOT_SHARED": "/data/ref/"]).path == "/data/ref")
    #expect(SharedFolder.root(environment: ["ANIMPLOT_SHARED": ""]) == SharedFolder.root(environment: [:]))
    #expect(SharedFolder.root(environment: [:]).path == Repository.root.deletingLastPathComponent().appendingPathComponent("shared").path)
  }

  /// The Blender exporter's check, with a stand-in `blender` on PATH (it stops before running
  /// it): without the shared folder, one skip line and exit 0; with CI set, exit 1 saying why.
  @Test func exporterCheckWithoutTheSharedFolder() throws {
    let dir = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let blender = dir.appendingPathComponent("blender")
    try Data("#!/bin/sh\nexit 3\n".utf8).write(to: blender)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: blender.path)
    func run(ci: String?) throws -> (status: Int32, output: String) {
      let run = try Run.of(
        Repository.root.appendingPathComponent("Integrations/blender/test_export.sh"), [],
        environment: [
          "PATH": dir.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
          "ANIMPLOT_SHARED": dir.appendingPathComponent("nowhere").path, "CI": ci,
        ])
      return (run.status, run.output + run.errors)
    }
    let blend = dir.appendingPathComponent("nowhere/oracle/realistic_actions.blend").path
    let skipped = try run(ci: nil)
    #expect(skipped.status == 0)
    #expect(skipped.output == """
      test_export.sh: skipped: needs Blender's oracle scene from the shared reference folder: \(blend) not found; \
      run it with ANIMPLOT_SHARED=/path/to/shared make test

      """)
    let failed = try run(ci: "true")
    #expect(failed.status == 1)
    #expect(failed.output.contains("test_export.sh: FAIL: CI is set, so what is skipped elsewhere is required here"), "\(failed.output)")
  }
}
