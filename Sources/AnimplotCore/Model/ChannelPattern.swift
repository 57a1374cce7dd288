/// A shell-style glob (`*`, `?`, `[abc]`, `[a-z]`, `[!abc]`) selecting channels by label or by
/// `dataPath[index]`; several patterns may be given separated by commas.
///
/// Brackets are read both ways, so that `location[2]` and `location[?]` select by array index
/// while `[XY] Location` is a character class: a pattern matches if either reading does.
public struct ChannelPattern: Sendable, Hashable {
  public let text: String
  private let alternatives: [[Character]]

  public init(_ text: String) {
    self.text = text
    alternatives = text.split(separator: ",").map { Array($0.trimmingPrefixAndSuffixSpaces()) }
  }

  /// Whether the track's display label, its `dataPath[index]` address or its `dataPath` alone
  /// matches (`location` selects `location[0]`, `[1]` and `[2]`).
  public func matches(_ curve: FCurve) -> Bool {
    // The names are walked in place, not copied into arrays of characters (16 bytes each: a
    // 100 MB data path was 1.6 GB).
    let label = curve.displayLabel
    let address = curve.address
    let dataPath = curve.dataPath
    return alternatives.contains { p in
      [false, true].contains { literal in
        Self.glob(p, label, literalBrackets: literal)
          || Self.glob(p, address, literalBrackets: literal)
          || Self.glob(p, dataPath, literalBrackets: literal)
      }
    }
  }

  /// Whether `s` matches the glob `p`, in time proportional to their lengths' product (the
  /// classic two-pointer walk that backtracks only to the last `*`).
  static func glob(_ p: [Character], _ s: String, literalBrackets: Bool) -> Bool {
    var pi = 0, si = s.startIndex
    var star = -1, starMatch = s.startIndex
    while si < s.endIndex {
      if pi < p.count && p[pi] == "*" {
        star = pi
        starMatch = si
        pi += 1
      } else if pi < p.count, let width = matchOne(p, pi, s[si], literalBrackets) {
        pi += width
        si = s.index(after: si)
      } else if star >= 0 {
        pi = star + 1
        starMatch = s.index(after: starMatch)
        si = starMatch
      } else {
        return false
      }
    }
    while pi < p.count && p[pi] == "*" { pi += 1 }
    return pi == p.count
  }

  /// How many pattern characters at `pi` match the one character `c` (`?`, a `[...]` class, or
  /// a literal), or `nil` when they do not.
  static func matchOne(_ p: [Character], _ pi: Int, _ c: Character, _ literalBrackets: Bool) -> Int? {
    switch p[pi] {
    case "?": return 1
    case "[" where !literalBrackets:
      guard let close = p[(pi + 1)...].dropFirst().firstIndex(of: "]") else { return c == "[" ? 1 : nil }
      var set = p[(pi + 1)..<close]
      let negated = set.first == "!" || set.first == "^"
      if negated { set = set.dropFirst() }
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
      return found != negated ? close - pi + 1 : nil
    default: return p[pi] == c ? 1 : nil
    }
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
