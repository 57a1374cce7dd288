import AnimplotCanvas
import CAnimplotCairo

// Blender's soft text shadow: the glyphs' coverage blurred by Blender's kernel.
extension CairoCanvas {
  /// Blender's text shadow (`BLF_shadow`) under `glyphs`, which lie within `box` (user
  /// space): on a raster, their coverage rendered alone, blurred in device pixels by Blender's
  /// kernel, moved by the offset in device pixels and filled with the shadow's colour. Vector
  /// formats cannot blur: they fill the moved glyph outlines, widened by 0.75 device pixels
  /// when blurred, at 40 % of the colour's alpha (about a blurred stroke's peak).
  func drawShadow(
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
}
