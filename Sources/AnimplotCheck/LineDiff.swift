/// A shortest line-by-line edit script between two texts (Myers' O(ND) algorithm), printed
/// as a unified diff.
struct LineDiff {
  /// What happens to one line on the way from the old text to the new one.
  enum Edit: Sendable, Hashable {
    /// Kept: the line of the old text at `old`, and of the new text at `new` (0-based).
    case same(old: Int, new: Int)
    /// The old text's line at `old` is removed.
    case removed(old: Int)
    /// The new text's line at `new` is added.
    case added(new: Int)

    var isChange: Bool {
      if case .same = self { return false }
      return true
    }
  }

  let old: [Substring]
  let new: [Substring]
  /// The edits, in order, covering every line of both texts.
  let edits: [Edit]

  /// Past this many changed lines the script is not minimised: the differing middle is all
  /// removed, then all added (bounds the O(D²) memory of the search).
  static let maximumEditDistance = 1000

  /// The most lines of a unified diff written out in full (the reports hold it).
  static let maximumLines = 20_000

  init(old: [Substring], new: [Substring]) {
    self.old = old
    self.new = new
    // Common head and tail first: most goldens change in a few places.
    var head = 0
    while head < old.count && head < new.count && old[head] == new[head] { head += 1 }
    var tail = 0
    while tail < old.count - head && tail < new.count - head
      && old[old.count - 1 - tail] == new[new.count - 1 - tail]
    {
      tail += 1
    }
    var edits = (0..<head).map { Edit.same(old: $0, new: $0) }
    edits += Self.middle(
      old: old[head..<old.count - tail], new: new[head..<new.count - tail])
    edits += (0..<tail).map { Edit.same(old: old.count - tail + $0, new: new.count - tail + $0) }
    self.edits = edits
  }

  /// Myers' greedy search with a saved frontier per step, walked back into an edit script.
  private static func middle(old a: ArraySlice<Substring>, new b: ArraySlice<Substring>) -> [Edit] {
    let n = a.count
    let m = b.count
    let a0 = a.startIndex
    let b0 = b.startIndex
    if n == 0 || m == 0 {
      return (0..<n).map { .removed(old: a0 + $0) } + (0..<m).map { .added(new: b0 + $0) }
    }
    let limit = min(n + m, maximumEditDistance)
    // v[k + offset]: the furthest x reached on diagonal k = x - y.
    let offset = limit + 1
    var v = [Int](repeating: 0, count: 2 * limit + 3)
    // trace[d]: the frontier before step d, diagonals -d-1 ... d+1.
    var trace: [[Int]] = []
    var found = false
    search: for d in 0...limit {
      trace.append(Array(v[(offset - d - 1)...(offset + d + 1)]))
      for k in stride(from: -d, through: d, by: 2) {
        var x =
          k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])
          ? v[offset + k + 1] : v[offset + k - 1] + 1
        var y = x - k
        while x < n && y < m && a[a0 + x] == b[b0 + y] {
          x += 1
          y += 1
        }
        v[offset + k] = x
        if x >= n && y >= m {
          found = true
          break search
        }
      }
    }
    guard found else {
      return (0..<n).map { .removed(old: a0 + $0) } + (0..<m).map { .added(new: b0 + $0) }
    }
    var edits: [Edit] = []
    var x = n
    var y = m
    for d in stride(from: trace.count - 1, through: 0, by: -1) {
      let frontier = trace[d]
      func at(_ k: Int) -> Int { frontier[k + d + 1] }
      let k = x - y
      let previousK = k == -d || (k != d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1
      let previousX = d == 0 ? 0 : at(previousK)
      let previousY = d == 0 ? 0 : previousX - previousK
      while x > previousX && y > previousY {
        x -= 1
        y -= 1
        edits.append(.same(old: a0 + x, new: b0 + y))
      }
      if d > 0 {
        if x == previousX {
          y -= 1
          edits.append(.added(new: b0 + y))
        } else {
          x -= 1
          edits.append(.removed(old: a0 + x))
        }
      }
    }
    return edits.reversed()
  }

  /// The edits as a unified diff (`---`/`+++` headers, `@@` hunks with `context` lines of
  /// context); empty when nothing changed.
  func unified(oldLabel: String, newLabel: String, context: Int = 3) -> String {
    let changes = edits.indices.filter { edits[$0].isChange }
    guard let first = changes.first else { return "" }
    // Hunks: runs of changes closer than 2 × context, padded with context.
    var hunks: [ClosedRange<Int>] = []
    var start = first
    var end = first
    for i in changes.dropFirst() {
      if i - end > 2 * context {
        hunks.append(max(0, start - context)...min(edits.count - 1, end + context))
        start = i
      }
      end = i
    }
    hunks.append(max(0, start - context)...min(edits.count - 1, end + context))

    var out = "--- \(oldLabel)\n+++ \(newLabel)\n"
    // The reports carry the diff: past `maximumLines` lines it is cut, saying so.
    var shown = 0
    for var hunk in hunks {
      guard shown < Self.maximumLines else { break }
      hunk = hunk.lowerBound...min(hunk.upperBound, hunk.lowerBound + Self.maximumLines - shown - 1)
      shown += hunk.count
      var oldLines: [Int] = []
      var newLines: [Int] = []
      var body = ""
      for edit in edits[hunk] {
        switch edit {
        case .same(let o, let n):
          oldLines.append(o)
          newLines.append(n)
          body += " " + old[o] + "\n"
        case .removed(let o):
          oldLines.append(o)
          body += "-" + old[o] + "\n"
        case .added(let n):
          newLines.append(n)
          body += "+" + new[n] + "\n"
        }
      }
      let oldStart = oldLines.first.map { $0 + 1 } ?? linesBefore(hunk.lowerBound, old: true)
      let newStart = newLines.first.map { $0 + 1 } ?? linesBefore(hunk.lowerBound, old: false)
      out += "@@ -\(oldStart),\(oldLines.count) +\(newStart),\(newLines.count) @@\n" + body
    }
    if hunks.reduce(0, { $0 + $1.count }) > shown { out += "(the diff is cut after \(shown) lines)\n" }
    return out
  }

  /// How many lines of one side come before the edit at `index` (GNU's start of an empty range).
  private func linesBefore(_ index: Int, old: Bool) -> Int {
    edits[..<index].reduce(0) { count, edit in
      switch edit {
      case .same: count + 1
      case .removed: old ? count + 1 : count
      case .added: old ? count : count + 1
      }
    }
  }
}
