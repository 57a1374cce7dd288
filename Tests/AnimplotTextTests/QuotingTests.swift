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
}
