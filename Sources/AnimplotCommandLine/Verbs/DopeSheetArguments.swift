import AnimplotPlots
import AnimplotRender
import ArgumentParser

/// `dopesheet`: Blender's Dope Sheet, or its layout as JSON.
package struct DopeSheetArguments: VerbArguments {
  package init() {}

  @Argument(help: InputFilesHelp.help)
  package var inputs: [String]

  @OptionGroup package var inputOptions: InputOptions<EveryActionHelp>
  @OptionGroup package var picture: PictureOptions<EditorPictureHelp>

  @Flag(name: .customLong("no-summary"), help: "Leave out the Summary row.")
  package var noSummary = false

  @Flag(name: .customLong("collapse-groups"), help: "Show each group as one row, its channels merged into it.")
  package var collapseGroups = false

  @Flag(
    name: .customLong("show-handle-types"),
    help: """
      Blender's "Show Handles and Interpolation": keys shaped by handle type (circle \
      autoClamped, circle with a dot auto, square vector, clipped diamond aligned, diamond free) \
      and a line over spans that are not Bézier.
      """)
  package var showHandleTypes = false

  @Flag(name: .customLong("no-channel-list"), help: "Hide the channel list at the left.")
  package var noChannelList = false

  @OptionGroup package var channelList: ChannelListOptions

  @Option(help: ArgumentHelp(
    "What is drawn selected: file (what the file says; imported curves are selected, as Blender's importers leave them), all or none.",
    valueName: "file|all|none"))
  package var select: SelectMode = .file

  @Flag(name: .customLong("no-scrollbars"), help: "Hide Blender's scrollbars along the bottom and right edges (shown with the channel list).")
  package var noScrollbars = false

  @Flag(help: "Draw Blender's editor header above the editor (26 px more at the top; the editor keeps --height).")
  package var header = false

  @OptionGroup package var outputOptions: OutputOptions<DopeSheetView>

  package var settings: RenderSettings { picture.settings }

  package func view() throws -> DopeSheetView {
    var options = DopeSheetEditorOptions()
    try picture.apply(to: &options)
    options.showChannelList = !noChannelList
    options.channelListWidth = channelList.width(or: options.channelListWidth)
    options.showScrollbars = !noScrollbars
    options.showHeader = header
    options.showHandlesAndInterpolation = showHandleTypes
    options.rows = DopeSheetOptions(showSummary: !noSummary, collapseGroups: collapseGroups)
    var view = DopeSheetView(options: options)
    view.fitsHeight = picture.autoHeight
    view.select = select
    return view
  }
}
