import AnimplotCore

/// What the Graph Editor shows and how (the options of `animplot graph`).
public struct GraphOptions: Sendable, Hashable {
  /// Which keys show their handles.
  public enum Handles: String, Sendable, CaseIterable {
    /// Keys with any of their three points selected (Blender 2.8–3.x's default).
    case selected
    case all
    case none
  }

  /// Which keys' markers are drawn.
  public enum KeyMarkers: String, Sendable, CaseIterable {
    /// Every key's, except where a marker would touch the one drawn before it on its curve:
    /// then it is left out unless it is the first or last key, a local extreme of the values,
    /// or selected. A curve sampled every frame shows its line, not a worm of dots.
    case auto
    /// Every key's, as Blender draws them.
    case all
    /// None: the curves alone.
    case none
  }

  /// How keys are drawn.
  public enum KeyShape: String, Sendable, CaseIterable {
    /// Blender's round vertices: black, orange when selected, white when active.
    case round
    /// Diamonds in the channel's colour, white when selected.
    case diamond
  }

  /// Size of the picture in logical pixels.
  public var width: Double = 1600
  public var height: Double = 900
  public var theme: Theme = .blender
  /// The frames shown; `nil` fits every visible key, handle and overshoot, with a margin.
  public var frames: ClosedRange<Double>?
  /// The values shown; `nil` fits as for `frames`.
  public var values: ClosedRange<Double>?
  /// The playhead; `nil` uses the action's `currentFrame` (none if it has none).
  public var currentFrame: Double?
  /// The channel list at the left: 207 px (Blender's), at most 5/12 of a narrower picture
  /// (from 497 px wide), hidden when that would be under 100 px (below 240 px) so the plot keeps
  /// its room.
  public var showChannelList = true
  /// The channel list's width in a picture wide enough (Blender 3.4's, 207 px, by default;
  /// Blender's list is as wide as its user drags it). A narrow picture narrows it as above.
  public var channelListWidth = GraphEditor.channelListWidth
  /// Blender's scrollbars at the bottom (frames) and the right (values), where the view lies in
  /// the curves; drawn with the channel list only, as part of Blender's editor.
  public var showScrollbars = true
  /// Blender 3.4's editor header above the editor (`EditorHeader`), off by default: the
  /// picture grows by `EditorHeader.height` (26 px) at the top and the editor keeps `height`.
  public var showHeader = false
  public var handles: Handles = .selected
  public var keyShape: KeyShape = .round
  /// Which keys' markers are drawn (`--keys`).
  public var keys: KeyMarkers = .auto
  /// Blender's Normalize: every curve scaled to −1…1.
  public var normalize = false
  public var colors: CurveColorMode = .auto
  /// Blender's 2D cursor value line (at 0).
  public var showCursor = true
  /// Channels hidden as Blender's channel eye hides them (`--hide`): those a pattern matches
  /// keep their row in the channel list, its eye shown closed, and their curves are not drawn
  /// (a track hidden in the file stays hidden).
  public var hide: [ChannelPattern] = []
  /// Curves drawn under the live ones for comparison, as Blender's ghost curves (`--ghost`).
  public var ghosts: [GhostCurve] = []

  public init() {}
}
