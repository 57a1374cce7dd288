import AnimplotCore
import AnimplotIO
import Testing

/// A UTF-8 byte order mark, as some Windows editors write, is skipped by every reader of text
/// (format 1, the compact form, CSV, Lottie's JSON, Unity's YAML): the kind told and the actions read are those
/// of the same file without it.
@Suite("byte order mark")
struct ByteOrderMarkTests {
  static let inputs: [(kind: String, text: String)] = [
    ("animplot", #"{"tracks": [{"dataPath": "location", "keyframes": [{"frame": 1, "value": 2}, {"frame": 9, "value": 4}]}]}"#),
    ("compact", #"{"timeline": [0, 60], "channels": {"offset": [100, 160]}, "interpolation": "linear"}"#),
    ("csv", "frame,x\n0,1\n10,2\n"),
    // A Unity clip with a mark was refused as saved in binary.
    (
      "unity",
      "%YAML 1.1\n--- !u!74 &1\nAnimationClip:\n  m_Name: Fade\n  m_FloatCurves:\n  - curve:\n      m_Curve:\n"
        + "      - time: 0\n        value: 0\n        inSlope: 0\n        outSlope: 0\n    attribute: m_Alpha\n    path: P\n"
    ),
    ("lottie", #"{"v": "5", "fr": 10, "ip": 0, "op": 20, "layers": [{"nm": "L", "ks": {"o": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": 10, "s": [100]}]}}}]}"#),
  ]

  @Test("the kind and the actions are the file's without the mark", arguments: 0..<inputs.count)
  func skipped(input: Int) throws {
    let (name, text) = Self.inputs[input]
    let plain = Array(text.utf8)
    let marked = [0xEF, 0xBB, 0xBF] + plain
    let kind = plain.withUnsafeBufferPointer { InputKind.detect($0, path: nil) }
    #expect(kind?.name == name)
    #expect(marked.withUnsafeBufferPointer { InputKind.detect($0, path: nil) }?.name == name)
    let expected = try InputKind.decode(plain, file: "input", path: nil).actions
    #expect(!expected.isEmpty)
    #expect(try InputKind.decode(marked, file: "input", path: nil).actions == expected)
  }

  @Test("only the whole mark is skipped: a lone 0xEF is an error at the first byte")
  func partialMark() {
    let bytes = [0xEF] + Array(Self.inputs[0].text.utf8)
    #expect(throws: ActionDecodingError.self) {
      try InputKind.decode(bytes, file: "f.json", path: nil, kind: InputKind.named("animplot"))
    }
  }
}
