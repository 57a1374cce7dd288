import AnimplotCore
import AnimplotIO
import Foundation
import AnimplotPlots
import AnimplotText
import Testing

/// `DopeSheetLayout.json`, the text users snapshot (docs/dopesheet-json.md).
@Suite("Dope Sheet JSON")
struct DopeSheetJSONTests {
  /// A grouped Z location with a selected static hold and a linear hold, a scale whose key at
  /// 10.004 merges with the location's extreme at 10 in the group row, and a locked moving hold
  /// outside the group.
  static let action: Action = {
    var influence = track("influence", 0, [key(20, 0, type: .movingHold), key(25, 0.5, type: .movingHold)])
    influence.locked = true
    return Action(
      name: "BallAction",
      tracks: [
        track(
          "location", 2, group: "Object Transforms",
          [
            key(1, 0, selected: true), key(10, 0, type: .extreme, handles: (.vector, .vector)),
            key(20, 2.5, interpolation: .linear), key(30, 2.5),
          ]),
        track(
          "scale", 0, group: "Object Transforms", [key(1, 1, type: .breakdown), key(10.004, 1), key(30, 1)]),
        influence,
      ])
  }()

  @Test("a small action gives exactly this text, one member per line")
  func snapshot() {
    // The rows as the layout was written before (one row per line); the text is that,
    // laid out one member per line.
    let compact = """
      {"rows": [
        {"name": "Summary", "kind": "summary", "depth": 0, "keys": [{"frame": 1, "type": "keyframe", "selected": true, "shape": "autoClamped"}, {"frame": 10, "type": "keyframe", "selected": false, "shape": "vector"}, {"frame": 20, "type": "keyframe", "selected": false, "shape": "autoClamped"}, {"frame": 25, "type": "movingHold", "selected": false, "shape": "autoClamped"}, {"frame": 30, "type": "keyframe", "selected": false, "shape": "autoClamped"}], "holds": [{"start": 20, "end": 25, "kind": "moving", "selected": false}], "interpolationLines": [{"start": 20, "end": 25, "mixed": true}, {"start": 25, "end": 30, "mixed": true}]},
        {"name": "BallAction", "kind": "action", "depth": 1, "keys": [{"frame": 1, "type": "keyframe", "selected": true, "shape": "autoClamped"}, {"frame": 10, "type": "keyframe", "selected": false, "shape": "vector"}, {"frame": 20, "type": "keyframe", "selected": false, "shape": "autoClamped"}, {"frame": 25, "type": "movingHold", "selected": false, "shape": "autoClamped"}, {"frame": 30, "type": "keyframe", "selected": false, "shape": "autoClamped"}], "holds": [{"start": 20, "end": 25, "kind": "moving", "selected": false}], "interpolationLines": [{"start": 20, "end": 25, "mixed": true}, {"start": 25, "end": 30, "mixed": true}]},
        {"name": "Object Transforms", "kind": "group", "depth": 2, "keys": [{"frame": 1, "type": "keyframe", "selected": true, "shape": "autoClamped"}, {"frame": 10, "type": "keyframe", "selected": false, "shape": "vector"}, {"frame": 20, "type": "keyframe", "selected": false, "shape": "autoClamped"}, {"frame": 30, "type": "keyframe", "selected": false, "shape": "autoClamped"}], "holds": [{"start": 1, "end": 10, "kind": "static", "selected": true}, {"start": 20, "end": 30, "kind": "static", "selected": false}], "interpolationLines": [{"start": 20, "end": 30, "mixed": true}]},
        {"name": "Z Location", "kind": "channel", "depth": 3, "dataPath": "location", "index": 2, "keys": [{"frame": 1, "type": "keyframe", "selected": true, "shape": "autoClamped"}, {"frame": 10, "type": "extreme", "selected": false, "shape": "vector"}, {"frame": 20, "type": "keyframe", "selected": false, "shape": "autoClamped"}, {"frame": 30, "type": "keyframe", "selected": false, "shape": "autoClamped"}], "holds": [{"start": 1, "end": 10, "kind": "static", "selected": true}, {"start": 20, "end": 30, "kind": "static", "selected": false}], "interpolationLines": [{"start": 20, "end": 30, "mixed": false}]},
        {"name": "X Scale", "kind": "channel", "depth": 3, "dataPath": "scale", "index": 0, "keys": [{"frame": 1, "type": "breakdown", "selected": false, "shape": "autoClamped"}, {"frame": 10.004, "type": "keyframe", "selected": false, "shape": "autoClamped"}, {"frame": 30, "type": "keyframe", "selected": false, "shape": "autoClamped"}], "holds": [{"start": 1, "end": 10.004, "kind": "static", "selected": false}, {"start": 10.004, "end": 30, "kind": "static", "selected": false}], "interpolationLines": []},
        {"name": "Influence", "kind": "channel", "depth": 2, "dataPath": "influence", "index": 0, "locked": true, "keys": [{"frame": 20, "type": "movingHold", "selected": false, "shape": "autoClamped"}, {"frame": 25, "type": "movingHold", "selected": false, "shape": "autoClamped"}], "holds": [{"start": 20, "end": 25, "kind": "moving", "selected": false}], "interpolationLines": []}
      ]}

      """
    let json = DopeSheetLayout(action: Self.action).json
    #expect(json == prettyJSON(compact))
    #expect(
      json.hasPrefix(
        """
        {
          "rows": [
            {
              "name": "Summary",
              "kind": "summary",
              "depth": 0,
              "keys": [
                {
                  "frame": 1,
                  "type": "keyframe",
                  "selected": true,
                  "shape": "autoClamped"
                },

        """))
    #expect(
      json.hasSuffix(
        """
              "holds": [
                {
                  "start": 20,
                  "end": 25,
                  "kind": "moving",
                  "selected": false
                }
              ],
              "interpolationLines": []
            }
          ]
        }

        """))
  }

  @Test("laid out as python3 -m json.tool and jq lay JSON out: the old layout reads the same")
  func layoutIsTheCommonOne() throws {
    let json = DopeSheetLayout(action: Self.action).json
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
    // Foundation sorts nothing here when asked for no sorting; it indents differently, so
    // compare the parsed values and check the layout rules line by line.
    #expect(try JSONSerialization.jsonObject(with: Data(prettyJSON(json)!.utf8)) as? NSDictionary == object as? NSDictionary)
    #expect(prettyJSON(json) == json, "laying out the text again changes nothing")
    for line in json.split(separator: "\n") {
      let body = line.drop { $0 == " " }
      #expect((line.count - body.count) % 2 == 0, "indented by two spaces: \(line)")
      #expect(
        body.hasPrefix("\"") || body.hasPrefix("{") || body.hasPrefix("}") || body.hasPrefix("]"),
        "one member or bracket per line: \(line)")
    }
  }

  @Test("prettyJSON lays out any JSON as json.tool does and refuses what is not JSON")
  func prettyJSONCases() {
    #expect(prettyJSON("1") == "1\n")
    #expect(prettyJSON(" {} ") == "{}\n")
    #expect(prettyJSON("[[], {}, [1]]") == "[\n  [],\n  {},\n  [\n    1\n  ]\n]\n")
    #expect(prettyJSON(#"{"a {[,:": "x\"]}", "b":null}"#) == "{\n  \"a {[,:\": \"x\\\"]}\",\n  \"b\": null\n}\n")
    for bad in ["", "{", "[1,]", "{\"a\" 1}", "[1] 2", "\"open", "{]", "[1 2]", "{\"a\":}", ":"] {
      #expect(prettyJSON(bad) == nil, "\(bad)")
    }
  }

  @Test("a moved key is one changed line of the text")
  func movedKeyIsOneLine() {
    var moved = Self.action
    moved.tracks[0].keyframes[0].selected = false
    let before = DopeSheetLayout(action: Self.action).json.split(separator: "\n")
    let after = DopeSheetLayout(action: moved).json.split(separator: "\n")
    #expect(before.count == after.count)
    let changed = zip(before, after).filter { $0 != $1 }
    // The key's flag in its channel row, its group, the action and the Summary; and the
    // selected hold it starts, in the group and the channel.
    #expect(changed.allSatisfy { $0.0.contains("\"selected\": true") && $0.1.contains("\"selected\": false") })
    #expect(changed.count == 6)
  }

  @Test("the text is valid JSON that reads back to the layout's rows")
  func parses() throws {
    let layout = DopeSheetLayout(action: Self.action, options: DopeSheetOptions(collapseGroups: true))
    let root = try JSONSerialization.jsonObject(with: Data(layout.json.utf8)) as? [String: Any]
    let rows = try #require(root?["rows"] as? [[String: Any]])
    #expect(rows.map { $0["name"] as? String } == layout.rows.map(\.name))
    #expect(rows.map { $0["collapsed"] as? Bool ?? false } == layout.rows.map(\.collapsed))
    #expect(
      rows.map { ($0["keys"] as? [[String: Any]] ?? []).map { ($0["frame"] as? NSNumber)?.floatValue } }
        == layout.rows.map { $0.keys.map(\.frame) })
  }

  @Test("names are escaped and numbers are the shortest that read back")
  func spelling() {
    let action = Action(
      name: "Say \"hi\"\\\n\t\u{1}é",
      tracks: [track("location", 0, [key(-0.0), key(0.1), key(1e7)]), track("location", 1, [key(2.5e-5)])])
    let lines = DopeSheetLayout(action: action).json.split(separator: "\n").map { $0.drop { $0 == " " } }
    #expect(lines.contains(#""name": "Say \"hi\"\\\n\t\u0001é","#))
    let frames = lines.filter { $0.hasPrefix(#""frame": "#) }
    for frame in ["0", "0.1", "10000000", "2.5e-05"] { #expect(frames.contains(#""frame": \#(frame),"#)) }
  }

  @Test("the example of docs/dopesheet-json.md is what its action gives")
  func documentedExample() throws {
    let doc = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("docs/dopesheet-json.md")
    let blocks = try String(contentsOf: doc, encoding: .utf8).components(separatedBy: "```json\n").dropFirst()
      .map { $0.components(separatedBy: "\n```")[0] }
    try #require(blocks.count == 2)
    let action = try ActionDecoder.decode(blocks[0], file: "docs/dopesheet-json.md").actions[0]
    #expect(action == Self.action)
    #expect(DopeSheetLayout(action: action).json == blocks[1] + "\n")
  }
}
