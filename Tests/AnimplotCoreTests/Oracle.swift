import AnimplotCore
import AnimplotTestSupport
import Foundation

/// Blender 3.4.1's own answers (`SharedFolder.oracle`): curve inputs, the handles
/// `fcurve.update()` computed and `fcurve.evaluate()` samples.
struct OracleCase: Sendable {
  var id: String
  var category: String
  var optional: Bool
  var curve: FCurve
  var expectedKeys: [(point: CurvePoint, left: CurvePoint, right: CurvePoint)]
  var frames: [Float]
  var values: [Float]
}

enum Oracle {
  /// The oracle folder, or nil without it.
  static var directory: URL? { SharedFolder.oracle.folder }

  static let curves: [OracleCase] = load("curves.json") { root in
    (root["curves"] as? [[String: Any]]) ?? []
  }

  static let actionChannels: [OracleCase] = load("actions.json") { root in
    ((root["actions"] as? [[String: Any]]) ?? []).flatMap {
      ($0["channels"] as? [[String: Any]]) ?? []
    }
  }

  private static func load(
    _ file: String, _ entries: ([String: Any]) -> [[String: Any]]
  ) -> [OracleCase] {
    guard let dir = directory,
      let data = try? Data(contentsOf: dir.appendingPathComponent(file)),
      let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return [] }
    return entries(root).map(parse)
  }

  static func float(_ any: Any?) -> Float { Float((any as? NSNumber)?.doubleValue ?? .nan) }
  static func point(_ any: Any?) -> CurvePoint {
    let a = any as? [Any] ?? []
    return CurvePoint(frame: float(a.first), value: float(a.count > 1 ? a[1] : nil))
  }

  static func parse(_ c: [String: Any]) -> OracleCase {
    let fc = c["fcurve"] as? [String: Any] ?? [:]
    let input = c["input"] as? [String: Any] ?? [:]
    let output = c["output"] as? [String: Any] ?? [:]
    var curve = FCurve(
      dataPath: fc["data_path"] as? String ?? "", index: fc["array_index"] as? Int ?? 0)
    curve.extrapolation = input["extrapolation"] as? String == "LINEAR" ? .linear : .constant
    curve.autoSmoothing = input["auto_smoothing"] as? String == "NONE" ? .none : .contAccel
    for m in input["modifiers"] as? [[String: Any]] ?? [] {
      curve.modifiers.append(
        .cycles(
          CyclesModifier(
            before: cyclesMode(m["mode_before"]), after: cyclesMode(m["mode_after"]),
            beforeCount: m["cycles_before"] as? Int ?? 0,
            afterCount: m["cycles_after"] as? Int ?? 0)))
    }
    for k in input["keys"] as? [[String: Any]] ?? [] {
      let co = point(k["co"])
      var key = Keyframe(frame: co.frame, value: co.value)
      key.interpolation = interpolation(k["interpolation"] as? String ?? "")
      key.easing =
        ["AUTO": .auto, "EASE_IN": .easeIn, "EASE_OUT": .easeOut, "EASE_IN_OUT": .easeInOut][
          k["easing"] as? String ?? ""] ?? .auto
      key.back = float(k["back"])
      key.amplitude = float(k["amplitude"])
      key.period = float(k["period"])
      key.handleLeftType = handleType(k["handle_left_type"])
      key.handleRightType = handleType(k["handle_right_type"])
      key.handleLeft = point(k["handle_left"])
      key.handleRight = point(k["handle_right"])
      let sel = k["select"] as? [Bool] ?? [false, false, false]
      key.selectedHandleLeft = sel[0]
      key.selected = sel[1]
      key.selectedHandleRight = sel[2]
      curve.keyframes.append(key)
    }
    let keys = (output["keys"] as? [[String: Any]] ?? []).map {
      (point($0["co"]), point($0["handle_left"]), point($0["handle_right"]))
    }
    return OracleCase(
      id: c["id"] as? String ?? "?", category: c["category"] as? String ?? "",
      optional: c["optional"] as? Bool ?? false, curve: curve, expectedKeys: keys,
      frames: (output["eval_frames"] as? [Any] ?? []).map(float),
      values: (output["eval_values"] as? [Any] ?? []).map(float))
  }

  static func cyclesMode(_ any: Any?) -> CyclesModifier.Mode {
    ["NONE": .none, "REPEAT": .repeat, "REPEAT_OFFSET": .repeatOffset, "MIRROR": .mirror][
      any as? String ?? ""] ?? .none
  }

  static func handleType(_ any: Any?) -> HandleType {
    ["FREE": .free, "ALIGNED": .aligned, "VECTOR": .vector, "AUTO": .auto,
     "AUTO_CLAMPED": .autoClamped][any as? String ?? ""] ?? .free
  }

  static func interpolation(_ s: String) -> Interpolation {
    Interpolation.allCases.first { "\($0)".uppercased() == s } ?? .bezier
  }

  /// The oracle's tolerance for handles: |Δ| ≤ 1e-4 + 1e-6·|v|.
  static func handleMatches(_ got: Float, _ want: Float) -> Bool {
    abs(Double(got) - Double(want)) <= 1e-4 + 1e-6 * abs(Double(want))
  }

  /// The oracle's tolerance for values: |Δ| ≤ max(1e-4, 1e-6·|v|).
  static func valueMatches(_ got: Float, _ want: Float) -> Bool {
    abs(Double(got) - Double(want)) <= max(1e-4, 1e-6 * abs(Double(want)))
  }
}
