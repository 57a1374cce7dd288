import AnimplotTestSupport
import Foundation
import Testing

/// Blender's F-modifier oracle through the built binary: every curve of both files written in
/// format 1 (modifiers as docs/format.md spells them, `"blender"` as the file says), a
/// multi-action file with an action per category, and `animplot eval` at every curve's frames
/// must print Blender's values, bit for bit as 32-bit floats.
@Suite("Blender's F-modifier oracle through the binary", .needs(SharedFolder.modifierOracle))
struct ModifierOracleEndToEndTests {
  static func camel(_ s: String) -> String {
    let parts = s.split(separator: "_")
    return parts.enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.capitalized }.joined()
  }

  /// One oracle curve as a format-1 track (Blender's RNA spellings for enums).
  static func track(_ curve: [String: Any], name: String) -> [String: Any] {
    let input = curve["input"] as! [String: Any]
    let keys = (input["keys"] as! [[String: Any]]).map(OracleKey.formatOne)
    let modifiers = (input["modifiers"] as! [[String: Any]]).map { m -> [String: Any] in
      var out: [String: Any] = [:]
      for (key, value) in m where key != "settings" { out[camel(key)] = value }
      var settings: [String: Any] = [:]
      for (key, value) in m["settings"] as! [String: Any] { settings[camel(key)] = value }
      out["settings"] = settings
      return out
    }
    return ["dataPath": name, "label": name, "extrapolation": input["extrapolation"]!,
            "autoSmoothing": input["auto_smoothing"]!, "modifiers": modifiers, "keyframes": keys]
  }

  @Test("eval prints Blender's values", arguments: [("modifiers-3.4.1.json", "3.4"), ("modifiers-5.0.1.json", "5.0")])
  func evalPrintsBlendersValues(_ file: String, _ version: String) throws {
    let root = try JSONSerialization.jsonObject(with: Data(contentsOf: SharedFolder.modifierOracle.file(file))) as! [String: Any]
    let curves = root["curves"] as! [[String: Any]]
    var categories: [String] = []
    var byCategory: [String: [[String: Any]]] = [:]
    for c in curves {
      let category = c["category"] as! String
      if byCategory[category] == nil { categories.append(category) }
      byCategory[category, default: []].append(c)
    }
    let actions: [[String: Any]] = categories.map { category in
      ["name": category, "blender": version,
       "tracks": byCategory[category]!.map { Self.track($0, name: $0["id"] as! String) }]
    }
    let dir = try CLI.temporaryDirectory()
    let path = dir.appendingPathComponent("modifiers.json")
    try JSONSerialization.data(withJSONObject: ["animplot": 1, "actions": actions]).write(to: path)
    var compared = 0
    for category in categories {
      let members = byCategory[category]!
      let frames = Set(members.flatMap { (($0["output"] as! [String: Any])["eval_frames"] as! [Double]).map { Float($0) } })
        .sorted()
      let r = try CLI.run(
        ["eval", path.path, "--action", category, "--format", "json",
         "--at=" + frames.map { "\($0)" }.joined(separator: ",")])
      try #require(r.status == 0, "\(category): \(r.stderr)")
      let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
      let printed = (json["frames"] as! [Double]).map { Float($0) }
      let column = Dictionary(printed.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
      let tracks = json["tracks"] as! [[String: Any]]
      #expect(tracks.count == members.count)
      for (track, curve) in zip(tracks, members) {
        let output = curve["output"] as! [String: Any]
        let values = track["values"] as! [Double]
        for (frame, want) in zip(output["eval_frames"] as! [Double], output["eval_values"] as! [Double]) {
          guard let i = column[Float(frame)] else {
            Issue.record("\(curve["id"]!): frame \(frame) not printed")
            continue
          }
          let got = Float(values[i])
          #expect(got == Float(want), "\(curve["id"]!) [\(category)] at \(frame): \(got), Blender \(want)")
          compared += 1
        }
      }
    }
    #expect(compared == 66_629)
  }
}
