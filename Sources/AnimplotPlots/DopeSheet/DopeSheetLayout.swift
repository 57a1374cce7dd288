import AnimplotCore

/// The Dope Sheet of one or several actions as data: its rows in order, each with its merged key
/// columns, hold bars and interpolation lines, everything a renderer draws and nothing it must
/// recompute.
///
/// Rows follow Blender's Dope Sheet mode: Summary, then for each action (as Blender lists each
/// animated object) the action, each group with its channels, then the channels outside any
/// group. Groups come in the order their first track appears; channels keep the tracks' order
/// within their group. Tracks hidden in the Graph Editor (`hidden`) are listed, as Blender's Dope
/// Sheet lists them (its visibility filter is a Graph Editor one). The actions' tracks should have
/// their keys sorted by frame, as decoding leaves them; unsorted keys are sorted here.
public struct DopeSheetLayout: Sendable, Hashable {
  /// The rows from top to bottom.
  public var rows: [DopeSheetRow]

  /// The layout of `action` with `options`.
  public init(action: Action, options: DopeSheetOptions = DopeSheetOptions()) {
    self.init(actions: [action], options: options)
  }

  /// The layout of several actions under one Summary, each action's block in the given order;
  /// an action left without channels by `options.channels` is not listed.
  public init(actions: [Action], options: DopeSheetOptions = DopeSheetOptions()) {
    let blocks = actions.map { action in
      (action, action.filtered(by: options.channels).tracks)
    }.filter { actions.count == 1 || !$0.1.isEmpty }
    let grouped = blocks.map { Self.grouped($0.1) }
    let listed = grouped.map { $0.groups.flatMap(\.tracks) + $0.ungrouped }
    // One action's rows repeat the Summary's keys: merge them once.
    let actionLists = listed.map(Self.keyList)
    rows = []
    if options.showSummary {
      let all = actionLists.count == 1 ? actionLists[0] : Self.keyList(listed.flatMap { $0 })
      rows.append(Self.row(.summary, name: "Summary", depth: 0, all))
    }
    for (i, (action, _)) in blocks.enumerated() {
      if let object = action.object {
        var row = Self.row(.object, name: object.name, depth: 0, actionLists[i])
        row.objectType = object.type
        row.selected = object.selected
        rows.append(row)
      }
      rows.append(Self.row(.action, name: action.name, depth: 1, actionLists[i]))
      for group in grouped[i].groups {
        var row = Self.row(.group, name: group.name, depth: 2, Self.keyList(group.tracks))
        row.selected = group.tracks.contains(where: \.selected)
        row.collapsed = options.collapseGroups
        rows.append(row)
        if !options.collapseGroups {
          rows += group.tracks.map { Self.channelRow($0, depth: 3) }
        }
      }
      rows += grouped[i].ungrouped.map { Self.channelRow($0, depth: 2) }
    }
  }

  /// The tracks by group, groups in the order their first track appears, and the tracks
  /// outside any group.
  private static func grouped(
    _ tracks: [FCurve]
  ) -> (groups: [(name: String, tracks: [FCurve])], ungrouped: [FCurve]) {
    var groups: [(name: String, tracks: [FCurve])] = []
    var ungrouped: [FCurve] = []
    for track in tracks {
      guard let group = track.group else {
        ungrouped.append(track)
        continue
      }
      if let g = groups.firstIndex(where: { $0.name == group }) {
        groups[g].tracks.append(track)
      } else {
        groups.append((group, [track]))
      }
    }
    return (groups, ungrouped)
  }

  private static func keyList(_ tracks: [FCurve]) -> KeyList {
    var list = KeyList()
    for track in tracks { list.add(curve: sortedKeys(track)) }
    return list
  }

  private static func sortedKeys(_ track: FCurve) -> [Keyframe] {
    let keys = track.keyframes
    let sorted = zip(keys, keys.dropFirst()).allSatisfy { $0.frame <= $1.frame }
    return sorted ? keys : keys.sorted { $0.frame < $1.frame }
  }

  private static func row(
    _ kind: DopeSheetRowKind, name: String, depth: Int, _ list: KeyList
  ) -> DopeSheetRow {
    DopeSheetRow(
      kind: kind, name: name, depth: depth, keys: list.keyColumns, holds: list.holds,
      interpolationLines: list.interpolationLines)
  }

  private static func channelRow(_ track: FCurve, depth: Int) -> DopeSheetRow {
    var row = row(.channel, name: track.displayLabel, depth: depth, keyList([track]))
    row.dataPath = track.dataPath
    row.index = track.index
    row.selected = track.selected
    row.locked = track.locked
    row.muted = track.muted
    return row
  }
}

/// What the Dope Sheet lists.
public struct DopeSheetOptions: Sendable, Hashable {
  /// Whether the Summary row comes first (`--no-summary` turns it off).
  public var showSummary: Bool
  /// Whether groups show only their own row, their channels merged into it (`--collapse-groups`).
  public var collapseGroups: Bool
  /// Only the tracks matching this pattern are laid out (`--channels`); the others are left out
  /// of every row, Summary included, as if the file did not hold them. `nil` keeps all.
  public var channels: ChannelPattern?

  /// Options with Blender's defaults: Summary shown, groups expanded, every channel.
  public init(showSummary: Bool = true, collapseGroups: Bool = false, channels: ChannelPattern? = nil) {
    self.showSummary = showSummary
    self.collapseGroups = collapseGroups
    self.channels = channels
  }
}
