import AnimplotCore
@testable import AnimplotIO
import Foundation
import Testing

/// What the adversarial trial of a release build found unbounded in the readers, each bounded
/// by a count (never a duration): the JSON values of a document read whole, the length of
/// names, `rotationModes`, warnings of one kind repeated, a long URI quoted in an error, and
/// Unity slopes whose segment overflows.
@Suite("input bounds (trial)")
struct InputBoundsTrialTests {
  /// `Limits.jsonValues`, `.nameBytes` and `.rotationModes`, as the README gives them.
  enum Limits {
    static let jsonValues = 10_000_000
    static let nameBytes = 1_024
    static let rotationModes = 100_000
  }

  static let tooLong = "a name of more than 1024 bytes, animplot's limit for one name"

  func document(_ text: String, file: String, kind: InputKind) throws -> ActionDocument {
    try InputKind.decode(Array(text.utf8), file: file, path: nil, kind: kind)
  }

  /// A glTF of one animation of one channel (times 0 and 1 s, translations zero), with
  /// `extra` inserted into the animation and `top` at the top level.
  func gltf(animationName: String = "Move", nodeName: String = "Cube", extra: String = "", top: String = "", channels: Int = 1)
    -> String
  {
    let times = Data([0, 0, 0, 0, 0, 0, 0x80, 0x3F]).base64EncodedString()
    let channel = #"{"sampler": 0, "target": {"node": 0, "path": "translation"}}"#
    return """
      {"asset": {"version": "2.0"}, "nodes": [{"name": "\(nodeName)"}],\(top)
       "buffers": [{"byteLength": 8, "uri": "data:application/octet-stream;base64,\(times)"}],
       "bufferViews": [{"buffer": 0, "byteLength": 8}],
       "accessors": [{"bufferView": 0, "componentType": 5126, "count": 2, "type": "SCALAR"},
                     {"componentType": 5126, "count": 2, "type": "VEC3"}],
       "animations": [{"name": "\(animationName)",\(extra) "samplers": [{"input": 0, "output": 1}],
                       "channels": [\(Array(repeating: channel, count: channels).joined(separator: ", "))]}]}
      """
  }

  /// A Lottie of one layer whose position moves, with `top` at the top level.
  func lottie(layerName: String = "Ball", top: String = "") -> String {
    """
    {"v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": 100, "h": 100,\(top)
     "layers": [{"ty": 4, "nm": "\(layerName)", "ind": 1, "ip": 0, "op": 30, "st": 0, "shapes": [],
                 "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [0, 0]}, {"t": 30, "s": [10, 0]}]}}}]}
    """
  }

  /// `n` zeros as a JSON array.
  func zeros(_ n: Int) -> String { "[" + String(repeating: "0,", count: n - 1) + "0]" }

