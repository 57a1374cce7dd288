import AnimplotCore
import AnimplotIO
import AnimplotTestSupport
import Foundation
import Testing

/// Blender's F-modifier oracle (`oracle/modifiers/`): every curve converted to the action format
/// (its modifiers spelled as docs/format.md spells them), read by the decoder with the file's
/// `"blender"` version, recalculated, and evaluated at every sample frame: the handles and the
/// values bit for bit as Blender 3.4.1 and 5.0.1 computed them.
@Suite("Blender's F-modifier oracle", .needs(SharedFolder.modifierOracle))
struct ModifierOracleTests {
  static let blender34 = ModifierOracle.load("modifiers-3.4.1.json", version: "3.4")
  static let blender50 = ModifierOracle.load("modifiers-5.0.1.json", version: "5.0")

  @Test("every sample and handle bit for bit, as Blender 3.4.1 and 5.0.1", arguments: ["3.4", "5.0"])
  func oracle(_ version: String) throws {
    let oracle = version == "3.4" ? Self.blender34 : Self.blender50
    #expect(oracle.count == 441)
    var report = ModifierOracle.Report()
    for c in oracle { try report.check(c) }
    print(report.table(title: "modifier oracle, Blender \(version)"))
    if let path = ProcessInfo.processInfo.environment["MODIFIER_ORACLE_FAILURES"] {
      try report.failures.joined(separator: "\n").write(toFile: path + "-" + version, atomically: true, encoding: .utf8)
    }
    let count = report.failures.count
    #expect(count == 0, "\(count) mismatches:\n\(report.failures.prefix(30).joined(separator: "\n"))")
  }
}

/// One curve of the oracle as an action file, and Blender's answers.
struct ModifierOracleCase {
  var id: String
  var category: String
  var types: [String]
  var file: String
  var keys: [[Float]]
  var valid: [Bool]
  var frames: [Float]
  var values: [Float]
}

enum ModifierOracle {
  static func load(_ name: String, version: String) -> [ModifierOracleCase] {
    guard let data = try? Data(contentsOf: SharedFolder.modifierOracle.file(name)),
      let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let curves = root["curves"] as? [[String: Any]]
    else { return [] }
    return curves.map { convert($0, version: version) }
  }

  static func float(_ any: Any?) -> Float {
    if let s = any as? String { return Float(s) ?? .nan }
    return Float((any as? NSNumber)?.doubleValue ?? .nan)
  }

