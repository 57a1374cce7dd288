import AnimplotCore
import AnimplotIO
import Testing

/// Every kind of bad input gives one precise error: file, JSON path, line:column, expectation.
@Suite("Decoding errors")
struct DecodingErrorTests {
  /// Decodes `text` and returns the error's one-line description.
  func failure(_ text: String) -> String {
    do {
      _ = try ActionDecoder.decode(text, file: "a.json")
      return "no error"
    } catch {
      return error.description
    }
  }

  /// The 1-based column of the first `needle` in one-line `text`.
  func column(of needle: String, in text: String) -> Int {
    text.distance(from: text.startIndex, to: text.firstRange(of: needle)!.lowerBound) + 1
  }

  @Test func syntaxErrorsGiveLineAndColumn() {
    #expect(failure("{\n  \"tracks\": [,]\n}") == "a.json:2:14: tracks[0]: invalid JSON: unexpected ','")
    #expect(failure("{\"tracks\": []") == "a.json:1:14: invalid JSON: unterminated object: expected '}'")
    #expect(failure("{\"markers\": [{\"frame\": 1}, ], \"tracks\": []}") == "a.json:1:28: markers: invalid JSON: trailing comma before ']'")
    #expect(failure("{\"tracks\": [], }").contains("trailing comma before '}'"))
    #expect(failure("{\"tracks\": []} x") == "a.json:1:16: invalid JSON: unexpected data after the top-level value")
    #expect(failure("") == "a.json:1:1: invalid JSON: expected an object, found the end of the input" || failure("").contains("end of the input"))
    #expect(failure("{\"name\": \"a\nb\", \"tracks\": []}").contains("control character"))
    #expect(failure("{\"fps\": 01, \"tracks\": []}").contains("leading zero"))
    #expect(failure("{\"fps\": 1., \"tracks\": []}").contains("digit expected after '.'"))
    #expect(failure("{\"fps\": -, \"tracks\": []}").contains("invalid number"))
    #expect(failure("{\"name\": \"\\x\", \"tracks\": []}").contains("invalid escape"))
  }

  @Test func unknownAndDuplicateFields() {
    let text = #"{"tracks": [{"dataPath": "location", "keyframes": [{"frame": 1, "value": 0, "interpolaton": "linear"}]}]}"#
    #expect(
      failure(text)
        == #"a.json:1:\#(column(of: "\"interpolaton", in: text)): tracks[0].keyframes[0]: unknown field "interpolaton"; did you mean "interpolation"?"#)
    #expect(failure(#"{"name": "a", "name": "b", "tracks": []}"#) == #"a.json:1:15: field "name" appears twice"#)
    #expect(failure(#"{"trakcs": []}"#) == #"a.json:1:2: unknown field "trakcs"; did you mean "tracks"?"#)
  }

