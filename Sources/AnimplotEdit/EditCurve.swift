import AnimplotCore

/// A key's identity in an edited document: it stays with the key through moves, sorting,
/// merges and undo, so that a selection or an interactive drag survives an edit.
public struct KeyIdentity: Sendable, Hashable, Comparable, CustomStringConvertible {
  public let rawValue: UInt64

  public init(rawValue: UInt64) { self.rawValue = rawValue }

  public static func < (a: KeyIdentity, b: KeyIdentity) -> Bool { a.rawValue < b.rawValue }
  public var description: String { "#\(rawValue)" }
}

/// One F-curve being edited: the curve (keys in Blender's array order) and each key's identity,
/// index for index.
public struct EditCurve: Sendable, Hashable {
  /// The curve, its keys in array order (sorted by frame except where Blender leaves duplicates).
  public internal(set) var fcurve: FCurve
  /// `keyIDs[i]` is the identity of `fcurve.keyframes[i]`.
  public internal(set) var keyIDs: [KeyIdentity]

  init(fcurve: FCurve, keyIDs: [KeyIdentity]) {
    precondition(fcurve.keyframes.count == keyIDs.count)
    self.fcurve = fcurve
    self.keyIDs = keyIDs
  }

  /// The keys, in array order.
  public var keyframes: [Keyframe] { fcurve.keyframes.array }

  /// The index of the key with this identity, if the curve still holds it.
  public func index(of id: KeyIdentity) -> Int? { keyIDs.firstIndex(of: id) }

  // MARK: Changing the key array, identities kept beside the keys

  mutating func insert(_ key: Keyframe, id: KeyIdentity, at index: Int) {
    fcurve.keyframes.insert(key, at: index)
    keyIDs.insert(id, at: index)
  }

  mutating func remove(at index: Int) {
    fcurve.keyframes.remove(at: index)
    keyIDs.remove(at: index)
  }

  /// Keeps the keys for which `keep` is true (given the index), in order.
  mutating func retain(_ keep: (Int) -> Bool) {
    var keys: [Keyframe] = []
    var ids: [KeyIdentity] = []
    for i in fcurve.keyframes.indices where keep(i) {
      keys.append(fcurve.keyframes[i])
      ids.append(keyIDs[i])
    }
    fcurve.keyframes = Keyframes(keys)
    keyIDs = ids
  }

  /// A stable sort by frame, each identity moving with its key (Blender's sort after an edit).
  mutating func sortByFrame() {
    let keys = fcurve.keyframes
    var sorted = true
    for i in keys.indices.dropFirst() where keys[i - 1].frame > keys[i].frame {
      sorted = false
      break
    }
    if sorted { return }
    let order = keys.indices.sorted { a, b in
      keys[a].frame < keys[b].frame || (keys[a].frame == keys[b].frame && a < b)
    }
    fcurve.keyframes = Keyframes(order.map { keys[$0] })
    keyIDs = order.map { keyIDs[$0] }
  }

  /// Blender's update after an edit: keys sorted by frame (identities with them), then handles
  /// clamped to their side and recomputed (`FCurve.recalculateHandles()`) `times` times.
  /// Recomputing is not idempotent to the last bit (an aligned handle turns by a rounding
  /// each time), and Blender's operators recompute once or twice: see `docs/edit.md`.
  mutating func update(times: Int = 1) {
    sortByFrame()
    for _ in 0..<times { fcurve.recalculateHandles() }
  }

  /// The update after an operator that edits keys one by one and recalculates the curve's
  /// handles as it finishes, keys still where the edit left them (in the wrong order if they
  /// passed each other: each auto or aligned handle then follows the neighbours in the array),
  /// then updates it (sorted, recalculated once more).
  mutating func updateAfterEditingInPlace() {
    fcurve.recalculateHandlesKeepingOrder()
    update()
  }

  /// Handles recalculated (after a sort when `sorting`) with the keys tagged in `tagged` taken
  /// as having their left handle selected and the others not, then the selection restored:
  /// a transform's recalculations see what it moves, not what is selected.
  mutating func recalculateHandles(taggingLeft tagged: KeyTags, sorting: Bool) {
    let before = keyIDs
    let saved = fcurve.keyframes.array.map(\.selectedHandleLeft)
    let tags = tagged.flags(in: before)
    fcurve.keyframes.mutateFull { keys in
      for i in keys.indices { keys[i].selectedHandleLeft = tags[i] }
    }
    if sorting {
      update()
    } else {
      fcurve.recalculateHandlesKeepingOrder()
    }
    let restored = KeyTags(ids: before, flags: saved).flags(in: keyIDs)
    fcurve.keyframes.mutateFull { keys in
      for i in keys.indices { keys[i].selectedHandleLeft = restored[i] }
    }
  }

}

/// A flag for each key of a curve, by identity: read by position while the keys keep the order
/// they had when the flags were taken (no hashing then), else through the identities.
struct KeyTags {
  let ids: [KeyIdentity]
  let flags: [Bool]

  /// The flags of the keys `order` lists, in that order; false for a key not tagged here.
  func flags(in order: [KeyIdentity]) -> [Bool] {
    if order == ids { return flags }
    let byID = Dictionary(zip(ids, flags), uniquingKeysWith: { first, _ in first })
    return order.map { byID[$0] ?? false }
  }
}
