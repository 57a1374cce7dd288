import AnimplotCheck
import AnimplotGolden
import Testing

/// Record modes: which one is in force, and what each writes.
@Suite struct RecordModeTests {
  @Test func theFlagWinsThenTheVariableThenCI() throws {
    #expect(try RecordMode.resolve(flag: .all, recordVariable: "never", ciVariable: "true") == .all)
    #expect(try RecordMode.resolve(flag: nil, recordVariable: "failed", ciVariable: "true") == .failed)
    #expect(try RecordMode.resolve(flag: nil, recordVariable: "NEVER", ciVariable: nil) == .never)
    #expect(try RecordMode.resolve(flag: nil, recordVariable: nil, ciVariable: "true") == .never)
    #expect(try RecordMode.resolve(flag: nil, recordVariable: "", ciVariable: "1") == .never)
    #expect(try RecordMode.resolve(flag: nil, recordVariable: nil, ciVariable: nil) == .missing)
    for notCI in ["", "0", "false", "FALSE"] {
      #expect(try RecordMode.resolve(flag: nil, recordVariable: nil, ciVariable: notCI) == .missing)
    }
  }

  @Test func aBadVariableIsAnError() throws {
    #expect(throws: RecordModeError(value: "sometimes")) {
      try RecordMode.resolve(flag: nil, recordVariable: "sometimes", ciVariable: nil)
    }
    #expect(
      RecordModeError(value: "x").description
        == "ANIMPLOT_RECORD=x: expected one of missing, all, failed, never")
    // The flag makes a bad variable irrelevant.
    #expect(try RecordMode.resolve(flag: .never, recordVariable: "sometimes", ciVariable: nil) == .never)
  }

  @Test func whatEachModeWrites() {
    // matched: nil (no reference), true, false
    let table: [(RecordMode, [Bool])] = [
      (.missing, [true, false, false]),
      (.all, [true, true, true]),
      (.failed, [true, false, true]),
      (.never, [false, false, false]),
    ]
    for (mode, expected) in table {
      #expect([nil, true, false].map { mode.records(matched: $0) } == expected, "\(mode)")
    }
  }
}
