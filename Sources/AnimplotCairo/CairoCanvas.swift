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

  /// How text is laid out at this canvas's scale.
  private let pixelFont: PixelFontMetrics
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
  private func overBudget(_ n: Int) -> Bool {
    guard format != .png else { return false }
    marks += n
    return marks > Limits.vectorMarks
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
    let limit = Double(Self.maximumDevicePixels)
    guard width >= 1, height >= 1, scale.isFinite, scale > 0,
      Double(width) * scale <= limit, Double(height) * scale <= limit,
      Double(width) * scale >= 1, Double(height) * scale >= 1
    else { throw .invalidSize(width: width, height: height, scale: scale) }
    // A raster surface holds 4 bytes per device pixel: 16384² at scale 2 would be 4 GB.
    let devicePixels = (Double(width) * scale).rounded(.up) * (Double(height) * scale).rounded(.up)
    if format == .png && devicePixels > Double(Limits.picturePixels) {
      throw .tooManyPixels(width: width, height: height, scale: scale, limit: Limits.picturePixels)
    }
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
      return format == .svg ? SVGIdentifiers.renumbered(sink.bytes) : sink.bytes
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
      && !path.elements.contains(.close)
    {
      strokeInChunks(path)
      return
    }
    setPath(path)
    cairo_stroke(context)
  }

  /// Long thin strokes are drawn one segment at a time on raster surfaces.
  ///
  /// Cairo 1.16 scan-converts a stroke over its whole bounding box, so one stroke of a
  /// 1000-key curve across a 4K picture costs about twice as much as its segments stroked one by
  /// one (W2 of the benchmark, whole picture: 1.75 s with one stroke per curve, 1.72 s with
  /// pieces of 16 segments, 1.45 s with single segments). Pieces abut with butt ends where a
  /// join would be; at widths up to 1.5 px that changes a few levels of antialiasing at the
  /// joints (W1: RMS 0.05, no pixel over pixelmatch's 0.1 threshold), and Blender draws curves as
  /// separate GL segments anyway. Vector formats keep one path.
  static let strokeChunk = 1
  /// Shorter paths (and closed ones) keep their joins.
  static let chunkedStrokeMinimumElements = 32
  static let chunkedStrokeMaximumWidth = 1.5

  private func strokeInChunks(_ path: Path) {
    var current = Point.zero
    var start = Point.zero
    var segments = 0
    cairo_new_path(context)
    for element in path.elements {
      switch element {
      case .move(let p):
        if segments > 0 {
          cairo_stroke(context)
          segments = 0
        }
        cairo_move_to(context, p.x, p.y)
        current = p
        start = p
        continue
      case .line(let p):
        cairo_line_to(context, p.x, p.y)
        current = p
      case .cubic(let c1, let c2, let end):
        cairo_curve_to(context, c1.x, c1.y, c2.x, c2.y, end.x, end.y)
        current = end
      case .close:
        cairo_close_path(context)
        current = start
      }
      segments += 1
      if segments == Self.strokeChunk {
        cairo_stroke(context)
        cairo_move_to(context, current.x, current.y)
        segments = 0
      }
    }
    if segments > 0 { cairo_stroke(context) } else { cairo_new_path(context) }
  }

  /// Draws text as Blender 3.4's font library does (`PixelFontMetrics`): glyphs set at the
  /// device size of `BlenderUIScale`, unhinted, each at a whole device pixel (the pen advancing by
  /// whole pixels), the text's origin rounded to the nearest device pixel after it is anchored;
  /// on a raster, the glyphs' coverage is rendered alone and mapped through
  /// `coverageToAlpha` before it is filled with the colour. SVG and PDF keep vector glyphs at
  /// the same positions. Under a transform other than a translation (none of animplot's editors
  /// draws text so), the origin is not rounded and the glyphs are filled as vectors.
  public func text(_ text: String, at point: Point, style: TextStyle, anchor: TextAnchor) {
    guard !text.isEmpty, !overBudget(style.shadow == nil ? 1 : 2) else { return }
    let text = DrawnText.cut(text)
    let laid = pixelFont.deviceGlyphs(of: text, size: style.size)
    guard !laid.glyphs.isEmpty else { return }
    let deviceSize = pixelFont.deviceSize(style.size)
    let width = Double(laid.width) / scale
    var x = point.x
    switch anchor.horizontal {
    case .left: break
    case .center: x -= width / 2
    case .right: x -= width
    }
    var y = point.y
    switch anchor.vertical {
    case .baseline: break
    case .middle: y += pixelFont.digitHeight(size: style.size) / 2
    case .top: y += pixelFont.ascent(size: style.size)
    }
    var matrix = cairo_matrix_t()
    cairo_get_matrix(context, &matrix)
    // Only translated since `init`'s scale: text lies on the device grid.
    let aligned = matrix.xy == 0 && matrix.yx == 0 && matrix.xx == scale && matrix.yy == scale
    var ox = x, oy = y
    cairo_user_to_device(context, &ox, &oy)
    guard ox.isFinite, oy.isFinite, abs(ox) < 1e9, abs(oy) < 1e9 else { return }
    let shadow = style.shadow.flatMap { $0.color.alpha > 0 ? $0 : nil }
    let ascent = pixelFont.font.ascent(size: deviceSize), descent = pixelFont.font.descent(size: deviceSize)

    if aligned && format == .png {
      // `BLF_position`: the origin on a whole device pixel (or the row above, the rest of
      // the fraction left to the mask's bilinear placement).
      ox = ox.rounded()
      let fraction = style.keepsFractionalBaseline ? oy - oy.rounded(.down) : 0
      oy = fraction > 0 ? oy.rounded(.down) : oy.rounded()
      let glyphs = laid.glyphs.map { cairo_glyph_t(index: UInt($0.glyph), x: ox + Double($0.x), y: oy) }
      let box = (
        minX: ox - deviceSize, maxX: ox + Double(laid.width) + deviceSize,
        minY: oy - ascent - 2, maxY: oy + descent + 2)
      cairo_save(context)
      cairo_identity_matrix(context)
      cairo_set_font_size(context, deviceSize)
      if let shadow { drawShadow(shadow, glyphs: glyphs, box: box) }
      drawCoverage(glyphs: glyphs, box: box, color: style.color, down: fraction)
      cairo_restore(context)
      return
    }

    if aligned {
      ox = ox.rounded()
      if !style.keepsFractionalBaseline { oy = oy.rounded() }
      cairo_device_to_user(context, &ox, &oy)
    } else {
      (ox, oy) = (x, y)
    }
    let glyphs = laid.glyphs.map { cairo_glyph_t(index: UInt($0.glyph), x: ox + Double($0.x) / scale, y: oy) }
    cairo_set_font_size(context, deviceSize / scale)
    if let shadow {
      let userSize = deviceSize / scale
      let box = (
        minX: ox - userSize, maxX: ox + width + userSize,
        minY: oy - ascent / scale - 1, maxY: oy + descent / scale + 1)
      drawShadow(shadow, glyphs: glyphs, box: box)
    }
    setColor(style.color)
    var clusters: [cairo_text_cluster_t] = []
    clusters.reserveCapacity(glyphs.count)
    for scalar in text.unicodeScalars {
      clusters.append(cairo_text_cluster_t(num_bytes: Int32(UTF8.width(scalar)), num_glyphs: 1))
    }
    var utf8 = text
    utf8.withUTF8 { bytes in
      bytes.withMemoryRebound(to: CChar.self) { chars in
        cairo_show_text_glyphs(
          context, chars.baseAddress, Int32(chars.count), glyphs, Int32(glyphs.count), clusters,
          Int32(clusters.count), cairo_text_cluster_flags_t(rawValue: 0))
      }
    }
  }

  /// Alpha per glyph coverage level, `round(255 · (c/255)^0.7)`: the curve Blender 3.4's
  /// screenshots show on text (a free fit of the text colour under it lands exactly on the
  /// theme's colours; a linear coverage is 6–8 levels off and wrong in hue for orange on blue).
  /// Written out rather than computed, so that no platform's `pow` can change a level.
  static let coverageToAlpha: [UInt8] = [
    0, 5, 9, 11, 14, 16, 18, 21, 23, 25, 26, 28, 30, 32, 33, 35,
    37, 38, 40, 41, 43, 44, 46, 47, 49, 50, 52, 53, 54, 56, 57, 58,
    60, 61, 62, 64, 65, 66, 67, 69, 70, 71, 72, 73, 75, 76, 77, 78,
    79, 80, 82, 83, 84, 85, 86, 87, 88, 89, 90, 92, 93, 94, 95, 96,
    97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112,
    113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 128,
    129, 130, 131, 131, 132, 133, 134, 135, 136, 137, 138, 139, 140, 141, 142, 142,
    143, 144, 145, 146, 147, 148, 149, 150, 150, 151, 152, 153, 154, 155, 156, 157,
    157, 158, 159, 160, 161, 162, 163, 163, 164, 165, 166, 167, 168, 168, 169, 170,
    171, 172, 173, 173, 174, 175, 176, 177, 178, 178, 179, 180, 181, 182, 182, 183,
    184, 185, 186, 186, 187, 188, 189, 190, 190, 191, 192, 193, 194, 194, 195, 196,
    197, 197, 198, 199, 200, 201, 201, 202, 203, 204, 204, 205, 206, 207, 208, 208,
    209, 210, 211, 211, 212, 213, 214, 214, 215, 216, 217, 217, 218, 219, 220, 220,
    221, 222, 223, 223, 224, 225, 226, 226, 227, 228, 228, 229, 230, 231, 231, 232,
    233, 234, 234, 235, 236, 237, 237, 238, 239, 239, 240, 241, 242, 242, 243, 244,
    244, 245, 246, 247, 247, 248, 249, 249, 250, 251, 251, 252, 253, 254, 254, 255,
  ]

  /// Renders `glyphs` (device space: the context's matrix is the identity) within `box` into an
  /// A8 mask, maps it through `coverageToAlpha` and fills it with `color`, the mask moved
  /// `down` device pixels (a fraction) and sampled bilinearly.
  private func drawCoverage(
    glyphs: [cairo_glyph_t], box: (minX: Double, maxX: Double, minY: Double, maxY: Double), color: Color,
    down: Double = 0
  ) {
    let left = max(0, box.minX.rounded(.down)), top = max(0, box.minY.rounded(.down))
    let right = min(Double(pixelWidth), box.maxX.rounded(.up))
    let bottom = min(Double(pixelHeight), box.maxY.rounded(.up))
    guard right > left, bottom > top else { return }
    let width = Int(right - left), height = Int(bottom - top)
    // Giant text (a huge size): filled directly, without the curve, rather than through a mask
    // of gigabytes.
    guard width * height <= Self.maximumMaskPixels else {
      setColor(color)
      cairo_show_glyphs(context, glyphs, Int32(glyphs.count))
      return
    }
    var matrix = cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: -left, y0: -top)
    guard let mask = glyphMask(glyphs, width: width, height: height, matrix: &matrix) else { return }
    defer { cairo_surface_destroy(mask) }
    let stride = Int(cairo_image_surface_get_stride(mask))
    let data = cairo_image_surface_get_data(mask)!
    Self.coverageToAlpha.withUnsafeBufferPointer { lut in
      for row in 0..<height {
        let line = data + row * stride
        for i in 0..<width { line[i] = lut[Int(line[i])] }
      }
    }
    cairo_surface_mark_dirty(mask)
    setColor(color)
    guard down > 0 else {
      cairo_mask_surface(context, mask, left, top)
      return
    }
    let pattern = cairo_pattern_create_for_surface(mask)
    defer { cairo_pattern_destroy(pattern) }
    cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
    var placed = cairo_matrix_t()
    cairo_matrix_init_translate(&placed, -left, -(top + down))
    cairo_pattern_set_matrix(pattern, &placed)
    cairo_mask(context, pattern)
  }

  /// Blender's text shadow (`BLF_shadow`) under `glyphs`, which lie within `box` (user
  /// space): on a raster, their coverage rendered alone, blurred in device pixels by Blender's
  /// kernel, moved by the offset in device pixels and filled with the shadow's colour. Vector
  /// formats cannot blur: they fill the moved glyph outlines, widened by 0.75 device pixels
  /// when blurred, at 40 % of the colour's alpha (about a blurred stroke's peak).
  private func drawShadow(
    _ shadow: TextShadow, glyphs: [cairo_glyph_t],
    box: (minX: Double, maxX: Double, minY: Double, maxY: Double)
  ) {
    guard format == .png else {
      cairo_save(context)
      var dx = Double(shadow.dx), dy = Double(shadow.dy)
      cairo_device_to_user_distance(context, &dx, &dy)
      var spread = shadow.blur > 0 ? 1.5 : 0, unused = 0.0
      cairo_device_to_user_distance(context, &spread, &unused)
      cairo_push_group(context)
      cairo_translate(context, dx, dy)
      cairo_new_path(context)
      cairo_glyph_path(context, glyphs, Int32(glyphs.count))
      setColor(shadow.color.withAlpha(1))
      if spread > 0 {
        cairo_set_line_width(context, abs(spread))
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        cairo_stroke_preserve(context)
      }
      cairo_fill(context)
      cairo_pop_group_to_source(context)
      cairo_paint_with_alpha(context, shadow.color.alpha * (spread > 0 ? 0.4 : 1))
      cairo_restore(context)
      return
    }
    // The box in device pixels, with room for the blur.
    var xs: [Double] = [], ys: [Double] = []
    for (cx, cy) in [(box.minX, box.minY), (box.maxX, box.minY), (box.minX, box.maxY), (box.maxX, box.maxY)] {
      var px = cx, py = cy
      cairo_user_to_device(context, &px, &py)
      xs.append(px)
      ys.append(py)
    }
    let kernel = Self.shadowKernel(blur: shadow.blur)
    let pad = Double(kernel.count / 2 + 1)
    let left = (xs.min()! - pad).rounded(.down), top = (ys.min()! - pad).rounded(.down)
    let right = (xs.max()! + pad).rounded(.up), bottom = (ys.max()! + pad).rounded(.up)
    // Off the device or absurdly large (a transform gone wild): no shadow.
    guard left.isFinite, top.isFinite, right.isFinite, bottom.isFinite,
      right > 0, bottom > 0, left < Double(pixelWidth), top < Double(pixelHeight),
      (right - left) * (bottom - top) <= Double(Self.maximumMaskPixels)
    else { return }
    let width = Int(right - left), height = Int(bottom - top)
    var matrix = cairo_matrix_t()
    cairo_get_matrix(context, &matrix)
    matrix.x0 -= left
    matrix.y0 -= top
    guard let mask = glyphMask(glyphs, width: width, height: height, matrix: &matrix) else { return }
    defer { cairo_surface_destroy(mask) }
    if kernel.count > 1 {
      let stride = Int(cairo_image_surface_get_stride(mask))
      Self.blur(cairo_image_surface_get_data(mask)!, width: width, height: height, stride: stride, kernel: kernel)
    }
    cairo_surface_mark_dirty(mask)
    cairo_save(context)
    cairo_identity_matrix(context)
    setColor(shadow.color)
    cairo_mask_surface(context, mask, left + Double(shadow.dx), top + Double(shadow.dy))
    cairo_restore(context)
  }

  /// The most pixels a text's or a shadow's A8 mask may have.
  static let maximumMaskPixels = 16_000_000

  /// An A8 surface of `width`×`height` holding the coverage of `glyphs` drawn under `matrix`
  /// with the context's font face, options and size (flushed); nil if Cairo cannot make it.
  /// The caller destroys it.
  private func glyphMask(
    _ glyphs: [cairo_glyph_t], width: Int, height: Int, matrix: inout cairo_matrix_t
  ) -> OpaquePointer? {
    let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height))!
    guard cairo_surface_status(mask) == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(mask)
      return nil
    }
    let cr = cairo_create(mask)!
    cairo_set_matrix(cr, &matrix)
    let options = cairo_font_options_create()
    cairo_get_font_options(context, options)
    cairo_set_font_options(cr, options)
    cairo_font_options_destroy(options)
    cairo_set_font_face(cr, cairo_get_font_face(context))
    var fontMatrix = cairo_matrix_t()
    cairo_get_font_matrix(context, &fontMatrix)
    cairo_set_font_matrix(cr, &fontMatrix)
    cairo_show_glyphs(cr, glyphs, Int32(glyphs.count))
    cairo_destroy(cr)
    cairo_surface_flush(mask)
    return mask
  }

  /// Blender's shadow blur as a square kernel (row-major, summing to 1): level 3 averages four
  /// bilinear samples half a texel off the centre (a 3×3 kernel), level 5 weighs sixteen such
  /// samples 1-1-1-1 / 1-2-2-1 / 1-2-2-1 / 1-1-1-1 over 20 (a 5×5 kernel); other levels, none.
  static func shadowKernel(blur: Int) -> [[Double]] {
    let samples: [[Double]]
    switch blur {
    case 3: samples = [[1, 1], [1, 1]].map { $0.map { $0 / 4 } }
    case 5: samples = [[1, 1, 1, 1], [1, 2, 2, 1], [1, 2, 2, 1], [1, 1, 1, 1]].map { $0.map { $0 / 20 } }
    default: return [[1]]
    }
    // A bilinear sample half a texel off in x and y averages the four texels around it.
    let n = samples.count + 1
    var kernel = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
    for (i, row) in samples.enumerated() {
      for (j, w) in row.enumerated() {
        for (a, b) in [(0, 0), (0, 1), (1, 0), (1, 1)] { kernel[i + a][j + b] += w / 4 }
      }
    }
    return kernel
  }

  /// Convolves the A8 pixels with `kernel` (centred), in place.
  static func blur(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, kernel: [[Double]]) {
    let r = kernel.count / 2
    var source = [Double](repeating: 0, count: width * height)
    for y in 0..<height {
      for x in 0..<width { source[y * width + x] = Double(data[y * stride + x]) }
    }
    for y in 0..<height {
      for x in 0..<width {
        var sum = 0.0
        for (i, row) in kernel.enumerated() {
          let sy = y + i - r
          guard sy >= 0 && sy < height else { continue }
          for (j, w) in row.enumerated() {
            let sx = x + j - r
            guard sx >= 0 && sx < width else { continue }
            sum += w * source[sy * width + sx]
          }
        }
        data[y * stride + x] = UInt8(min(255, max(0, sum.rounded())))
      }
    }
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

  private func setColor(_ color: Color) {
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
