import AnimplotPlots
import AnimplotRender
import ArgumentParser

/// `timeline`: Blender's Timeline strip.
package struct TimelineArguments: VerbArguments {
  package init() {}

  @Argument(help: InputFilesHelp.help)
  package var inputs: [String]

  @OptionGroup package var inputOptions: InputOptions<EveryActionHelp>
  @OptionGroup package var picture: PictureOptions
  @OptionGroup package var outputOptions: OutputOptions<TimelineView>

  /// The strip's height when `--height` is not given, pixels.
  package static let defaultHeight = 120

  package var settings: RenderSettings { picture.settings }

  package func view() throws -> TimelineView {
    var options = TimelineOptions()
    try picture.apply(to: &options, defaultHeight: Self.defaultHeight)
    return TimelineView(options: options)
  }
}
