import AnimplotCore
import AnimplotEdit
import AnimplotIO
import AnimplotTestSupport
import Foundation
import Testing

/// `animplot edit` on Blender's edit oracle: each case's initial state written as a file that
/// keeps its keys as stored (`"recalculate": false`), its scene, editor and operations as an
/// edit script in the oracle's own spelling, run through the binary; the output read back
/// equals the library's document, and `eval` of it the library's values.
@Suite(.needs(SharedFolder.edits))
struct EditCommandTests {
  @Test func everySupportedCaseThroughTheBinary() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("animplot-edit-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var ran = 0
    var asBlender = 0
    for oracleCase in EditOracle.cases where oracleCase.steps.allSatisfy({ $0.operation != nil }) {
      // The library's answer, and whether it is Blender's.
      var document = oracleCase.document
      var matches = true
      var failed = false
      for step in oracleCase.steps {
        do { try document.apply(step.operation!) } catch {
          failed = true
          break
        }
        if EditOracle.difference(document, step.curves) != nil { matches = false }
      }
      if failed || document.curves.isEmpty { continue }

      var action = Action(name: oracleCase.id, tracks: oracleCase.document.fcurves)
      action.fps = oracleCase.document.scene.fps
      var input = ActionDocument(actions: [action])
      input.keysAsStored = true
      let inputURL = folder.appendingPathComponent("\(oracleCase.id).json")
      try ActionEncoder.encode(input).write(to: inputURL, atomically: true, encoding: .utf8)
      let script: [String: Any] = [
        "scene": oracleCase.json["scene"]!, "editor": oracleCase.json["editor"]!,
        "ops": oracleCase.steps.map(\.json),
      ]
      let opsURL = folder.appendingPathComponent("\(oracleCase.id).ops.json")
      try JSONSerialization.data(withJSONObject: script).write(to: opsURL)
      let outputURL = folder.appendingPathComponent("\(oracleCase.id).out.json")
      let run = try Run.of(Repository.binary, ["edit", inputURL.path, "--ops", opsURL.path, "-o", outputURL.path])
      #expect(run.status == 0, "\(oracleCase.id): \(run.errors)")
      guard run.status == 0 else { continue }
      let written = try ActionDecoder.decode(Array(try Data(contentsOf: outputURL)), file: outputURL.path)
      #expect(written.keysAsStored)
      #expect(written.actions[0].tracks == document.fcurves, "\(oracleCase.id): the binary's keys differ from the library's")
      ran += 1
      if matches { asBlender += 1 }
    }
    print("animplot edit: \(ran) oracle cases through the binary, \(asBlender) of them Blender's bit for bit at every step")
    #expect(ran >= 250)
  }
}
