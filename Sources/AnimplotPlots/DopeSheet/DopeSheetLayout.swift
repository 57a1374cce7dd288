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
    do {
      try self.init(actions: actions, options: options, maximumMarks: .max)
    } catch {
      preconditionFailure("no layout holds more than Int.max marks")
    }
  }

  /// What a layout holds: a row, and each of its key columns, hold bars and interpolation lines.
  static func marks(_ row: DopeSheetRow) -> Int { 1 + row.keys.count + row.holds.count + row.interpolationLines.count }

  /// A layout that would hold more marks than asked: what its rows held when it was stopped.
  package struct TooLarge: Error {
    package var marks: Int
  }

  /// The layout of `actions`, its rows counted (`marks`) as each is made: the first row that
  /// takes them past `maximumMarks` stops it, so no more is made (the Summary of 10 million
  /// keys is a row, and the drawing of each mark holds memory too). With `summaryOnly`, the
  /// Summary row alone (the Timeline's).
  /// - Throws: `TooLarge` past `maximumMarks`.
  package init(actions: [Action], options: DopeSheetOptions, maximumMarks: Int, summaryOnly: Bool = false)
    throws(TooLarge)
  {
    var rows: [DopeSheetRow] = []
    var marks = 0
    func append(_ row: DopeSheetRow) throws(TooLarge) {
      marks += Self.marks(row)
      guard marks <= maximumMarks else { throw TooLarge(marks: marks) }
      rows.append(row)
    }
    // Each action's listed tracks, by their channel (the action's position, the track's).
    let blocks = actions.enumerated().map { a, action in
      (a, action, action.tracks.indices.filter { options.channels?.matches(action.tracks[$0]) ?? true })
    }.filter { actions.count == 1 || !$0.2.isEmpty }
    let grouped = blocks.map { a, action, indices in
      Self.grouped(indices.map { (ChannelID(action: a, track: $0), action.tracks[$0]) })
    }
    let listed = grouped.map { $0.groups.flatMap(\.tracks) + $0.ungrouped }
    // One action's rows repeat the Summary's keys: merge them once.
    let actionLists = listed.map { Self.keyList($0.map(\.track)) }
    if options.showSummary {
      let all = actionLists.count == 1 ? actionLists[0] : Self.keyList(listed.flatMap { $0.map(\.track) })
      var row = Self.row(.summary, name: "Summary", depth: 0, all)
      row.channels = listed.flatMap { $0.map(\.channel) }
      try append(row)
    }
    if summaryOnly {
      self.rows = rows
      return
    }
    for (i, (a, action, _)) in blocks.enumerated() {
      let channels = listed[i].map(\.channel)
      if let object = action.object {
        var row = Self.row(.object, name: object.name, depth: 0, actionLists[i])
        row.objectType = object.type
        row.selected = object.selected
        row.action = a
        row.channels = channels
        try append(row)
      }
      var actionRow = Self.row(.action, name: action.name, depth: 1, actionLists[i])
      actionRow.action = a
      actionRow.channels = channels
      try append(actionRow)
      for group in grouped[i].groups {
        var row = Self.row(.group, name: group.name, depth: 2, Self.keyList(group.tracks.map(\.track)))
        row.selected = group.tracks.contains(where: \.track.selected)
        row.collapsed = options.collapseGroups
        row.action = a
        row.channels = group.tracks.map(\.channel)
        try append(row)
        if !options.collapseGroups {
          for track in group.tracks { try append(Self.channelRow(track.track, track.channel, depth: 3)) }
        }
      }
      for track in grouped[i].ungrouped { try append(Self.channelRow(track.track, track.channel, depth: 2)) }
    }
    self.rows = rows
  }

  /// A listed track with its channel.
  private typealias Listed = (channel: ChannelID, track: FCurve)

  /// The tracks by group, groups in the order their first track appears, and the tracks
  /// outside any group.
  private static func grouped(
    _ tracks: [Listed]
  ) -> (groups: [(name: String, tracks: [Listed])], ungrouped: [Listed]) {
    var groups: [(name: String, tracks: [Listed])] = []
    var ungrouped: [Listed] = []
    // By name, not by search: 200,000 groups took minutes.
    var index: [String: Int] = [:]
    for listed in tracks {
      guard let group = listed.track.group else {
        ungrouped.append(listed)
        continue
      }
      if let g = index[group] {
        groups[g].tracks.append(listed)
      } else {
        index[group] = groups.count
        groups.append((group, [listed]))
      }
    }
    return (groups, ungrouped)
  }

  private static func keyList(_ tracks: [FCurve]) -> KeyList {
    var list = KeyList()
    for track in tracks { list.add(curve: sortedKeys(track)) }
    return list
  }

  private static func sortedKeys(_ track: FCurve) -> Keyframes {
    let keys = track.keyframes
    return isSorted(keys) ? keys : Keyframes(keyOrder(track).map { keys[$0] })
  }

  private static func isSorted(_ keys: Keyframes) -> Bool {
    // (Compact samples are in order.)
    keys.sampled != nil || keys.indices.dropFirst().allSatisfy { keys.frame(at: $0 - 1) <= keys.frame(at: $0) }
  }

  /// The positions of `track`'s keys in the order the rows merge them: by frame (the keys of a
  /// decoded track are sorted already), keys of one frame in their order.
  static func keyOrder(_ track: FCurve) -> [Int] {
    let keys = track.keyframes
    guard !isSorted(keys) else { return Array(keys.indices) }
    return keys.indices.sorted { keys[$0].frame < keys[$1].frame || (keys[$0].frame == keys[$1].frame && $0 < $1) }
  }

  private static func row(
    _ kind: ChannelRowKind, name: String, depth: Int, _ list: KeyList
  ) -> DopeSheetRow {
    DopeSheetRow(
      kind: kind, name: name, depth: depth, keys: list.keyColumns, holds: list.holds,
      interpolationLines: list.interpolationLines)
  }

  private static func channelRow(_ track: FCurve, _ channel: ChannelID, depth: Int) -> DopeSheetRow {
    var row = row(.channel, name: track.displayLabel, depth: depth, keyList([track]))
    row.dataPath = track.dataPath
    row.index = track.index
    row.selected = track.selected
    row.locked = track.locked
    row.muted = track.muted
    row.action = channel.action
    row.channels = [channel]
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
