/// The nearest of a few known words to a mistyped one, for "did you mean" hints.
package enum Suggestion {
  /// The word of `candidates` at the smallest edit distance (insertions, deletions,
  /// substitutions and swaps of neighbours) from `word`, if that distance is at most a third
  /// of the word's length (at least 1), or a candidate `word` begins; ties go to the first.
  package static func nearest(to word: String, among candidates: [String]) -> String? {
    let typed = Array(word.lowercased().unicodeScalars.prefix(64))
    let allowed = max(1, typed.count / 3)
    var best: (word: String, distance: Int)?
    for candidate in candidates {
      let d = distance(typed, Array(candidate.unicodeScalars))
      if d <= allowed, d < (best?.distance ?? .max) { best = (candidate, d) }
    }
    if let best { return best.word }
    return typed.count >= 2 ? candidates.first { $0.unicodeScalars.starts(with: typed) } : nil
  }

  /// Optimal string alignment distance.
  static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previous2[j - 2] + 1)
        }
      }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
  }
}
