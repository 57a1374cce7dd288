/// A raster image: 8-bit RGBA, straight alpha, rows top to bottom with no padding.
public struct RGBAImage: Sendable, Hashable {
  public var width: Int
  public var height: Int
  /// `width · height · 4` bytes, R G B A per pixel.
  public var pixels: [UInt8]

  public init(width: Int, height: Int, pixels: [UInt8]) {
    precondition(pixels.count == width * height * 4, "pixel buffer size")
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// A `width`×`height` image filled with one colour.
  public init(width: Int, height: Int, fill: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)) {
    self.width = width
    self.height = height
    var px = [UInt8](repeating: 0, count: width * height * 4)
    var i = 0
    while i < px.count {
      px[i] = fill.0
      px[i + 1] = fill.1
      px[i + 2] = fill.2
      px[i + 3] = fill.3
      i += 4
    }
    pixels = px
  }
}
