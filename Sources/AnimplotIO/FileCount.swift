import AnimplotPlatform

/// What one action file of animplot's format holds, counted as it is read (all its actions and
/// tracks together), before each thing is made: its keys (the compact form's values, one key
/// each), actions, tracks, modifiers, Envelope control points, markers and `rotationModes` entries. Each can be written
/// in a few bytes (a key in two, the compact form's `0,`; a keyless track in 32; a Limits
/// modifier in 18) and takes tens to hundreds in memory, and more written back, so the file's
/// size does not bound them. An action file holds at most the keys and tracks an imported
/// file makes (`Limits.importedKeys`, `Limits.importedTracks`).
struct FileCount {
  /// The most keys the file may hold.
  let limit: Int
  private(set) var keys = 0
  /// How many of each kind of `Part` were read.
  private var parts: [Int] = Array(repeating: 0, count: Part.allCases.count)

  init(limit: Int = Limits.importedKeys) { self.limit = limit }

  /// The keys that may still be read.
  var remaining: Int { limit - keys }

  var tooManyKeys: String { "more than \(limit) keys, animplot's limit for one action file" }
  /// The compact form's timeline: each frame a key of every channel.
  var tooManyFrames: String { "more than \(limit) frames, animplot's limit of keys for one action file" }

  /// Counts `n` more keys; throws at the reader's place when that passes the limit.
  mutating func add(_ n: Int, _ r: JSONReader) throws(ActionDecodingError) {
    guard n <= remaining else { throw r.error(.invalid(tooManyKeys)) }
    keys += n
  }

  /// What else the file holds, each kind with its limit over the whole file.
  enum Part: Int, CaseIterable {
    case action, track, modifier, controlPoint, marker, rotationMode

    var limit: Int {
      switch self {
      case .action: Limits.actions
      case .track: Limits.importedTracks
      case .modifier: Limits.modifiers
      case .controlPoint: Limits.envelopePoints
      case .marker: Limits.markers
      case .rotationMode: Limits.rotationModes
      }
    }

    /// The part, plural, as a message names it.
    var plural: String {
      switch self {
      case .action: "actions"
      case .track: "tracks"
      case .modifier: "modifiers"
      case .controlPoint: "Envelope control points"
      case .marker: "markers"
      case .rotationMode: "rotationModes entries"
      }
    }

    /// The message of a file that holds one more than the limit (`name`: what it is called there,
    /// the compact form's channels).
    func tooMany(named name: String? = nil) -> String {
      "more than \(limit) \(name ?? plural), animplot's limit for one action file"
    }
  }

  /// Counts one more `part`; throws at the reader's place (or at `offset`) when that passes its
  /// limit, before the part is read.
  mutating func add(_ part: Part, _ r: JSONReader, at offset: Int? = nil, named name: String? = nil)
    throws(ActionDecodingError)
  {
    guard parts[part.rawValue] < part.limit else {
      throw r.error(.invalid(part.tooMany(named: name)), at: offset)
    }
    parts[part.rawValue] += 1
  }
}
