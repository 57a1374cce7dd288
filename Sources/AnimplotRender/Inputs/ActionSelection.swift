import AnimplotCore
import AnimplotIO
import AnimplotText

/// Which actions of a file a view shows, and which of their channels.
public struct ActionSelection: Sendable, Hashable {
  /// The action of a multi-action file, by name; `nil`: the first for a view of one action,
  /// every action for a view of several.
  public var action: String?
  /// A glob on each channel's label or `dataPath[index]`, commas separating alternatives
  /// (`ChannelPattern`); `nil` keeps every channel.
  public var channels: String?

  public init(action: String? = nil, channels: String? = nil) {
    self.action = action
    self.channels = channels
  }

  /// The actions of `document` a view shows: the chosen one (`every: false`, or when
  /// `action` names one), else every action; each filtered to the chosen channels. Actions
  /// left without a channel are dropped from a list of several.
  /// - Parameters:
  ///   - document: the input's actions.
  ///   - every: whether the view shows every action (the Dope Sheet, the Timeline).
  ///   - file: names the input in errors.
  /// - Throws: `RenderError` (`.input`) when the action is not there or no channel matches.
  public func actions(of document: ActionDocument, every: Bool, file: String) throws(RenderError)
    -> [Action]
  {
    let pattern = channels.map(ChannelPattern.init)
    guard every, action == nil, document.actions.count > 1 else {
      var chosen: Action
      do {
        chosen = try document.action(named: action)
      } catch {
        var located = error
        located.file = file
        throw RenderError(located)
      }
      let all = chosen.tracks
      chosen = chosen.filtered(by: pattern)
      if chosen.tracks.isEmpty && pattern != nil { throw noMatch(file, among: all) }
      return [chosen]
    }
    guard pattern != nil else { return document.actions }
    let actions = document.actions.map { $0.filtered(by: pattern) }.filter { !$0.tracks.isEmpty }
    guard !actions.isEmpty else { throw noMatch(file, among: document.actions.flatMap(\.tracks)) }
    return actions
  }

  /// The error of a pattern that selects nothing, naming the channels there are (the first
  /// eight, then how many more), each label and data path cut as messages cut input
  /// (`listedName`).
  private func noMatch(_ file: String, among tracks: [FCurve]) -> RenderError {
    var seen: Set<String> = []
    var names: [String] = []
    for track in tracks {
      let name = "\(listedName(track.displayLabel)) (\(listedName(track.address)))"
      if seen.insert(name).inserted { names.append(name) }
    }
    let shown = names.prefix(8).joined(separator: ", ") + (names.count > 8 ? " and \(names.count - 8) more" : "")
    let there = names.isEmpty ? "the input has no channels" : "the channels are " + shown
    return RenderError(.input, "\(file): no channel matches '\(listedName(channels ?? ""))'; \(there)")
  }
}
