import AnimplotPlatform

/// What one imported file may make, counted as an importer makes it (before the keys are
/// allocated): `Limits.actions` actions, `Limits.importedTracks` tracks and `Limits.importedKeys`
/// keys in all. A glTF
/// channel, a Lottie property or a Unity curve is cheap to write and can be used many times
/// (a shared accessor, a precomp, a time remap sampled at every frame), so the size of the
/// file does not bound what it makes.
struct ImportBudget {
  private(set) var actions = 0
  private(set) var tracks = 0
  private(set) var keys = 0
  /// Frames of time remaps worked out (a Lottie remap's local frame at each root frame
  /// sampled, once per use of the precomp it remaps, shared by the tracks under it).
  private(set) var remappedFrames = 0
  /// Whether a spend was refused: the file is then refused whole, whatever part asked (an
  /// importer that leaves broken parts out with a warning must not leave this one out).
  private(set) var exhausted = false

  /// The keys that may still be made.
  var remainingKeys: Int { Limits.importedKeys - keys }

  static let tooManyActions = "the file makes more than \(Limits.actions) actions, animplot's limit for one import"
  static let tooManyTracks = "the file makes more than \(Limits.importedTracks) tracks, animplot's limit for one import"
  static let tooManyKeys = "the file makes more than \(Limits.importedKeys) keys, animplot's limit for one import"
  static let tooManyRemappedFrames =
    "the file's time remaps are worked out at more than \(Limits.remappedFrames) frames, animplot's limit for one import (each use of a remapped precomp is sampled at every frame)"

  /// Counts `tracks` more tracks holding `keys` keys together; the problem, when that passes
  /// a limit (nothing is counted then).
  mutating func spend(tracks more: Int, keys moreKeys: Int) -> String? {
    if more > Limits.importedTracks - tracks {
      exhausted = true
      return Self.tooManyTracks
    }
    if moreKeys > remainingKeys {
      exhausted = true
      return Self.tooManyKeys
    }
    tracks += more
    keys += moreKeys
    return nil
  }

  /// Counts one more action (a glTF animation, read or left out: an action needs no track);
  /// the problem, when that passes `Limits.actions` (nothing is counted then).
  mutating func spendAction() -> String? {
    guard actions < Limits.actions else {
      exhausted = true
      return Self.tooManyActions
    }
    actions += 1
    return nil
  }

  /// Counts `more` frames of time remaps worked out; the problem, when that passes
  /// `Limits.remappedFrames` (nothing is counted then).
  mutating func spend(remappedFrames more: Int) -> String? {
    if more > Limits.remappedFrames - remappedFrames {
      exhausted = true
      return Self.tooManyRemappedFrames
    }
    remappedFrames += more
    return nil
  }
}
