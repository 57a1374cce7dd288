/// A shell-style glob (`*`, `?`, `[abc]`, `[a-z]`, `[!abc]`) selecting channels by label or by
/// `dataPath[index]`; several patterns may be given separated by commas.
///
/// Brackets are read both ways, so that `location[2]` and `location[?]` select by array index
/// while `[XY] Location` is a character class: a pattern matches if either reading does.
public struct ChannelPattern: Sendable, Hashable {
  public let text: String
  /// Every alternative in both readings, as one automaton.
  private let automaton: GlobAutomaton

  public init(_ text: String) {
    self.text = text
    var readings: [GlobAutomaton.Pattern] = []
    for alternative in text.split(separator: ",") {
      let p = Array(alternative.trimmingPrefixAndSuffixSpaces())
      let classes = GlobAutomaton.Pattern(p, literalBrackets: false)
      readings.append(classes)
      // Without brackets the two readings are one.
      if p.contains("[") { readings.append(GlobAutomaton.Pattern(p, literalBrackets: true)) }
    }
    automaton = GlobAutomaton(readings)
  }

  public static func == (a: ChannelPattern, b: ChannelPattern) -> Bool { a.text == b.text }
  public func hash(into hasher: inout Hasher) { hasher.combine(text) }

  /// Whether the track's display label, its `dataPath[index]` address or its `dataPath` alone
  /// matches (`location` selects `location[0]`, `[1]` and `[2]`).
  public func matches(_ curve: FCurve) -> Bool {
    // The names are walked in place, once each for every alternative and reading together,
    // not copied into arrays of characters (16 bytes each: a 100 MB data path was 1.6 GB).
    automaton.matches(curve.displayLabel) || automaton.matches(curve.address) || automaton.matches(curve.dataPath)
  }
}

/// Several globs as one automaton, run over a name in one pass: each pattern element (a
/// character, `?` or a class) is a state, `*` a state that stays, and the states are bits
/// (the bit-parallel "shift-and" walk). A name costs its length times the states over 64, with
/// no backtracking, whatever the patterns (the classic two-pointer walk costs the name's length
/// times the pattern's: 20,000 characters against a 200,000-character data path took minutes).
struct GlobAutomaton: Sendable {
  /// One glob in one reading of its brackets, as elements and where its stars are.
  struct Pattern {
    enum Element {
      case any
      case literal(Character)
      /// A `[...]` class: its characters (`a-z` ranges among them) and whether `!` or `^` negates it.
      case set(ArraySlice<Character>, negated: Bool)
    }
    var elements: [Element] = []
    /// `stars[k]`: a `*` comes before element `k` (`stars[elements.count]`: at the end).
    var stars: [Bool] = [false]

    /// `p` read as a glob: `?`, `*`, and `[...]` as a class unless `literalBrackets` (a `[`
    /// without a `]` two or more characters on is a plain `[`).
    init(_ p: [Character], literalBrackets: Bool) {
      var pi = 0
      while pi < p.count {
        switch p[pi] {
        case "*":
          stars[elements.count] = true
          pi += 1
          continue
        case "?":
          elements.append(.any)
          pi += 1
        case "[" where !literalBrackets:
          guard let close = p[(pi + 1)...].dropFirst().firstIndex(of: "]") else {
            elements.append(.literal("["))
            pi += 1
            break
          }
          var set = p[(pi + 1)..<close]
          let negated = set.first == "!" || set.first == "^"
          if negated { set = set.dropFirst() }
          elements.append(.set(set, negated: negated))
          pi = close + 1
        default:
          elements.append(.literal(p[pi]))
          pi += 1
        }
        stars.append(false)
      }
    }
  }

  /// Whether the class `set` (negated or not) holds `c`.
  static func contains(_ set: ArraySlice<Character>, negated: Bool, _ c: Character) -> Bool {
    var found = false
    var i = set.startIndex
    while i < set.endIndex {
      if i + 2 < set.endIndex, set[i + 1] == "-" {
        if set[i] <= c && c <= set[i + 2] { found = true }
        i += 3
      } else {
        if set[i] == c { found = true }
        i += 1
      }
    }
    return found != negated
  }

  /// 64-bit words per set of states.
  let words: Int
  /// Each pattern's first state: where a walk starts.
  let starts: [UInt64]
  /// Each pattern's last state: a walk that ends in one matched.
  let finals: [UInt64]
  /// The states of a `*`: they stay on any character.
  let loops: [UInt64]
  /// The states a character enters (the state after each element that accepts it), `words`
  /// per row: row 0 for a character no pattern names, one row per character the patterns name
  /// (`rowOfCharacter`), then one per ASCII character with the classes applied (`asciiRows`
  /// on).
  let rows: [UInt64]
  let rowOfCharacter: [Character: Int]
  let asciiRows: Int
  /// The classes, by the state they enter.
  let classes: [(state: Int, set: ArraySlice<Character>, negated: Bool)]

