import AnimplotPlots
import AnimplotRender
import ArgumentParser

/// `timeline`: Blender's Timeline strip.
public struct TimelineArguments: VerbArguments {
  public init() {}

  @Argument(help: InputFilesHelp.help)
  public var inputs: [String]

  @OptionGroup public var inputOptions: InputOptions<EveryActionHelp>
  @OptionGroup public var picture: PictureOptions
  @OptionGroup public var outputOptions: OutputOptions<TimelineView>

  /// The strip's height when `--height` is not given, pixels.
  public static let defaultHeight = 120

  public var settings: RenderSettings { picture.settings }

  public func view() throws -> TimelineView {
    var options = TimelineOptions()
    try picture.apply(to: &options, defaultHeight: Self.defaultHeight)
    return TimelineView(options: options)
  }
}
