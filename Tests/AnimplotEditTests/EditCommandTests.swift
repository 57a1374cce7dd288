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

/// `animplot edit`'s options for people, its errors, and its outputs.
struct EditOptionsTests {
  static let curve = Repository.root.appendingPathComponent("Examples/edit-curve.json")

  func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("animplot-edit-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// The options apply in the order given, as the same operations in a script do.
  @Test func optionsAreTheScriptsOperationsInOrder() throws {
    let run = try Run.of(
      Repository.binary,
      ["edit", Self.curve.path, "--select", "location[2]:1", "--translate", "2.4,0.5", "--snap", "nearest-frame",
       "--interpolation", "linear"])
    #expect(run.status == 0, "\(run.errors)")
    let written = try ActionDecoder.decode(Array(run.stdout))
    let input = try ActionDecoder.decode(Array(try Data(contentsOf: Self.curve)))
    var document = EditDocument(curves: input.actions[0].tracks)
    try document.apply(.selectInChannel(address: "location[2]", keys: [1], part: .key, extend: false))
    try document.apply(.translate(frames: 2.4, value: 0.5, snap: nil))
    try document.apply(.snap(.nearestFrame))
    try document.apply(.interpolation(.linear))
    #expect(written.actions[0].tracks == document.fcurves)
    #expect(written.actions[0].tracks[0].keyframes[1].frame == 15)
    #expect(written.actions[0].tracks[0].keyframes[1].interpolation == .linear)
    #expect(written.keysAsStored)
    // Read back as stored: the same keys, bit for bit.
    #expect(try ActionDecoder.decode(Array(run.stdout)).actions[0].tracks == written.actions[0].tracks)
  }

  @Test(arguments: [
    (["--translat", "2,0"], "did you mean --translate?"),
    (["--select", "location[5]"], "--select location[5]: select: no channel location[5]"),
    (["--select", "location[2]:9"], "location[2] has no key 9"),
    (["--snap", "nearest"], "--snap nearest: unknown value \"nearest\""),
    (["--translate", "2"], "--translate 2: expected two numbers DX,DY"),
    (["--op", "{\"op\": \"bake\"}"], "bake and unbake are out of scope"),
    (["--op", "{\"op\": \"snap\", \"type\": \"NEAREST\"}"], "--op #1:1:24: type: unknown value \"NEAREST\""),
    ([String](), "edit needs operations"),
  ])
  func aBadEditIsOneLineAndWritesNothing(arguments: [String], message: String) throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let output = dir.appendingPathComponent("out.json")
    let run = try Run.of(Repository.binary, ["edit", Self.curve.path] + arguments + ["-o", output.path])
    #expect(run.status == 2)
    #expect(run.errors.contains(message), "\(run.errors)")
    #expect(run.errors.split(separator: "\n").count == 1)
    #expect(!FileManager.default.fileExists(atPath: output.path))
  }

  @Test func inPlaceReplacesTheInputWithItsEditedSelf() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("curve.json")
    try FileManager.default.copyItem(at: Self.curve, to: file)
    let run = try Run.of(Repository.binary, ["edit", file.path, "--select", "all", "--snap", "nearest-frame", "--in-place"])
    #expect(run.status == 0, "\(run.errors)")
    let written = try ActionDecoder.decode(Array(try Data(contentsOf: file)))
    #expect(written.keysAsStored)
    #expect(written.actions[0].tracks[0].keyframes.map(\.frame) == [1, 12, 24, 36])
    // A failed edit leaves the file as it was.
    let before = try Data(contentsOf: file)
    let bad = try Run.of(Repository.binary, ["edit", file.path, "--select", "location[9]", "--in-place"])
    #expect(bad.status == 2)
    #expect(try Data(contentsOf: file) == before)
  }
}

/// What the review of the edit verb found, each kept from coming back.
struct EditReviewTests {
  static let curve = Repository.root.appendingPathComponent("Examples/edit-curve.json")

  @Test func standardInputIsReadOnce() throws {
    let run = try Run.of(Repository.binary, ["edit", "-", "--select", "all"], stdin: try Data(contentsOf: Self.curve))
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.contains("\"recalculate\": false"))
  }

  @Test(arguments: [["--clean", " 0.1"], ["--delete=3"], ["--select", "location[2]:"], ["--select", "location[2]:,"],
    ["--select", "location[2]:99999999999999999999"], ["--op", ""], ["--op", "{\"op\": \"delete\"}, {\"op\": \"delete\"}"]])
  func oddOptionsAreRefusedOrRead(arguments: [String]) throws {
    let run = try Run.of(Repository.binary, ["edit", Self.curve.path] + arguments)
    // " 0.1" is a threshold like "0.1"; the others are refused with one line.
    if arguments == ["--clean", " 0.1"] {
      #expect(run.status == 0, "\(run.errors)")
    } else {
      #expect(run.status == 2, "\(arguments): \(run.errors)")
      #expect(run.errors.split(separator: "\n").count == 1)
    }
  }

  @Test func aFileTakenAsStoredMustHoldItsKeysInOrder() throws {
    let text = #"{"recalculate": false, "tracks": [{"dataPath": "location", "keyframes": [{"frame": 10, "value": 0}, {"frame": 0, "value": 1}]}]}"#
    #expect(throws: ActionDecodingError.self) { _ = try ActionDecoder.decode(text) }
    #expect(throws: Never.self) { _ = try ActionDecoder.decode(text.replacingOccurrences(of: "\"recalculate\": false, ", with: "")) }
  }

  @Test func theSceneIsWrittenBackOnlyWhereAnEditChangedIt() throws {
    let text = #"{"name": "A", "currentFrame": 7.5, "tracks": [{"dataPath": "location", "keyframes": [{"frame": 1, "value": 0}, {"frame": 9, "value": 1}]}]}"#
    let run = try Run.of(Repository.binary, ["edit", "-", "--select", "all"], stdin: Data(text.utf8))
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.contains("\"currentFrame\": 7.5"))
    #expect(!run.output.contains("cursorValue"))
  }

  @Test func aCancelledOperationSaysSoAndGoesOn() throws {
    let run = try Run.of(Repository.binary, ["edit", Self.curve.path, "--mirror", "marker"])
    #expect(run.status == 0)
    #expect(run.errors.contains("--mirror marker: changed nothing"))
  }

  @Test func bonesBlendToTheirPropertysDefault() throws {
    var curve = FCurve(dataPath: "pose.bones[\"Arm\"].scale", index: 1)
    curve.keyframes = [Keyframe(frame: 1, value: 3), Keyframe(frame: 5, value: 2)]
    curve.selected = true
    var document = EditDocument(curves: [curve])
    try document.apply(.selectAll(.select))
    try document.apply(.blendToDefault(factor: 1))
    #expect(document.curves[0].keyframes.map(\.value) == [1, 1])
  }

  /// Auto-merge after a move of every key of a long curve is not quadratic: 200,000 keys move.
  @Test func movingEveryKeyOfALongCurveMerges() throws {
    var curve = FCurve(dataPath: "location", index: 0)
    curve.keyframes = Keyframes((0..<200_000).map { Keyframe(frame: Float($0), value: 0) })
    var document = EditDocument(curves: [curve])
    try document.apply(.selectAll(.select))
    try document.apply(.translate(frames: 1, value: 0, snap: AutoSnap.none))
    #expect(document.curves[0].keyframes.count == 200_000)
    #expect(document.curves[0].keyframes.first?.frame == 1)
  }
}
