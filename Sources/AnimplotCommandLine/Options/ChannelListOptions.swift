import ArgumentParser

/// `--channel-list-width`: the channel list's width, as dragging its edge in Blender sets it.
package struct ChannelListOptions: ParsableArguments, Sendable {
  package init() {}

  @Option(
    name: .customLong("channel-list-width"), parsing: .unconditional,
    help: ArgumentHelp(
      "Width of the channel list in pixels, 100 to 2000 (default: Blender's, 207 in the Graph Editor, 198 in the Dope Sheet); at most 5/12 of the picture.",
      valueName: "px"), transform: decimalOption)
  package var width: Double?

  package func validate() throws {
    if let width, !(width >= 100 && width <= 2000) {
      throw ValidationError("--channel-list-width \(width): expected a number of pixels from 100 to 2000")
    }
  }

  /// The width to use: the one given, else `standard`.
  package func width(or standard: Double) -> Double { width ?? standard }
}