  /// A glTF whose animation holds an ignored `extras` of more values than the limit was held
  /// whole (30 bytes each: 150 million aborted at 4.3 GB); now the value past the limit is
  /// the error, at its line and column.
  @Test func jsonValuesPastTheLimitAreRefused() {
    let text = gltf(extra: " \"extras\": \(zeros(Limits.jsonValues)),")
    let message = decodingFailure(text, file: "big.gltf", kind: .gltf)
    #expect(message.hasPrefix("big.gltf:"))
    #expect(message.hasSuffix(
      "more than \(Limits.jsonValues) JSON values, animplot's limit for one document (members it does not read are not counted)"))
  }

  /// A member at the top that the importer never reads is read through, neither made nor
  /// counted: a Lottie's `markers` or a glTF's `extras` of more values than the limit.
  @Test func topLevelMembersNotReadAreSkipped() throws {
    let many = zeros(Limits.jsonValues + 1)
    let action = try document(lottie(top: " \"markers\": \(many),"), file: "l.json", kind: .lottie).actions[0]
    #expect(action.tracks.count == 2)
    let gltfAction = try document(gltf(top: " \"extras\": \(many),"), file: "g.gltf", kind: .gltf).actions[0]
    #expect(gltfAction.tracks.count == 3)
    // What is skipped is still JSON: a syntax error in it is one.
    #expect(decodingFailure(lottie(top: " \"markers\": [1, ],"), file: "l.json", kind: .lottie).hasPrefix("l.json:1:"))
  }

  /// Names are bounded in every reader (6,000 tracks of 100 KB data paths took `info` 2.6 GB):
  /// 1,024 bytes are read, one more is an error naming the file, the place and the limit.
  @Test func namesPastTheLimitAreRefusedInEveryReader() throws {
    let fits = String(repeating: "n", count: Limits.nameBytes)
    let over = fits + "n"
    func track(_ path: String) -> String { #"{"tracks": [{"dataPath": "\#(path)", "keyframes": []}]}"# }
    #expect(decodingFailure(track(fits), file: "a.json", kind: .actionJSON) == "decoded")
    #expect(decodingFailure(track(over), file: "a.json", kind: .actionJSON) == "a.json:1:26: tracks[0].dataPath: " + Self.tooLong)
    // Escapes count as the bytes they stand for.
    let escaped = String(repeating: "\\u0041", count: Limits.nameBytes)
    #expect(decodingFailure(track(escaped), file: "a.json", kind: .actionJSON) == "decoded")
    #expect(decodingFailure(track(escaped + "\\u0041"), file: "a.json", kind: .actionJSON).hasSuffix(Self.tooLong))
    let group = #"{"tracks": [{"dataPath": "a", "group": "\#(over)", "keyframes": []}]}"#
    #expect(decodingFailure(group, file: "a.json", kind: .actionJSON).contains("tracks[0].group: " + Self.tooLong))
    let marker = #"{"markers": [{"frame": 1, "name": "\#(over)"}], "tracks": []}"#
    #expect(decodingFailure(marker, file: "a.json", kind: .actionJSON).contains("markers[0].name: " + Self.tooLong))
    let name = #"{"name": "\#(over)", "tracks": []}"#
    #expect(decodingFailure(name, file: "a.json", kind: .actionJSON).contains("name: " + Self.tooLong))
    let object = #"{"object": {"name": "\#(over)", "type": "mesh"}, "tracks": []}"#
    #expect(decodingFailure(object, file: "a.json", kind: .actionJSON).contains("object.name: " + Self.tooLong))
    let compact = #"{"timeline": [1], "channels": {"\#(over)": [0]}}"#
    #expect(decodingFailure(compact, file: "a.json", kind: .actionJSON).contains(Self.tooLong))
    let modes = #"{"rotationModes": {"\#(over)": "XYZ"}, "tracks": []}"#
    #expect(decodingFailure(modes, file: "a.json", kind: .actionJSON).contains(Self.tooLong))
    // glTF node and animation names, a Lottie layer's, a Unity path, a CSV header.
    #expect(decodingFailure(gltf(nodeName: fits), file: "g.gltf", kind: .gltf) == "decoded")
    #expect(decodingFailure(gltf(nodeName: over), file: "g.gltf", kind: .gltf).contains("nodes[0].name: " + Self.tooLong))
    #expect(decodingFailure(gltf(animationName: over), file: "g.gltf", kind: .gltf).contains("animations[0].name: " + Self.tooLong))
    // A Lottie layer's name is a data path too (`objects["…"].location`), held to the limit.
    #expect(decodingFailure(lottie(layerName: String(fits.dropFirst(24))), file: "l.json", kind: .lottie) == "decoded")
    #expect(decodingFailure(lottie(layerName: fits), file: "l.json", kind: .lottie).contains("layers[0].ks.p: the property's data path is more than 1024 bytes"))
    #expect(decodingFailure(lottie(layerName: over), file: "l.json", kind: .lottie).contains("layers[0].nm: " + Self.tooLong))
    #expect(decodingFailure(UnityClips.clip(path: over), file: "c.anim", kind: .unity).contains(".path: " + Self.tooLong))
    #expect(decodingFailure(UnityClips.clip(path: fits), file: "c.anim", kind: .unity) == "decoded")
    #expect(decodingFailure("frame,\(over)\n1,0\n", file: "s.csv", kind: .csv).hasPrefix("s.csv:1:7: " + Self.tooLong))
    #expect(decodingFailure("frame,\(fits)\n1,0\n", file: "s.csv", kind: .csv) == "decoded")
  }

  /// `rotationModes` is counted with the file (6 million entries took `info` 46 s), and its
  /// warnings (one per object the action does not have: 833 MB of them) are coalesced.
  @Test func rotationModesAreCountedAndTheirWarningsCoalesced() throws {
    func modes(_ n: Int) -> String {
      "{" + (0..<n).map { "\"o\($0)\": \"XYZ\"" }.joined(separator: ",") + "}"
    }
    let ten = try ActionDecoder.decode(#"{"rotationModes": \#(modes(10)), "tracks": []}"#, file: "a.json")
    #expect(ten.warnings.count == 4)
    #expect(ten.warnings.last == "a.json: rotationModes: … and 7 more objects that are no object of their action; their modes are not used")
    let fits = #"{"rotationModes": \#(modes(Limits.rotationModes)), "tracks": []}"#
    #expect(try ActionDecoder.decode(fits, file: "a.json").warnings.count == 4)
    let over = #"{"rotationModes": \#(modes(Limits.rotationModes + 1)), "tracks": []}"#
    #expect(decodingFailure(over, file: "a.json", kind: .actionJSON).hasSuffix(
      "rotationModes: more than \(Limits.rotationModes) rotationModes entries, animplot's limit for one action file"))
  }

  /// Channels a later one replaces are said three at a time, the others counted.
  @Test func replacedGLTFChannelsAreCoalesced() throws {
    let warnings = try document(gltf(channels: 10), file: "g.gltf", kind: .gltf).warnings
    #expect(warnings.count == 4)
    #expect(warnings[0].hasPrefix("g.gltf: animations[0] \"Move\": left out animations[0].channels[0]: "))
    #expect(warnings[3] == "g.gltf: animations[0] \"Move\": left out … and 6 more channels that a later channel animates again, which wins")
  }

  /// A buffer's URI is quoted cut, as other input is (a 2 MB URI made a 2 MB line).
  @Test func aLongURIIsQuotedCut() {
    let uri = String(repeating: "u", count: 2_000_000) + ".bin"
    let text = gltf().replacingOccurrences(of: #""byteLength": 8, "uri": "data:"#, with: #""byteLength": 8, "uri": "\#(uri)", "x": "data:"#)
    let message = decodingFailure(text, file: "g.gltf", kind: .gltf)
    #expect(message.contains("buffers[0].uri"))
    #expect(message.contains("…\""))
    #expect(message.utf8.count < 400)
  }

  /// Unity slopes within float range whose segment overflows as it is evaluated (inf · 0 = NaN)
  /// are refused at the key.
  @Test func unitySlopesThatOverflowTheSegmentAreRefused() {
    let text = UnityClips.clip(path: "Body", outSlope: "3e38", nextInSlope: "3e38")
    #expect(decodingFailure(text, file: "c.anim", kind: .unity).contains(
      "key 0: its tangents make the segment to the next key overflow 32-bit floats (±3.4e38) where it is evaluated"))
    #expect(decodingFailure(UnityClips.clip(path: "Body", outSlope: "3", nextInSlope: "3"), file: "c.anim", kind: .unity) == "decoded")
  }
}

