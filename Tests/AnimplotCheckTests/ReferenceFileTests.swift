import AnimplotCheck
import AnimplotPlatform
import Foundation
import Testing

/// References are written only in the case folder the run began in: a folder replaced by a
/// link (or by another folder) after the run opened it is refused, and what is written goes
/// below the folder opened then, each folder on the way opened without following a link.
@Suite("Writing references")
struct ReferenceFileTests {
  func reference(_ folder: String, _ relative: String) -> CheckCase {
    CheckCase(
      name: relative, inputPath: folder + "/" + relative + ".json", argumentsPath: nil, kind: .png,
      referencePath: folder + "/" + relative, referenceExists: true)
  }

  @Test func aCaseFolderSwappedForALinkIsRefused() throws {
    let root = try TemporaryFolder(["cases/ball.png": "old", "cases/ui/arm.png": "old arm"])
    defer { root.remove() }
    let cases = root.path("cases")
    let opened = try OpenFolder(cases)
    #expect(ReferenceFile.write(Array("new".utf8), for: reference(cases, "ball.png"), in: opened) == nil)
    #expect(try String(contentsOfFile: root.path("cases/ball.png"), encoding: .utf8) == "new")

    // The folder moved away and a link to another put in its place.
    try FileManager.default.moveItem(atPath: cases, toPath: root.path("real"))
    try FileManager.default.createDirectory(atPath: root.path("outside/ui"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: cases, withDestinationPath: root.path("outside"))
    for name in ["ball.png", "ui/arm.png"] {
      let refusal = ReferenceFile.write(Array("newer".utf8), for: reference(cases, name), in: opened)
      #expect(refusal?.hasPrefix("\(cases)/\(name): reached through a linked folder") == true, "\(refusal ?? "written")")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: root.path("outside")) == ["ui"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: root.path("outside/ui")).isEmpty)
    // A real folder in its place is no better.
    try FileManager.default.removeItem(atPath: cases)
    try FileManager.default.createDirectory(atPath: cases, withIntermediateDirectories: false)
    #expect(ReferenceFile.write(Array("newer".utf8), for: reference(cases, "ball.png"), in: opened) != nil)
    #expect(try FileManager.default.contentsOfDirectory(atPath: cases).isEmpty)
    // Put back, it is written again.
    try FileManager.default.removeItem(atPath: cases)
    try FileManager.default.moveItem(atPath: root.path("real"), toPath: cases)
    #expect(ReferenceFile.write(Array("newest".utf8), for: reference(cases, "ui/arm.png"), in: opened) == nil)
    #expect(try String(contentsOfFile: root.path("cases/ui/arm.png"), encoding: .utf8) == "newest")
  }

  /// Below the opened folder, a write never follows a link, whatever the path names by the
  /// time it is made: into the folder opened, or refused.
  @Test func writesGoBelowTheFolderOpened() throws {
    let root = try TemporaryFolder(["cases/ui/arm.png": "old", "outside/x": ""])
    defer { root.remove() }
    let opened = try OpenFolder(root.path("cases"))
    try FileManager.default.moveItem(atPath: root.path("cases"), toPath: root.path("moved"))
    try opened.write(Array("new".utf8), at: "ui/arm.png", shown: "arm.png")
    #expect(try String(contentsOfFile: root.path("moved/ui/arm.png"), encoding: .utf8) == "new")
    try FileManager.default.createSymbolicLink(atPath: root.path("moved/link"), withDestinationPath: root.path("outside"))
    try FileManager.default.createSymbolicLink(atPath: root.path("moved/file.png"), withDestinationPath: root.path("outside/x"))
    #expect(throws: OpenFolder.WriteError.self) { try opened.write(Array("x".utf8), at: "link/a.png", shown: "a.png") }
    #expect(throws: OpenFolder.WriteError.self) { try opened.write(Array("x".utf8), at: "file.png", shown: "file.png") }
    #expect(throws: OpenFolder.WriteError.self) { try opened.write(Array("x".utf8), at: "../outside/a.png", shown: "a.png") }
    #expect(try FileManager.default.contentsOfDirectory(atPath: root.path("outside")) == ["x"])
    #expect(try String(contentsOfFile: root.path("outside/x"), encoding: .utf8) == "")
    // Nothing else left in the folder (no temporary file).
    #expect(try FileManager.default.contentsOfDirectory(atPath: root.path("moved")).sorted() == ["file.png", "link", "ui"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: root.path("moved/ui")) == ["arm.png"])
  }
}
