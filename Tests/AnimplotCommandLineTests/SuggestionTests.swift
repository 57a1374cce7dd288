import AnimplotText
import AnimplotCommandLine
import Testing

@Suite struct SuggestionTests {
  let verbs = ["graph", "dopesheet", "timeline", "eval", "recalc", "import", "diff", "check"]

  @Test(arguments: [
    ("grpah", "graph"), ("garph", "graph"), ("dopesheat", "dopesheet"),
    ("evl", "eval"), ("chek", "check"), ("GRAPH", "graph"), ("dope", "dopesheet"), ("tim", "timeline"),
  ])
  func aTypoFindsItsVerb(typed: String, verb: String) {
    #expect(Suggestion.nearest(to: typed, among: verbs) == verb)
  }

  @Test(arguments: ["nonsense", "x", "render", String(repeating: "q", count: 100_000)])
  func aWordFarFromEveryVerbFindsNone(typed: String) {
    #expect(Suggestion.nearest(to: typed, among: verbs) == nil)
  }
}
