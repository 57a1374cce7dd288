import AnimplotIO
import AnimplotTestSupport
import Foundation
import Testing

/// docs/action.schema.json (JSON Schema draft 2020-12, made by Scripts/action_schema.py) against
/// the files animplot ships and the decoder. Validation is python3's `jsonschema` package
/// (Debian: python3-jsonschema): without it the tests are skipped, or fail when CI is set.
@Suite("The action file's JSON Schema")
struct ActionSchemaTests {
  static let repository = Repository.root

  /// The schema's verdict on each document: `nil` when valid, else the first error's message.
  static func validate(_ documents: [String]) throws -> [String?] {
    try JSONSchema.validate(documents, schema: "docs/action.schema.json")
  }

  /// Whether the decoder reads `text`.
  static func decodes(_ text: String) -> Bool {
    (try? ActionDecoder.decode(text, file: "t.json")) != nil
  }

  @Test func theSchemaIsItsGeneratorsOutput() throws {
    let result = try JSONSchema.python(["Scripts/action_schema.py", "--check"])
    #expect(result.status == 0, "docs/action.schema.json differs from Scripts/action_schema.py's output: run it")
  }

  /// Fixtures/*.json (but layout references), Examples/*.json and the action examples of the docs (```json and
  /// ```jsonc blocks, `//` comments removed, that parse and have a top-level member of an action).
  static func shippedActions() throws -> [(name: String, text: String)] {
    let fm = FileManager.default
    var documents: [(String, String)] = []
    for folder in ["Fixtures", "Examples"] {
      for name in try fm.contentsOfDirectory(atPath: repository.appendingPathComponent(folder).path).sorted()
      where name.hasSuffix(".json") && !name.hasSuffix(".layout.json") {  // a layout reference is no action
        let text = try String(contentsOf: repository.appendingPathComponent("\(folder)/\(name)"), encoding: .utf8)
        documents.append(("\(folder)/\(name)", text))
      }
    }
    let docs = try fm.contentsOfDirectory(atPath: repository.appendingPathComponent("docs").path)
      .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    for file in ["README.md"] + docs {
      let text = try String(contentsOf: repository.appendingPathComponent(file), encoding: .utf8)
      for (i, block) in text.components(separatedBy: "\n```").enumerated() where i % 2 == 1 {
        guard block.hasPrefix("json\n") || block.hasPrefix("jsonc\n") else { continue }
        let body = withoutComments(String(block.drop { $0 != "\n" }))
        guard let object = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any],
          !Set(object.keys).isDisjoint(with: ["tracks", "actions", "timeline", "channels"])
        else { continue }
        documents.append(("\(file) block \(i / 2 + 1)", body))
      }
    }
    return documents
  }

  /// `text` without `//` comments (outside strings).
  static func withoutComments(_ text: String) -> String {
    var out = ""
    var inString = false
    var escaped = false
    var chars = Array(text)[...]
    while let c = chars.popFirst() {
      if inString {
        out.append(c)
        if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
      } else if c == "/" && chars.first == "/" {
        while let next = chars.first, next != "\n" { chars.removeFirst() }
      } else {
        if c == "\"" { inString = true }
        out.append(c)
      }
    }
    return out
  }

  @Test("every fixture, example and documented action is valid, and the decoder reads it",
        .requires(JSONSchema.validator))
  func shippedActionsAreValid() throws {
    let documents = try Self.shippedActions()
    let names = documents.map(\.name)
    #expect(names.contains("Fixtures/compact.json") && names.contains("Examples/blender-four-actions.json"))
    #expect(names.contains { $0.hasPrefix("docs/format.md") } && names.contains { $0.hasPrefix("docs/dopesheet-json.md") })
    #expect(documents.count >= 10, "\(names)")
    for ((name, text), verdict) in zip(documents, try Self.validate(documents.map(\.text))) {
      #expect(verdict == nil, "\(name): \(verdict ?? "")")
      #expect(Self.decodes(text), "\(name)")
    }
  }

  /// A track around `key`, and a file around `track`.
  static func file(track: String = #"{"dataPath": "location", "keyframes": [KEY]}"#, key: String = #"{"frame": 1, "value": 0}"#) -> String {
    #"{"animplot": 1, "tracks": [TRACK]}"#.replacingOccurrences(of: "TRACK", with: track)
      .replacingOccurrences(of: "KEY", with: key)
  }

  static let invalid: [(String, String)] = [
    ("an unknown member", file(key: #"{"frame": 1, "value": 0, "valu": 2}"#)),
    ("an unknown top-level member", #"{"tracks": [], "trakcs": []}"#),
    ("no dataPath", file(track: #"{"keyframes": []}"#)),
    ("no value", file(key: #"{"frame": 1}"#)),
    ("an unknown interpolation", file(key: #"{"frame": 1, "value": 0, "interpolation": "bezir"}"#)),
    ("version 2", #"{"animplot": 2, "tracks": []}"#),
    ("a free handle without its point", file(key: #"{"frame": 1, "value": 0, "handleLeftType": "FREE"}"#)),
    ("an aligned right handle without its point", file(key: #"{"frame": 1, "value": 0, "handleRightType": "aligned"}"#)),
    ("a value beyond 32-bit floats", file(key: #"{"frame": 1, "value": 1e39}"#)),
    ("a negative index", file(track: #"{"dataPath": "location", "index": -1, "keyframes": []}"#)),
    ("a fractional index", file(track: #"{"dataPath": "location", "index": 0.5, "keyframes": []}"#)),
    ("a colour name", file(track: #"{"dataPath": "location", "color": "red", "keyframes": []}"#)),
    ("a handle of three numbers", file(key: #"{"frame": 1, "value": 0, "handleLeft": [0, 0, 0]}"#)),
    ("a modifier of no Blender type", file(track: #"{"dataPath": "x", "modifiers": [{"type": "python"}], "keyframes": []}"#)),
    ("a cycles count beyond 32 bits", file(track: #"{"dataPath": "x", "modifiers": [{"type": "cycles", "afterCount": 3000000000}], "keyframes": []}"#)),
    ("an influence above 1", file(track: #"{"dataPath": "x", "modifiers": [{"type": "noise", "influence": 1.5}], "keyframes": []}"#)),
    ("a negative blend", file(track: #"{"dataPath": "x", "modifiers": [{"type": "limits", "blendIn": -1}], "keyframes": []}"#)),
    ("another type's setting", file(track: #"{"dataPath": "x", "modifiers": [{"type": "noise", "settings": {"polyOrder": 2}}], "keyframes": []}"#)),
    ("a generator of order 0", file(track: #"{"dataPath": "x", "modifiers": [{"type": "generator", "settings": {"polyOrder": 0}}], "keyframes": []}"#)),
    ("a negative noise depth", file(track: #"{"dataPath": "x", "modifiers": [{"type": "NOISE", "settings": {"depth": -1}}], "keyframes": []}"#)),
    ("flat Cycles members on a noise", file(track: #"{"dataPath": "x", "modifiers": [{"type": "noise", "before": "mirror"}], "keyframes": []}"#)),
    ("flat Cycles members beside settings", file(track: #"{"dataPath": "x", "modifiers": [{"type": "cycles", "after": "mirror", "settings": {}}], "keyframes": []}"#)),
    ("an unknown function", file(track: #"{"dataPath": "x", "modifiers": [{"type": "fnGenerator", "settings": {"functionType": "exp"}}], "keyframes": []}"#)),
    ("a control point without frame", file(track: #"{"dataPath": "x", "modifiers": [{"type": "envelope", "settings": {"controlPoints": [{"min": 1}]}}], "keyframes": []}"#)),
    ("a track with neither keys nor modifiers", file(track: #"{"dataPath": "x"}"#)),
    ("Blender 4.2", #"{"blender": "4.2", "tracks": []}"#),
    ("a Blender version as a number", #"{"blender": 5.0, "tracks": []}"#),
    ("fps 0", #"{"fps": 0, "tracks": []}"#),
    ("an object without type", #"{"object": {"name": "Ball"}, "tracks": []}"#),
    ("a marker without frame", #"{"markers": [{"name": "hit"}], "tracks": []}"#),
    ("tracks beside actions", #"{"actions": [], "tracks": []}"#),
    ("a name beside actions", #"{"actions": [{"tracks": []}], "name": "x"}"#),
    ("tracks beside the compact form", #"{"timeline": [1], "channels": {"a": [1]}, "tracks": []}"#),
    ("a timeline without channels", #"{"timeline": [1, 2]}"#),
    ("top-level interpolation without a timeline", #"{"interpolation": "linear", "tracks": []}"#),
    ("keyframes that are not an array", file(track: #"{"dataPath": "x", "keyframes": {}}"#)),
    ("a string for a number", file(key: #"{"frame": "1", "value": 0}"#)),
    ("an array at the top", #"[]"#),
  ]

  @Test("the schema and the decoder reject the same invalid files", .requires(JSONSchema.validator))
  func bothReject() throws {
    for ((what, text), verdict) in zip(Self.invalid, try Self.validate(Self.invalid.map(\.1))) {
      #expect(verdict != nil, "the schema accepts \(what)")
      #expect(!Self.decodes(text), "the decoder reads \(what)")
    }
  }

  static let valid: [(String, String)] = [
    ("Blender's spellings", file(key: #"{"frame": 1, "value": 0, "handleLeftType": "AUTO_CLAMPED", "easing": "EASE_IN_OUT", "type": "MOVING_HOLD", "interpolation": "Bezier"}"#)),
    ("hyphens and odd case", file(key: #"{"frame": 1, "value": 0, "easing": "ease-in-out", "handleRightType": "Vector"}"#)),
    ("a free handle with its point", file(key: #"{"frame": 1, "value": 0, "handleLeftType": "free", "handleLeft": [0, 1]}"#)),
    ("a colour without # and with alpha", file(track: #"{"dataPath": "x", "color": "FF335280", "keyframes": []}"#)),
    ("modifiers in capitals", file(track: #"{"dataPath": "x", "modifiers": [{"type": "CYCLES", "before": "REPEAT_OFFSET", "afterCount": 2}], "keyframes": []}"#)),
    ("a negative cycles count", file(track: #"{"dataPath": "x", "modifiers": [{"type": "cycles", "afterCount": -1}], "keyframes": []}"#)),
    ("every modifier with its settings, as Blender spells them", #"{"blender": "5.0", "tracks": [{"dataPath": "x", "modifiersOff": true, "modifiers": ["# + [
      #"{"type": "GENERATOR", "settings": {"mode": "POLYNOMIAL_FACTORISED", "useAdditive": true, "polyOrder": 2, "coefficients": [1, 2, 3, 4]}}"#,
      #"{"type": "FNGENERATOR", "mute": true, "settings": {"functionType": "SINC", "amplitude": 2, "phaseMultiplier": 1, "phaseOffset": 0, "valueOffset": 1, "useAdditive": false}}"#,
      #"{"type": "envelope", "useInfluence": true, "influence": 0.5, "settings": {"referenceValue": 0, "defaultMin": -1, "defaultMax": 1, "controlPoints": [{"frame": 5, "min": -2, "max": 2}, {"frame": 1, "min": 0, "max": 1}]}}"#,
      #"{"type": "cycles", "settings": {"modeBefore": "MIRROR", "cyclesBefore": 2, "modeAfter": "repeatOffset", "cyclesAfter": 0}}"#,
      #"{"type": "noise", "active": true, "useRestrictedRange": true, "frameStart": 10, "frameEnd": 40, "blendIn": 2, "blendOut": 0, "settings": {"blendType": "add", "scale": 1, "strength": 0.5, "phase": 1, "offset": 0, "depth": 2, "lacunarity": 2, "roughness": 0.5, "useLegacyNoise": false}}"#,
      #"{"type": "limits", "settings": {"useMinX": true, "minX": 0, "useMaxX": false, "maxX": 10, "useMinY": true, "minY": -1, "useMaxY": true, "maxY": 1}}"#,
      #"{"type": "stepped", "frameStart": 4, "settings": {"frameStep": 2.5, "frameOffset": 1, "useFrameStart": true, "frameStart": 4, "useFrameEnd": false, "frameEnd": 0}}"#,
    ].joined(separator: ", ") + "]}]}"),
    ("a generator without keys", file(track: #"{"dataPath": "x", "modifiers": [{"type": "generator"}]}"#)),
    ("a whole index written 2.0", file(track: #"{"dataPath": "x", "index": 2.0, "keyframes": []}"#)),
    ("an object type in RNA form", #"{"object": {"name": "P", "type": "LIGHT_PROBE"}, "tracks": []}"#),
    ("extensions of any shape", #"{"extensions": {"a": [1, {"b": null}]}, "tracks": []}"#),
    ("the compact form with a header", #"{"name": "c", "fps": 30, "timeline": [0, 10], "channels": {"a": [1, 2]}, "easing": "easeOut"}"#),
    ("several actions", #"{"animplot": 1, "actions": [{"name": "A", "tracks": []}, {"tracks": [], "markers": [{"frame": 3}]}]}"#),
  ]

  @Test("the schema and the decoder accept the same valid files", .requires(JSONSchema.validator))
  func bothAccept() throws {
    for ((what, text), verdict) in zip(Self.valid, try Self.validate(Self.valid.map(\.1))) {
      #expect(verdict == nil, "the schema refuses \(what): \(verdict ?? "")")
      #expect(Self.decodes(text), "the decoder refuses \(what)")
    }
  }
}
