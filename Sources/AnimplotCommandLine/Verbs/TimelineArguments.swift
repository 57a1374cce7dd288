import AnimplotPlots
import AnimplotRender
import ArgumentParser

/// `timeline`: Blender's Timeline strip.
package struct TimelineArguments: VerbArguments {
  package init() {}

  @Argument(help: InputFilesHelp.help)
  package var inputs: [String]

  @OptionGroup package var inputOptions: InputOptions<EveryActionHelp>
  @OptionGroup package var picture: PictureOptions<TimelinePictureHelp>
  @OptionGroup package var outputOptions: OutputOptions<TimelineView>

  package var settings: RenderSettings { picture.settings }

  package func view() throws -> TimelineView {
    var options = TimelineOptions()
    try picture.apply(to: &options)
    return TimelineView(options: options)
  }
}
