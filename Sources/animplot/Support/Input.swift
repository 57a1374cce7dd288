import AnimplotCore
import AnimplotIO
import ArgumentParser

/// Which action of a file, and which of its channels, a command uses.
struct ActionSelection: ParsableArguments {
  @Option(help: "The action to use in a multi-action file (default: the first; dopesheet and timeline show every action).")
  var action: String?

  @Option(help: ArgumentHelp(
    "Only channels whose label or dataPath[index] matches this glob; commas separate alternatives.",
    valueName: "pattern"))
  var channels: String?

  /// The chosen action of the file at `path`, handles recalculated, filtered to the chosen
  /// channels.
  /// - Throws: `CLIError` with the decoder's one-line message.
  func load(_ path: String) throws -> Action {
    try load(path, from: document(path))
  }

  /// Every action of the file at `path` (the one named by `--action` if given), handles
  /// recalculated, filtered to the chosen channels; actions left without channels are dropped.
  /// - Throws: `CLIError` with the decoder's one-line message, or when no channel matches.
  func loadAll(_ path: String) throws -> [Action] {
    let document = try document(path)
    guard action == nil, document.actions.count > 1 else { return [try load(path, from: document)] }
    guard let channels else { return document.actions }
    let pattern = ChannelPattern(channels)
    let actions = document.actions.compactMap { action in
      var copy = action
      copy.tracks = action.tracks.filter(pattern.matches)
      return copy.tracks.isEmpty ? nil : copy
    }
    guard !actions.isEmpty else {
      throw CLIError("\(path): no channel matches --channels '\(channels)'")
    }
    return actions
  }

  private func document(_ path: String) throws -> ActionDocument {
    do {
      return try ActionFile.load(path)
    } catch {
      throw CLIError(error.description)
    }
  }

  private func load(_ path: String, from document: ActionDocument) throws -> Action {
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
