/// Which channel: the track at `track` in the `tracks` of the action at `action` among the actions
/// an editor shows (the Graph Editor shows one, action 0; the Dope Sheet every action it lists,
/// in their order).
public struct ChannelID: Sendable, Hashable, Comparable {
  /// The action's position among the editor's actions.
  public var action: Int
  /// The track's position in the action's `tracks`.
  public var track: Int

  public init(action: Int, track: Int) {
    self.action = action
    self.track = track
  }

  public static func < (a: ChannelID, b: ChannelID) -> Bool { (a.action, a.track) < (b.action, b.track) }
}

/// Which key: the key at `key` in its channel's `keyframes`, as the editor was given them
/// (loading sorts a track's keys by frame, so this is its place in frame order for a file read
/// with animplot).
public struct KeyID: Sendable, Hashable, Comparable {
  public var channel: ChannelID
  /// The key's position in the track's `keyframes`.
  public var key: Int

  public init(channel: ChannelID, key: Int) {
    self.channel = channel
    self.key = key
  }

  public static func < (a: KeyID, b: KeyID) -> Bool { (a.channel, a.key) < (b.channel, b.key) }
}

/// One of a key's two Bézier handles.
public enum HandleSide: String, Sendable, Hashable, CaseIterable {
  /// The handle before the key (`handleLeft`).
  case left
  /// The handle after the key (`handleRight`).
  case right
}

/// A toggle at the right of a channel-list row, or its visibility eye.
public enum ChannelToggle: String, Sendable, Hashable, CaseIterable {
  /// The Graph Editor's eye (`hidden`), on object, group and channel rows.
  case visibility
  /// The wrench: the channel's modifiers on or off.
  case modifiers
  /// The checkbox: muted or not.
  case mute
  /// The padlock: locked or not.
  case lock
}
