import AnimplotCanvas
import AnimplotPlatform
import CAnimplotCairo

/// A `Canvas` on Cairo that produces a PNG, SVG or PDF file.
///
/// Sizes are logical pixels; the Cairo surface is `width·scale × height·scale` device pixels
/// (rounded up) with a scale transform applied, so `scale: 2` renders the same picture for a
/// HiDPI screen. Text is drawn with the bundled font loaded through FreeType, grey antialiasing,
/// no hinting, at the whole-device-pixel glyph positions `BundledFont.metrics(deviceScale:)`
/// measures (see `text`); so a layout is identical here and in a `RecordingCanvas`.
///
/// Drawing calls cannot fail one by one: Cairo's errors are sticky, and `finish()` reports the
/// first one (an unbalanced `restore()`, a singular transform, a negative dash …). The output
/// is deterministic: the same calls give the same bytes, in one process or in two.
///
/// Not thread-safe: draw on one canvas from one thread at a time.
public final class CairoCanvas: Canvas {
  /// The kind of file a canvas produces.
  public enum Format: String, Sendable, Hashable, CaseIterable {
    /// A raster image, encoded with libpng (see `PNGCompression`).
    case png
    /// SVG 1.1 with pixel units; Cairo's process-global ids renumbered per document.
    case svg
    /// PDF with no creation date.
    case pdf
  }

  /// The largest device size Cairo accepts for an image surface, per side.
  public static let maximumDevicePixels = 32767

  public let size: Size
  public var fontMetrics: any FontMetrics { pixelFont }
  /// Device pixels per logical pixel.
  public let scale: Double
  public var deviceScale: Double { scale }
  /// The file format `finish()` produces.
  public let format: Format
  /// How `finish()` compresses a PNG.
  public let pngCompression: PNGCompression
  /// The device size in pixels: the logical size times `scale`, rounded up.
  public let pixelWidth: Int, pixelHeight: Int
  /// An SVG canvas writes its text as `<text>` elements in the bundled font, named
  /// (DejaVu Sans), each character at the place of its glyph, so that the text can be selected
  /// and searched; `false` (the default): as glyph outlines, which show the same in every
  /// viewer. Set before drawing; other formats ignore it.
  public var svgText = false
  /// The texts drawn on an SVG canvas with `svgText`, in order: `finish()` turns the glyphs
  /// of the `i`th, drawn in the colour `SVGText.sentinel(i)`, into a `<text>` element.
  var svgTextRuns: [SVGText.Run] = []

  /// How text is laid out at this canvas's scale.
  let pixelFont: PixelFontMetrics
  /// `cairo_surface_t *`
  let surface: OpaquePointer
  /// `cairo_t *`
  let context: OpaquePointer
  /// Where the SVG and PDF surfaces write; empty for PNG.
  private let sink = ByteSink()
  private var finished = false
  /// Marks drawn on a vector surface (path elements, marker positions, texts), which Cairo
  /// keeps in memory until `finish()`; past `Limits.vectorMarks` drawing stops and `finish()`
  /// refuses the file.
  private var marks = 0

  /// Whether the drawing is over the vector budget (always false for PNG); counts `n` marks.
  func overBudget(_ n: Int) -> Bool {
    guard format != .png else { return false }
    marks += n
    return marks > Limits.vectorMarks
  }

  /// Whether a canvas of `width`×`height` logical pixels at `scale` can be made as `format`:
  /// each side as `checkSize(width:height:scale:)` asks, and a PNG of at most
  /// `Limits.picturePixels` device pixels. Known before anything is drawn, so a view may ask
  /// before it does the work of its picture.
  /// - Throws: `CairoCanvasError.invalidSize` or `.tooManyPixels`.
  public static func checkSize(width: Int, height: Int, scale: Double, format: Format) throws(CairoCanvasError) {
    try checkSize(width: width, height: height, scale: scale)
    // A raster surface holds 4 bytes per device pixel: 16384² at scale 2 would be 4 GB.
    let devicePixels = (Double(width) * scale).rounded(.up) * (Double(height) * scale).rounded(.up)
    if format == .png && devicePixels > Double(Limits.picturePixels) {
      throw .tooManyPixels(width: width, height: height, scale: scale, limit: Limits.picturePixels)
    }
  }