  init(_ patterns: [Pattern]) {
    let stateCount = patterns.reduce(0) { $0 + $1.elements.count + 1 }
    let words = max(1, (stateCount + 63) / 64)
    var starts = [UInt64](repeating: 0, count: words), finals = starts, loops = starts
    var rows = starts
    var rowOfCharacter: [Character: Int] = [:]
    var classes: [(state: Int, set: ArraySlice<Character>, negated: Bool)] = []
    var first = 0
    for pattern in patterns {
      Self.add(first, to: &starts[...])
      Self.add(first + pattern.elements.count, to: &finals[...])
      for (k, star) in pattern.stars.enumerated() where star { Self.add(first + k, to: &loops[...]) }
      for (k, element) in pattern.elements.enumerated() {
        let state = first + k + 1
        switch element {
        case .any: Self.add(state, to: &rows[0..<words])
        case .literal(let c):
          let row = rowOfCharacter[c] ?? rows.count / words
          if row == rows.count / words {
            rowOfCharacter[c] = row
            rows += [UInt64](repeating: 0, count: words)
          }
          Self.add(state, to: &rows[(row * words)..<((row + 1) * words)])
        case .set(let set, let negated): classes.append((state, set, negated))
        }
      }
      first += pattern.elements.count + 1
    }
    // `?` accepts every character: its states are in every row.
    for r in 1..<(rows.count / words) {
      for w in 0..<words { rows[r * words + w] |= rows[w] }
    }
    let asciiRows = rows.count / words
    for v in 0..<128 {
      let c = Character(Unicode.Scalar(UInt8(v)))
      let own = rowOfCharacter[c] ?? 0
      rows += Self.withClasses(rows[(own * words)..<((own + 1) * words)], c, classes)
    }
    self.words = words
    self.starts = starts
    self.finals = finals
    self.loops = loops
    self.rows = rows
    self.rowOfCharacter = rowOfCharacter
    self.asciiRows = asciiRows
    self.classes = classes
  }

  /// Adds `state` to the set of states `set` (a row's words).
  private static func add(_ state: Int, to set: inout ArraySlice<UInt64>) {
    set[set.startIndex + state >> 6] |= 1 << UInt64(state & 63)
  }

  /// `row` with the states of the classes that hold `c` added.
  private static func withClasses(
    _ row: ArraySlice<UInt64>, _ c: Character, _ classes: [(state: Int, set: ArraySlice<Character>, negated: Bool)]
  ) -> [UInt64] {
    var row = row
    for (state, set, negated) in classes where contains(set, negated: negated, c) { add(state, to: &row) }
    return Array(row)
  }

  /// Whether `name` matches any of the patterns (all of it: patterns are anchored at both ends).
  func matches(_ name: String) -> Bool {
    var now = starts
    var next = starts
    // Rows of characters past ASCII with the classes applied, made once per character met
    // (at most 4096 kept).
    var cache: [Character: [UInt64]] = [:]
    for c in name {
      let alive: Bool
      if c.utf8.count == 1, let v = c.utf8.first, v < 128 {
        let base = (asciiRows + Int(v)) * words
        alive = Self.step(&now, &next, rows[base..<(base + words)], loops)
      } else if classes.isEmpty {
        let base = (rowOfCharacter[c] ?? 0) * words
        alive = Self.step(&now, &next, rows[base..<(base + words)], loops)
      } else {
        let row: [UInt64]
        if let cached = cache[c] {
          row = cached
        } else {
          let own = (rowOfCharacter[c] ?? 0) * words
          row = Self.withClasses(rows[own..<(own + words)], c, classes)
          if cache.count >= 4096 { cache.removeAll(keepingCapacity: true) }
          cache[c] = row
        }
        alive = Self.step(&now, &next, row[...], loops)
      }
      guard alive else { return false }
      swap(&now, &next)
    }
    return zip(now, finals).contains { $0 & $1 != 0 }
  }

  /// One character: `next` is the states `now` reaches through `row` (each state moves on to
  /// the next where the row has it; a star's stays). Whether any state is left.
  @inline(__always)
  private static func step(_ now: inout [UInt64], _ next: inout [UInt64], _ row: ArraySlice<UInt64>, _ loops: [UInt64]) -> Bool {
    var carry: UInt64 = 0
    var alive: UInt64 = 0
    var r = row.startIndex
    for w in 0..<now.count {
      let x = now[w]
      let y = (((x << 1) | carry) & row[r]) | (x & loops[w])
      carry = x >> 63
      next[w] = y
      alive |= y
      r += 1
    }
    return alive != 0
  }
}

extension Substring {
  fileprivate func trimmingPrefixAndSuffixSpaces() -> Substring {
    var s = self
    while s.first == " " { s = s.dropFirst() }
    while s.last == " " { s = s.dropLast() }
    return s
  }
}

extension Action {
  /// The action with only the tracks `pattern` matches (every track when it is `nil`): the one
  /// channel filter of the editors and the command line.
  public func filtered(by pattern: ChannelPattern?) -> Action {
    guard let pattern else { return self }
    var copy = self
    copy.tracks = tracks.filter(pattern.matches)
    return copy
  }
}
