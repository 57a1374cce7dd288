import AnimplotCanvas
import AnimplotConcurrency
import AnimplotPlatform
import AnimplotText
import CAnimplotCairo
import CAnimplotPNG

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
}

extension CairoAnimation {
  // MARK: Animated SVG

  /// An animated SVG: the still layer once, as Cairo draws it, then each frame's layer in a
  /// group that SMIL animation (`<animate>` of `display`, discrete) shows during its delay.
  /// Glyphs the frames share are defined once. A viewer without SVG animation shows the first
  /// frame, as a viewer without APNG does.
  /// - Parameters:
  ///   - delays: seconds each frame is shown (`count` of them).
  ///   - plays: how many times the animation plays; 0 loops forever. After the last play the
  ///     last frame stays.
  public func svg(delays: [Double], plays: Int) throws(CairoCanvasError) -> [UInt8] {
    precondition(delays.count == count, "one delay per frame")
    let delays = delays.map(Self.clampedDelay)
    let base = try CairoCanvas(width: width, height: height, scale: scale, format: .svg)
    still(base)
    // The marks of the still layer and of every frame count together against the vector
    // budget: the frames' SVG is held until the document is written.
    var marks = base.markCount
    var document = try base.finish()
    let close = Array("</svg>".utf8)
    guard let end = document.lastRange(of: close) else { return document }
    document.removeSubrange(end.lowerBound...)
    var glyphs = SVGGlyphTable()
    var defs: [UInt8] = []
    var groups: [UInt8] = []
    let total = delays.reduce(0, +)
    var start = 0.0
    var first = 0
    while first < count {
      let range = first..<min(count, first + 16)
      let layers = Parallel.map(count: range.count) { k -> Result<(svg: [UInt8], marks: Int), CairoCanvasError> in
        do throws(CairoCanvasError) {
          let canvas = try CairoCanvas(width: width, height: height, scale: scale, format: .svg)
          frame(range.lowerBound + k, canvas)
          let marks = canvas.markCount
          return .success((try canvas.finish(), marks))
        } catch {
          return .failure(error)
        }
      }
      for (k, layer) in layers.enumerated() {
        let i = range.lowerBound + k
        let (svg, layerMarks) = try layer.get()
        marks += layerMarks
        if marks > Limits.vectorMarks { throw .tooManyMarks(format: .svg, limit: Limits.vectorMarks) }
        let parts = SVGLayer(svg, prefix: "f\(i)-", glyphs: &glyphs)
        defs += parts.definitions
        let shown = i == 0 ? "inline" : "none"
        groups += Array("<g display=\"\(shown)\">\n".utf8)
        if count > 1 {
          let a = svgTime(start / total), b = svgTime((start + delays[i]) / total)
          let (values, times) =
            i == 0 ? ("inline;none", "0;\(b)") : i == count - 1 ? ("none;inline", "0;\(a)") : ("none;inline;none", "0;\(a);\(b)")
          let repeats = plays == 0 ? "indefinite" : "\(plays)"
          groups += Array(
            "<animate attributeName=\"display\" calcMode=\"discrete\" values=\"\(values)\" keyTimes=\"\(times)\" dur=\"\(svgTime(total))s\" repeatCount=\"\(repeats)\" fill=\"freeze\"/>\n".utf8)
        }
        groups += parts.body
        groups += Array("</g>\n".utf8)
        start += delays[i]
      }
      first = range.upperBound
    }
    document += Array("<defs>\n".utf8) + glyphs.definitions + defs + Array("</defs>\n".utf8)
    document += groups
    document += close + [UInt8(ascii: "\n")]
    return document
  }

  /// A frame's delay as both formats can hold it: from 0 to 65,535 seconds (APNG's longest),
  /// 0 for a delay that is not a number.
  static func clampedDelay(_ seconds: Double) -> Double {
    seconds.isNaN ? 0 : min(max(seconds, 0), 65535)
  }
}

/// The parts of one frame's SVG (as Cairo writes it) to put in the animated document: its
/// definitions other than glyphs (clip paths), with ids made unique by `prefix`; and its
/// drawing, referring to glyphs of the shared table.
struct SVGLayer {
  var definitions: [UInt8] = []
  var body: [UInt8] = []

