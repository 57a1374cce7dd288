import AnimplotText
import Testing

/// The one number speller, in each of the forms its callers ask for (display lists, SVG times,
/// grid labels, reports, JSON, messages): the spellings those callers wrote before they shared it.
@Suite("number spelling")
struct NumberSpellingTests {
  @Test("shortest decimals: no needless .0, 0 for -0")
  func shortest() {
    #expect(formatNumber(1.0) == "1")
    #expect(formatNumber(-0.0) == "0")
    #expect(formatNumber(Float(2) / 3) == "0.6666667")
    #expect(formatNumber(0.00001) == "1e-05")
    #expect(formatNumber(1e16) == "1e+16")
    #expect(formatNumber(9_007_199_254_740_992.0) == "9007199254740992")
    #expect(formatNumber(Float(1e6)) == "1000000")
    #expect(formatNumber(Double.nan) == "nan")
    #expect(formatNumber(-Double.infinity) == "-inf")
  }

  @Test("whole numbers from a limit on keep Swift's spelling (messages, the gallery's parameters)")
  func wholeBelow() {
    #expect(formatNumber(99_999_999_999_999.0, wholeBelow: 1e15) == "99999999999999")
    #expect(formatNumber(1e15, wholeBelow: 1e15) == "1000000000000000.0")
    #expect(formatNumber(-2.5, wholeBelow: 1e15) == "-2.5")
    #expect(formatNumber(-0.0, wholeBelow: 1e15) == "0")
    #expect(formatNumber(Float(999_999), wholeBelow: 1e6) == "999999")
    #expect(formatNumber(Float(1e6), wholeBelow: 1e6) == "1000000.0")
    #expect(formatNumber(Float(1.70158), wholeBelow: 1e6) == "1.70158")
  }

  @Test("fixed decimals, as C's %.*f: rounded half away from zero, never -0")
  func fixed() {
    #expect(formatNumber(2.5, decimals: 2) == "2.50")
    #expect(formatNumber(0.125, decimals: 2) == "0.13")
    #expect(formatNumber(-0.125, decimals: 2) == "-0.13")
    #expect(formatNumber(-0.001, decimals: 2) == "0.00")
    #expect(formatNumber(2.5, decimals: 0) == "3")
    #expect(formatNumber(-2.5, decimals: 0) == "-3")
    #expect(formatNumber(0.000_000_5, decimals: 7) == "0.0000005")
    #expect(formatNumber(12, decimals: 1) == "12.0")
  }

  @Test("fixed decimals without trailing zeros (display lists, SVG times, percentages)")
  func trimmed() {
    #expect(formatNumber(3, decimals: 4, trailingZeros: false) == "3")
    #expect(formatNumber(12.5, decimals: 4, trailingZeros: false) == "12.5")
    #expect(formatNumber(0.0004, decimals: 3, trailingZeros: false) == "0")
    #expect(formatNumber(-0.0004, decimals: 3, trailingZeros: false) == "0")
    #expect(formatNumber(-1.25, decimals: 3, trailingZeros: false) == "-1.25")
    #expect(formatNumber(1.0 / 3, decimals: 6, trailingZeros: false) == "0.333333")
    #expect(formatNumber(0.0625, decimals: 3, trailingZeros: false) == "0.063")
  }

  @Test("beyond 2^53 units of the last decimal, and not finite: Swift's own spelling")
  func outOfRange() {
    #expect(formatNumber(1e300, decimals: 2) == "1e+300")
    #expect(formatNumber(1e10, decimals: 6, trailingZeros: false) == "10000000000.0")
    #expect(formatNumber(9_007_199_254_740.5, decimals: 3, trailingZeros: false) == "9007199254740.5")
    #expect(formatNumber(9_007_199_254_741.0, decimals: 3, trailingZeros: false) == "9007199254741.0")
    #expect(formatNumber(Double.nan, decimals: 3) == "nan")
    #expect(formatNumber(-Double.infinity, decimals: 0) == "-inf")
  }

  @Test("JSON numbers: null for what JSON cannot spell")
  func json() {
    #expect(jsonNumber(Float(0.1)) == "0.1")
    #expect(jsonNumber(Float.infinity) == "null")
    #expect(jsonNumber(2.0) == "2")
    #expect(jsonNumber(Double.nan) == "null")
  }

  /// Decimal numbers only: Double(_:) also reads hexadecimal, `nan` and `inf`.
  @Test func decimalNumbers() {
    #expect(decimalNumber("12") == 12)
    #expect(decimalNumber("-0.5e1") == -5)
    #expect(decimalNumber("+.5"[...]) == 0.5)
    for text in ["0x10", "0x1p3", "nan", "inf", "-infinity", "1e400", "", " 1", "1,5"] {
      #expect(decimalNumber(text) == nil, "\(text)")
    }
  }
}
