import AnimplotCore
import AnimplotIO
import AnimplotTestSupport
import Foundation
import AnimplotPlots

/// A realistic action of Blender 3.4.1's oracle (`actions.json` of `SharedFolder.oracle`), its channel inputs turned into format 1 and decoded as a file would be, with the
/// dope-sheet facts Blender reported for it.
struct DopeSheetOracleAction: Sendable {
  var action: Action
  /// The action's groups (`dopesheet.groups`).
  var groups: [String]
  var channels: [Channel]
  /// The Summary row's frames (`dopesheet.summary_key_frames`).
  var summaryFrames: [Float]

  /// One channel's `dopesheet.channels[]` entry.
  struct Channel: Sendable {
    var dataPath: String
    var index: Int
    var group: String?
    var frames: [Float]
    /// `nil` for a type we do not know.
    var types: [KeyframeType?]
    /// Blender's RNA interpolation of each key (`BEZIER`, `LINEAR`, ...).
    var interpolations: [String]
    /// `derived_holds`: the hold of each span Blender 3.4's rule gives (`kind` `static` or
    /// `moving`); every oracle key is selected, so are the holds.
    var holds: [HoldBlock]
  }
}

enum DopeSheetOracle {
  /// Every realistic action, or `[]` without the oracle.
  static func load() throws -> [DopeSheetOracleAction] {
    guard let dir = SharedFolder.oracle.folder else { return [] }
    let data = try Data(contentsOf: dir.appendingPathComponent("actions.json"))
    let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    return try (root["actions"] as? [[String: Any]] ?? []).map { entry in
      let text = try formatOne(entry)
      let document = try ActionDecoder.decode(text, file: "actions.json")
      let facts = entry["dopesheet"] as? [String: Any] ?? [:]
      return DopeSheetOracleAction(
        action: document.actions[0], groups: facts["groups"] as? [String] ?? [],
        channels: (facts["channels"] as? [[String: Any]] ?? []).map(channel),
        summaryFrames: (facts["summary_key_frames"] as? [Any] ?? []).map(float))
    }
  }

  static func channel(_ c: [String: Any]) -> DopeSheetOracleAction.Channel {
    DopeSheetOracleAction.Channel(
      dataPath: c["data_path"] as? String ?? "", index: c["array_index"] as? Int ?? -1,
      group: c["group"] as? String, frames: (c["key_frames"] as? [Any] ?? []).map(float),
      types: (c["key_types"] as? [String] ?? []).map(keyType),
      interpolations: c["key_interpolations"] as? [String] ?? [],
      holds: (c["derived_holds"] as? [[String: Any]] ?? []).map {
        HoldBlock(
          start: float($0["start"]), end: float($0["end"]),
          kind: $0["kind"] as? String == "moving" ? .moving : .static, selected: true)
      })
  }

  /// The action as a format-1 file: every channel's `input` with Blender's RNA spellings,
  /// which the decoder reads as they are.
  static func formatOne(_ entry: [String: Any]) throws -> String {
    let range = entry["scene_frame_range"] as? [Any] ?? []
    var action: [String: Any] = [
      "animplot": 1, "name": entry["name"] ?? "", "fps": entry["fps"] ?? 24,
      "frameStart": range.first ?? 1, "frameEnd": range.last ?? 1,
    ]
    action["tracks"] = (entry["channels"] as? [[String: Any]] ?? []).map { channel in
      let fcurve = channel["fcurve"] as? [String: Any] ?? [:]
      let input = channel["input"] as? [String: Any] ?? [:]
      var track: [String: Any] = [
        "dataPath": fcurve["data_path"] ?? "", "index": fcurve["array_index"] ?? 0,
        "extrapolation": input["extrapolation"] ?? "CONSTANT",
        "autoSmoothing": input["auto_smoothing"] ?? "CONT_ACCEL",
      ]
      if let group = fcurve["group"] { track["group"] = group }
      track["modifiers"] = (input["modifiers"] as? [[String: Any]] ?? []).map { m in
        [
          "type": m["type"] ?? "", "before": m["mode_before"] ?? "", "after": m["mode_after"] ?? "",
          "beforeCount": m["cycles_before"] ?? 0, "afterCount": m["cycles_after"] ?? 0,
        ]
      }
      track["keyframes"] = (input["keys"] as? [[String: Any]] ?? []).map { k in
        let co = k["co"] as? [Any] ?? []
        let select = k["select"] as? [Bool] ?? [false, false, false]
        return [
          "frame": co[0], "value": co[1], "interpolation": k["interpolation"] ?? "",
          "easing": k["easing"] ?? "", "back": k["back"] ?? 0, "amplitude": k["amplitude"] ?? 0,
          "period": k["period"] ?? 0, "handleLeftType": k["handle_left_type"] ?? "",
          "handleRightType": k["handle_right_type"] ?? "", "handleLeft": k["handle_left"] ?? [],
          "handleRight": k["handle_right"] ?? [], "type": k["type"] ?? "",
          "selectedHandleLeft": select[0], "selected": select[1], "selectedHandleRight": select[2],
        ] as [String: Any]
      }
      return track
    }
    let data = try JSONSerialization.data(withJSONObject: action, options: [.sortedKeys])
    return String(decoding: data, as: UTF8.self)
  }

  /// A `Float` from the oracle's JSON (float32 values written as shortest decimals).
  static func float(_ any: Any?) -> Float { Float((any as? NSNumber)?.doubleValue ?? .nan) }

  /// Our key type for Blender's RNA identifier (`MOVING_HOLD` → `movingHold`).
  static func keyType(_ rna: String) -> KeyframeType? {
    let folded = rna.replacingOccurrences(of: "_", with: "").lowercased()
    return KeyframeType.allCases.first { "\($0)".lowercased() == folded }
  }
}
