import AnimplotCanvas
import AnimplotCore
import AnimplotIO
import AnimplotTestSupport
@testable import AnimplotPlots
import Foundation
import Testing

/// `--hide`: a hidden channel keeps its row, its eye closed, and its curve is not drawn.
@Suite("Graph Editor: hidden channels")
struct GraphHideTests {
  static func action() throws -> Action {
    try ActionFile.load(Repository.root.appendingPathComponent("Examples/bouncing-ball.json").path).actions[0]
  }

  @Test("a hidden channel keeps its row with the eye closed, and is not among the curves")
  func hiddenRow() throws {
    let action = try Self.action()
    var options = GraphOptions()
    options.frames = 0...50
    options.values = -1...5
    let shown = GraphEditor(action: action, options: options).layout(scale: 1)
    options.hide = [ChannelPattern("Z Location")]
    let hidden = GraphEditor(action: action, options: options).layout(scale: 1)
    let z = try #require(action.tracks.firstIndex { $0.displayLabel == "Z Location" })
    #expect(shown.curves.contains { $0.channel.track == z })
    #expect(!hidden.curves.contains { $0.channel.track == z })
    #expect(hidden.curves.count == shown.curves.count - 1)
    let rows = try #require(hidden.channelList).rows
    #expect(rows.count == shown.channelList?.rows.count)
    let row = try #require(rows.first { $0.channel?.track == z })
    #expect(row.isHidden)
    #expect(rows.filter(\.isHidden).count == 1, "only the matched row")
    // The layout's JSON says which rows are hidden.
    let json = try #require(JSONSerialization.jsonObject(with: Data(hidden.json.utf8)) as? [String: Any])
    let channels = try #require(json["channels"] as? [[String: Any]])
    let flagged = channels.filter { $0["hidden"] as? Bool == true }.compactMap { $0["name"] as? String }
    #expect(flagged == ["Z Location"])
  }

  @Test("the eye is drawn closed and the curve's pixels are gone; other curves are drawn as before")
  func drawing() throws {
    let action = try Self.action()
    var options = GraphOptions()
    options.frames = 0...50
    options.values = -1...5
    let z = try #require(action.tracks.firstIndex { $0.displayLabel == "Z Location" })
    let before = RecordingCanvas(size: GraphEditor(action: action, options: options).pictureSize)
    GraphEditor(action: action, options: options).draw(on: before)
    options.hide = [ChannelPattern("location[2]")]
    let editor = GraphEditor(action: action, options: options)
    let after = RecordingCanvas(size: editor.pictureSize)
    editor.draw(on: after)
    #expect(before.displayList != after.displayList)
    // The same picture as a file whose track is hidden: the option is Blender's flag.
    var flagged = action
    flagged.tracks[z].hidden = true
    options.hide = []
    let file = RecordingCanvas(size: editor.pictureSize)
    GraphEditor(action: flagged, options: options).draw(on: file)
    #expect(file.displayList == after.displayList)
  }

  @Test("several patterns hide each what they match; group rows close when all their channels are hidden")
  func groups() throws {
    let action = try Self.action()
    var options = GraphOptions()
    options.hide = [ChannelPattern("location"), ChannelPattern("*Scale")]
    let editor = GraphEditor(action: action, options: options)
    let hiddenTracks = Set(editor.action.tracks.indices.filter { editor.action.tracks[$0].hidden })
    let expected = Set(action.tracks.indices.filter { action.tracks[$0].dataPath == "location" || action.tracks[$0].displayLabel.hasSuffix("Scale") })
    #expect(!expected.isEmpty && hiddenTracks == expected)
    #expect(Set(editor.layout(scale: 1).curves.map(\.channel.track)).isDisjoint(with: expected))
  }
}
