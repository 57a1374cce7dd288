import AnimplotCairo
import AnimplotCanvas

/// Pixels left out of a comparison: rectangles, and the bright pixels of a mask image.
///
/// An ignored pixel never counts as differing, is not counted in the compared pixels (so not
/// in a ratio budget's total, nor in the RMS), and is drawn hatched in the diff image.
public struct IgnoredPixels: Sendable, Hashable {
  /// Rectangles of pixels to ignore; the parts outside the comparison area do not matter.
  public var regions: [PixelRect]
  /// An image the size of the expected one: the pixels where it is bright are ignored (see
  /// `ignores(_:_:_:_:)`); beyond its size nothing is ignored.
  public var mask: RGBAImage?

  public init(regions: [PixelRect] = [], mask: RGBAImage? = nil) {
    self.regions = regions
    self.mask = mask
  }

  /// Whether nothing is ignored.
  public var isEmpty: Bool { regions.isEmpty && mask == nil }

  /// Whether a mask pixel ignores the pixel under it: it does when, drawn over black, its
  /// brightest channel reaches half intensity (`max(R, G, B) · A / 255 ≥ 128`). White,
  /// or any bright colour painted opaque, ignores; black or transparent compares. So a
  /// white-on-black mask and a mask painted on a transparent layer both work.
  public static func ignores(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> Bool {
    Int(max(r, g, b)) * Int(a) >= 128 * 255
  }

  /// One flag per pixel of a `width`×`height` area (rows top to bottom), true where ignored;
  /// `nil` when nothing is.
  ///
  /// The rectangles are filled in one sweep down the rows, whatever their count and size:
  /// each adds one to the columns it covers from its first row and takes it back after its
  /// last (a difference array across the row), and a row any rectangle covers is read once.
  /// The work is the pixels plus the rectangles (sorted by row), not their product (2,000
  /// rectangles over an 8192×8192 picture filled 2,000 × 67 million flags).
  package func bitmap(width: Int, height: Int) -> [Bool]? {
    guard !isEmpty else { return nil }
    var flags = [Bool](repeating: false, count: width * height)
    // Each rectangle clamped to the area: a start at its top row and an end below its bottom.
    var edges: [(row: Int, x0: Int, x1: Int, step: Int32)] = []
    for r in regions {
      let x0 = max(0, r.x)
      let y0 = max(0, r.y)
      // Ends clamped without overflow: a width or height may be anything up to Int.max.
      let x1 = r.x >= width ? width : (r.width >= width - r.x ? width : r.x + r.width)
      let y1 = r.y >= height ? height : (r.height >= height - r.y ? height : r.y + r.height)
      guard x0 < x1, y0 < y1 else { continue }
      edges.append((y0, x0, x1, 1))
      edges.append((y1, x0, x1, -1))
    }
    edges.sort { $0.row < $1.row }
    // Rectangles covering each column from here on, as steps: +1 where one starts covering, -1
    // past its right end.
    var steps = [Int32](repeating: 0, count: width + 1)
    var open = 0
    var next = 0
    for y in 0..<height where open > 0 || next < edges.count {
      while next < edges.count && edges[next].row == y {
        let e = edges[next]
        steps[e.x0] += e.step
        steps[e.x1] -= e.step
        open += Int(e.step)
        next += 1
      }
      guard open > 0 else { continue }
      var covering: Int32 = 0
      for x in 0..<width {
        covering += steps[x]
        if covering > 0 { flags[y * width + x] = true }
      }
    }
    if let mask {
      for y in 0..<min(height, mask.height) {
        for x in 0..<min(width, mask.width) {
          let o = (y * mask.width + x) * 4
          let p = mask.pixels
          if Self.ignores(p[o], p[o + 1], p[o + 2], p[o + 3]) { flags[y * width + x] = true }
        }
      }
    }
    return flags
  }
}

/// A rectangle of pixels given by its top-left corner and its size.
public struct PixelRect: Sendable, Hashable, CustomStringConvertible {
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// `X,Y,W,H`, as `--ignore` takes it.
  public var description: String { "\(x),\(y),\(width),\(height)" }
}

/// An image's samples widened to 16 bits: a 16-bit file's own, an 8-bit file's times 257.
struct WideSamples {
  let width: Int
  let height: Int
  let samples16: [UInt16]?
  let pixels: [UInt8]

  init(_ decoded: DecodedPNG) {
    width = decoded.image.width
    height = decoded.image.height
    samples16 = decoded.samples16
    pixels = decoded.image.pixels
  }

  /// Sample `channel` (0 R … 3 A) of the pixel at index `i` (`y · width + x`).
  @inline(__always)
  func sample(_ i: Int, _ channel: Int) -> Int {
    if let samples16 { return Int(samples16[i * 4 + channel]) }
    return Int(pixels[i * 4 + channel]) * 257
  }

  /// Whether pixel `i` has the same widened samples as pixel `j` of `other`.
  @inline(__always)
  func samePixel(_ i: Int, as other: WideSamples, _ j: Int) -> Bool {
    if let a = samples16, let b = other.samples16 {
      return a.withUnsafeBufferPointer { a in
        b.withUnsafeBufferPointer { b in
          UnsafeRawPointer(a.baseAddress! + i &* 4).loadUnaligned(as: UInt64.self)
            == UnsafeRawPointer(b.baseAddress! + j &* 4).loadUnaligned(as: UInt64.self)
        }
      }
    }
    for c in 0..<4 where sample(i, c) != other.sample(j, c) { return false }
    return true
  }

  /// Whether both have the same size and the same widened samples.
  func samePixels(as other: WideSamples) -> Bool {
    guard width == other.width && height == other.height else { return false }
    if let a = samples16, let b = other.samples16 { return a == b }
    for i in 0..<width * height {
      for c in 0..<4 where sample(i, c) != other.sample(i, c) { return false }
    }
    return true
  }
}
