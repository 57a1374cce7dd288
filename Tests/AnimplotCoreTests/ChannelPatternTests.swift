import AnimplotCore
import AnimplotTestSupport
import Testing

@Suite("Channel patterns")
struct ChannelPatternTests {
  let z = FCurve(dataPath: "location", index: 2)
  let boneScale = FCurve(dataPath: "pose.bones[\"Arm\"].scale", index: 0)

  @Test(arguments: [
    ("Z Location", true), ("z location", false), ("*Location", true), ("? Location", true),
    ("location[2]", true), ("location[?]", true), ("location[0]", false), ("[XZ] Location", true),
    ("[!XZ] Location", false), ("[A-Z] Loc*", true), ("Rotation*, Z*", true), ("scale*", false),
    ("*", true), ("", false), ("location", true), ("loc*", true), ("rotation_euler", false),
  ])
  func matchesLabelOrAddress(pattern: String, expected: Bool) {
    #expect(ChannelPattern(pattern).matches(z) == expected, "\(pattern)")
  }

  @Test func boneChannelsMatchByLabelAndPath() {
    #expect(ChannelPattern("X Scale (Arm)").matches(boneScale))
    #expect(ChannelPattern("*Arm*").matches(boneScale))
    #expect(ChannelPattern("pose.bones*scale[0]").matches(boneScale))
  }
}

/// The automaton that matches every alternative and reading in one pass gives what the glob
/// rules give (checked against the classic backtracking walk, over thousands of patterns and
/// names), in time linear in the name.
@Suite("Channel patterns, matched in one pass")
struct ChannelPatternAutomatonTests {
  /// The classic two-pointer walk of a glob, backtracking to the last `*`: the rules, slowly.
  static func walk(_ p: [Character], _ s: [Character], literalBrackets: Bool) -> Bool {
    func one(_ pi: Int, _ c: Character) -> Int? {
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
    var pi = 0, si = 0, star = -1, starMatch = 0
    while si < s.count {
      if pi < p.count && p[pi] == "*" {
        star = pi
        starMatch = si
        pi += 1
      } else if pi < p.count, let width = one(pi, s[si]) {
        pi += width
        si += 1
      } else if star >= 0 {
        pi = star + 1
        starMatch += 1
        si = starMatch
      } else {
        return false
      }
    }
    while pi < p.count && p[pi] == "*" { pi += 1 }
    return pi == p.count
  }

  static func expected(_ pattern: String, _ curve: FCurve) -> Bool {
    pattern.split(separator: ",").contains { alternative in
      var p = Substring(alternative)
      while p.first == " " { p = p.dropFirst() }
      while p.last == " " { p = p.dropLast() }
      return [false, true].contains { literal in
        [curve.displayLabel, curve.address, curve.dataPath].contains { walk(Array(p), Array($0), literalBrackets: literal) }
      }
    }
  }

  @Test func agreesWithTheGlobRules() {
    var random = SplitMix(seed: 25)
    let patternCharacters: [Character] = ["a", "b", "*", "*", "?", "[", "]", "!", "^", "-", "é", ",", " ", "\r\n"]
    let nameCharacters: [Character] = ["a", "b", "[", "]", "-", "!", "é", "e\u{301}", "日", "\r\n", "0"]
    var matched = 0
    for _ in 0..<20_000 {
      let pattern = String((0..<random.below(10)).map { _ in patternCharacters[random.below(patternCharacters.count)] })
      let name = String((0..<random.below(12)).map { _ in nameCharacters[random.below(nameCharacters.count)] })
      var curve = FCurve(dataPath: name, index: random.below(3))
      if random.below(2) == 0 { curve.label = String(name.reversed()) }
      let expected = Self.expected(pattern, curve)
      #expect(ChannelPattern(pattern).matches(curve) == expected, "\(pattern.debugDescription) on \(name.debugDescription)")
      if expected { matched += 1 }
    }
    #expect(matched > 1000, "the sample matches often enough to say something")
  }

  /// Many stars and states over several words: what the pattern says, with no backtracking
  /// (the walk tried each star's every place: a 1,000-character pattern against a
  /// 200,000-character data path took minutes).
  @Test(.timeLimit(.minutes(1))) func aLongPatternAgainstALongNameIsOneWalk() {
    let name = String(repeating: "a", count: 200_000)
    let long = FCurve(dataPath: name, index: 0)
    #expect(!ChannelPattern("*" + String(repeating: "a", count: 998) + "b").matches(long))
    #expect(ChannelPattern("*" + String(repeating: "a", count: 998) + "*").matches(long))
    #expect(!ChannelPattern(String(repeating: "*a", count: 499) + "?b").matches(long))
    #expect(ChannelPattern(String(repeating: "[a-b]", count: 190) + "*" + String(repeating: "?", count: 100)).matches(long))
    #expect(ChannelPattern("x*, *[!b]a").matches(long))
  }
}
