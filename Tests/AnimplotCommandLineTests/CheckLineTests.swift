import AnimplotCheck
import Testing

@testable import AnimplotCommandLine

/// What check and merge print about a case reaches the terminal escaped: a path in an error
/// (a folder named with an escape sequence) printed raw could retitle or recolour the terminal.
struct CheckLineTests {
  @Test func controlCharactersOfAMessageAreEscaped() {
    let line = CheckReport.line("ERROR", "sub/c.png", "cases/sub\u{1B}]2;pwned\u{07}/c.png: a symbolic link")
    #expect(line == "ERROR sub/c.png: cases/sub\\u001b]2;pwned\\u0007/c.png: a symbolic link\n")
    #expect(line.dropLast().allSatisfy { !$0.isNewline && $0 != "\u{1B}" && $0 != "\u{07}" })
  }

  @Test func anOrdinaryMessageIsUnchanged() {
    #expect(CheckReport.line("FAIL", "a.png", "differ: 3 pixels (0.1%)") == "FAIL a.png: differ: 3 pixels (0.1%)\n")
  }
}
