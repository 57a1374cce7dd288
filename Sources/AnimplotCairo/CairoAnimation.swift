import AnimplotCanvas
import AnimplotConcurrency
import AnimplotPlatform
import CAnimplotCairo

/// Animations whose frames share a still picture (an editor whose playhead moves): the still
/// layer is drawn once, and each frame is a copy of its pixels with the frame's own layer drawn
/// over it. Frames are made several at a time on every core.
///
/// Outputs: each frame as a PNG file (the bytes of drawing that frame whole), an animated PNG
/// (APNG) whose frames after the first hold only the rectangle that changed, and an animated
/// SVG (`CairoAnimation.svg`).
public struct CairoAnimation: Sendable {
  /// The size of every frame, logical pixels.
  public let width: Int, height: Int
  /// Device pixels per logical pixel.
  public let scale: Double
  /// How PNGs are compressed.
  public let pngCompression: PNGCompression
  /// Draws the still layer.
  public let still: @Sendable (any Canvas) -> Void
  /// Draws frame `index`'s layer over the still one.
  public let frame: @Sendable (Int, any Canvas) -> Void
  /// How many frames.
  public let count: Int
  /// Whether the animated SVG writes text as `<text>` elements (`CairoCanvas.svgText`), in the
  /// still layer and every frame's; `false`, the default: glyph outlines.
  public var svgText = false

  public init(
    width: Int, height: Int, scale: Double = 1, pngCompression: PNGCompression = .default, count: Int,
    still: @escaping @Sendable (any Canvas) -> Void, frame: @escaping @Sendable (Int, any Canvas) -> Void
  ) {
    precondition(count >= 1, "an animation needs a frame")
    self.width = width
    self.height = height
    self.scale = scale
    self.pngCompression = pngCompression
    self.count = count
    self.still = still
    self.frame = frame
  }

  // MARK: Raster frames

  /// The still layer on a raster canvas.
  private func stillCanvas() throws(CairoCanvasError) -> CairoCanvas {
    let canvas = try CairoCanvas(width: width, height: height, scale: scale, format: .png, pngCompression: pngCompression)
    still(canvas)
    // Every pixel of a picture is opaque (frames are drawn over this one).
    canvas.makePartlyCoveredPixelsOpaque()
    // Flushed once here: from now on it is only read, by several threads at once.
    canvas.flush()
    return canvas
  }

  /// Frames made at once: enough to keep every core busy, few enough that their surfaces
  /// (4 bytes per device pixel each) stay under 256 MB.
  private func batchSize(_ canvas: CairoCanvas) -> Int {
    let bytes = max(1, canvas.pixelWidth * canvas.pixelHeight * 4)
    return max(1, min(8, (256 << 20) / bytes))
  }

  /// Frames `range` drawn on `canvases` (one each, reused from batch to batch: a new surface
  /// costs its pages anew), each first given `base`'s pixels; made in parallel.
  private func compose(_ range: Range<Int>, over base: CairoCanvas, on canvases: inout [CairoCanvas])
    throws(CairoCanvasError)
  {
    while canvases.count < range.count { canvases.append(try CairoCanvas(copying: base)) }
    // Each thread draws on its own canvas and only reads the base.
    nonisolated(unsafe) let (base, canvases) = (base, canvases)
    Parallel.run(count: range.count) { i in
      canvases[i].copyPixels(from: base)
      frame(range.lowerBound + i, canvases[i])
    }
  }

  /// Each frame as a PNG file, in order, handed to `body` as soon as it is made (the bytes of
  /// a canvas that drew the still layer and the frame's layer at once).
  public func pngFrames(_ body: (Int, [UInt8]) throws -> Void) throws {
    let base = try stillCanvas()
    // Over an opaque still picture every frame is opaque: no need to look at each pixel.
    let alpha: Bool? = base.withSurfacePixels { $0.isOpaque } ? false : nil
    let batch = batchSize(base)
    var canvases: [CairoCanvas] = []
    var start = 0
    while start < count {
      let range = start..<min(count, start + batch)
      try compose(range, over: base, on: &canvases)
      nonisolated(unsafe) let canvases = canvases
      let files = Parallel.map(count: range.count) { i -> Result<[UInt8], CairoCanvasError> in
        do throws(CairoCanvasError) {
          return .success(try canvases[i].pngBytes(alpha: alpha, parallel: false))
        } catch {
          return .failure(error)
        }
      }
      for (i, file) in files.enumerated() { try body(range.lowerBound + i, file.get()) }
      start = range.upperBound
    }
  }

  /// An animated PNG: the first frame whole, each later one as the rectangle of pixels that
  /// differ from the frame before it (APNG `dispose_op` none, `blend_op` source), so the file
  /// shows exactly the frames `pngFrames` makes.
  /// - Parameters:
  ///   - delays: seconds each frame is shown (`count` of them), kept as the nearest fraction
  ///     of 16-bit numbers.
  ///   - plays: how many times the animation plays; 0 loops forever.
  public func apng(delays: [Double], plays: Int) throws(CairoCanvasError) -> [UInt8] {
    precondition(delays.count == count, "one delay per frame")
    let base = try stillCanvas()
    let alpha = base.withSurfacePixels { !$0.isOpaque }
    let batch = batchSize(base)
    var writer = APNGWriter(width: base.pixelWidth, height: base.pixelHeight, frames: count, plays: plays)
    // Two sets of canvases in turn: the last frame of one batch is what the next batch's first
    // frame is compared with.
    var sets: [[CairoCanvas]] = [[], []]
    var previous: CairoCanvas?
    var start = 0
    var turn = 0
    while start < count {
      let range = start..<min(count, start + batch)
      try compose(range, over: base, on: &sets[turn])
      let canvases = Array(sets[turn].prefix(range.count))
      var rects: [FrameRect] = []
      for (i, canvas) in canvases.enumerated() {
        let before = i > 0 ? canvases[i - 1] : previous
        rects.append(
          before.map { FrameRect.changed(from: $0, to: canvas) }
            ?? FrameRect(x: 0, y: 0, width: canvas.pixelWidth, height: canvas.pixelHeight))
      }
      nonisolated(unsafe) let shared = canvases
      let compression = pngCompression
      let files = Parallel.map(count: canvases.count) { [rects] i in
        let (canvas, rect) = (shared[i], rects[i])
        cairo_surface_flush(canvas.surface)
        return canvas.withSurfacePixels { pixels in
          PNGEncoder.encode(
            argb32: pixels.cropped(x: rect.x, y: rect.y, width: rect.width, height: rect.height),
            compression: compression, alpha: alpha, parallel: false)
        }
      }
      for (i, file) in files.enumerated() {
        writer.append(png: file, at: rects[i], delay: Self.clampedDelay(delays[range.lowerBound + i]))
      }
      previous = canvases.last
      start = range.upperBound
      turn = 1 - turn
    }
    return writer.finish()
  }

  /// A frame's delay as both formats can hold it: from 0 to 65,535 seconds (APNG's longest),
  /// 0 for a delay that is not a number.
  static func clampedDelay(_ seconds: Double) -> Double {
    seconds.isNaN ? 0 : min(max(seconds, 0), 65535)
  }
}