  init(_ svg: [UInt8], prefix: String, glyphs: inout SVGGlyphTable) {
    let text = String(decoding: svg, as: UTF8.self)
    var renamed: [String: String] = [:]
    var definitions = ""
    // Glyphs: `<symbol overflow="visible" id="glyph0-1">…</symbol>`, shared by content.
    var rest = Substring(text)
    if let defsStart = rest.firstRange(of: "<defs>"), let defsEnd = rest.firstRange(of: "</defs>") {
      var defs = rest[defsStart.upperBound..<defsEnd.lowerBound]
      while let open = defs.firstRange(of: "<symbol overflow=\"visible\" id=\"") {
        guard let quote = defs[open.upperBound...].firstIndex(of: "\""),
          let close = defs[quote...].firstRange(of: "</symbol>")
        else { break }
        let id = String(defs[open.upperBound..<quote])
        // The content starts after the start tag's `>`.
        guard let tagEnd = defs[quote..<close.lowerBound].firstIndex(of: ">") else { break }
        let content = String(defs[defs.index(after: tagEnd)..<close.lowerBound])
        renamed[id] = glyphs.id(for: content)
        defs = defs[close.upperBound...]
      }
      // Everything else defined (clip paths, patterns) keeps its own, prefixed copy.
      var others = Substring(text[defsStart.upperBound..<defsEnd.lowerBound])
      if let glyphEnd = others.ranges(of: "</symbol>\n</g>\n").last {
        others = others[glyphEnd.upperBound...]
      } else if others.hasPrefix("\n<g>\n</g>\n") {
        others = others.dropFirst("\n<g>\n</g>\n".count)
      }
      definitions = String(others)
      rest = rest[defsEnd.upperBound...]
    }
    var body = ""
    if let open = rest.firstRange(of: "<g id=\"surface"), let tagEnd = rest[open.upperBound...].firstIndex(of: ">"),
      let close = rest.ranges(of: "</g>\n</svg>").last
    {
      body = String(rest[rest.index(after: tagEnd)..<close.lowerBound])
      if body.hasPrefix("\n") { body.removeFirst() }
    }
    func rename(_ s: String) -> String {
      var out = s.replacingAll("id=\"", with: "id=\"" + prefix)
        .replacingAll("url(#", with: "url(#" + prefix)
      // Glyph references go to the shared table; any other reference to this frame's own.
      var result = ""
      var scan = Substring(out)
      let marker = "href=\"#"
      while let hit = scan.firstRange(of: marker) {
        result += scan[..<hit.upperBound]
        scan = scan[hit.upperBound...]
        let end = scan.firstIndex(of: "\"") ?? scan.endIndex
        let id = String(scan[..<end])
        result += renamed[id] ?? prefix + id
        scan = scan[end...]
      }
      result += scan
      out = result
      return out
    }
    self.definitions = Array(rename(definitions).utf8)
    self.body = Array(rename(body).utf8)
  }
}

/// Glyph outlines defined once for all the frames of an animated SVG, by their content.
struct SVGGlyphTable {
  private var ids: [String: String] = [:]
  private(set) var definitions: [UInt8] = []

  /// The id of the glyph whose `<symbol>` content is `content`, defining it the first time.
  mutating func id(for content: String) -> String {
    if let id = ids[content] { return id }
    let id = "frame-glyph\(ids.count)"
    ids[content] = id
    definitions += Array("<symbol overflow=\"visible\" id=\"\(id)\">\(content)</symbol>\n".utf8)
    return id
  }
}

/// A time as the animated SVG writes it: at most 6 decimals, no trailing zeros (`formatNumber`),
/// 0 for one that is not a number (a fraction of a total of 0 s).
private func svgTime(_ value: Double) -> String {
  value.isFinite ? formatNumber(value, decimals: 6, trailingZeros: false) : "0"
}

extension String {
  fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
    var out = ""
    var scan = Substring(self)
    while let hit = scan.firstRange(of: target) {
      out += scan[..<hit.lowerBound]
      out += replacement
      scan = scan[hit.upperBound...]
    }
    out += scan
    return out
  }
}

extension [UInt8] {
  fileprivate func lastRange(of pattern: [UInt8]) -> Range<Int>? {
    guard count >= pattern.count else { return nil }
    var i = count - pattern.count
    while i >= 0 {
      if self[i..<(i + pattern.count)].elementsEqual(pattern) { return i..<(i + pattern.count) }
      i -= 1
    }
    return nil
  }
}

/// A rectangle of device pixels.
struct FrameRect: Hashable {
  var x: Int, y: Int, width: Int, height: Int

  /// The smallest rectangle holding every pixel that differs between `a` and `b` (same size);
  /// the top-left pixel when none does (an APNG frame cannot be empty).
  static func changed(from a: CairoCanvas, to b: CairoCanvas) -> FrameRect {
    cairo_surface_flush(a.surface)
    cairo_surface_flush(b.surface)
    return a.withSurfacePixels { p in
      b.withSurfacePixels { q in
        var minX = Int.max, maxX = -1, minY = Int.max, maxY = -1
        for y in 0..<p.height {
          let r = p.row(y), s = q.row(y)
          var first = 0
          while first < p.width && r[first] == s[first] { first += 1 }
          if first == p.width { continue }
          var last = p.width - 1
          while r[last] == s[last] { last -= 1 }
          minX = min(minX, first)
          maxX = max(maxX, last)
          minY = min(minY, y)
          maxY = y
        }
        guard maxY >= 0 else { return FrameRect(x: 0, y: 0, width: 1, height: 1) }
        return FrameRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
      }
    }
  }
}

