import AnimplotTestSupport
import Foundation
import Testing

/// Blender's realistic actions, written as format-1 files with Blender's own RNA strings, run
/// through the built binary: `eval` must print Blender's values.
@Suite("Blender's realistic actions through the binary", .needs(SharedFolder.oracle))
struct OracleEndToEndTests {
  static let actionsFile = SharedFolder.oracle.file("actions.json")

  /// One oracle action as a format-1 document, enum values in Blender's RNA spelling.
  static func formatOne(_ action: [String: Any]) -> [String: Any] {
    let range = action["scene_frame_range"] as! [Double]
    let tracks: [[String: Any]] = (action["channels"] as! [[String: Any]]).map { channel in
      let fcurve = channel["fcurve"] as! [String: Any]
      let input = channel["input"] as! [String: Any]
      var track: [String: Any] = [
        "dataPath": fcurve["data_path"]!, "index": fcurve["array_index"]!, "group": fcurve["group"]!,
        "extrapolation": input["extrapolation"]!, "autoSmoothing": input["auto_smoothing"]!,
      ]
      track["modifiers"] = (input["modifiers"] as! [[String: Any]]).map {
        ["type": $0["type"]!, "before": $0["mode_before"]!, "after": $0["mode_after"]!,
         "beforeCount": $0["cycles_before"]!, "afterCount": $0["cycles_after"]!]
      }
      track["keyframes"] = (input["keys"] as! [[String: Any]]).map(OracleKey.formatOne)
      return track
    }
    return ["animplot": 1, "name": action["name"]!, "fps": action["fps"]!, "frameStart": range[0],
            "frameEnd": range[1], "tracks": tracks]
  }

  @Test func evalPrintsBlendersValues() throws {
    let root = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.actionsFile)) as! [String: Any]
    let dir = try CLI.temporaryDirectory()
    var compared = 0
    for action in root["actions"] as! [[String: Any]] {
      let file = dir.appendingPathComponent("\(action["name"]!).json")
      try JSONSerialization.data(withJSONObject: Self.formatOne(action)).write(to: file)
      let channels = action["channels"] as! [[String: Any]]
      let frames = (channels[0]["output"] as! [String: Any])["eval_frames"] as! [Double]
      let r = try CLI.run(["eval", file.path, "--format", "json", "--at=" + frames.map { "\($0)" }.joined(separator: ",")])
      try #require(r.status == 0, "\(r.stderr)")
      let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
      let tracks = json["tracks"] as! [[String: Any]]
      for (track, channel) in zip(tracks, channels) {
        let want = (channel["output"] as! [String: Any])["eval_values"] as! [Double]
        let got = track["values"] as! [Double]
        #expect(got.count == want.count)
        for (g, w) in zip(got, want) {
          #expect(Float(g) == Float(w), "\(action["name"]!) \(track["label"]!)")
          compared += 1
        }
      }
    }
    #expect(compared > 3000)
  }
}

/// A key of Blender's oracles (its `co`, handles, types and `select` triple, in Blender's names)
/// as a key of format 1.
enum OracleKey {
  static func formatOne(_ k: [String: Any]) -> [String: Any] {
    let co = k["co"] as! [Double]
    let select = k["select"] as! [Bool]
    return [
      "frame": co[0], "value": co[1], "interpolation": k["interpolation"]!, "easing": k["easing"]!,
      "back": k["back"]!, "amplitude": k["amplitude"]!, "period": k["period"]!,
      "handleLeftType": k["handle_left_type"]!, "handleRightType": k["handle_right_type"]!,
      "handleLeft": k["handle_left"]!, "handleRight": k["handle_right"]!, "type": k["type"]!,
      "selectedHandleLeft": select[0], "selected": select[1], "selectedHandleRight": select[2],
    ]
  }
}
