import AnimplotCanvas
import CAnimplotCairo

// Text as Blender 3.4 sets it: glyphs placed on whole device pixels, their coverage mapped
// through Blender's curve before it is filled.
extension CairoCanvas {
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
    if format == .svg && svgText {
      // Drawn in a colour that names the run: `finish()` finds its glyphs by it.
      setColor(SVGText.sentinel(svgTextRuns.count))
      svgTextRuns.append(SVGText.Run(text: text, color: style.color, size: deviceSize))
    } else {
      setColor(style.color)
    }
    var clusters: [cairo_text_cluster_t] = []
    clusters.reserveCapacity(glyphs.count)
    var utf8 = Self.cairoText(text)
    for scalar in utf8.unicodeScalars {
      clusters.append(cairo_text_cluster_t(num_bytes: Int32(UTF8.width(scalar)), num_glyphs: 1))
    }
    utf8.withUTF8 { bytes in
      bytes.withMemoryRebound(to: CChar.self) { chars in
        cairo_show_text_glyphs(
          context, chars.baseAddress, Int32(chars.count), glyphs, Int32(glyphs.count), clusters,
          Int32(clusters.count), cairo_text_cluster_flags_t(rawValue: 0))
      }
    }
  }

  /// `text` as Cairo takes it with its glyphs: each noncharacter (U+FDD0–U+FDEF, and the
  /// last two code points of each plane, U+FFFE, U+FFFF, U+1FFFE …) as U+FFFD, one scalar for
  /// one, so that the clusters still pair each scalar with its glyph. Cairo refuses a text
  /// holding a noncharacter as "not valid UTF-8" (it is valid UTF-8). The text is kept by SVG
  /// and PDF only; the glyphs drawn are those of the text as it is.
  static func cairoText(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: \.properties.isNoncharacterCodePoint) else { return text }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      out.append(scalar.properties.isNoncharacterCodePoint ? "\u{FFFD}" : scalar)
    }
    return String(out)
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
  func drawCoverage(
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
}
