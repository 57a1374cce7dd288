import AnimplotCanvas
import AnimplotPlatform

extension ImageComparison {
  /// pixelmatch's diff picture: the expected image in grey faded toward white where nothing
  /// changed, differing pixels red where the actual one is darker (or as bright), blue where
  /// it is lighter, and AA-excused pixels yellow; opaque, the size of the comparison area.
  /// Pixels that exist in one image only (a size mismatch) are red.
  public func diffImage() -> RGBAImage {
    let width = classification.width
    let height = classification.height
    let background = expected.padded(width: width, height: height)
    let count = width * height
    let pixels = [UInt8](unsafeUninitializedCapacity: count * 4) { out, initialized in
      background.pixels.withUnsafeBytes { source in
        classification.classes.withUnsafeBufferPointer { classes in
          // Plots are mostly flat areas: the grey of the last unchanged pixel is reused.
          var lastPixel: UInt32 = 0
          var lastGrey = Self.fadedGrey(0, 0, 0, 0)
          for i in 0..<count {
            let o = i &* 4
            let rgb: (UInt8, UInt8, UInt8)
            switch classes[i] {
            case .same:
              let pixel = source.loadUnaligned(fromByteOffset: o, as: UInt32.self)
              if pixel != lastPixel {
                lastPixel = pixel
                lastGrey = Self.fadedGrey(source[o], source[o + 1], source[o + 2], source[o + 3])
              }
              rgb = (lastGrey, lastGrey, lastGrey)
            case .darker: rgb = (255, 0, 0)
            case .lighter: rgb = (0, 0, 255)
            case .antialiased: rgb = (255, 255, 0)
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
    return RGBAImage(width: width, height: height, pixels: pixels)
  }

  /// The size of `diffImage()`: the comparison area (each side-by-side panel is this size).
  public var diffImageSize: (width: Int, height: Int) { (classification.width, classification.height) }

  /// Whether `sideBySideImage()` stays within `Limits.imagePixels` (its three panels together).
  public var sideBySideFits: Bool { 3 * diffImageSize.width * diffImageSize.height <= Limits.imagePixels }

  /// Expected | actual | diff in one image, each panel the size of the comparison area
  /// (smaller images sit top-left on transparent padding).
  public func sideBySideImage() -> RGBAImage {
    let width = classification.width
    let height = classification.height
    var out = RGBAImage(width: 3 * width, height: height)
    out.blit(expected, x: 0, y: 0)
    out.blit(actual, x: width, y: 0)
    out.blit(diffImage(), x: 2 * width, y: 0)
    return out
  }

  /// The opacity of the expected image in the diff's unchanged areas (pixelmatch's `alpha`).
  static let fadeOpacity = 0.1

  /// A pixel's YIQ luma faded toward white by `fadeOpacity` and its own alpha.
  private static func fadedGrey(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> UInt8 {
    let luma = Double(r) * 0.29889531 + Double(g) * 0.58662247 + Double(b) * 0.11448223
    let value = 255 + (luma - 255) * fadeOpacity * Double(a) / 255
    return UInt8(value.rounded())
  }
}
