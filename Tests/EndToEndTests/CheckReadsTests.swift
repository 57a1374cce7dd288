import AnimplotTestSupport
import Foundation
import Testing

/// `check` and `merge` write nothing over a file the run reads, whatever names it: not a
/// report, not an artifact, not a recorded reference, and remove none of them as a stale
/// artifact. The files a case reads are more than the case folder's: a glTF input's external
/// buffers and images, and the files its options name (`edit --ops`, `graph --ghost`).
extension HardeningRoundTwoTests {
  /// A glTF input whose buffer is `uri` (relative to `cases`), written there; the case
  /// `hop.png` draws it at 64 × 48.
  func gltfCase(in cases: URL, bufferAt uri: String) throws {
    let floats: [Float] = [0, 1, 2] + [0, 0, 0, 1, 2, 3, 0, 1, 0]
    let bytes = floats.flatMap { f in withUnsafeBytes(of: f.bitPattern.littleEndian) { Array($0) } }
    let buffer = cases.appendingPathComponent(uri)
    try FileManager.default.createDirectory(at: buffer.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: buffer)
    try write(
      """
      {"asset": {"version": "2.0"}, "nodes": [{"name": "Cube"}],
       "buffers": [{"byteLength": 48, "uri": "\(uri)"}],
       "bufferViews": [{"buffer": 0, "byteLength": 12}, {"buffer": 0, "byteOffset": 12, "byteLength": 36}],
       "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "SCALAR"},
                     {"bufferView": 1, "componentType": 5126, "count": 3, "type": "VEC3"}],
       "animations": [{"samplers": [{"input": 0, "output": 1}],
                       "channels": [{"sampler": 0, "target": {"node": 0, "path": "translation"}}]}]}
      """, to: cases.appendingPathComponent("hop.gltf"))
    try write("graph --width 64 --height 48\n", to: cases.appendingPathComponent("hop.args"))
  }