  /// Whether a canvas of `width`×`height` logical pixels at `scale` can be made: each side at
  /// least 1 and at most `maximumDevicePixels` device pixels.
  /// - Throws: `CairoCanvasError.invalidSize` when it cannot.
  public static func checkSize(width: Int, height: Int, scale: Double) throws(CairoCanvasError) {
    let limit = Double(maximumDevicePixels)
    guard width >= 1, height >= 1, scale.isFinite, scale > 0,
      Double(width) * scale <= limit, Double(height) * scale <= limit,
      Double(width) * scale >= 1, Double(height) * scale >= 1
    else { throw .invalidSize(width: width, height: height, scale: scale) }
  }

  /// A blank (transparent) canvas of `width`×`height` logical pixels.
  ///
  /// - Throws: `CairoCanvasError.invalidSize` when a side is below 1 or above
  ///   `maximumDevicePixels` device pixels; `.tooManyPixels` for a PNG of more than
  ///   `Limits.picturePixels` device pixels; `.font` or `.cairo` if the font or the surface
  ///   cannot be made.
  public init(
    width: Int, height: Int, scale: Double = 1, format: Format,
    pngCompression: PNGCompression = .default
  ) throws(CairoCanvasError) {
    try Self.checkSize(width: width, height: height, scale: scale, format: format)
    let fontFace = try CairoFontFace.shared.get()

    size = Size(Double(width), Double(height))
    self.scale = scale
    pixelFont = BundledFont.metrics(deviceScale: scale)
    self.format = format
    self.pngCompression = pngCompression
    pixelWidth = Int((Double(width) * scale).rounded(.up))
    pixelHeight = Int((Double(height) * scale).rounded(.up))

    let sinkPointer = Unmanaged.passUnretained(sink).toOpaque()
    let surface: OpaquePointer
    switch format {
    case .png:
      surface = cairo_image_surface_create(
        CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight))
    case .svg:
      surface = cairo_svg_surface_create_for_stream(
        writeToSink, sinkPointer, Double(pixelWidth), Double(pixelHeight))
      cairo_svg_surface_restrict_to_version(surface, CAIRO_SVG_VERSION_1_1)
      cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX)
    case .pdf:
      surface = cairo_pdf_surface_create_for_stream(
        writeToSink, sinkPointer, Double(pixelWidth), Double(pixelHeight))
      cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "")
    }
    let surfaceStatus = cairo_surface_status(surface)
    guard surfaceStatus == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(surface)
      throw CairoCanvasError(surfaceStatus)
    }
    let context = cairo_create(surface)!
    let contextStatus = cairo_status(context)
    guard contextStatus == CAIRO_STATUS_SUCCESS else {
      cairo_destroy(context)
      cairo_surface_destroy(surface)
      throw CairoCanvasError(contextStatus)
    }
    self.surface = surface
    self.context = context

    let options = cairo_font_options_create()
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
    cairo_set_font_options(context, options)
    cairo_font_options_destroy(options)
    cairo_set_font_face(context, fontFace.face)
    if scale != 1 { cairo_scale(context, scale, scale) }
  }

  /// A raster canvas holding a copy of `still`'s pixels, drawn on from there: a frame of an
  /// animation whose unchanging part was drawn once. Same size, scale and compression.
  /// - Throws: as `init`; `.alreadyFinished` if `still` is finished; the first Cairo error of
  ///   `still`'s drawing.
  public convenience init(copying still: CairoCanvas) throws(CairoCanvasError) {
    precondition(still.format == .png, "only a raster canvas can be copied")
    guard !still.finished else { throw .alreadyFinished }
    try still.check(cairo_status(still.context))
    try self.init(
      width: Int(still.size.width), height: Int(still.size.height), scale: still.scale, format: .png,
      pngCompression: still.pngCompression)
    still.flush()
    copyPixels(from: still)
  }

  /// Completes pending drawing on the surface, so that its pixels can be read (or copied by
  /// several threads at once).
  func flush() {
    cairo_surface_flush(surface)
  }

  /// Marks drawn so far on a vector canvas (0 for PNG): what `Limits.vectorMarks` counts.
  var markCount: Int { marks }

  /// Replaces every pixel with `still`'s (a raster canvas of the same size), to draw the next
  /// frame of an animation on a canvas already made.
  /// `still` must be flushed (`flush()`) and not drawn on since: several canvases may copy it
  /// at once.
  func copyPixels(from still: CairoCanvas) {
    precondition(format == .png && still.format == .png && pixelWidth == still.pixelWidth && pixelHeight == still.pixelHeight)
    cairo_surface_flush(surface)
    let stride = Int(cairo_image_surface_get_stride(surface))
    precondition(stride == Int(cairo_image_surface_get_stride(still.surface)))
    cairo_image_surface_get_data(surface)!.update(from: cairo_image_surface_get_data(still.surface)!, count: stride * pixelHeight)
    cairo_surface_mark_dirty(surface)
  }

  /// Makes every partly covered pixel opaque, in the colour drawn there (un-premultiplied);
  /// pixels nothing covered stay transparent. At a fractional scale (1.05, 1.25, 1.5) the
  /// picture's last device column and row, and the edges where two regions meet between
  /// device pixels (the channel list's), are partly covered by each region drawn there: on a
  /// white page they showed as light lines. Only for `.png` canvases.
  public func makePartlyCoveredPixelsOpaque() {
    precondition(format == .png)
    cairo_surface_flush(surface)
    let data = cairo_image_surface_get_data(surface)!
    let stride = Int(cairo_image_surface_get_stride(surface))
    for y in 0..<pixelHeight {
      let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
      for x in 0..<pixelWidth {
        let pixel = row[x]
        let a = pixel >> 24
        guard a != 0 && a != 255 else { continue }
        func channel(_ shift: UInt32) -> UInt32 { min(255, ((pixel >> shift & 255) * 255 + a / 2) / a) << shift }
        row[x] = 0xFF00_0000 | channel(16) | channel(8) | channel(0)
      }
    }
    cairo_surface_mark_dirty(surface)
  }

  /// The PNG of what a raster canvas holds now, which stays drawable (`finish()` gives the
  /// same bytes for `alpha: nil` and ends the canvas).
  /// - Parameter alpha: whether to write an alpha channel; `nil`: only if a pixel is not opaque.
  /// - Throws: the first Cairo error of the drawing.
  func pngBytes(alpha: Bool?, parallel: Bool) throws(CairoCanvasError) -> [UInt8] {
    precondition(format == .png)
    try check(cairo_status(context))
    cairo_surface_flush(surface)
    try check(cairo_surface_status(surface))
    return withSurfacePixels { PNGEncoder.encode(argb32: $0, compression: pngCompression, alpha: alpha, parallel: parallel) }
  }

  /// Whether `finish()` deflates a large PNG on every core (the default) or on the calling
  /// thread only (when frames are made in parallel); the bytes are the same.
  public var parallelEncoding = true

  deinit {
    cairo_destroy(context)
    // A vector surface that was not finished writes to `sink` here, which is still alive.
    cairo_surface_destroy(surface)
  }

  // MARK: Output

  /// Ends drawing and returns the file: PNG, SVG or PDF bytes.
  ///
  /// - Throws: the first Cairo error of the drawing, or `.alreadyFinished` on a second call.
  public func finish() throws(CairoCanvasError) -> [UInt8] {
    guard !finished else { throw .alreadyFinished }
    finished = true
    if marks > Limits.vectorMarks { throw .tooManyMarks(format: format, limit: Limits.vectorMarks) }
    try check(cairo_status(context))
    switch format {
    case .png:
      cairo_surface_flush(surface)
      try check(cairo_surface_status(surface))
      return withSurfacePixels { pixels in
        PNGEncoder.encode(argb32: pixels, compression: pngCompression, parallel: parallelEncoding)
      }
    case .svg, .pdf:
      cairo_show_page(context)
      try check(cairo_status(context))
      cairo_surface_finish(surface)
      try check(cairo_surface_status(surface))
      guard format == .svg else { return sink.bytes }
      let svg = svgText ? SVGText.replacingGlyphs(in: sink.bytes, runs: svgTextRuns) : sink.bytes
      return SVGIdentifiers.renumbered(svg)
    }
  }

  /// The pixels drawn so far, un-premultiplied; for tests. Only for `.png` canvases.
  public func image() -> RGBAImage {
    precondition(format == .png, "image() needs a raster (.png) canvas, not .\(format)")
    cairo_surface_flush(surface)
    return withSurfacePixels { $0.rgbaImage() }
  }

  func withSurfacePixels<R>(_ body: (ARGB32Pixels) -> R) -> R {
    body(
      ARGB32Pixels(
        base: UnsafeRawPointer(cairo_image_surface_get_data(surface)!),
        width: Int(cairo_image_surface_get_width(surface)),
        height: Int(cairo_image_surface_get_height(surface)),
        stride: Int(cairo_image_surface_get_stride(surface))))
  }

  private func check(_ status: cairo_status_t) throws(CairoCanvasError) {
    guard status == CAIRO_STATUS_SUCCESS else { throw CairoCanvasError(status) }
  }

  // MARK: Drawing

  public func fill(_ path: Path, color: Color) {
    if overBudget(path.elements.count) { return }
    setPath(path)
    setColor(color)
    cairo_fill(context)
  }

  public func stroke(_ path: Path, color: Color, style: StrokeStyle) {
    if overBudget(path.elements.count) { return }
    setColor(color)
    setStrokeStyle(style)
    if format == .png && style.dash.isEmpty && style.width <= Self.chunkedStrokeMaximumWidth
      && path.elements.count > Self.chunkedStrokeMinimumElements
      && !path.elements.contains(.close) && !isDense(path)
    {
      strokeInChunks(path)
      return
    }
    setPath(path)
    cairo_stroke(context)
  }

  /// On a raster whose transform keeps rectangles upright and whose clip is made of
  /// rectangles, `rects` are filled by pixman box by box, each out to whole device pixels
  /// (Cairo would first sort every edge of them into one polygon: a curve's bands of thousands
  /// of boxes took longer than the strokes they replace); otherwise as one path.
  public func fill(rects: [Rect], color: Color) {
    guard format == .png, let boxes = deviceBoxes(rects) else {
      var path = Path()
      for rect in rects { path.append(.rect(rect)) }
      fill(path, color: color)
      return
    }
    guard !boxes.isEmpty else { return }
    // As Cairo makes a colour's premultiplied shorts (`_cairo_color_double_to_short`).
    func short(_ v: Double) -> UInt16 { UInt16(max(0, min(65535, (v * (65536 - 1e-5)).rounded(.down)))) }
    let a = max(0, min(1, color.alpha))
    var solid = pixman_color_t(
      red: short(color.red * a), green: short(color.green * a), blue: short(color.blue * a), alpha: short(a))
    cairo_surface_flush(surface)
    let image = pixman_image_create_bits(
      PIXMAN_a8r8g8b8, Int32(pixelWidth), Int32(pixelHeight),
      cairo_image_surface_get_data(surface).map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: UInt32.self) },
      cairo_image_surface_get_stride(surface))
    boxes.withUnsafeBufferPointer { boxes in
      _ = pixman_image_fill_boxes(PIXMAN_OP_OVER, image, &solid, Int32(boxes.count), boxes.baseAddress)
    }
    pixman_image_unref(image)
    cairo_surface_mark_dirty(surface)
  }

  /// `rects` in device pixels, each rounded to whole pixels and cut to the clip; `nil` when the
  /// transform turns or flips them or the clip is not made of rectangles.
  private func deviceBoxes(_ rects: [Rect]) -> [pixman_box32_t]? {
    var m = cairo_matrix_t()
    cairo_get_matrix(context, &m)
    guard m.xy == 0, m.yx == 0, m.xx > 0, m.yy > 0 else { return nil }
    func device(_ r: Rect) -> (x0: Double, y0: Double, x1: Double, y1: Double) {
      ((r.minX * m.xx + m.x0).rounded(), (r.minY * m.yy + m.y0).rounded(), (r.maxX * m.xx + m.x0).rounded(), (r.maxY * m.yy + m.y0).rounded())
    }
    guard let list = cairo_copy_clip_rectangle_list(context) else { return nil }
    defer { cairo_rectangle_list_destroy(list) }
    guard list.pointee.status == CAIRO_STATUS_SUCCESS else { return nil }
    let limit = Double(Self.maximumDevicePixels)
    func bounded(_ v: Double) -> Int32 { Int32(max(-limit, min(limit, v.isFinite ? v : 0))) }
    // Within the surface too: pixman fills an opaque colour's boxes without clipping them.
    let (width, height) = (Double(pixelWidth), Double(pixelHeight))
    let clips = (0..<Int(list.pointee.num_rectangles)).map { i in
      let r = list.pointee.rectangles[i]
      let c = device(Rect(x: r.x, y: r.y, width: r.width, height: r.height))
      return (x0: max(0, c.x0), y0: max(0, c.y0), x1: min(width, c.x1), y1: min(height, c.y1))
    }
    var boxes: [pixman_box32_t] = []
    boxes.reserveCapacity(rects.count)
    for rect in rects {
      let r = device(rect)
      for c in clips {
        let x0 = max(r.x0, c.x0), y0 = max(r.y0, c.y0), x1 = min(r.x1, c.x1), y1 = min(r.y1, c.y1)
        guard x1 > x0, y1 > y0 else { continue }
        boxes.append(pixman_box32_t(x1: bounded(x0), y1: bounded(y0), x2: bounded(x1), y2: bounded(y1)))
      }
    }
    return boxes
  }

  public func markers(
    _ shape: Path, at points: [Point], fill: Color?, stroke: (Color, StrokeStyle)?
  ) {
    if overBudget(points.count) { return }
    if drawMarkerSprites(shape, at: points, fill: fill, stroke: stroke) { return }
    if let (_, style) = stroke { setStrokeStyle(style) }
    for p in points {
      setPath(shape, offset: p)
      if let fill {
        setColor(fill)
        if stroke == nil { cairo_fill(context) } else { cairo_fill_preserve(context) }
      }
      if let (color, _) = stroke {
        setColor(color)
        cairo_stroke(context)
      }
    }
  }

  public func save() { cairo_save(context) }

  public func restore() { cairo_restore(context) }

  public func clip(to path: Path) {
    setPath(path)
    cairo_clip(context)
  }

  public func concatenate(_ t: Transform) {
    var matrix = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
    cairo_transform(context, &matrix)
  }

  // MARK: State

  /// Makes `path`, moved by `offset`, the current path.
  func setPath(_ path: Path, offset: Point = .zero) {
    cairo_new_path(context)
    appendPath(path, offset: offset, to: context)
  }

  func setColor(_ color: Color) {
    cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
  }

  func setStrokeStyle(_ style: StrokeStyle) { Self.applyStrokeStyle(style, to: context) }

  /// Sets the line width, dash, cap and join of `cr`.
  static func applyStrokeStyle(_ style: StrokeStyle, to cr: OpaquePointer) {
    cairo_set_line_width(cr, style.width)
    style.dash.withUnsafeBufferPointer { dash in
      cairo_set_dash(cr, dash.baseAddress, Int32(dash.count), style.dashPhase)
    }
    let cap: cairo_line_cap_t =
      switch style.cap {
      case .butt: CAIRO_LINE_CAP_BUTT
      case .round: CAIRO_LINE_CAP_ROUND
      case .square: CAIRO_LINE_CAP_SQUARE
      }
    cairo_set_line_cap(cr, cap)
    let join: cairo_line_join_t =
      switch style.join {
      case .miter: CAIRO_LINE_JOIN_MITER
      case .round: CAIRO_LINE_JOIN_ROUND
      case .bevel: CAIRO_LINE_JOIN_BEVEL
      }
    cairo_set_line_join(cr, join)
  }
}

/// Appends `path`, moved by `offset`, to the current path of `cr`.
func appendPath(_ path: Path, offset: Point, to cr: OpaquePointer) {
  let dx = offset.x
  let dy = offset.y
  for element in path.elements {
    switch element {
    case .move(let p): cairo_move_to(cr, p.x + dx, p.y + dy)
    case .line(let p): cairo_line_to(cr, p.x + dx, p.y + dy)
    case .cubic(let c1, let c2, let end):
      cairo_curve_to(cr, c1.x + dx, c1.y + dy, c2.x + dx, c2.y + dy, end.x + dx, end.y + dy)
    case .close: cairo_close_path(cr)
    }
  }
}

/// The bytes Cairo's SVG and PDF surfaces write through `writeToSink`.
private final class ByteSink {
  var bytes: [UInt8] = []
}

/// Cairo's stream callback: appends to the `ByteSink` passed as the closure pointer.
private func writeToSink(
  _ closure: UnsafeMutableRawPointer?, _ data: UnsafePointer<UInt8>?, _ length: UInt32
) -> cairo_status_t {
  let sink = Unmanaged<ByteSink>.fromOpaque(closure!).takeUnretainedValue()
  sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
  return CAIRO_STATUS_SUCCESS
}
