import AnimplotPlots
import AnimplotRender
import ArgumentParser

/// `dopesheet`: Blender's Dope Sheet, or its layout as JSON.
public struct DopeSheetArguments: VerbArguments {
  public init() {}

  @Argument(help: InputFilesHelp.help)
  public var inputs: [String]

  @OptionGroup public var inputOptions: InputOptions<EveryActionHelp>
  @OptionGroup public var picture: PictureOptions

  @Flag(name: .customLong("no-summary"), help: "Leave out the Summary row.")
  public var noSummary = false

  @Flag(name: .customLong("collapse-groups"), help: "Show each group as one row, its channels merged into it.")
  public var collapseGroups = false

  @Flag(
    name: .customLong("show-handle-types"),
    help: """
      Blender's "Show Handles and Interpolation": keys shaped by handle type (circle \
      autoClamped, circle with a dot auto, square vector, clipped diamond aligned, diamond free) \
      and a line over spans that are not Bézier.
      """)
  public var showHandleTypes = false

  @Flag(name: .customLong("no-channel-list"), help: "Hide the channel list at the left.")
  public var noChannelList = false

  @Flag(name: .customLong("no-scrollbars"), help: "Hide Blender's scrollbars along the bottom and right edges (shown with the channel list).")
  public var noScrollbars = false

  @Flag(help: "Draw Blender's editor header above the editor (26 px more at the top; the editor keeps --height).")
  public var header = false

  @OptionGroup public var outputOptions: OutputOptions<DopeSheetView>

  public var settings: RenderSettings { picture.settings }

  public func view() throws -> DopeSheetView {
    var options = DopeSheetEditorOptions()
    try picture.apply(to: &options)
    options.showChannelList = !noChannelList
    options.showScrollbars = !noScrollbars
    options.showHeader = header
    options.showHandlesAndInterpolation = showHandleTypes
    options.rows = DopeSheetOptions(showSummary: !noSummary, collapseGroups: collapseGroups)
    return DopeSheetView(options: options)
  }
}