  /// snake_case to lowerCamelCase.
  static func camel(_ s: String) -> String {
    let parts = s.split(separator: "_")
    return parts.enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.capitalized }.joined()
  }

  /// The curve as an action file of the format.
  static func convert(_ c: [String: Any], version: String) -> ModifierOracleCase {
    let fc = c["fcurve"] as? [String: Any] ?? [:]
    let input = c["input"] as? [String: Any] ?? [:]
    let output = c["output"] as? [String: Any] ?? [:]
    var keys: [[String: Any]] = []
    for k in input["keys"] as? [[String: Any]] ?? [] {
      let co = k["co"] as? [Any] ?? []
      let select = k["select"] as? [Bool] ?? [false, false, false]
      keys.append([
        "frame": co[0], "value": co[1], "interpolation": k["interpolation"]!, "easing": k["easing"]!,
        "back": k["back"]!, "amplitude": k["amplitude"]!, "period": k["period"]!,
        "handleLeftType": k["handle_left_type"]!, "handleRightType": k["handle_right_type"]!,
        "handleLeft": k["handle_left"]!, "handleRight": k["handle_right"]!, "type": k["type"]!,
        "selectedHandleLeft": select[0], "selected": select[1], "selectedHandleRight": select[2],
      ])
    }
    var modifiers: [[String: Any]] = []
    var types: [String] = []
    for m in input["modifiers"] as? [[String: Any]] ?? [] {
      var out: [String: Any] = [:]
      for (key, value) in m where key != "settings" { out[camel(key)] = value }
      var settings: [String: Any] = [:]
      for (key, value) in m["settings"] as? [String: Any] ?? [:] {
        if key == "control_points" {
          settings["controlPoints"] = value
        } else {
          settings[camel(key)] = value
        }
      }
      out["settings"] = settings
      types.append(m["type"] as? String ?? "?")
      modifiers.append(out)
    }
    let track: [String: Any] = [
      "dataPath": fc["data_path"] ?? "location", "index": fc["array_index"] ?? 0,
      "extrapolation": input["extrapolation"]!, "autoSmoothing": input["auto_smoothing"]!,
      "modifiers": modifiers, "keyframes": keys,
    ]
    let action: [String: Any] = ["animplot": 1, "blender": version, "tracks": [track]]
    let data = try! JSONSerialization.data(withJSONObject: action, options: [.sortedKeys])
    let expectedKeys = (output["keys"] as? [[String: Any]] ?? []).map { k -> [Float] in
      let co = k["co"] as? [Any] ?? []
      let l = k["handle_left"] as? [Any] ?? []
      let r = k["handle_right"] as? [Any] ?? []
      return [co, l, r].flatMap { $0.map(float) }
    }
    return ModifierOracleCase(
      id: c["id"] as? String ?? "?", category: c["category"] as? String ?? "", types: types,
      file: String(decoding: data, as: UTF8.self), keys: expectedKeys,
      valid: output["modifiers_is_valid"] as? [Bool] ?? [],
      frames: (output["eval_frames"] as? [Any] ?? []).map(float),
      values: (output["eval_values"] as? [Any] ?? []).map(float))
  }

  static func same(_ a: Float, _ b: Float) -> Bool {
    a.bitPattern == b.bitPattern || (a == 0 && b == 0) || (a.isNaN && b.isNaN)
  }

  /// Counts per modifier type (a curve counts under each type in its stack).
  struct Report {
    var curves: [String: Int] = [:]
    var samples: [String: Int] = [:]
    var identical: [String: Int] = [:]
    var handleCurves: [String: Int] = [:]
    var failures: [String] = []

    mutating func check(_ c: ModifierOracleCase) throws {
      let document = try ActionDecoder.decode(c.file, file: c.id)
      let curve = document.actions[0].tracks[0]
      let types = Set(c.types.isEmpty ? ["NONE"] : c.types)
      var handlesOK = curve.keyframes.count * 6 == c.keys.count * 6 && curve.keyframes.count == c.keys.count
      if handlesOK {
        for (key, want) in zip(curve.keyframes, c.keys) {
          let got = [key.frame, key.value, key.handleLeft.frame, key.handleLeft.value, key.handleRight.frame, key.handleRight.value]
          if !zip(got, want).allSatisfy({ same($0, $1) }) {
            handlesOK = false
            failures.append("\(c.id) [\(c.category)] handles: got \(got), want \(want)")
          }
        }
      } else {
        failures.append("\(c.id): \(curve.keyframes.count) keys, want \(c.keys.count)")
      }
      let valid = curve.modifiers.indices.map { !curve.isDisabled(at: $0) }
      // A muted Cycles modifier that is not first is never evaluated, so 3.4 never marks it.
      for (i, (got, want)) in zip(valid, c.valid).enumerated() where got != want && !curve.modifiers[i].muted {
        failures.append("\(c.id) [\(c.category)] modifier \(i) is_valid: got \(got), want \(want)")
      }
      let batch = curve.values(at: c.frames)
      var ok = 0
      for (i, (frame, want)) in zip(c.frames, c.values).enumerated() {
        let got = curve.value(at: frame)
        if same(got, want) && same(batch[i], want) {
          ok += 1
        } else {
          failures.append("\(c.id) [\(c.category) \(c.types.joined(separator: "+"))] f=\(frame): got \(got) (batch \(batch[i])), want \(want)")
        }
      }
      for t in types {
        curves[t, default: 0] += 1
        samples[t, default: 0] += c.frames.count
        identical[t, default: 0] += ok
        if handlesOK { handleCurves[t, default: 0] += 1 }
      }
    }

    func table(title: String) -> String {
      var lines = ["\(title): type, curves, curves with Blender's handles, samples bit-identical / samples"]
      for t in curves.keys.sorted() {
        lines.append("  \(t): \(curves[t]!) curves, handles \(handleCurves[t, default: 0]), samples \(identical[t]!)/\(samples[t]!)")
      }
      return lines.joined(separator: "\n")
    }
  }
}
