import AnimplotCanvas

/// A view of a Cairo ARGB32 image: premultiplied, one native-endian `UInt32` per pixel, rows
/// `stride` bytes apart. Valid only while the surface lives and is not drawn on; read-only, so
/// several threads may read it at once (the banded PNG writer does).
struct ARGB32Pixels: @unchecked Sendable {
  let base: UnsafeRawPointer
  let width: Int
  let height: Int
  let stride: Int

  /// The pixels of row `y`.
  func row(_ y: Int) -> UnsafeBufferPointer<UInt32> {
    UnsafeBufferPointer(
      start: (base + y * stride).assumingMemoryBound(to: UInt32.self), count: width)
  }

  /// The rectangle of `width`×`height` pixels whose top-left pixel is (`x`, `y`).
  func cropped(x: Int, y: Int, width: Int, height: Int) -> ARGB32Pixels {
    precondition(x >= 0 && y >= 0 && width >= 1 && height >= 1 && x + width <= self.width && y + height <= self.height)
    return ARGB32Pixels(base: base + y * stride + x * 4, width: width, height: height, stride: stride)
  }

  /// Whether every pixel has alpha 255.
  var isOpaque: Bool {
    for y in 0..<height {
      var all: UInt32 = 0xFF00_0000
      for pixel in row(y) { all &= pixel }
      if all < 0xFF00_0000 { return false }
    }
    return true
  }

  /// Writes row `y` of an opaque image as R G B bytes into `out` (`3·width` bytes).
  func rgbRow(_ y: Int, into out: UnsafeMutablePointer<UInt8>) {
    var o = out
    for pixel in row(y) {
      o[0] = UInt8(truncatingIfNeeded: pixel >> 16)
      o[1] = UInt8(truncatingIfNeeded: pixel >> 8)
      o[2] = UInt8(truncatingIfNeeded: pixel)
      o += 3
    }
  }

  /// Writes row `y` as straight-alpha R G B A bytes into `out` (`4·width` bytes), dividing out
  /// the premultiplication with rounding, as Cairo's own PNG writer does.
  func unpremultiplyRow(_ y: Int, into out: UnsafeMutablePointer<UInt8>) {
    var o = out
    for pixel in row(y) {
      let a = pixel >> 24
      let r = pixel >> 16 & 0xFF
      let g = pixel >> 8 & 0xFF
      let b = pixel & 0xFF
      if a == 0 {
        o[0] = 0
        o[1] = 0
        o[2] = 0
        o[3] = 0
      } else if a == 255 {
        o[0] = UInt8(r)
        o[1] = UInt8(g)
        o[2] = UInt8(b)
        o[3] = 255
      } else {
        o[0] = UInt8((r * 255 + a / 2) / a)
        o[1] = UInt8((g * 255 + a / 2) / a)
        o[2] = UInt8((b * 255 + a / 2) / a)
        o[3] = UInt8(a)
      }
      o += 4
    }
  }

  /// The image with straight alpha.
  func rgbaImage() -> RGBAImage {
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    pixels.withUnsafeMutableBufferPointer { out in
      for y in 0..<height { unpremultiplyRow(y, into: out.baseAddress! + y * width * 4) }
    }
    return RGBAImage(width: width, height: height, pixels: pixels)
  }
}
