import AnimplotConcurrency

/// A named set of F-curves with a scene range: what one file of format 1 describes.
public struct Action: Sendable, Hashable {
  public var name: String
  /// Frames per second.
  public var fps: Double = 24
  /// The scene range; `nil` falls back to the keys' range.
  public var frameStart: Double?
  public var frameEnd: Double?
  /// The playhead, if any.
  public var currentFrame: Double?
  /// The Graph Editor's 2D cursor value (its horizontal line), if any.
  public var cursorValue: Float?
  /// The object the action animates, when the file says (Blender's object rows).
  public var object: AnimatedObject?
  public var markers: [Marker] = []
  /// Objects' rotation modes by object name (the action's own object, or the owner a data
  /// path names, `objects["NAME"]`), where the file says: how `path` and `preview` turn them.
  /// An object not listed turns by its Euler channels in XYZ order when it has any, else by
  /// its quaternion channels.
  public var rotationModes: [String: RotationMode] = [:]
  /// `rotationModes` ordered by name (bytewise), as files and listings write them: the same
  /// action always gives the same text.
  public var rotationModesByName: [(name: String, mode: RotationMode)] {
    rotationModes.sorted { Array($0.key.utf8).lexicographicallyPrecedes($1.key.utf8) }.map { ($0.key, $0.value) }
  }
  public var tracks: [FCurve] = []
  /// The file's top-level `extensions` object, kept verbatim (minified JSON) and ignored.
  public var extensionsJSON: String?
  /// Whose rules the action follows where Blender versions differ, as the file says (`nil`:
  /// not said, 3.4's). Setting it sets every track's `FCurve.blender`.
  public var blender: BlenderVersion? {
    didSet { applyBlender() }
  }

  /// Gives every track the action's Blender version (3.4 when it has none).
  public mutating func applyBlender() {
    let version = blender ?? .v3_4
    for i in tracks.indices where tracks[i].blender != version { tracks[i].blender = version }
  }

  public init(name: String, tracks: [FCurve] = []) {
    self.name = name
    self.tracks = tracks
  }

  /// The range of all keys, or `nil` when there are none.
  public var keyRange: ClosedRange<Double>? {
    var lo = Double.infinity
    var hi = -Double.infinity
    for track in tracks {
      let keys = track.keyframes
      for i in keys.indices {
        lo = min(lo, Double(keys.frame(at: i)))
        hi = max(hi, Double(keys.frame(at: i)))
      }
    }
    return lo <= hi ? lo...hi : nil
  }

  /// The scene range: the given one, else the keys' range, else 1...250 (Blender's default).
  public var sceneRange: ClosedRange<Double> {
    let keys = keyRange
    let start = frameStart ?? keys?.lowerBound ?? 1
    let end = max(start, frameEnd ?? keys?.upperBound ?? 250)
    return start...end
  }

  /// Every track after Blender's `fcurve.update()`: see `FCurve.recalculateHandles()`.
  public func recalculated() -> Action {
    var copy = self
    copy.recalculate()
    return copy
  }

  /// Applies Blender's `fcurve.update()` to every track, in place (on every core when the
  /// action holds many keys: tracks are independent), then couples quaternion components.
  public mutating func recalculate() {
    let keys = tracks.reduce(0) { $0 + $1.keyframes.count }
    Parallel.forEach(&tracks, jobs: Parallel.jobs(forKeys: keys)) { track, _ in track.recalculateHandles() }
    self = coupled()
  }
}

/// A named frame on the timeline.
public struct Marker: Sendable, Hashable {
  public var frame: Double
  public var name: String
  public var selected: Bool = false

  public init(frame: Double, name: String, selected: Bool = false) {
    self.frame = frame
    self.name = name
    self.selected = selected
  }
}