  /// The bytes of every file under `dir`, by relative path.
  func contents(_ dir: URL) throws -> [String: Data] {
    var all: [String: Data] = [:]
    let walker = try #require(FileManager.default.enumerator(atPath: dir.path))
    for case let name as String in walker {
      var isFolder: ObjCBool = false
      let path = dir.appendingPathComponent(name).path
      if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
        all[name] = try Data(contentsOf: URL(fileURLWithPath: path))
      }
    }
    return all
  }

  @Test(arguments: [
    ("--report", "cases/data/hop.bin", "--report cases/data/hop.bin: that is cases/data/hop.bin, which the input cases/hop.gltf refers to; choose another path"),
    ("--json", "cases/./data/../data/hop.bin", "--json cases/./data/../data/hop.bin: that is cases/data/hop.bin, which the input cases/hop.gltf refers to; choose another path"),
    ("--junit", "buffer-link", "--junit buffer-link: that is cases/data/hop.bin, which the input cases/hop.gltf refers to; choose another path"),
    ("--junit", "cases/s.ops", "--junit cases/s.ops: that is cases/s.ops, the --ops file of cases/ball.args; choose another path"),
    ("--report", "cases/ghost.txt", "--report cases/ghost.txt: that is cases/ghost.txt, the --ghost file of cases/g.args; choose another path"),
    // The options of every case of its folder, each case having its own NAME.args too.
    ("--json", "cases/sub/check.args", "--json cases/sub/check.args: that is a file of the case folder cases; choose another path"),
  ])
  func aReportOverAFileACaseReadsIsRefused(option: String, path: String, message: String) throws {
    let dir = try CLI.temporaryDirectory()
    let cases = dir.appendingPathComponent("cases")
    try gltfCase(in: cases, bufferAt: "data/hop.bin")
    let ball = CLI.repository.appendingPathComponent("Examples/bouncing-ball.json")
    for name in ["ball.json", "g.json", "ghost.txt"] {
      try FileManager.default.copyItem(at: ball, to: cases.appendingPathComponent(name))
    }
    try FileManager.default.copyItem(
      at: CLI.repository.appendingPathComponent("Examples/edits/handle-drag.json"), to: cases.appendingPathComponent("s.ops"))
    try write("edit --ops s.ops\n", to: cases.appendingPathComponent("ball.args"))
    try write("graph --width 64 --height 48 --ghost ghost.txt\n", to: cases.appendingPathComponent("g.args"))
    try FileManager.default.createDirectory(at: cases.appendingPathComponent("sub"), withIntermediateDirectories: false)
    try FileManager.default.copyItem(at: ball, to: cases.appendingPathComponent("sub/c.json"))
    try write("graph --width 64 --height 48\n", to: cases.appendingPathComponent("sub/check.args"))
    try write("--theme light\n", to: cases.appendingPathComponent("sub/c.args"))
    try FileManager.default.createSymbolicLink(
      atPath: dir.appendingPathComponent("buffer-link").path, withDestinationPath: "cases/data/hop.bin")
    let before = try contents(dir)
    let r = try CLI.run(["check", "cases", option, path], in: dir, environment: CheckCommandTests.local)
    #expect(r.status == 2, "\(r.stdout)\(r.stderr)")
    #expect(r.stderr == "animplot: \(message)\n")
    #expect(try contents(dir) == before, "nothing written")
    // The same folder with the reports elsewhere: every case is drawn (and recorded).
    let drawn = try CLI.run(["check", "cases", option, "report.out"], in: dir, environment: CheckCommandTests.local)
    #expect(drawn.status == 1 && drawn.stdout.hasPrefix("RECORDED "), "\(drawn.stdout)\(drawn.stderr)")
    #expect(drawn.stdout.contains("0 passed, 0 failed, 4 recorded"), "\(drawn.stdout)")
  }

  /// A buffer in the artifacts folder named as an artifact of its own case: a passing case
  /// does not remove it as stale, a failing one does not replace it with its diff.
  @Test func anArtifactNeverReplacesNorRemovesAFileACaseReads() throws {
    let dir = try CLI.temporaryDirectory()
    let cases = dir.appendingPathComponent("cases")
    try gltfCase(in: cases, bufferAt: ".art/hop.diff.png")
    let buffer = try Data(contentsOf: cases.appendingPathComponent(".art/hop.diff.png"))
    let check = ["check", "cases", "--artifacts", "cases/.art"]
    var r = try CLI.run(check, in: dir, environment: CheckCommandTests.local)
    #expect(r.status == 1 && r.stdout.hasPrefix("RECORDED hop.png"), "\(r.stdout)\(r.stderr)")
    #expect(try Data(contentsOf: cases.appendingPathComponent(".art/hop.diff.png")) == buffer)
    r = try CLI.run(check, in: dir, environment: CheckCommandTests.local)
    #expect(r.status == 0 && r.stdout == "1 passed, 0 failed\n", "\(r.stdout)\(r.stderr)")
    #expect(try Data(contentsOf: cases.appendingPathComponent(".art/hop.diff.png")) == buffer)
    // A difference: the diff would land on the buffer; the case fails with that said after
    // its comparison, which the reports keep (it was replaced by the artifact's error).
    try write("graph --width 64 --height 48 --current-frame 30\n", to: cases.appendingPathComponent("hop.args"))
    r = try CLI.run(check + ["--record", "never", "--json", "s.json"], in: dir, environment: CheckCommandTests.local)
    #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
    let line = String(r.stdout.prefix { $0 != "\n" })
    #expect(line.hasPrefix("FAIL hop.png: differ: "), "\(r.stdout)")
    #expect(
      line.hasSuffix(
        "; not written: cases/.art/hop.diff.png: this artifact would replace cases/.art/hop.diff.png, which the input cases/hop.gltf refers to; choose another --artifacts folder"),
      "\(r.stdout)")
    let summary = try String(contentsOf: dir.appendingPathComponent("s.json"), encoding: .utf8)
    #expect(summary.contains("\"figures\""), "the comparison's figures are kept")
    #expect(!summary.contains("\"hop.diff.png\""), "the artifact not written is not listed")
    #expect(try Data(contentsOf: cases.appendingPathComponent(".art/hop.diff.png")) == buffer)
  }

  /// A reference recorded over a file another case's input reads (`b.png`, the glTF's buffer)
  /// is refused: that case fails, the file stays.
  @Test func aReferenceIsNotRecordedOverAFileACaseReads() throws {
    let dir = try CLI.temporaryDirectory()
    let cases = dir.appendingPathComponent("cases")
    try gltfCase(in: cases, bufferAt: "b.png")
    try FileManager.default.copyItem(
      at: CLI.repository.appendingPathComponent("Examples/bouncing-ball.json"), to: cases.appendingPathComponent("b.json"))
    let buffer = try Data(contentsOf: cases.appendingPathComponent("b.png"))
    let r = try CLI.run(["check", "cases", "--record", "all"], in: dir, environment: CheckCommandTests.local)
    #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
    #expect(
      r.stdout.hasPrefix(
        "ERROR b.png: cases/b.png: not recorded: that is cases/b.png, which the input cases/hop.gltf refers to; rename one\nRECORDED hop.png: "),
      "\(r.stdout)")
    #expect(try Data(contentsOf: cases.appendingPathComponent("b.png")) == buffer)
  }
}
