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

  /// Whether the track's display label or its `dataPath[index]` address matches.
  public func matches(_ curve: FCurve) -> Bool {
    let label = Array(curve.displayLabel)
    let address = Array(curve.address)
    return alternatives.contains { p in
      [false, true].contains { literal in
        Self.glob(p[...], label[...], literalBrackets: literal)
          || Self.glob(p[...], address[...], literalBrackets: literal)
      }
    }
  }

  static func glob(_ p: ArraySlice<Character>, _ s: ArraySlice<Character>, literalBrackets: Bool) -> Bool {
    var p = p
    var s = s
    while let c = p.first {
      switch c {
      case "*":
        p = p.dropFirst()
        if p.isEmpty { return true }
        var rest = s
        while true {
          if glob(p, rest, literalBrackets: literalBrackets) { return true }
          if rest.isEmpty { return false }
          rest = rest.dropFirst()
        }
      case "?":
        guard !s.isEmpty else { return false }
        p = p.dropFirst()
        s = s.dropFirst()
      case "[" where !literalBrackets:
        guard let ch = s.first, let close = p.dropFirst(2).firstIndex(of: "]") else {
          // An unclosed bracket matches itself.
          guard s.first == "[" else { return false }
          p = p.dropFirst()
          s = s.dropFirst()
          continue
        }
        var set = p[(p.startIndex + 1)..<close]
        let negated = set.first == "!" || set.first == "^"
        if negated { set = set.dropFirst() }
        var found = false
        var i = set.startIndex
        while i < set.endIndex {
          if i + 2 < set.endIndex, set[i + 1] == "-" {
            if set[i] <= ch && ch <= set[i + 2] { found = true }
            i += 3
          } else {
            if set[i] == ch { found = true }
            i += 1
          }
        }
        guard found != negated else { return false }
        p = p[(close + 1)...]
        s = s.dropFirst()
      default:
        guard s.first == c else { return false }
        p = p.dropFirst()
        s = s.dropFirst()
      }
    }
    return s.isEmpty
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
