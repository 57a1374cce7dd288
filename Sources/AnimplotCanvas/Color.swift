/// An sRGB colour with straight (not premultiplied) alpha, components in 0...1.
public struct Color: Sendable, Hashable {
  public var red: Double
  public var green: Double
  public var blue: Double
  public var alpha: Double

  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// A colour from 0–255 channels, as Blender's theme stores them.
  public init(bytes r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
    self.init(
      red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255, alpha: Double(a) / 255)
  }

  /// `#rrggbb` or `#rrggbbaa` (the `#` optional, case-insensitive); `nil` if malformed.
  public init?(hex: String) {
    var digits = Substring(hex)
    if digits.hasPrefix("#") { digits = digits.dropFirst() }
    guard digits.count == 6 || digits.count == 8, let v = UInt32(digits, radix: 16) else {
      return nil
    }
    if digits.count == 6 {
      self.init(bytes: UInt8(v >> 16 & 0xff), UInt8(v >> 8 & 0xff), UInt8(v & 0xff))
    } else {
      self.init(
        bytes: UInt8(v >> 24), UInt8(v >> 16 & 0xff), UInt8(v >> 8 & 0xff), UInt8(v & 0xff))
    }
  }

  /// The same colour with alpha replaced.
  public func withAlpha(_ alpha: Double) -> Color {
    Color(red: red, green: green, blue: blue, alpha: alpha)
  }

  /// Blender's "shade": add `n`/255 to each channel, clamped.
  public func shaded(_ n: Int) -> Color {
    func s(_ v: Double) -> Double { min(1, max(0, v + Double(n) / 255)) }
    return Color(red: s(red), green: s(green), blue: s(blue), alpha: alpha)
  }

  /// `#rrggbb` or, when not opaque, `#rrggbbaa`.
  public var hex: String {
    func h(_ v: Double) -> String {
      let byte = Int((min(1, max(0, v)) * 255).rounded())
      let s = String(byte, radix: 16)
      return s.count == 1 ? "0" + s : s
    }
    return "#" + h(red) + h(green) + h(blue) + (alpha < 1 ? h(alpha) : "")
  }

  public static let black = Color(red: 0, green: 0, blue: 0)
  public static let white = Color(red: 1, green: 1, blue: 1)
  public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
}
