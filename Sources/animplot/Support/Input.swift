import AnimationCore
import AnimationIO
import ArgumentParser

/// The input file and which action and channels of it to use.
struct InputOptions: ParsableArguments {
  @Argument(help: "The input file (action JSON or the compact form); '-' reads standard input.")
  var input: String

  @Option(help: "The action to use in a multi-action file (default: the first).")
  var action: String?

  @Option(help: ArgumentHelp(
    "Only channels whose label or dataPath[index] matches this glob; commas separate alternatives.",
    valueName: "pattern"))
  var channels: String?

  /// The chosen action, handles recalculated, filtered to the chosen channels.
  /// - Throws: `CLIError` with the decoder's one-line message.
  func loadAction() throws -> Action {
    let document: ActionDocument
    do {
      document = try ActionFile.load(input)
    } catch {
      throw CLIError(error.description)
    }
    var action: Action
    do {
      action = try document.action(named: self.action)
    } catch {
      var e = error
      e.file = input
      throw CLIError(e.description)
    }
    if let channels {
      let pattern = ChannelPattern(channels)
      action.tracks = action.tracks.filter(pattern.matches)
      if action.tracks.isEmpty {
        throw CLIError("\(input): no channel matches --channels '\(channels)'")
      }
    }
    return action
  }
}
