import AnimplotCanvas
import AnimplotPlatform

/// The pictures of an animated PNG, composed one at a time as a viewer shows them (APNG's
/// `dispose_op` and `blend_op`), so that two animations are compared frame by frame without
/// holding every frame. A PNG without an `acTL` chunk is one picture.
///
/// Each frame's data becomes a PNG of its own (the file's `IHDR` at the frame's size) and is
/// decoded by `PNGDecoder`.
package struct APNGFrames: Sendable {
  /// The size of every picture.
  package let width: Int
  package let height: Int
  /// How many times the animation plays; 0 loops forever (1 for a still PNG).
  package let plays: Int
  /// Each frame's delay in seconds, in order.
  package var delays: [Double] { frames.map(\.delay) }
  /// How many pictures.
  package var count: Int { frames.count }

  private struct Frame: Sendable {
    var x: Int, y: Int, width: Int, height: Int
    var delay: Double
    var dispose: UInt8, blend: UInt8
    var data: [UInt8] = []
  }

  private let header: [UInt8]
  private var frames: [Frame]
  private var canvas: RGBAImage
  private var next = 0
  /// What the canvas returns to before the next frame (`dispose_op` previous or background).
  private var restore: (rect: (x: Int, y: Int, width: Int, height: Int), pixels: RGBAImage?)?

  /// Reads the chunks of `bytes`.
  /// - Throws: `PNGDecodingError` for a file that is not a PNG, or an animation whose chunks
  ///   contradict each other (a frame outside the picture, a count `acTL` does not say).
  package init(_ bytes: [UInt8]) throws(PNGDecodingError) {
    let chunks = try PNGChunks.list(bytes)
    guard let first = chunks.first, first.type == "IHDR", first.data.count == 13 else {
      throw .malformed("no IHDR chunk first")
    }
    func int(_ at: Int, _ n: Int) -> Int { (0..<n).reduce(0) { $0 << 8 | Int(bytes[at + $1]) } }
    header = Array(bytes[first.data])
    width = int(first.data.lowerBound, 4)
    height = int(first.data.lowerBound + 4, 4)
    guard width > 0, height > 0, width * height <= PNGDecoder.maxPixelCount else {
      throw .malformed("a picture of \(width)×\(height) pixels")
    }
    var frames: [Frame] = []
    var declared: Int?
    var plays = 1
    var sawIDAT = false
    var defaultIsFrame = false
    var still: [UInt8] = []
    for chunk in chunks {
      let d = chunk.data.lowerBound
      switch chunk.type {
      case "acTL" where chunk.data.count == 8:
        declared = int(d, 4)
        plays = int(d + 4, 4)
      case "fcTL" where chunk.data.count == 26:
        if frames.isEmpty && !sawIDAT { defaultIsFrame = true }
        let numerator = int(d + 20, 2), denominator = int(d + 22, 2)
        let frame = Frame(
          x: int(d + 12, 4), y: int(d + 16, 4), width: int(d + 4, 4), height: int(d + 8, 4),
          delay: Double(numerator) / Double(denominator == 0 ? 100 : denominator),
          dispose: bytes[d + 24], blend: bytes[d + 25])
        guard frame.width > 0, frame.height > 0, frame.x + frame.width <= width, frame.y + frame.height <= height,
          frame.dispose <= 2, frame.blend <= 1
        else {
          throw .malformed("frame \(frames.count + 1) lies outside the \(width)×\(height) picture or has unknown operations")
        }
        frames.append(frame)
      case "IDAT":
        sawIDAT = true
        still += bytes[chunk.data]
        if defaultIsFrame, frames.count == 1 { frames[0].data += bytes[chunk.data] }
      case "fdAT" where chunk.data.count > 4:
        guard !frames.isEmpty else { throw .malformed("fdAT before any fcTL") }
        frames[frames.count - 1].data += bytes[(d + 4)..<chunk.data.upperBound]
      default: break
      }
    }
    if declared == nil {
      frames = [Frame(x: 0, y: 0, width: width, height: height, delay: 0, dispose: 0, blend: 0, data: still)]
    } else if frames.count != declared {
      throw .malformed("\(frames.count) frames, but acTL says \(declared!)")
    }
    guard !frames.isEmpty else { throw .malformed("an animation of no frames") }
    self.frames = frames
    self.plays = plays
    canvas = RGBAImage(width: width, height: height)
  }

  /// The next picture, composed over the ones before; `nil` after the last.
  /// - Throws: `PNGDecodingError` when a frame's data does not decode.
  package mutating func nextPicture() throws(PNGDecodingError) -> RGBAImage? {
    guard next < frames.count else { return nil }
    if let (r, saved) = restore {
      for y in r.y..<(r.y + r.height) {
        let row = (y * width + r.x) * 4
        for i in 0..<(r.width * 4) {
          canvas.pixels[row + i] = saved.map { $0.pixels[((y - r.y) * r.width) * 4 + i] } ?? 0
        }
      }
      restore = nil
    }
    let frame = frames[next]
    next += 1
    var ihdr = header
    for (k, v) in [frame.width, frame.height].enumerated() {
      for b in 0..<4 { ihdr[k * 4 + b] = UInt8(truncatingIfNeeded: v >> (24 - 8 * b)) }
    }
    let png = PNGSignature.bytes + PNGChunks.chunk("IHDR", ihdr) + PNGChunks.chunk("IDAT", frame.data)
      + PNGChunks.chunk("IEND", [])
    let image = try PNGDecoder.decode(bytes: png)
    let rect = (x: frame.x, y: frame.y, width: frame.width, height: frame.height)
    switch frame.dispose {
    case 1: restore = (rect, nil)
    case 2:
      var saved = RGBAImage(width: frame.width, height: frame.height)
      for y in 0..<frame.height {
        let from = ((frame.y + y) * width + frame.x) * 4
        saved.pixels.replaceSubrange(
          (y * frame.width * 4)..<((y + 1) * frame.width * 4), with: canvas.pixels[from..<(from + frame.width * 4)])
      }
      restore = (rect, saved)
    default: break
    }
    for y in 0..<frame.height {
      for x in 0..<frame.width {
        let s = (y * frame.width + x) * 4
        let t = ((frame.y + y) * width + frame.x + x) * 4
        if frame.blend == 0 || image.pixels[s + 3] == 255 {
          for c in 0..<4 { canvas.pixels[t + c] = image.pixels[s + c] }
        } else if image.pixels[s + 3] > 0 {
          // Straight alpha "over", as the APNG specification gives it.
          let sa = Double(image.pixels[s + 3]) / 255, da = Double(canvas.pixels[t + 3]) / 255
          let a = sa + da * (1 - sa)
          for c in 0..<3 {
            let v = (Double(image.pixels[s + c]) * sa + Double(canvas.pixels[t + c]) * da * (1 - sa)) / a
            canvas.pixels[t + c] = UInt8(min(255, max(0, v.rounded())))
          }
          canvas.pixels[t + 3] = UInt8(min(255, max(0, (a * 255).rounded())))
        }
      }
    }
    return canvas
  }
}
