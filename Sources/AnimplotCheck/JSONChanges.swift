import AnimplotIO

/// The differences between two JSON documents, member by member, said by what they mean:
/// a layout's or an action file's rows (`rows`, `curves`, `channels`, `tracks`) are paired by
/// their name and channel (`row 'X Location' (location[0])`), and their keys by frame, so a
/// moved key reads `row 'X Location' (location[0]): key at frame 40 → 40.5` rather than as the
/// lines of a text diff. Anything else is paired by member name and array position, and named
/// by its path (`view.frames[0]: -4.32 → -4.5`).
package struct JSONChanges: Sendable, Hashable {
  /// One line per change, in document order.
  package var lines: [String]
  /// The change a one-line summary names: of a channel's row, not of the summary, action or
  /// group rows that change with it; a key moved, added or removed before a key's handles
  /// that changed with it; else the first.
  package var lead: String?

  /// At most this many lines are kept; the count of the others is said.
  package static let maximumLines = 200

  /// The changes from `expected` to `actual`; `nil` when either is not JSON.
  package init?(expected: String, actual: String) {
    func parse(_ text: String) -> JSONNode? {
      var text = text
      return text.withUTF8 { try? JSONNode.parse($0) }
    }
    guard let old = parse(expected), let new = parse(actual) else { return nil }
    var walker = Walker()
    walker.compare(old, new, path: "", row: nil)
    lines = walker.lines
    let ofChannels = lines.filter { line in walker.channelRows.contains { line.hasPrefix($0 + ":") } }
    func keyMovedAddedOrRemoved(_ line: String) -> Bool {
      if line.contains(" key added at frame ") || line.contains(" key removed at frame ") { return true }
      guard let at = line.firstRange(of: " key at frame ") else { return false }
      return line[at.upperBound...].drop { $0 != " " }.hasPrefix(" → ")
    }
    lead = ofChannels.first(where: keyMovedAddedOrRemoved) ?? ofChannels.first ?? lines.first
    if walker.dropped > 0 { lines.append("… and \(walker.dropped) more changes") }
  }

  /// Whether nothing differs.
  package var isEmpty: Bool { lines.isEmpty }

  private struct Walker {
    var lines: [String] = []
    var dropped = 0
    /// The names of the rows that are channels (with a data path).
    var channelRows: Set<String> = []

    mutating func say(_ line: String) {
      if lines.count < JSONChanges.maximumLines { lines.append(line) } else { dropped += 1 }
    }

    /// `row` names the row the members belong to; `path` is the path within it.
    mutating func compare(_ a: JSONNode, _ b: JSONNode, path: String, row: String?) {
      switch (a.value, b.value) {
      case (.object(let x), .object(let y)):
        for (key, value) in x {
          let place = join(path, key)
          if let other = y.first(where: { $0.key == key }) {
            if case .array(let items) = value.value, case .array(let others) = other.value.value,
              Self.rowsArray(items) && Self.rowsArray(others)
            {
              compareRows(items, others, path: place, row: row)
            } else if case .array(let items) = value.value, case .array(let others) = other.value.value,
              Self.keysArray(items) && Self.keysArray(others)
            {
              compareKeys(items, others, path: place, row: row)
            } else {
              compare(value, other.value, path: place, row: row)
            }
          } else {
            say(name(row, place) + ": removed (was \(Self.brief(value)))")
          }
        }
        for (key, value) in y where !x.contains(where: { $0.key == key }) {
          say(name(row, join(path, key)) + ": added (\(Self.brief(value)))")
        }
      case (.array(let x), .array(let y)):
        for i in 0..<min(x.count, y.count) { compare(x[i], y[i], path: path + "[\(i)]", row: row) }
        if x.count != y.count {
          say(name(row, path) + ": \(x.count) elements → \(y.count)")
        }
      default:
        if !Self.same(a, b) { say(name(row, path) + ": \(Self.brief(a)) → \(Self.brief(b))") }
      }
    }

    /// Rows paired by their name and channel, in order (the n-th of a name with the n-th).
    mutating func compareRows(_ x: [JSONNode], _ y: [JSONNode], path: String, row: String?) {
      let label = Self.rowArrayLabel(path)
      func names(_ rows: [JSONNode]) -> [String] {
        var seen: [String: Int] = [:]
        return rows.map { node in
          let base = Self.rowName(node)
          seen[base, default: 0] += 1
          let n = seen[base]!
          return (label.isEmpty ? "" : label + " ") + base + (n > 1 ? " #\(n)" : "")
        }
      }
      let old = names(x), new = names(y)
      for (i, name) in old.enumerated() where Self.member("dataPath", of: x[i]) != nil { channelRows.insert(name) }
      for (i, name) in old.enumerated() {
        if let j = new.firstIndex(of: name) {
          compare(x[i], y[j], path: "", row: name)
        } else {
          say(name + ": removed")
        }
      }
      for name in new where !old.contains(name) { say(name + ": added") }
    }

    /// Keys paired by frame; of those left, the n-th removed with the n-th added (a move).
    mutating func compareKeys(_ x: [JSONNode], _ y: [JSONNode], path: String, row: String?) {
      let where_ = name(row, path == "keys" || path == "keyframes" ? "" : path)
      let prefix = where_.isEmpty ? "" : where_ + ": "
      var unmatchedNew = Array(y.indices)
      var unmatchedOld: [Int] = []
      for (i, key) in x.enumerated() {
        if let k = unmatchedNew.firstIndex(where: { Self.same(Self.member("frame", of: y[$0]), Self.member("frame", of: key)) }) {
          let j = unmatchedNew.remove(at: k)
          let changes = memberChanges(key, y[j])
          if !changes.isEmpty { say(prefix + "key at frame \(Self.frame(key)): " + changes) }
        } else {
          unmatchedOld.append(i)
        }
      }
      for (i, j) in zip(unmatchedOld, unmatchedNew) {
        let changes = memberChanges(x[i], y[j], skipping: "frame")
        say(prefix + "key at frame \(Self.frame(x[i])) → \(Self.frame(y[j]))" + (changes.isEmpty ? "" : " (\(changes))"))
      }
      for i in unmatchedOld.dropFirst(unmatchedNew.count) { say(prefix + "key removed at frame \(Self.frame(x[i]))") }
      for j in unmatchedNew.dropFirst(unmatchedOld.count) { say(prefix + "key added at frame \(Self.frame(y[j]))") }
    }

    /// `value 1 → 2, type keyframe → breakdown` for a key's scalar members; other members that
    /// changed (positions, handles) are named only.
    func memberChanges(_ a: JSONNode, _ b: JSONNode, skipping: String? = nil) -> String {
      guard case .object(let x) = a.value, case .object(let y) = b.value else {
        return Self.same(a, b) ? "" : "\(Self.brief(a)) → \(Self.brief(b))"
      }
      var said: [String] = []
      var named: [String] = []
      for (key, value) in x where key != skipping {
        let other = y.first { $0.key == key }?.value
        guard let other else {
          named.append(key + " removed")
          continue
        }
        if Self.same(value, other) { continue }
        if Self.isScalar(value) && Self.isScalar(other) {
          said.append("\(key) \(Self.brief(value)) → \(Self.brief(other))")
        } else {
          named.append(key)
        }
      }
      for (key, _) in y where key != skipping && !x.contains(where: { $0.key == key }) { named.append(key + " added") }
      if !named.isEmpty { said.append(named.joined(separator: ", ") + " changed") }
      return said.joined(separator: ", ")
    }

    func name(_ row: String?, _ path: String) -> String {
      switch (row, path.isEmpty) {
      case (let row?, true): row
      case (let row?, false): row + ": " + path
      case (nil, _): path.isEmpty ? "(the document)" : path
      }
    }

    func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : path + "." + key }

    /// Arrays of rows: objects that name a channel, group or action.
    static func rowsArray(_ items: [JSONNode]) -> Bool {
      !items.isEmpty && items.allSatisfy { item in
        ["name", "label", "dataPath"].contains { member($0, of: item) != nil }
      }
    }

    /// Arrays of keys: objects with a frame and no name.
    static func keysArray(_ items: [JSONNode]) -> Bool {
      !items.isEmpty && items.allSatisfy { member("frame", of: $0) != nil && member("name", of: $0) == nil }
    }

    /// `rows` and `tracks` are the document's rows; the Graph Editor's `channels` (the list at
    /// the left) and `curves` are said apart.
    static func rowArrayLabel(_ path: String) -> String {
      switch path {
      case "rows", "tracks": ""
      case "curves": ""
      case "channels": "channel list,"
      default: path + ":"
      }
    }

    /// `row 'X Location' (location[0])`, `row 'Object Transforms' (group)`, `channel
    /// location[2]` for an action file's track.
    static func rowName(_ node: JSONNode) -> String {
      let title = string("name", of: node) ?? string("label", of: node)
      var channel = string("dataPath", of: node)
      if let path = channel, case .number(let index)? = member("index", of: node)?.value {
        channel = path + "[\(number(index))]"
      }
      if let title {
        let kind = string("kind", of: node).flatMap { $0 == "channel" ? nil : $0 }
        let detail = channel ?? kind
        return "row '\(title)'" + (detail.map { " (\($0))" } ?? "")
      }
      return "channel " + (channel ?? "?")
    }

    static func member(_ key: String, of node: JSONNode) -> JSONNode? {
      guard case .object(let members) = node.value else { return nil }
      return members.first { $0.key == key }?.value
    }

    static func string(_ key: String, of node: JSONNode) -> String? {
      if case .string(let s)? = member(key, of: node)?.value { return s }
      return nil
    }

    static func frame(_ key: JSONNode) -> String { member("frame", of: key).map(brief) ?? "?" }

    static func isScalar(_ node: JSONNode) -> Bool {
      switch node.value {
      case .object, .array: false
      default: true
      }
    }

    static func same(_ a: JSONNode?, _ b: JSONNode?) -> Bool {
      guard let a, let b else { return a == nil && b == nil }
      switch (a.value, b.value) {
      case (.object(let x), .object(let y)):
        return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && same($0.value, $1.value) }
      case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
      case (.string(let x), .string(let y)): return x == y
      case (.number(let x), .number(let y)): return x == y
      case (.bool(let x), .bool(let y)): return x == y
      case (.null, .null): return true
      default: return false
      }
    }

    static func number(_ x: Double) -> String {
      x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : "\(x)"
    }

    /// A value in a few characters: scalars as written, containers by size.
    static func brief(_ node: JSONNode) -> String {
      switch node.value {
      case .string(let s): "'\(s)'"
      case .number(let x): number(x)
      case .bool(let b): "\(b)"
      case .null: "null"
      case .array(let items):
        items.count <= 4 && items.allSatisfy(isScalar)
          ? "[" + items.map(brief).joined(separator: ", ") + "]" : "\(items.count) elements"
      case .object(let members): "an object of \(members.count) members"
      }
    }
  }
}
