import AnimplotCore
import AnimplotIO
import Foundation
import Testing

/// Each name read is at most `Limits.nameBytes`, and so is each path an importer joins from
/// names (a Lottie layer's through its parents, a shape item's through its groups, a data
/// path; a glTF animation pointer): 64 nested groups of 1 KB names made 64 KB paths, one per
/// track.
@Suite("built path limits")
struct BuiltPathLimitTests {
  /// A name of `bytes` bytes: each fits the limit alone.
  func name(_ letter: String, _ bytes: Int) -> String { String(repeating: letter, count: bytes) }

  /// The error decoding `json` gives, or "decoded" and its longest data path.
  func failure(_ json: String, kind: InputKind = .lottie, file: String = "l.json") -> String {
    do {
      let document = try InputKind.decode(Array(json.utf8), file: file, path: nil, kind: kind)
      return "decoded, longest data path \(document.actions[0].tracks.map(\.dataPath.utf8.count).max() ?? 0)"
    } catch {
      return "\(error)"
    }
  }

  static let rotation = #"{"r": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 10, "s": [90]}]}}"#

  @Test func aLayerWhoseParentsMakeAPathPastTheLimitIsRefusedAtTheLayer() {
    // Three names of 400 bytes: the third layer's path, A/B/C, is 1,202.
    let json = """
      {"fr": 30, "ip": 0, "op": 10, "layers": [
        {"nm": "\(name("a", 400))", "ind": 1, "ks": {}},
        {"nm": "\(name("b", 400))", "ind": 2, "parent": 1, "ks": {}},
        {"nm": "\(name("c", 400))", "ind": 3, "parent": 2, "ks": \(Self.rotation)}]}
      """
    let message = failure(json)
    #expect(message.hasPrefix("l.json:"), "\(message)")
    #expect(message.contains("layers[2]: the layer's path (its precomps and parents) is more than 1024 bytes, animplot's limit for one name"), "\(message)")
  }

  @Test func nestedShapeGroupsWhosePathPassesTheLimitAreRefusedAtTheItem() {
    // Groups of 300-byte names: L/g/g/g is 905 bytes, the fourth group's 1,206.
    func groups(_ count: Int) -> String {
      var item = #"{"ty": "tr", "r": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 10, "s": [90]}]}}"#
      for _ in 0..<count { item = #"{"ty": "gr", "nm": "\#(name("g", 300))", "it": [\#(item)]}"# }
      return #"{"fr": 30, "ip": 0, "op": 10, "layers": [{"nm": "L", "ty": 4, "ks": {}, "shapes": [\#(item)]}]}"#
    }
    let message = failure(groups(4))
    #expect(message.contains("layers[0].shapes[0].it[0].it[0].it[0]: the shape item's path (its layer and groups) is more than 1024 bytes"), "\(message)")
    // Three fit.
    #expect(failure(groups(3)).hasPrefix("decoded"))
  }

  @Test func aPropertyKeyThatMakesTheDataPathPassTheLimitIsRefused() {
    // An animated number under a key of 1,100 bytes: each name fits, the data path does not.
    let json = """
      {"fr": 30, "ip": 0, "op": 10, "layers": [{"nm": "L", "ty": 4, "ks": \(Self.rotation), "shapes": [
        {"ty": "el", "nm": "E", "\(name("k", 1_100))": {"a": 1, "k": [{"t": 0, "s": [1]}, {"t": 10, "s": [2]}]}}]}]}
      """
    let message = failure(json)
    #expect(message.contains("the property's data path is more than 1024 bytes"), "\(message)")
  }

  @Test func manyLeftOutPropertiesAreAFewWarningLines() throws {
    // Twenty layers whose rotation keys are out of order, and one that reads.
    let broken = #"{"nm": "B", "ks": {"r": {"a": 1, "k": [{"t": 5, "s": [0]}, {"t": 2, "s": [90]}]}}}"#
    let json = #"{"fr": 30, "ip": 0, "op": 10, "layers": [\#(Array(repeating: broken, count: 20).joined(separator: ", ")), {"nm": "Good", "ks": \#(Self.rotation)}]}"#
    let document = try InputKind.decode(Array(json.utf8), file: "l.json", path: nil, kind: .lottie)
    #expect(document.actions[0].tracks.count == 1)
    #expect(document.warnings.count == 4, "\(document.warnings)")
    #expect(document.warnings[0].contains("layers[0].ks.r.k[1].t: key time 2.0 comes before 5.0; keys must be in order (B: Rotation left out; the rest is read)"))
    #expect(document.warnings[3].hasPrefix("l.json") && document.warnings[3].hasSuffix("… and 17 more properties left out; the rest is read"), "\(document.warnings[3])")
  }

  @Test func aLongAnimationPointerIsNoDataPath() {
    // Times 0 and 1 s as two little-endian floats, in a data URI; values zeros.
    let times = Data([0, 0, 0, 0, 0, 0, 0x80, 0x3F]).base64EncodedString()
    let pointer = "/materials/0/" + name("x", 2_000)
    let json = """
      {"asset": {"version": "2.0"}, "nodes": [{}],
       "buffers": [{"byteLength": 8, "uri": "data:application/octet-stream;base64,\(times)"}],
       "bufferViews": [{"buffer": 0, "byteLength": 8}],
       "accessors": [{"bufferView": 0, "componentType": 5126, "count": 2, "type": "SCALAR"},
                     {"componentType": 5126, "count": 2, "type": "SCALAR"}],
       "animations": [{"samplers": [{"input": 0, "output": 1}], "channels": [
         {"sampler": 0, "target": {"path": "pointer", "extensions": {"KHR_animation_pointer": {"pointer": "\(pointer)"}}}}]}]}
      """
    let message = failure(json, kind: .gltf, file: "p.gltf")
    #expect(message.contains("extensions.KHR_animation_pointer.pointer: a name of more than 1024 bytes, animplot's limit for one name"), "\(message)")
  }

  /// A glTF whose unread `extras` holds more values than `Limits.jsonValues` still names its
  /// buffers (parsed whole, it passed the limit, and no file was named).
  @Test func aGLTFWithHugeExtrasStillNamesItsBuffers() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("animplot-refs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    var text = #"{"asset": {"version": "2.0"}, "buffers": [{"byteLength": 4, "uri": "b.png"}], "extras": ["#
    // `Limits.jsonValues` (10,000,000) zeros and one more.
    text += String(repeating: "0,", count: 10_000_000) + "0]}"
    let path = dir.appendingPathComponent("scene.gltf").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    #expect(try InputKind.referencedFiles(ofInputAt: path) == [dir.path + "/b.png"])
  }

  /// A glTF whose JSON cannot be read refuses the run rather than name no file.
  @Test func aGLTFWhoseJSONCannotBeReadNamesNoFilesButFails() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("animplot-refs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("scene.gltf").path
    try Data(#"{"asset": {"version": "2.0"}, "buffers": [{"uri": "b.png"}], "#.utf8).write(to: URL(fileURLWithPath: path))
    #expect(throws: ActionDecodingError.self) { try InputKind.referencedFiles(ofInputAt: path) }
  }
}
