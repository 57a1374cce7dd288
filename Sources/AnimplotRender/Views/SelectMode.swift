import AnimplotCore

/// What is drawn selected (`--select`): the file's selection, everything, or nothing.
public enum SelectMode: String, Sendable, Hashable, CaseIterable {
  /// The curves and keys the file marks selected (the importers select every curve, as
  /// Blender's importers leave them).
  case file
  /// Every curve and every key with its handles, as after Blender's Select All.
  case all
  /// Nothing: every curve faded, every key unselected.
  case none

  /// `actions` with their selection replaced as the mode says (`file`: unchanged). The active
  /// curve stays active.
  public func apply(to actions: [Action]) -> [Action] {
    guard self != .file else { return actions }
    let on = self == .all
    return actions.map { action in
      var action = action
      for t in action.tracks.indices {
        action.tracks[t].selected = on
        // Compact samples are unselected already (and stay compact).
        if !on && action.tracks[t].keyframes.sampled != nil { continue }
        for k in action.tracks[t].keyframes.indices {
          action.tracks[t].keyframes[k].selected = on
          action.tracks[t].keyframes[k].selectedHandleLeft = on
          action.tracks[t].keyframes[k].selectedHandleRight = on
        }
      }
      // Coupled quaternion components carry copies of the four curves: the same selection.
      return action.coupled()
    }
  }
}