/// Writes an APNG (the PNG extension of Mozilla, in libpng's registry of chunks): signature,
/// IHDR, acTL (frames, plays), then per frame an fcTL and its image data (IDAT for the first,
/// which is also the picture a viewer without APNG shows; fdAT with a sequence number for the
/// others), IEND. Each frame's data is taken from an ordinary PNG of its rectangle.
struct APNGWriter {
  private var file = PNGSignature.bytes
  private let width: Int, height: Int
  private let frames: Int
  private let plays: Int
  private var sequence: UInt32 = 0
  private var written = 0

  init(width: Int, height: Int, frames: Int, plays: Int) {
    self.width = width
    self.height = height
    self.frames = frames
    self.plays = plays
  }

  /// Adds a frame: `png` is a PNG of exactly `rect`'s pixels, with the first frame's colour
  /// type (the first must be the whole picture).
  mutating func append(png: [UInt8], at rect: FrameRect, delay: Double) {
    let encoded = EncodedPNG(png)
    if written == 0 {
      precondition(rect == FrameRect(x: 0, y: 0, width: width, height: height), "the first frame is the whole picture")
      PNGChunks.append("IHDR", encoded.header, to: &file)
      var control: [UInt8] = []
      PNGChunks.appendBigEndian(UInt32(frames), to: &control)
      PNGChunks.appendBigEndian(UInt32(max(0, min(plays, Int(UInt32.max)))), to: &control)
      PNGChunks.append("acTL", control, to: &file)
    }
    var control: [UInt8] = []
    PNGChunks.appendBigEndian(sequence, to: &control)
    sequence += 1
    for value in [rect.width, rect.height, rect.x, rect.y] { PNGChunks.appendBigEndian(UInt32(value), to: &control) }
    let (numerator, denominator) = APNGDelay.fraction(delay)
    control += [UInt8(numerator >> 8), UInt8(numerator & 0xFF), UInt8(denominator >> 8), UInt8(denominator & 0xFF)]
    control += [0, 0]  // dispose_op none: the frame stays; blend_op source: its pixels replace
    PNGChunks.append("fcTL", control, to: &file)
    for data in encoded.data {
      if written == 0 {
        PNGChunks.append("IDAT", data, to: &file)
      } else {
        var chunk: [UInt8] = []
        PNGChunks.appendBigEndian(sequence, to: &chunk)
        sequence += 1
        PNGChunks.append("fdAT", chunk + data, to: &file)
      }
    }
    written += 1
  }

  mutating func finish() -> [UInt8] {
    precondition(written == frames, "frames promised in acTL: \(frames), written: \(written)")
    PNGChunks.append("IEND", [], to: &file)
    return file
  }
}

/// The delay of an APNG frame: a fraction of two 16-bit numbers of seconds.
public enum APNGDelay {
  /// `seconds` as the nearest fraction of two 16-bit numbers (the denominator above 0), by
  /// continued fractions: 1/24 s is 1/24, 1/29.97 s is 1001/30000.
  public static func fraction(_ seconds: Double) -> (UInt16, UInt16) {
    guard seconds.isFinite, seconds > 0 else { return (0, 1) }
    if seconds >= 65535 { return (65535, 1) }
    var best: (Int, Int) = (Int(seconds.rounded()), 1)
    var (h0, h1, k0, k1) = (0, 1, 1, 0)
    var x = seconds
    for _ in 0..<32 {
      let a = x.rounded(.down)
      guard a < 1e9 else { break }
      let h = Int(a) * h1 + h0, k = Int(a) * k1 + k0
      guard h <= 65535, k <= 65535 else { break }
      best = (h, k)
      (h0, h1, k0, k1) = (h1, h, k1, k)
      let rest = x - a
      guard rest > 1e-12 else { break }
      x = 1 / rest
    }
    if best.0 == 0 && best.1 == 1 { return (1, 65535) }
    return (UInt16(best.0), UInt16(best.1))
  }
}

/// The IHDR data and the IDAT chunks' data of a PNG file that animplot's encoder wrote.
struct EncodedPNG {
  var header: [UInt8] = []
  var data: [[UInt8]] = []

  init(_ png: [UInt8]) {
    // The encoder's own output: a whole, well-formed file.
    let chunks = (try? PNGChunks.list(png)) ?? []
    for chunk in chunks where chunk.type == "IHDR" || chunk.type == "IDAT" {
      if chunk.type == "IHDR" { header = Array(png[chunk.data]) } else { data.append(Array(png[chunk.data])) }
    }
  }
}
