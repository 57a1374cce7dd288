import AnimplotCairo
import AnimplotCanvas

/// An independent reader of animated PNGs, for tests: checks the chunk order and sequence
/// numbers the APNG specification asks for, and composes the frames as a viewer does
/// (`dispose_op` and `blend_op` as written), each decoded by turning its data into a PNG of its
/// own.
struct APNGReader {
  struct Frame {
    var x: Int, y: Int, width: Int, height: Int
    var delayNumerator: Int, delayDenominator: Int
    var dispose: Int, blend: Int
    var data: [UInt8] = []
  }

  var width = 0, height = 0
  var header: [UInt8] = []
  var frameCount = 0
  var plays = 0
  var frames: [Frame] = []
  /// Whether the first frame's control chunk comes before IDAT (the default image is frame 0).
  var defaultImageIsFirstFrame = false

  enum Failure: Error { case malformed(String) }

  init(_ bytes: [UInt8]) throws {
    guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw Failure.malformed("signature") }
    var i = 8
    var sequence = 0
    var sawIDAT = false
    func int(_ at: Int, _ n: Int) -> Int { (0..<n).reduce(0) { $0 << 8 | Int(bytes[at + $1]) } }
    while i + 12 <= bytes.count {
      let length = int(i, 4)
      let type = String(decoding: bytes[(i + 4)..<(i + 8)], as: UTF8.self)
      let d = i + 8
      guard d + length + 4 <= bytes.count else { throw Failure.malformed("chunk \(type) past the end") }
      guard Self.crc(Array(bytes[(i + 4)..<(d + length)])) == UInt32(int(d + length, 4)) else {
        throw Failure.malformed("CRC of \(type)")
      }
      switch type {
      case "IHDR":
        width = int(d, 4)
        height = int(d + 4, 4)
        header = Array(bytes[d..<(d + length)])
      case "acTL":
        frameCount = int(d, 4)
        plays = int(d + 4, 4)
      case "fcTL":
        guard int(d, 4) == sequence else { throw Failure.malformed("fcTL sequence \(int(d, 4)), expected \(sequence)") }
        sequence += 1
        if frames.isEmpty && !sawIDAT { defaultImageIsFirstFrame = true }
        frames.append(
          Frame(
            x: int(d + 12, 4), y: int(d + 16, 4), width: int(d + 4, 4), height: int(d + 8, 4),
            delayNumerator: int(d + 20, 2), delayDenominator: int(d + 22, 2), dispose: Int(bytes[d + 24]),
            blend: Int(bytes[d + 25])))
      case "IDAT":
        sawIDAT = true
        if defaultImageIsFirstFrame { frames[0].data += bytes[d..<(d + length)] }
      case "fdAT":
        guard int(d, 4) == sequence else { throw Failure.malformed("fdAT sequence \(int(d, 4)), expected \(sequence)") }
        sequence += 1
        frames[frames.count - 1].data += bytes[(d + 4)..<(d + length)]
      default:
        break
      }
      i = d + length + 4
    }
    guard frames.count == frameCount else { throw Failure.malformed("\(frames.count) frames, acTL says \(frameCount)") }
  }

  /// Every frame as the viewer shows it, composed in order.
  func composedFrames() throws -> [RGBAImage] {
    var canvas = RGBAImage(width: width, height: height)
    var out: [RGBAImage] = []
    for frame in frames {
      guard frame.x + frame.width <= width, frame.y + frame.height <= height else { throw Failure.malformed("frame outside") }
      var ihdr = header
      for (k, v) in [frame.width, frame.height].enumerated() {
        for b in 0..<4 { ihdr[k * 4 + b] = UInt8(truncatingIfNeeded: v >> (24 - 8 * b)) }
      }
      var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
      png += PNGChunks.chunk("IHDR", ihdr) + PNGChunks.chunk("IDAT", frame.data) + PNGChunks.chunk("IEND", [])
      let image = try PNGDecoder.decode(bytes: png)
      guard frame.blend == 0, frame.dispose == 0 else { throw Failure.malformed("only source/none is composed here") }
      for y in 0..<frame.height {
        for x in 0..<frame.width {
          for c in 0..<4 {
            canvas.pixels[((frame.y + y) * width + frame.x + x) * 4 + c] = image.pixels[(y * frame.width + x) * 4 + c]
          }
        }
      }
      out.append(canvas)
    }
    return out
  }

  /// CRC-32 (ISO 3309), bit by bit: slow, and independent of zlib. Deliberately not the
  /// writer's (`PNGChunks.crc`): it is the oracle that checks the CRCs the APNG writer wrote.
  static func crc(_ bytes: [UInt8]) -> UInt32 {
    var c: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      c ^= UInt32(byte)
      for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }
    return ~c
  }
}