  @Test func wrongTypes() {
    #expect(failure(#"{"fps": "24", "tracks": []}"#) == "a.json:1:9: fps: expected a number, found a string")
    #expect(failure(#"{"tracks": {}}"#) == "a.json:1:12: tracks: expected an array, found an object")
    #expect(
      failure(#"{"tracks": [{"dataPath": 3, "keyframes": []}]}"#)
        == "a.json:1:26: tracks[0].dataPath: expected a string, found a number")
    #expect(
      failure(#"{"tracks": [{"dataPath": "x", "muted": "yes", "keyframes": []}]}"#)
        == "a.json:1:40: tracks[0].muted: expected true or false, found a string")
    #expect(
      failure(#"{"tracks": [{"dataPath": "x", "keyframes": [{"frame": 1, "value": 0, "handleLeft": [1]}]}]}"#)
        == "a.json:1:81: tracks[0].keyframes[0].handleLeft: invalid value: expected [frame, value]: two numbers"
        || failure(#"{"tracks": [{"dataPath": "x", "keyframes": [{"frame": 1, "value": 0, "handleLeft": [1]}]}]}"#).contains("tracks[0].keyframes[0].handleLeft: expected [frame, value]: two numbers"))
  }

  @Test func missingRequiredFields() {
    #expect(failure(#"{"name": "a"}"#) == #"a.json:1:1: missing required field "tracks""#)
    #expect(failure(#"{"tracks": [{"keyframes": []}]}"#) == #"a.json:1:13: tracks[0]: missing required field "dataPath""#)
    #expect(
      failure(#"{"tracks": [{"dataPath": "x", "keyframes": [{"frame": 1}]}]}"#)
        == #"a.json:1:45: tracks[0].keyframes[0]: missing required field "value""#)
  }

  @Test func enumValuesListTheAcceptedOnes() {
    let text = #"{"tracks": [{"dataPath": "x", "keyframes": [{"frame": 1, "value": 0, "interpolation": "bezir"}]}]}"#
    #expect(
      failure(text)
        == #"a.json:1:\#(column(of: "\"bezir", in: text)): tracks[0].keyframes[0].interpolation: unknown value "bezir"; expected one of constant, linear, bezier, sine, quad, cubic, quart, quint, expo, circ, back, bounce, elastic"#)
    #expect(failure(#"{"tracks": [{"dataPath": "x", "extrapolation": "cyclic", "keyframes": []}]}"#).contains("expected one of constant, linear"))
  }

  @Test func nonFiniteNumbers() {
    #expect(
      failure(#"{"tracks": [{"dataPath": "x", "keyframes": [{"frame": 1e39, "value": 0}]}]}"#)
        == "a.json:1:55: tracks[0].keyframes[0].frame: number 1e+39 is not finite as a 32-bit float")
    #expect(failure(#"{"fps": 1e400, "tracks": []}"#).contains("fps: number inf is not finite"))
  }

  @Test func freeAndAlignedSidesNeedCoordinates() {
    let text = #"{"tracks": [{"dataPath": "x", "keyframes": [{"frame": 1, "value": 0}, {"frame": 2, "value": 1, "handleLeftType": "free"}]}]}"#
    #expect(
      failure(text)
        == "a.json:1:\(column(of: "{\"frame\": 2", in: text)): tracks[0].keyframes[1]: handleLeft is required: the left handle is free")
    #expect(
      failure(#"{"tracks": [{"dataPath": "x", "keyframes": [{"frame": 1, "value": 0, "handleRightType": "ALIGNED", "handleLeft": [0, 0]}]}]}"#)
        .hasSuffix("tracks[0].keyframes[0]: handleRight is required: the right handle is aligned"))
  }

  @Test func versionOtherThanOne() {
    #expect(failure(#"{"animplot": 2, "tracks": []}"#) == #"a.json:1:14: unsupported format version 2 ("animplot": 2); this animplot reads version 1"#)
    #expect(failure(#"{"animplot": "1", "tracks": []}"#).contains("animplot: expected a number, found a string"))
  }

  @Test func compactFormLengthMismatch() {
    #expect(
      failure(#"{"timeline": [0, 60, 110], "channels": {"offset": [100, 150], "scale": [1, 2, 3]}}"#)
        == #"a.json:1:41: channels: channel "offset" has 2 values but the timeline has 3"#)
    #expect(failure(#"{"timeline": [0, 1], "tracks": []}"#).contains("not both"))
    #expect(failure(#"{"channels": {"a": [1]}}"#).contains(#"missing required field "timeline""#))
  }

  @Test func otherInvalidValues() {
    #expect(failure(#"{"fps": 0, "tracks": []}"#) == "a.json:1:9: fps: fps must be greater than 0, found 0.0")
    #expect(failure(#"{"frameStart": 10, "frameEnd": 1, "tracks": []}"#).contains("frameEnd (1.0) is before frameStart (10.0)"))
    #expect(failure(#"{"tracks": [{"dataPath": "x", "index": -1, "keyframes": []}]}"#).contains("tracks[0].index: expected a whole number from 0"))
    #expect(failure(#"{"tracks": [{"dataPath": "x", "index": 1.5, "keyframes": []}]}"#).contains("tracks[0].index"))
    #expect(failure(#"{"tracks": [{"dataPath": "x", "color": "red", "keyframes": []}]}"#).contains(##"tracks[0].color: expected a colour "#rrggbb", found "red""##))
    #expect(failure(#"{"tracks": [{"dataPath": "x", "modifiers": [{"type": "python"}], "keyframes": []}]}"#).contains(#"tracks[0].modifiers[0].type: unknown value "python"; expected one of generator, fnGenerator, envelope, cycles, noise, limits, stepped"#))
    #expect(failure(#"{"actions": [{"name": "a", "tracks": []}], "tracks": []}"#).contains("belongs inside an action"))
  }

  /// A track of `modifiers` (JSON text), and the error decoding it gives.
  func modifierFailure(_ modifiers: String) -> String {
    failure(#"{"tracks": [{"dataPath": "x", "modifiers": ["# + modifiers + #"], "keyframes": []}]}"#)
  }

  @Test("bad modifier values are errors at their place")
  func modifierErrors() {
    #expect(
      modifierFailure(#"{"type": "noise", "influence": 1.5}"#)
        == "a.json:1:76: tracks[0].modifiers[0].influence: influence must be from 0 to 1, found 1.5")
    #expect(
      modifierFailure(#"{"type": "generator", "settings": {"polyOrder": 2, "coefficients": [1, 2]}}"#)
        == "a.json:1:112: tracks[0].modifiers[0].settings.coefficients: a polynomial of order 2 has 3 coefficients, found 2")
    #expect(
      modifierFailure(#"{"type": "generator", "settings": {"mode": "polynomialFactorised", "polyOrder": 1, "coefficients": [1, 2, 3]}}"#)
        .contains("settings.coefficients: a factorised polynomial of order 1 has 2 coefficients, found 3"))
    #expect(modifierFailure(#"{"type": "generator", "settings": {"polyOrder": 101}}"#).contains("settings.polyOrder: expected a whole number from 1 to 100"))
    #expect(
      modifierFailure(#"{"type": "limits", "useRestrictedRange": true, "frameStart": 5, "frameEnd": 2}"#)
        .contains("tracks[0].modifiers[0].frameEnd: frameEnd (2.0) is before frameStart (5.0)"))
    #expect(
      modifierFailure(#"{"type": "limits", "settings": {"minY": 2, "maxY": -1}}"#)
        .contains("tracks[0].modifiers[0].settings.maxY: maxY (-1.0) is below minY (2.0)"))
    #expect(
      modifierFailure(#"{"type": "stepped", "frameStart": 3, "settings": {"frameStart": 4}}"#)
        .contains("settings.frameStart: a Stepped modifier's frameStart is its restricted range's too: 4.0 here, 3.0 beside \"settings\""))
    #expect(modifierFailure(#"{"type": "noise", "before": "mirror"}"#).contains(#"modifiers[0].before: "before" belongs to a Cycles modifier"#))
    #expect(modifierFailure(#"{"type": "cycles", "settings": {}, "after": "mirror"}"#).contains("has either the flat \"after\" or \"settings\", not both"))
    #expect(modifierFailure(#"{"type": "noise", "settings": {"polyOrder": 2}}"#).contains(#"settings: unknown field "polyOrder""#))
    #expect(modifierFailure(#"{"type": "noise", "settings": {"blendType": "screen"}}"#).contains(#"settings.blendType: unknown value "screen"; expected one of replace, add, subtract, multiply"#))
    #expect(modifierFailure(#"{"type": "envelope", "settings": {"controlPoints": [{"min": 1}]}}"#).contains(#"settings.controlPoints[0]: missing required field "frame""#))
    #expect(modifierFailure(#"{"type": "noise", "blendOut": -2}"#).contains("blendOut: blendOut must not be negative"))
    #expect(failure(#"{"blender": "4.2", "tracks": []}"#) == #"a.json:1:13: blender: unknown value "4.2"; expected one of 3.4, 5.0"#)
    #expect(failure(#"{"tracks": [{"dataPath": "x"}]}"#).contains(#"tracks[0]: missing required field "keyframes""#))
  }

  @Test func actionSelectionListsTheNames() throws {
    let doc = try ActionDecoder.decode(#"{"actions": [{"name": "Walk", "tracks": []}, {"name": "Run", "tracks": []}]}"#)
    #expect(throws: ActionDecodingError.self) { try doc.action(named: "Jump") }
    do {
      _ = try doc.action(named: "Jump")
    } catch {
      #expect(error.message == #"unknown value "Jump"; expected one of Walk, Run"#)
    }
  }
}
