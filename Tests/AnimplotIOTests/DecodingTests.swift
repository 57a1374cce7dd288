import Foundation
import AnimplotCore
import AnimplotIO
import Testing

@Suite("Decoding")
struct DecodingTests {
  @Test func defaultsAreBlendersForANewKey() throws {
    let doc = try ActionDecoder.decode(
      #"{"tracks": [{"dataPath": "location", "keyframes": [{"frame": 1, "value": 2}]}]}"#, recalculate: false)
    let action = try #require(doc.actions.first)
    #expect(action.fps == 24)
    #expect(action.name == "Action")
    let track = action.tracks[0]
    #expect(track.extrapolation == .constant)
    #expect(track.autoSmoothing == .contAccel)
    let key = track.keyframes[0]
    #expect(key.interpolation == .bezier)
    #expect(key.easing == .auto)
    #expect(key.handleLeftType == .autoClamped && key.handleRightType == .autoClamped)
    #expect(key.back == 1.70158 && key.amplitude == 0.8 && key.period == 4.1)
    #expect(key.type == .keyframe && !key.selected)
  }

  @Test func coloursAreTypedAtDecodeAndWrittenBackAsGiven() throws {
    let doc = try ActionDecoder.decode(
      ##"{"tracks": [{"dataPath": "a", "color": "#FF3352", "keyframes": []}, {"dataPath": "b", "color": "00ff0080", "keyframes": []}]}"##)
    #expect(doc.actions[0].tracks[0].color == CurveColor(red: 255, green: 0x33, blue: 0x52))
    #expect(doc.actions[0].tracks[1].color == CurveColor(red: 0, green: 255, blue: 0, alpha: 0x80))
    let encoded = ActionEncoder.encode(doc)
    #expect(encoded.contains(##""color": "#ff3352""##) && encoded.contains(##""color": "#00ff0080""##))
    #expect(try ActionDecoder.decode(encoded) == doc)
    #expect(CurveColor(hex: "#12345") == nil && CurveColor(hex: "#12345g") == nil && CurveColor(hex: "+1234567") == nil)
  }

  @Test func membersAreMatchedByNameInAnyOrder() throws {
    let a = try ActionDecoder.decode(
      #"{"tracks": [{"keyframes": [{"value": 2, "frame": 1, "type": "breakdown"}], "index": 2, "dataPath": "location"}]}"#)
    let b = try ActionDecoder.decode(
      #"{"tracks": [{"dataPath": "location", "index": 2, "keyframes": [{"type": "breakdown", "frame": 1, "value": 2}]}]}"#)
    #expect(a == b)
    #expect(a.actions[0].tracks[0].index == 2 && a.actions[0].tracks[0].keyframes[0].type == .breakdown)
    // An escaped key names the same member.
    let c = try ActionDecoder.decode(
      #"{"tracks": [{"data\u0050ath": "location", "index": 2, "keyframes": [{"type": "breakdown", "frame": 1, "value": 2}]}]}"#)
    #expect(c == b)
  }

  @Test func blenderRNASpellingsAndAnyCase() throws {
    let doc = try ActionDecoder.decode(
      #"""
      {"tracks": [{"dataPath": "x", "extrapolation": "LINEAR", "autoSmoothing": "CONT_ACCEL",
        "modifiers": [{"type": "CYCLES", "before": "REPEAT_OFFSET", "after": "mirror"}],
        "keyframes": [{"frame": 1, "value": 0, "interpolation": "ELASTIC", "easing": "EASE_IN_OUT",
                       "handleLeftType": "AUTO_CLAMPED", "handleRightType": "Vector", "type": "MOVING_HOLD"}]}]}
      """#, recalculate: false)
    let track = doc.actions[0].tracks[0]
    #expect(track.extrapolation == .linear && track.autoSmoothing == .contAccel)
    #expect(track.cycles == CyclesModifier(before: .repeatOffset, after: .mirror))
    let key = track.keyframes[0]
    #expect(key.interpolation == .elastic && key.easing == .easeInOut)
    #expect(key.handleLeftType == .autoClamped && key.handleRightType == .vector)
    #expect(key.type == .movingHold)
  }

  @Test func loadSortsKeysAndRecalculatesHandles() throws {
    let doc = try ActionDecoder.decode(
      #"{"tracks": [{"dataPath": "x", "keyframes": [{"frame": 10, "value": 1}, {"frame": 0, "value": 0}]}]}"#)
    let keys = doc.actions[0].tracks[0].keyframes
    #expect(keys.map(\.frame) == [0, 10])
    // Auto-clamped ends under constant extrapolation are flat, a third of the interval long.
    #expect(keys[0].handleRight == CurvePoint(frame: Float(10) / 3, value: 0))
  }

  @Test func compactForm() throws {
    let doc = try ActionDecoder.decode(
      #"{"timeline": [0, 60, 110, 136], "channels": {"offset": [100, 150, 100, 200], "scale": [1, 1.5, 1.3, 2]}, "interpolation": "linear"}"#)
    let action = doc.actions[0]
    #expect(action.tracks.map(\.dataPath) == ["offset", "scale"])
    #expect(action.tracks.map(\.displayLabel) == ["offset", "scale"])
    #expect(action.tracks[1].keyframes.map(\.value) == [1, 1.5, 1.3, 2])
    #expect(action.tracks[0].keyframes.allSatisfy { $0.interpolation == .linear })
    #expect(action.tracks[0].value(at: Float(30)) == 125)
  }

  @Test("compact channels take Blender's rainbow in order, whatever their names")
  func compactChannelColours() throws {
    let doc = try ActionDecoder.decode(
      #"{"timeline": [0, 1], "channels": {"offset": [0, 1], "scale": [1, 2], "location": [0, 3]}}"#)
    let colors = doc.actions[0].tracks.map(\.color)
    #expect(colors == (0..<3).map { CurveColor.rainbow(index: $0, count: 3) })
    // "offset" is red (the rainbow's first), "scale" not the X axis's red, all three distinct.
    #expect(colors[0]?.hex == "#ff6666")
    #expect(Set(colors.compactMap { $0 }).count == 3)
  }

  @Test("the compact form takes easing and extrapolation for every key and channel")
  func compactEasingAndExtrapolation() throws {
    let doc = try ActionDecoder.decode(
      #"{"timeline": [0, 10], "channels": {"a": [0, 1]}, "interpolation": "quad", "easing": "EASE_OUT", "extrapolation": "linear"}"#)
    let track = doc.actions[0].tracks[0]
    #expect(track.keyframes.allSatisfy { $0.interpolation == .quad && $0.easing == .easeOut })
    #expect(track.extrapolation == .linear)
    #expect(track.value(at: Float(20)) > 1, "linear extrapolation past the last key")
    var failed = ""
    do { _ = try ActionDecoder.decode(#"{"tracks": [], "easing": "easeIn"}"#) } catch { failed = error.description }
    #expect(failed.contains("\"easing\" at the top level belongs to the compact form"))
  }

  @Test func multiActionFiles() throws {
    let doc = try ActionDecoder.decode(
      #"{"animplot": 1, "actions": [{"name": "Walk", "fps": 30, "tracks": []}, {"name": "Run", "tracks": []}]}"#)
    #expect(doc.isMultiAction)
    #expect(try doc.action(named: "Run").name == "Run")
    #expect(try doc.action(named: nil).fps == 30)
  }

  @Test func extensionsAreKeptVerbatim() throws {
    let text = #"{"extensions": {"tool": {"version": [1, 2]}}, "tracks": []}"#
    let doc = try ActionDecoder.decode(text)
    #expect(doc.actions[0].extensionsJSON == #"{"tool": {"version": [1, 2]}}"#)
    let again = try ActionDecoder.decode(ActionEncoder.encode(doc))
    #expect(again == doc)
  }

  @Test func stringEscapesAndUnicode() throws {
    let doc = try ActionDecoder.decode(
      #"{"name": "Tab\there \"q\" \u00e9\ud83d\ude00 ü", "tracks": []}"#)
    #expect(doc.actions[0].name == "Tab\there \"q\" é😀 ü")
  }

  @Test func numbersAreCorrectlyRounded() throws {
    let cases: [(String, Float)] = [
      ("0.1", 0.1), ("-2.5e-3", -0.0025), ("123456789012345678901234", 1.2345679e23),
      ("1E2", 100), ("0.6666667", 0.6666667), ("3.4028234e38", .greatestFiniteMagnitude),
      ("1e-50", 0), ("-0", 0), ("0.000000000000000000000000000000000000000000001401298464324817", .leastNonzeroMagnitude),
    ]
    for (text, want) in cases {
      let doc = try ActionDecoder.decode(
        #"{"tracks": [{"dataPath": "x", "keyframes": [{"frame": 0, "value": "# + text + "}]}]}", recalculate: false)
      #expect(doc.actions[0].tracks[0].keyframes[0].value == want, "\(text)")
    }
  }

  @Test func labelsAsBlenderDerivesThem() {
    #expect(FCurve.blenderLabel(dataPath: "location", index: 2) == "Z Location")
    #expect(FCurve.blenderLabel(dataPath: "rotation_euler", index: 1) == "Y Euler Rotation")
    #expect(FCurve.blenderLabel(dataPath: "rotation_quaternion", index: 0) == "W Quaternion Rotation")
    #expect(FCurve.blenderLabel(dataPath: "pose.bones[\"Arm\"].scale", index: 0) == "X Scale (Arm)")
    #expect(FCurve.blenderLabel(dataPath: "custom_prop", index: 0) == "custom_prop[0]")
  }
}

@Test func decodesDataStringAndBytesAlike() throws {
  let text = #"{"name": "A", "tracks": [{"dataPath": "x", "keyframes": [{"frame": 1, "value": 2}, {"frame": 5, "value": 3}]}]}"#
  let fromString = try ActionDecoder.decode(text)
  let fromBytes = try ActionDecoder.decode(Array(text.utf8))
  let fromData = try ActionDecoder.decode(Foundation.Data(text.utf8))
  #expect(fromString == fromBytes)
  #expect(fromString == fromData)
}

/// `object`: the animated object's name and Blender type, read in any spelling, written back.
@Test func objectIsReadAndWritten() throws {
  let text = #"{"name": "A", "object": {"name": "Ball", "type": "LIGHT_PROBE"}, "tracks": []}"#
  let action = try ActionDecoder.decode(text).actions[0]
  #expect(action.object == AnimatedObject(name: "Ball", type: .lightProbe))
  #expect(ActionEncoder.encode(action).contains(#""object": {"name": "Ball", "type": "lightProbe"}"#))
  #expect(try ActionDecoder.decode(ActionEncoder.encode(action)).actions[0].object == action.object)
  do {
    _ = try ActionDecoder.decode(#"{"object": {"name": "Ball", "type": "teapot"}, "tracks": []}"#, file: "o.json")
    Issue.record("no error")
  } catch {
    #expect("\(error)".hasPrefix("o.json:1:37: object.type: unknown value \"teapot\"; expected one of mesh, curve"))
  }
}

/// `rotationModes`: objects' rotation modes by name, in Blender's spelling or any case, written
/// back sorted by name; a bad one is a located error.
@Test func rotationModesAreReadAndWritten() throws {
  let text = #"{"rotationModes": {"Zed": "yxz", "Arm": "QUATERNION", "Ball": "ZXY"}, "tracks": []}"#
  let action = try ActionDecoder.decode(text).actions[0]
  #expect(action.rotationModes == ["Zed": .yxz, "Arm": .quaternion, "Ball": .zxy])
  #expect(ActionEncoder.encode(action).contains(#""rotationModes": {"Arm": "quaternion", "Ball": "ZXY", "Zed": "YXZ"},"#))
  #expect(try ActionDecoder.decode(ActionEncoder.encode(action)).actions[0] == action)
  func failure(_ text: String) -> String {
    do {
      _ = try ActionDecoder.decode(text, file: "r.json")
      return "no error"
    } catch { return "\(error)" }
  }
  #expect(failure(#"{"rotationModes": {"Ball": "XYY"}, "tracks": []}"#).hasPrefix(
    #"r.json:1:28: rotationModes.Ball: unknown value "XYY"; expected one of XYZ, XZY, YXZ"#))
  #expect(failure(#"{"rotationModes": {"A": "XYZ", "A": "XYZ"}, "tracks": []}"#) == #"r.json:1:32: rotationModes: field "A" appears twice"#)
  #expect(failure(#"{"rotationModes": ["XYZ"], "tracks": []}"#).hasPrefix("r.json:1:19: rotationModes: expected an object"))
  #expect(failure(#"{"actions": [], "rotationModes": {}}"#).contains("belongs inside an action"))
}

/// `rotationModes` naming an object the action does not have (a misspelt name) is read, with
/// a warning that says so; the action's own object and the owners of its data paths are not
/// warned about.
@Test func rotationModesOfNoObjectOfTheActionAreWarnedAbout() throws {
  let text = #"{"name": "Walk", "rotationModes": {"Walk": "XYZ", "Arm": "YXZ", "Nope": "ZXY"}, "tracks": [{"dataPath": "objects[\"Arm\"].rotation_euler", "keyframes": [{"frame": 1, "value": 0}]}]}"#
  let document = try ActionDecoder.decode(text, file: "r.json")
  #expect(document.actions[0].rotationModes == ["Walk": .xyz, "Arm": .yxz, "Nope": .zxy])
  #expect(
    document.warnings == [
      #"r.json: rotationModes: "Nope" is no object of the action (neither its own nor one its data paths name); its mode is not used"#
    ])
  let two = #"{"actions": [{"name": "A", "tracks": []}, {"name": "B", "rotationModes": {"b": "XYZ"}, "tracks": []}]}"#
  #expect(try ActionDecoder.decode(two, file: "r.json").warnings.map { $0.prefix(40) } == [#"r.json: actions[1].rotationModes: "b" is"#])
  #expect(try ActionDecoder.decode(#"{"name": "A", "rotationModes": {"A": "XYZ"}, "tracks": []}"#).warnings.isEmpty)
}

/// An unknown field names the nearest field the object may hold, when one is near.
@Test func unknownFieldSuggestsTheNearest() {
  func message(_ text: String) -> String {
    do {
      _ = try ActionDecoder.decode(text, file: "u.json")
      return "no error"
    } catch { return "\(error)" }
  }
  #expect(message(#"{"tracks": [{"dataPth": "a", "keyframes": []}]}"#)
    == #"u.json:1:14: tracks[0]: unknown field "dataPth"; did you mean "dataPath"?"#)
  #expect(message(#"{"tracks": [{"dataPath": "a", "keyframes": [{"frame": 1, "valeu": 2}]}]}"#)
    .hasSuffix(#"unknown field "valeu"; did you mean "value"?"#))
  #expect(message(#"{"nmae": "A", "tracks": []}"#).hasSuffix(#"unknown field "nmae"; did you mean "name"?"#))
  // Nothing near: no guess.
  #expect(message(#"{"tracks": [], "wibble": 1}"#) == #"u.json:1:16: unknown field "wibble""#)
}
