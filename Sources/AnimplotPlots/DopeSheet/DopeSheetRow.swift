import AnimplotCore

/// One row of the Dope Sheet: its channel-list entry and the keys drawn across it.
public struct DopeSheetRow: Sendable, Hashable {
  public var kind: ChannelRowKind
  /// The text of the channel list: `Summary`, the object's, action's or group's name, or the
  /// channel's label as Blender derives it (`Z Location`).
  public var name: String
  /// Indentation level: summary and object 0, action 1, group 2, channel 3 in a group and 2
  /// outside one.
  /// Blender indents by `depth × 0.35 widget units` (7 px at scale 1).
  public var depth: Int
  /// The type of an object row's object (its icon); `nil` on other rows.
  public var objectType: ObjectType?
  /// Blender's `data_path` of a channel row; `nil` on other rows.
  public var dataPath: String?
  /// Blender's `array_index` of a channel row; `nil` on other rows.
  public var index: Int?
  /// A channel row whose track is selected, a group row with a selected channel (Blender
  /// highlights its backdrop), or an object row of a selected object.
  public var selected: Bool
  /// A channel row whose track is locked (Blender draws its keys and bars at 0.25 alpha).
  public var locked: Bool
  /// A channel row whose track is muted.
  public var muted: Bool
  /// A group row whose channels are not listed (`--collapse-groups`).
  public var collapsed: Bool
  /// The action of an object, action, group or channel row, by its position among the actions
  /// laid out; `nil` on the Summary. Not part of the JSON.
  public var action: Int?
  /// The channels whose keys the row merges, in the order they were merged (one on a channel
  /// row; the action's, group's or every listed channel on the others): each its action's
  /// position among the actions laid out and the track's in that action's `tracks` (before
  /// `DopeSheetOptions.channels` filtered them). Not part of the JSON.
  public var channels: [ChannelID] = []
  /// The channel of a channel row.
  public var channel: ChannelID? { kind == .channel ? channels.first : nil }
  /// The row's key columns, in frame order.
  public var keys: [KeyColumn]
  /// The hold bars between adjacent columns, in frame order.
  public var holds: [HoldBlock]
  /// Spans drawn with Blender's interpolation line when handles and interpolation are shown.
  public var interpolationLines: [InterpolationLine]

  /// A row with the given fields; flags default to off and lists to empty.
  public init(
    kind: ChannelRowKind, name: String, depth: Int, dataPath: String? = nil, index: Int? = nil,
    selected: Bool = false, locked: Bool = false, muted: Bool = false, collapsed: Bool = false,
    keys: [KeyColumn] = [], holds: [HoldBlock] = [], interpolationLines: [InterpolationLine] = []
  ) {
    self.kind = kind
    self.name = name
    self.depth = depth
    self.dataPath = dataPath
    self.index = index
    self.selected = selected
    self.locked = locked
    self.muted = muted
    self.collapsed = collapsed
    self.keys = keys
    self.holds = holds
    self.interpolationLines = interpolationLines
  }
}

/// What a channel-list or dope-sheet row stands for.
public enum ChannelRowKind: String, Sendable, Hashable, CaseIterable {
  /// Every listed channel of the action merged (Blender's Summary).
  case summary
  /// The object the action animates (when the file names it), its channels merged.
  case object
  /// The action itself, all its listed channels merged.
  case action
  /// A channel group, its channels merged.
  case group
  /// One track (F-curve).
  case channel
}
