import AnimplotIO
import AnimplotRender
import Testing

/// Input kinds: chosen from the content first, the extension second, one way everywhere.
@Suite struct InputKindTests {
  static func detect(_ text: String, path: String?) -> String? {
    Array(text.utf8).withUnsafeBufferPointer { InputKind.detect($0, path: path)?.name }
  }

  @Test(arguments: [
    (#"{"animplot": 1, "tracks": []}"#, "a.json", "animplot"),
    (#"{"name": "x", "tracks": []}"#, nil, "animplot"),
    (#"{"actions": []}"#, "a.txt", "animplot"),
    (#"{"timeline": [1, 2], "channels": {"x": [0, 1]}}"#, "a.json", "compact"),
    (#"{"interpolation": "linear", "channels": {}}"#, "-", "compact"),
    // Broken JSON that starts as an object: format 1's decoder says where it breaks.
    (#"{"tracks": [ oops"#, nil, "animplot"),
    (#"{"#, "a.weird", "animplot"),
    // No content clue: the extension decides.
    ("garbage", "a.json", "animplot"),
    ("", "a.JSON", "animplot"),
  ] as [(String, String?, String)])
  func detects(text: String, path: String?, expected: String) {
    #expect(Self.detect(text, path: path) == expected)
  }

  @Test func neitherContentNorExtensionIsNoKind() {
    #expect(Self.detect("garbage", path: "a.txt") == nil)
    #expect(Self.detect("", path: nil) == nil)
  }

  @Test func everyKindHasAUniqueNameAndAnExtension() {
    #expect(Set(InputKind.all.map(\.name)).count == InputKind.all.count)
    for kind in InputKind.all {
      #expect(!kind.fileExtensions.isEmpty)
      #expect(InputKind.named(kind.name) == kind)
    }
  }

  @Test func aGivenKindIsEnforced() throws {
    let compact = Input.bytes(Array(#"{"timeline": [1, 2], "channels": {"x": [0, 1]}}"#.utf8), name: "c.json")
    #expect(try compact.document().actions[0].tracks.count == 1)
    var forced = compact
    forced.kind = .actionJSON
    #expect {
      try forced.document()
    } throws: { error in
      (error as? RenderError)?.description
        == #"c.json:1:1: expected format 1 ("tracks" or "actions"), found the compact form's "timeline"/"channels""#
    }
  }

  @Test func unknownContentNamesTheKindsRead() {
    let input = Input.bytes(Array("GIF89a".utf8), name: "x.gif")
    #expect {
      try input.document()
    } throws: { error in
      let e = error as? RenderError
      return e?.kind == .input && e?.description.hasPrefix("x.gif: cannot tell what kind of input this is") == true
    }
  }

  @Test func anUnreadableFileIsAnInputError() {
    #expect {
      try Input.file("/nonexistent/a.json").document()
    } throws: { error in
      (error as? RenderError)?.description == "/nonexistent/a.json: cannot read: No such file or directory"
    }
  }
}
