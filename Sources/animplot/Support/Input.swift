import AnimationCore
import AnimationIO
import ArgumentParser

/// Which action of a file, and which of its channels, a command uses.
struct ActionSelection: ParsableArguments {
  @Option(help: "The action to use in a multi-action file (default: the first).")
  var action: String?

  @Option(help: ArgumentHelp(
    "Only channels whose label or dataPath[index] matches this glob; commas separate alternatives.",
    valueName: "pattern"))
  var channels: String?

  /// The chosen action of the file at `path`, handles recalculated, filtered to the chosen
  /// channels.
  /// - Throws: `CLIError` with the decoder's one-line message.
  func load(_ path: String) throws -> Action {
    let document: ActionDocument
    do {
      document = try ActionFile.load(path)
    } catch {
      throw CLIError(error.description)
    }
    var action: Action
    do {
      action = try document.action(named: self.action)
    } catch {
      var e = error
      e.file = path
      throw CLIError(e.description)
    }
    if let channels {
      let pattern = ChannelPattern(channels)
      action.tracks = action.tracks.filter(pattern.matches)
      if action.tracks.isEmpty {
        throw CLIError("\(path): no channel matches --channels '\(channels)'")
      }
    }
    return action
  }
}
