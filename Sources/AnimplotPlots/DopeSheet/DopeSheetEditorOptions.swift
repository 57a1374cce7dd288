/// What the Dope Sheet picture shows and how (the options of `animplot dopesheet`).
public struct DopeSheetEditorOptions: Sendable, Hashable {
  /// Size of the picture in logical pixels.
  public var width: Double = 1600
  public var height: Double = 900
  /// Colours: Blender's dark theme or the light one.
  public var theme: Theme = .blender
  /// The frames shown; `nil` frames every listed key as Blender's View All does.
  public var frames: ClosedRange<Double>?
  /// The playhead; `nil` uses the first action's `currentFrame` that is set (none if none is).
  public var currentFrame: Double?
  /// The channel list at the left (198 px, Blender's; narrower or hidden in a narrow picture,
  /// see `GraphOptions.showChannelList`).
  public var showChannelList = true
  /// The channel list's width in a picture wide enough (Blender 3.4's, 198 px, by default).
  public var channelListWidth = DopeSheetEditor.channelListWidth
  /// Blender's scrollbars: at the bottom where the view lies in the keys' frames, a thin one at
  /// the right for the rows; drawn with the channel list only, as part of Blender's editor.
  public var showScrollbars = true
  /// Blender 3.4's editor header above the editor (`EditorHeader`), off by default: the
  /// picture grows by `EditorHeader.height` (26 px) at the top and the editor keeps `height`.
  public var showHeader = false
  /// Blender's "Show Handles and Interpolation" (off by default, as in Blender): keys shaped by
  /// their handle types, and a line over spans that are not Bézier.
  public var showHandlesAndInterpolation = false
  /// Which rows are listed: Summary, collapsed groups, a channel pattern.
  public var rows = DopeSheetOptions()

  /// Blender's defaults at 1600×900.
  public init() {}
}