/// Small Unity clips for the bounds above.
enum UnityClips {
  /// One float curve at `path` of two keys, 0 and 1 s, values 0.
  static func clip(path: String, outSlope: String = "0", nextInSlope: String = "0") -> String {
    """
    %YAML 1.1
    %TAG !u! tag:unity3d.com,2011:
    --- !u!74 &7400000
    AnimationClip:
      m_Name: Test
      m_FloatCurves:
      - curve:
          m_Curve:
          - serializedVersion: 3
            time: 0
            value: 0
            inSlope: 0
            outSlope: \(outSlope)
          - serializedVersion: 3
            time: 1
            value: 0
            inSlope: \(nextInSlope)
            outSlope: 0
        attribute: m_Alpha
        path: \(path)
      m_SampleRate: 30

    """
  }
}

extension InputBoundsTrialTests {
  /// A Unity clip's YAML is bounded as a JSON document is: its lines and values together
  /// (`Limits.jsonValues`), and each value's bytes (`Limits.yamlValueBytes`: a line is held as
  /// characters of 16 bytes each).
  @Test func unityYAMLIsBounded() {
    let head = "%YAML 1.1\n--- !u!74 &1\nAnimationClip:\n  m_Name: Test\n  m_Events:\n"
    let lines = head + String(repeating: "  - 0\n", count: Limits.jsonValues)
    #expect(decodingFailure(lines, file: "c.anim", kind: .unity).hasSuffix(
      "YAML: more than \(Limits.jsonValues) lines and values, animplot's limit for one document"))
    let flow = head + "  - [" + String(repeating: "0,", count: 600_000) + "0]\n"
    #expect(decodingFailure(flow, file: "c.anim", kind: .unity).hasPrefix("c.anim:6:3: YAML: a value longer than 1048576 bytes"))
  }
}
