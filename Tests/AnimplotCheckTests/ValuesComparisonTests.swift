import Testing

@testable import AnimplotCheck

/// Values references: the channels that moved, the frames where, the largest difference.
@Suite struct ValuesComparisonTests {
  static let reference = "frame,X Location,Z Location\n1,0,4\n2,0.5,3\n3,1,2\n4,1.5,1\n5,2,0\n"

  @Test func sameValuesMatchWrittenAnyWay() throws {
    let c = try ValuesComparison(
      expected: Self.reference, actual: "frame,X Location,Z Location\r\n1,0.0,4\n2,0.50,3\n3,1,2\n4,1.5,1\n5,2,0", label: "a.values.csv")
    #expect(c.passed)
    #expect(c.summary == "match: same values")
  }

  @Test func namesTheChannelTheFramesAndTheLargestDifference() throws {
    let actual = "frame,X Location,Z Location\n1,0,4\n2,0.5,3.5\n3,1,2.25\n4,1.5,1\n5,2,-1\n"
    let c = try ValuesComparison(expected: Self.reference, actual: actual, label: "a.values.csv")
    #expect(!c.passed)
    #expect(c.summary == "values differ: Z Location at frames 2–3, 5 (largest 1 at frame 5)")
    #expect(c.table == """
      channel | frames where it moved | largest difference | at frame | reference | now
      Z Location | frames 2–3, 5 | 1 | 5 | 0 | -1

      """)
  }

  /// A channel named with a terminal's escape sequence is quoted in the one-line summary, as
  /// messages quote names: check prints it, and the escape never reaches the terminal raw.
  @Test func namesWithControlCharactersAreQuoted() throws {
    let actual = "frame,X Location,Z Location,\u{1B}]0;title\u{07}\n1,0,4,0\n2,0.5,3,0\n3,1,2,0\n4,1.5,1,0\n5,2,0,0\n"
    let c = try ValuesComparison(expected: Self.reference, actual: actual, label: "a.values.csv")
    #expect(!c.summary.unicodeScalars.contains { $0.value < 0x20 }, "\(c.summary)")
    #expect(c.summary.hasPrefix("values differ: new channel \""), "\(c.summary)")
  }

  @Test func channelsAndFramesThatCameOrWent() throws {
    let actual = "frame,X Location,Y Location\n1,0,4\n2,0.5,3\n3,1,2\n"
    let c = try ValuesComparison(expected: Self.reference, actual: actual, label: "a.values.csv")
    #expect(c.summary == "values differ: new channel Y Location; channel gone: Z Location; frames 1–5 (5) in the reference, 1–3 (3) now")
  }

  @Test func notANumberEqualsItself() throws {
    let c = try ValuesComparison(expected: "frame,a\n1,nan\n", actual: "frame,a\n1,nan\n", label: "a.values.csv")
    #expect(c.passed)
  }

  @Test func quotedNamesAsEvalWritesThem() throws {
    let text = "frame,\"a, b\",\"say \"\"hi\"\"\"\n1,1,2\n"
    let c = try ValuesComparison(expected: text, actual: text.replacing("1,1,2", with: "1,1,3"), label: "q.values.csv")
    #expect(c.summary == "values differ: say \"hi\" at frame 1 (largest 1 at frame 1)")
  }

  @Test(arguments: [
    ("", "a.values.csv:1: empty; expected a header frame,<channel>,..."),
    ("time,a\n1,2\n", "a.values.csv:1: the first column must be \"frame\", as 'animplot eval' writes it"),
    ("frame,a\n1,2,3\n", "a.values.csv:2: 3 fields, but the header has 2"),
    ("frame,a\n1,x\n", "a.values.csv:2: \"x\" is not a number"),
  ])
  func aBadReferenceIsNamedWithItsLine(text: String, message: String) {
    #expect(throws: ValuesComparisonError.reference(message)) {
      try ValuesComparison(expected: text, actual: Self.reference, label: "a.values.csv")
    }
  }
}
