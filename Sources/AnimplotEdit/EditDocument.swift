import AnimplotCore

/// What Blender's scene contributes to Graph Editor edits.
public struct EditScene: Sendable, Hashable {
  /// Frames per second (`render.fps / fps_base`): second snapping.
  public var fps: Double = 24
  /// The scene range (`frame_start`, `frame_end`).
  public var frameStart: Double = 1
  public var frameEnd: Double = 250
  /// The current frame, a whole frame in Blender: snap and mirror to it, insert at it, paste
  /// relative to it, the cursor pivot's x.
  public var currentFrame: Double = 1
  /// The 2D cursor's value (the Graph Editor's cursor y): value snap and mirror, cursor inserts,
  /// the cursor pivot's y.
  public var cursorValue: Float = 0
  /// Markers: nearest-marker snapping, mirror over the first selected marker.
  public var markers: [Marker] = []
  /// The type new keys get (the tool setting "New Keyframe Type").
  public var keyframeType: KeyframeType = .keyframe
  /// "Only Insert Needed" (Blender's keying preference).
  public var onlyInsertNeeded = false
  /// Auto keying in "Replace" mode: inserting replaces existing keys only.
  public var autoKeyingReplace = false

  public init() {}
}

/// How the Graph Editor snaps the frames of moved keys (its "Auto Snapping" menu).
public enum AutoSnap: String, Sendable, Hashable, CaseIterable {
  case none, frame, step, timeStep, second, marker
}

/// The centre a scale works around.
public enum PivotPoint: String, Sendable, Hashable, CaseIterable {
  case boundingBoxCenter, cursor, individualOrigins
}

/// The Graph Editor's own settings that change what an edit does.
public struct EditorSettings: Sendable, Hashable {
  /// View > Show Handles: when off, handle selection is ignored by transforms.
  public var showHandles = true
  /// View > Only Selected Keyframes Handles (drawing only: transforms still move lone handles).
  public var onlySelectedKeyframeHandles = true
  /// Auto-merge keys left on one frame after a transform.
  public var autoMerge = true
  public var realtimeUpdate = true
  public var normalization = false
  public var autoSnap: AutoSnap = .frame
  public var pivot: PivotPoint = .boundingBoxCenter

  public init() {}
}

/// Keys copied by `copy`, with the channel each came from and the frame it was copied at.
public struct EditClipboard: Sendable, Hashable {
  public struct Channel: Sendable, Hashable {
    public var dataPath: String
    public var index: Int
    public var keys: [Keyframe]
  }
  public var channels: [Channel]
  /// The current frame when copying (relative paste).
  public var copiedAtFrame: Double
  /// The first and last copied key frames over every channel.
  public var firstFrame: Float
  public var lastFrame: Float
}

/// A document of F-curves as the Graph Editor edits it: curves with key identities and
/// selection, the scene's and the editor's settings, and the clipboard. A value: applying an
/// operation gives a new document, and undo keeps the old one.
public struct EditDocument: Sendable, Hashable {
  public internal(set) var curves: [EditCurve]
  public var scene: EditScene
  public var editor: EditorSettings
  public internal(set) var clipboard: EditClipboard?
  /// The most steps of modifier evaluation one operation may make (`ModifierWork`): `sample`
  /// and `insert_keyframe` evaluate curves. Unbounded unless set (the command line and the
  /// server set `Limits.modifierSteps`).
  public var modifierStepBudget = Int.max
  /// The most key visits one operation counted as it runs may make (`decimate`, whose work
  /// `cost(of:)` can only estimate): past it, it stops and throws `EditError`. Unbounded unless
  /// set (the command line and the server set what is left of `Limits.editWork`).
  public var workBudget = Int.max
  /// The identity the next new key gets.
  var nextKeyID: UInt64

  /// A document over `curves`, taken exactly as given (as Blender reads a saved file: no handle
  /// recalculation). The first curve is the active one (click inserts go there).
  public init(curves: [FCurve], scene: EditScene = EditScene(), editor: EditorSettings = EditorSettings()) {
    var next: UInt64 = 1
    self.curves = curves.map { curve in
      let ids = curve.keyframes.indices.map { _ -> KeyIdentity in
        defer { next += 1 }
        return KeyIdentity(rawValue: next)
      }
      return EditCurve(fcurve: curve, keyIDs: ids)
    }
    self.scene = scene
    self.editor = editor
    nextKeyID = next
  }

  /// The curves as F-curves.
  public var fcurves: [FCurve] { curves.map(\.fcurve) }

  mutating func newKeyID() -> KeyIdentity {
    defer { nextKeyID += 1 }
    return KeyIdentity(rawValue: nextKeyID)
  }

  /// Where the key with this identity is, if any curve holds it.
  public func location(of id: KeyIdentity) -> (curve: Int, key: Int)? {
    for (c, curve) in curves.enumerated() {
      if let k = curve.index(of: id) { return (c, k) }
    }
    return nil
  }
}
