@testable import AnimplotIO
import Testing

/// The keys of an action file of animplot's format are counted as they are read, against
/// `Limits.importedKeys` (here a smaller limit): the one past it is the error's place, so no
/// key after it was made (issue 25: a 97 MB compact file made 45 million keys, 2.4 GB).
@Suite("action file key limit")
struct ActionKeyLimitTests {
  func failure(_ text: String, limit: Int) -> String {
    let bytes = Array(text.utf8)
    do {
      _ = try bytes.withUnsafeBufferPointer { buffer throws(ActionDecodingError) in
        try ActionDecoder.decode(buffer, file: "a.json", recalculate: true, form: nil, keyLimit: limit)
      }
      return "decoded"
    } catch {
      return "\(error)"
    }
  }

  func track(_ keys: Int) -> String {
    "{\"dataPath\": \"c\", \"keyframes\": [" + (0..<keys).map { "{\"frame\": \($0), \"value\": 0}" }.joined(separator: ", ") + "]}"
  }

  @Test func format1KeysAreCountedOverEveryTrackAndAction() {
    let one = "{\"tracks\": [\(track(3)), \(track(3))]}"
    #expect(failure(one, limit: 6) == "decoded")
    #expect(failure(one, limit: 5) == "a.json:1:209: tracks[1].keyframes[2]: more than 5 keys, animplot's limit for one action file")
    let many = "{\"actions\": [{\"tracks\": [\(track(2))]}, {\"tracks\": [\(track(2))]}]}"
    #expect(failure(many, limit: 4) == "decoded")
    #expect(failure(many, limit: 3).hasPrefix("a.json:1:"))
    #expect(failure(many, limit: 3).hasSuffix(": actions[1].tracks[0].keyframes[1]: more than 3 keys, animplot's limit for one action file"))
  }

  @Test func compactValuesAreKeysAndTheTimelineHoldsAsManyFrames() {
    let compact = "{\"timeline\": [0, 1, 2], \"channels\": {\"a\": [0, 0, 0], \"b\": [0, 0, 0]}}"
    #expect(failure(compact, limit: 6) == "decoded")
    // The second channel's third value is the seventh key: refused there, before the rest.
    #expect(failure(compact, limit: 5) == "a.json:1:66: channels.b[2]: more than 5 keys, animplot's limit for one action file")
    #expect(failure(compact, limit: 2)
      == "a.json:1:21: timeline[2]: more than 2 frames, animplot's limit of keys for one action file")
    // A channel read before the timeline is counted alike.
    let first = "{\"channels\": {\"a\": [0, 0, 0]}, \"timeline\": [0, 1, 2]}"
    #expect(failure(first, limit: 2) == "a.json:1:27: channels.a[2]: more than 2 keys, animplot's limit for one action file")
  }

  /// A Generator's coefficients are read before its order may be known: at most the highest
  /// order's (200, factorised), not every number of the file.
  @Test func generatorCoefficientsAreBoundedAsTheyAreRead() {
    let numbers = (0...200).map { _ in "0" }.joined(separator: ", ")
    let text = "{\"tracks\": [{\"dataPath\": \"c\", \"modifiers\": [{\"type\": \"generator\", \"settings\": {\"coefficients\": [\(numbers)]}}]}]}"
    let message = failure(text, limit: 10)
    #expect(message.hasSuffix(
      ": tracks[0].modifiers[0].settings.coefficients[200]: more than 200 coefficients, the most a polynomial of order 100 has"),
      "\(message)")
  }
}
