import AnimplotCore
import AnimplotPlots
import Testing

/// Which rows the Dope Sheet lists, in which order and at which depth, under its options.
@Suite("Dope Sheet rows")
struct DopeSheetRowsTests {
  /// Two groups met in the order Object Transforms, Light, with a channel outside any group
  /// between their tracks.
  static let action: Action = {
    var hidden = track("location", 2, group: "Object Transforms", [key(3), key(4)])
    hidden.hidden = true
    hidden.selected = true
    hidden.locked = true
    var influence = track("influence", group: nil, [key(7)])
    influence.muted = true
    return Action(
      name: "LampAction",
      tracks: [
        track("location", 0, group: "Object Transforms", [key(1), key(2)]), influence,
        track("energy", group: "Light", [key(5)]), hidden,
      ])
  }()

  /// Each row as `kind name depth`.
  func outline(_ layout: DopeSheetLayout) -> [String] {
    layout.rows.map { "\($0.kind) \($0.name) \($0.depth)" }
  }

  @Test("Summary, the action, each group and its channels, then channels outside groups")
  func order() {
    let layout = DopeSheetLayout(action: Self.action)
    #expect(
      outline(layout) == [
        "summary Summary 0", "action LampAction 1", "group Object Transforms 2", "channel X Location 3",
        "channel Z Location 3", "group Light 2", "channel Power 3", "channel Influence 2",
      ])
    #expect(
      layout.rows.map(\.dataPath) == [nil, nil, nil, "location", "location", nil, "energy", "influence"])
    #expect(layout.rows.map(\.index) == [nil, nil, nil, 0, 2, nil, 0, 0])
    #expect(layout.rows[0].keys.map(\.frame) == [1, 2, 3, 4, 5, 7])
    #expect(layout.rows[2].keys.map(\.frame) == [1, 2, 3, 4])
  }

  @Test("tracks hidden in the Graph Editor are listed, with their flags; a group with a selected channel is selected")
  func flags() {
    let rows = DopeSheetLayout(action: Self.action).rows
    #expect(rows[4].name == "Z Location" && rows[4].selected && rows[4].locked && !rows[4].muted)
    #expect(rows[7].muted && !rows[7].selected && !rows[7].locked)
    #expect(rows.filter { $0.kind != .channel }.allSatisfy { !$0.locked && !$0.muted })
    // A group is selected when one of its channels is, as Blender's Graph Editor list shows it.
    #expect(rows.filter { $0.kind != .channel }.map(\.selected) == [false, false, true, false])
  }

  @Test("without the Summary the other rows keep their depths")
  func noSummary() {
    let layout = DopeSheetLayout(action: Self.action, options: DopeSheetOptions(showSummary: false))
    #expect(outline(layout) == Array(outline(DopeSheetLayout(action: Self.action)).dropFirst()))
  }

  @Test("collapsed groups show their own row only, still with all their keys")
  func collapseGroups() {
    let layout = DopeSheetLayout(action: Self.action, options: DopeSheetOptions(collapseGroups: true))
    #expect(
      outline(layout) == [
        "summary Summary 0", "action LampAction 1", "group Object Transforms 2", "group Light 2",
        "channel Influence 2",
      ])
    #expect(layout.rows.map(\.collapsed) == [false, false, true, true, false])
    #expect(layout.rows[2].keys.map(\.frame) == [1, 2, 3, 4])
    #expect(layout.rows[0].keys.map(\.frame) == [1, 2, 3, 4, 5, 7])
  }

  @Test("a channel pattern leaves the other tracks out of every row")
  func channelPattern() {
    let options = DopeSheetOptions(channels: ChannelPattern("X Location, influence*"))
    let layout = DopeSheetLayout(action: Self.action, options: options)
    #expect(
      outline(layout) == [
        "summary Summary 0", "action LampAction 1", "group Object Transforms 2", "channel X Location 3",
        "channel Influence 2",
      ])
    #expect(layout.rows[0].keys.map(\.frame) == [1, 2, 7])
    #expect(layout.rows[2].keys.map(\.frame) == [1, 2])
  }

  @Test("an action without tracks has a Summary and an action row, both empty")
  func empty() {
    let layout = DopeSheetLayout(action: Action(name: "Empty"))
    #expect(outline(layout) == ["summary Summary 0", "action Empty 1"])
    #expect(layout.rows.allSatisfy { $0.keys.isEmpty && $0.holds.isEmpty && $0.interpolationLines.isEmpty })
  }

  @Test("several actions: one Summary over all, then each action's block in order")
  func severalActions() {
    let other = Action(name: "CameraAction", tracks: [track("lens", 0, [key(6), key(9)])])
    let layout = DopeSheetLayout(actions: [Self.action, other])
    #expect(
      outline(layout) == [
        "summary Summary 0", "action LampAction 1", "group Object Transforms 2", "channel X Location 3",
        "channel Z Location 3", "group Light 2", "channel Power 3", "channel Influence 2",
        "action CameraAction 1", "channel Focal Length 2",
      ])
    #expect(layout.rows[0].keys.map(\.frame) == [1, 2, 3, 4, 5, 6, 7, 9])
    #expect(layout.rows[1].keys.map(\.frame) == [1, 2, 3, 4, 5, 7])
    #expect(layout.rows[8].keys.map(\.frame) == [6, 9])
    // An action the channel pattern empties is not listed.
    let lensOnly = DopeSheetLayout(
      actions: [Self.action, other], options: DopeSheetOptions(channels: ChannelPattern("lens*")))
    #expect(outline(lensOnly) == ["summary Summary 0", "action CameraAction 1", "channel Focal Length 2"])
  }

  @Test("an action naming its object gets the object's row above it, the same keys, depth 0")
  func objectRow() {
    var withObject = Self.action
    withObject.object = AnimatedObject(name: "Lamp", type: .light, selected: true)
    let layout = DopeSheetLayout(action: withObject)
    let plain = DopeSheetLayout(action: Self.action)
    #expect(outline(layout) == ["summary Summary 0", "object Lamp 0"] + outline(plain).dropFirst())
    let object = layout.rows[1]
    #expect(object.objectType == .light && object.selected)
    #expect(object.keys == layout.rows[2].keys && object.holds == layout.rows[2].holds)
    // Unselected object: the row is not selected; other rows never carry an object type.
    withObject.object?.selected = false
    let unselected = DopeSheetLayout(action: withObject)
    #expect(!unselected.rows[1].selected)
    #expect(unselected.rows.filter { $0.objectType != nil }.count == 1)
    #expect(
      unselected.json.contains(
        """
            {
              "name": "Lamp",
              "kind": "object",
              "depth": 0,
              "objectType": "light",
              "keys": [
        """))
  }
}
