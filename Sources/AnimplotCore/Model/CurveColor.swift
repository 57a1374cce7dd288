/// An F-curve's own colour, 8 bits per channel, as files write it: `#rrggbb`, or `#rrggbbaa`.
/// The editors draw curves opaque, so alpha is kept (a file reads back to the same colour,
/// spelled in lower case) but not drawn.
public struct CurveColor: Sendable, Hashable, CustomStringConvertible {
  public var red: UInt8
  public var green: UInt8
  public var blue: UInt8
  public var alpha: UInt8

  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// `#rrggbb` or `#rrggbbaa`, the `#` optional, either letter case; `nil` if malformed.
  public init?(hex: String) {
    var digits = Substring(hex)
    if digits.hasPrefix("#") { digits = digits.dropFirst() }
    guard digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit),
      let v = UInt32(digits, radix: 16)
    else { return nil }
    if digits.count == 6 {
      self.init(red: UInt8(v >> 16 & 0xff), green: UInt8(v >> 8 & 0xff), blue: UInt8(v & 0xff))
    } else {
      self.init(
        red: UInt8(v >> 24), green: UInt8(v >> 16 & 0xff), blue: UInt8(v >> 8 & 0xff),
        alpha: UInt8(v & 0xff))
    }
  }

  /// `#rrggbb` in lower case, with `aa` appended when alpha was given other than `ff`.
  public var hex: String {
    func h(_ v: UInt8) -> String {
      let s = String(v, radix: 16)
      return s.count == 1 ? "0" + s : s
    }
    return "#" + h(red) + h(green) + h(blue) + (alpha == 255 ? "" : h(alpha))
  }

  public var description: String { hex }
}
