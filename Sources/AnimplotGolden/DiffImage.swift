import AnimplotCanvas
import AnimplotPlatform

/// The colours of the diff image's differing pixels (pixelmatch's `diffColor`,
/// `diffColorAlt` and `aaColor`).
///
/// As in pixelmatch, the alternative colour marks the pixels where the second (actual) image
/// is darker: `darker` is pixelmatch's `diffColorAlt`, `lighter` its `diffColor`. animplot's
/// defaults tell the two apart (red and blue) where pixelmatch paints both red.
public struct DiffColors: Sendable, Hashable {
  /// Differing pixels where the actual one is darker (pixelmatch's `diffColorAlt`), and
  /// pixels in one image only: red by default.
  public var darker: RGB
  /// Differing pixels where the actual one is lighter or as bright (pixelmatch's
  /// `diffColor`): blue by default.
  public var lighter: RGB
  /// Differences excused as anti-aliasing (pixelmatch's `aaColor`): yellow by default.
  public var antialiased: RGB

  public init(darker: RGB = .red, lighter: RGB = .blue, antialiased: RGB = .yellow) {
    self.darker = darker
    self.lighter = lighter
    self.antialiased = antialiased
  }

  /// Red, blue and yellow.
  public static let standard = DiffColors()

  /// An opaque colour in 8-bit channels.
  public struct RGB: Sendable, Hashable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
      self.red = red
      self.green = green
      self.blue = blue
    }

    public static let red = RGB(255, 0, 0)
    public static let blue = RGB(0, 0, 255)
    public static let yellow = RGB(255, 255, 0)

    /// `RRGGBB` or `#RRGGBB`, six hexadecimal digits; `nil` for anything else.
    public init?(hex text: String) {
      let digits = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
      guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let v = UInt32(digits, radix: 16)
      else { return nil }
      self.init(UInt8(v >> 16), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF))
    }

    /// `#rrggbb`.
    public var description: String {
      "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
  }
}

extension ImageComparison {
  /// pixelmatch's diff picture: the expected image in grey faded toward white where nothing
  /// changed, differing pixels red where the actual one is darker, blue where it is lighter
  /// (or as bright), and AA-excused pixels yellow (or `colors`); ignored pixels hatched with
  /// grey diagonal stripes over the faded image; opaque, the size of the comparison area.
  /// Pixels that exist in one image only (a size mismatch) are `colors.darker`.
  ///
  /// - Parameters:
  ///   - colors: the colours of differing and AA-excused pixels.
  ///   - alpha: the opacity of the expected image's grey (pixelmatch's `alpha`, 0...1).
  ///   - mask: pixelmatch's `diffMask`: only the differing pixels are drawn, over a fully
  ///     transparent background (no grey, no AA-excused pixels, no hatching).
  public func diffImage(
    colors: DiffColors = .standard, alpha: Double = defaultAlpha, mask: Bool = false
  ) -> RGBAImage {
    let width = classification.width
    let height = classification.height
    let background = expected.padded(width: width, height: height)
    let count = width * height
    let palette = [colors.darker, colors.lighter, colors.antialiased].map { ($0.red, $0.green, $0.blue) }
    var pixels = [UInt8](unsafeUninitializedCapacity: count * 4) { out, initialized in
      background.pixels.withUnsafeBytes { source in
        classification.classes.withUnsafeBufferPointer { classes in
          // Plots are mostly flat areas: the grey of the last unchanged pixel is reused.
          var lastPixel: UInt32 = 0
          var lastGrey = Self.fadedGrey(0, 0, 0, 0, alpha: alpha)
          for i in 0..<count {
            let o = i &* 4
            let rgb: (UInt8, UInt8, UInt8)
            if mask && (classes[i] == .same || classes[i] == .antialiased) {
              (out[o], out[o + 1], out[o + 2], out[o + 3]) = (0, 0, 0, 0)
              continue
            }
            switch classes[i] {
            case .same:
              let pixel = source.loadUnaligned(fromByteOffset: o, as: UInt32.self)
              if pixel != lastPixel {
                lastPixel = pixel
                lastGrey = Self.fadedGrey(
                  source[o], source[o + 1], source[o + 2], source[o + 3], alpha: alpha)
              }
              rgb = (lastGrey, lastGrey, lastGrey)
            case .darker: rgb = palette[0]
            case .lighter: rgb = palette[1]
            case .antialiased: rgb = palette[2]
            }
            out[o] = rgb.0
            out[o + 1] = rgb.1
            out[o + 2] = rgb.2
            out[o + 3] = 255
          }
        }
      }
      initialized = count * 4
    }
    if let ignored, !mask {
      // Diagonal stripes, 3 pixels of grey in every 6, over the faded image.
      for y in 0..<height {
        for x in 0..<width where ignored[y * width + x] && (x + y) % 6 < 3 {
          let o = (y * width + x) * 4
          (pixels[o], pixels[o + 1], pixels[o + 2]) = Self.ignoredStripe
        }
      }
    }
    return RGBAImage(width: width, height: height, pixels: pixels)
  }

  /// The colour of the stripes over ignored pixels.
  static let ignoredStripe: (UInt8, UInt8, UInt8) = (150, 150, 160)

  /// The size of `diffImage()`: the comparison area (each side-by-side panel is this size).
  public var diffImageSize: (width: Int, height: Int) { (classification.width, classification.height) }

  /// The default opacity of the expected image in the diff's unchanged areas (pixelmatch's
  /// `alpha`).
  public static let defaultAlpha = 0.1

  /// A pixel's YIQ luma faded toward white by `alpha` and its own alpha, rounded to the
  /// nearest (pixelmatch's test suite writes into a Node `Buffer`, which truncates: its greys
  /// are up to 1 darker).
  private static func fadedGrey(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8, alpha: Double) -> UInt8 {
    let luma = Double(r) * 0.29889531 + Double(g) * 0.58662247 + Double(b) * 0.11448223
    let value = 255 + (luma - 255) * alpha * Double(a) / 255
    return UInt8(min(255, max(0, value)).rounded())
  }
}

/// How the diff image is drawn: pixelmatch's `diffColor`, `diffColorAlt`, `aaColor`, `alpha`
/// and `diffMask`, gathered for the tools that pass them along (`check`'s artifacts).
public struct DiffImageStyle: Sendable, Hashable {
  /// The colours of differing and AA-excused pixels.
  public var colors: DiffColors
  /// The opacity of the expected image's grey where nothing changed (0...1).
  public var alpha: Double
  /// Whether only the differing pixels are drawn, over a transparent background.
  public var mask: Bool

  public init(colors: DiffColors = .standard, alpha: Double = ImageComparison.defaultAlpha, mask: Bool = false) {
    self.colors = colors
    self.alpha = alpha
    self.mask = mask
  }

  /// Red, blue and yellow over the expected image faded to 10 %.
  public static let standard = DiffImageStyle()
}

extension ImageComparison {
  /// The diff image drawn in `style` (`diffImage(colors:alpha:mask:)`).
  public func diffImage(style: DiffImageStyle) -> RGBAImage {
    diffImage(colors: style.colors, alpha: style.alpha, mask: style.mask)
  }
}
