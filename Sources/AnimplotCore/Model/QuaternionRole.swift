/// Marks a track as one component of a rotation quaternion whose four components are four
/// tracks of the same `dataPath` (as glTF stores rotations). Such a track is not an F-curve on
/// its own: its value at a frame is that component of the quaternion the four curves give,
/// normalised, and where all four hold a linear segment between the same two frames the
/// quaternion is interpolated spherically (slerp), as glTF's LINEAR rotations are.
///
/// Blender has no such coupling (its `rotation_quaternion` curves are plain F-curves, and the
/// object normalises the result); importers set it where the format demands it. A file names
/// the component with `"quaternion": "w"` on each of the four tracks.
public struct QuaternionRole: Sendable, Hashable {
  /// Which component of the quaternion a track is.
  public enum Component: UInt8, Sendable, Hashable, CaseIterable {
    case w, x, y, z
  }

  /// This track's component.
  public var component: Component
  /// The four curves in w, x, y, z order, as `Action.coupled()` gathers them (their own roles
  /// removed); empty until then, and the track then evaluates as a plain curve.
  public var curves: [FCurve]

  public init(component: Component, curves: [FCurve] = []) {
    self.component = component
    self.curves = curves
  }

  /// Whether the four curves are gathered.
  public var isCoupled: Bool { curves.count == 4 }
}

extension Action {
  /// The action with each complete quaternion (four tracks of one `dataPath` marked `w`, `x`,
  /// `y`, `z`) coupled: every component track carries the four curves it is computed from.
  /// Incomplete sets are left uncoupled (`quaternionProblem` reports them).
  public func coupled() -> Action {
    guard tracks.contains(where: { $0.quaternion != nil }) else { return self }
    var copy = self
    for (_, members) in quaternionSets() {
      guard let ordered = Self.ordered(members, in: tracks) else { continue }
      let curves = ordered.map { i -> FCurve in
        var plain = tracks[i]
        plain.quaternion = nil
        return plain
      }
      for i in ordered { copy.tracks[i].quaternion?.curves = curves }
    }
    return copy
  }

  /// The first track (by index) of a quaternion set that is not exactly one track for each
  /// of `w`, `x`, `y`, `z`, and what is wrong with it.
  public func quaternionProblem() -> (track: Int, message: String)? {
    var worst: (track: Int, message: String)?
    for (dataPath, members) in quaternionSets() where Self.ordered(members, in: tracks) == nil {
      let present = members.compactMap { tracks[$0].quaternion?.component }
      var message = "a quaternion needs four tracks of dataPath \"\(dataPath)\", one for each of w, x, y, z"
      let missing = QuaternionRole.Component.allCases.filter { !present.contains($0) }
      let repeated = QuaternionRole.Component.allCases.filter { c in present.filter { $0 == c }.count > 1 }
      if let r = repeated.first {
        message += "; \(r) appears twice"
      } else if !missing.isEmpty {
        message += "; " + missing.map { "\($0)" }.joined(separator: ", ") + (missing.count == 1 ? " is" : " are")
          + " missing"
      }
      let first = repeated.isEmpty ? members[0] : members.filter { tracks[$0].quaternion?.component == repeated[0] }[1]
      if worst == nil || first < worst!.track { worst = (first, message) }
    }
    return worst
  }

  /// Track indices with a quaternion role, by data path, in order of first appearance.
  private func quaternionSets() -> [(String, [Int])] {
    var order: [String] = []
    var sets: [String: [Int]] = [:]
    for (i, t) in tracks.enumerated() where t.quaternion != nil {
      if sets[t.dataPath] == nil { order.append(t.dataPath) }
      sets[t.dataPath, default: []].append(i)
    }
    return order.map { ($0, sets[$0]!) }
  }

  /// The members in w, x, y, z order, when there is exactly one of each.
  private static func ordered(_ members: [Int], in tracks: [FCurve]) -> [Int]? {
    guard members.count == 4 else { return nil }
    var slots = [Int?](repeating: nil, count: 4)
    for i in members {
      guard let c = tracks[i].quaternion?.component, slots[Int(c.rawValue)] == nil else { return nil }
      slots[Int(c.rawValue)] = i
    }
    return slots.compactMap { $0 }
  }
}
