import AnimplotCore
import AnimplotIO
import PropertyBased
import Testing

/// Arbitrary damage to a valid file never crashes the decoder: it decodes or throws a located
/// error, and whatever it decodes evaluates without trapping.
@Suite("Decoder robustness")
struct DecoderFuzzTests {
  static let valid = Array(#"""
    {"animplot": 1, "name": "A", "fps": 24, "frameStart": 1, "frameEnd": 40, "currentFrame": 3,
     "markers": [{"frame": 4, "name": "m"}],
     "tracks": [{"dataPath": "location", "index": 2, "extrapolation": "linear",
       "modifiers": [{"type": "cycles", "before": "mirror", "after": "repeatOffset", "beforeCount": 2}],
       "keyframes": [
         {"frame": 1, "value": 0.5, "interpolation": "elastic", "amplitude": 0.3, "period": 2},
         {"frame": 10, "value": -2, "handleLeftType": "free", "handleLeft": [8, -1.5], "handleRight": [12, 1]},
         {"frame": 10.00001, "value": 3, "interpolation": "back", "back": 4},
         {"frame": 25, "value": 1e6, "interpolation": "bounce", "easing": "easeInOut"}]}]}
    """#.utf8)

  static let bytes: [UInt8] = Array(#"{}[],:"-0123456789.eE+truefalsnl\ \#u{7F}"#.utf8) + [0, 0xC3, 0xFF]

  @Test func damagedFilesDecodeOrThrow() async {
    let edits = zip(Gen.int(in: 0...(Self.valid.count - 1)), Gen.int(in: 0...3), Gen.element(of: Self.bytes))
      .array(of: 1...6)
    await propertyCheck(count: 2000, input: edits) { edits in
      var text = Self.valid
      for (position, kind, byte) in edits {
        let p = min(position, max(text.count - 1, 0))
        switch kind {
        case 0: if !text.isEmpty { text[p] = byte ?? 0 }
        case 1: text.insert(byte ?? 0, at: p)
        case 2: if !text.isEmpty { text.remove(at: p) }
        default: text = Array(text.prefix(p))
        }
      }
      do {
        let document = try ActionDecoder.decode(text, file: "fuzz.json")
        for action in document.actions {
          for track in action.tracks {
            _ = track.values(at: [-1e30, -50, 0, 1, 5.5, 10, 10.00001, 24.9, 25, 100, 3e38])
            _ = track.value(at: Float(7.3))
          }
        }
      } catch let error as ActionDecodingError {
        #expect(error.description.hasPrefix("fuzz.json:"))
        #expect(!error.description.contains("\n"))
      } catch {
        Issue.record("untyped error \(error)")
      }
    }
  }

  @Test func deepNestingIsAnErrorNotAStackOverflow() {
    let depth = 200_000
    let text = Array(#"{"tracks": [], "extensions": {"x": "#.utf8)
      + [UInt8](repeating: UInt8(ascii: "["), count: depth) + [UInt8](repeating: UInt8(ascii: "]"), count: depth)
      + Array("}}".utf8)
    #expect(throws: ActionDecodingError.self) { try ActionDecoder.decode(text, file: "deep.json") }
  }
}
