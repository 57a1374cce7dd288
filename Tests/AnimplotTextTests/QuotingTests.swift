import AnimplotText
import Testing

/// The one string quoter: JSON's literals and the display list's texts differ only in how they
/// write the control characters other than line feed, carriage return and tab.
@Suite("quoting")
struct QuotingTests {
  @Test func jsonAndBraced() {
    let text = "a\"b\\c\nd\re\tf\u{1B}g\u{7F}h é"
    #expect(jsonStringLiteral(text) == #""a\"b\\c\nd\re\tf\u001bg"# + "\u{7F}" + #"h é""#)
    #expect(quoted(text, controls: .json) == jsonStringLiteral(text))
    #expect(quoted(text, controls: .braced) == #""a\"b\\c\nd\re\tf\u{1b}g\u{7f}h é""#)
  }

  /// Names in text outputs (`info`): as they are, unless a control or invisible character would
  /// reach the terminal, then quoted whole as messages quote them.
  @Test func shownNames() {
    #expect(shownName("Cube.001 é \"x\"") == "Cube.001 é \"x\"")
    #expect(shownName("a\u{1b}[31mb") == #""a\u001b[31mb""#)
    #expect(shownName("a\u{9B}b\u{200B}") == #""a\u{9B}b\u{200B}""#)
    #expect(shownName(String(repeating: "\u{7}", count: 100)).count == 602)
  }
}
