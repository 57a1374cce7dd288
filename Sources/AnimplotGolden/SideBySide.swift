import AnimplotCairo
import AnimplotCanvas
import AnimplotPlatform

extension ImageComparison {
  /// Expected | actual | diff as labelled panels, each the size of the comparison area but at
  /// least `SideBySideLayout.minimumPanelWidth` wide, so that tiny images keep their labels
  /// (smaller images sit top-left on transparent padding), separated by grey lines; when
  /// pixels differ, a row below holds `worstWindowCrop()`, labelled, so that a one-pixel
  /// shift shows at a glance.
  ///
  /// `expectedName` and `actualName` follow the panels' labels (file names, say); `colors`
  /// and `alpha` are the diff panel's (`diffImage(colors:alpha:mask:)`).
  public func sideBySideImage(
    expectedName: String? = nil, actualName: String? = nil, colors: DiffColors = .standard,
    alpha: Double = defaultAlpha
  ) -> RGBAImage {
    let layout = SideBySideLayout(self)
    var out = RGBAImage(
      width: layout.width, height: layout.height, fill: SideBySideLayout.backgroundBytes)
    let panelY = SideBySideLayout.labelHeight
    let w = layout.slotWidth
    let step = w + SideBySideLayout.separator
    out.blit(expected.padded(width: layout.panelWidth, height: layout.panelHeight), x: 0, y: panelY)
    out.blit(actual.padded(width: layout.panelWidth, height: layout.panelHeight), x: step, y: panelY)
    out.blit(diffImage(colors: colors, alpha: alpha), x: 2 * step, y: panelY)
    let differing = result.differingPixels
    let diffLabel =
      result.identical
      ? "diff: identical"
      : "diff: "
        + (result.sizesMatch ? "" : "sizes \(result.expectedSize) vs \(result.actualSize), ")
        + "\(differing) differing pixel\(differing == 1 ? "" : "s")"
        + (result.antialiasedPixels > 0 ? ", \(result.antialiasedPixels) antialiased" : "")
        + (result.ignoredPixels > 0 ? ", \(result.ignoredPixels) ignored (hatched)" : "")
    let labels = [
      (0, "expected" + (expectedName.map { ": " + $0 } ?? "")),
      (step, "actual" + (actualName.map { ": " + $0 } ?? "")),
      (2 * step, diffLabel),
    ]
    if let strip = Self.labelStrip(width: layout.width, labels: labels.map { ($0.0, w, $0.1) }) {
      out.blit(strip, x: 0, y: 0)
    }
    for i in 1...2 {
      out.fill(
        x: i * step - SideBySideLayout.separator, y: 0, width: SideBySideLayout.separator,
        height: panelY + layout.panelHeight, SideBySideLayout.separatorBytes)
    }
    if let crop = worstWindowCrop(colors: colors, alpha: alpha), let window = result.worstWindow {
      let y = panelY + layout.panelHeight
      out.fill(
        x: 0, y: y, width: layout.width, height: SideBySideLayout.separator,
        SideBySideLayout.separatorBytes)
      var labelY = y + SideBySideLayout.separator
      for line in SideBySideLayout.cropCaption(window: window, scale: crop.scale, width: layout.width) {
        if let strip = Self.labelStrip(width: layout.width, labels: [(0, layout.width, line)]) {
          out.blit(strip, x: 0, y: labelY)
        }
        labelY += SideBySideLayout.labelHeight
      }
      out.blit(crop.image, x: 0, y: labelY)
    }
    return out
  }

  /// The size of `sideBySideImage()`.
  public var sideBySideSize: (width: Int, height: Int) {
    let layout = SideBySideLayout(self)
    return (layout.width, layout.height)
  }

  /// The smallest `sideBySideImage()` of images compared over `width`×`height` pixels (the
  /// larger of their widths and heights): its three panels without the row of the worst
  /// window, known before the images are compared.
  public static func sideBySideLeastSize(width: Int, height: Int) -> (width: Int, height: Int) {
    SideBySideLayout.panels(width: width, height: height)
  }

  /// Whether `sideBySideImage()` stays within `Limits.imagePixels`, its diff panel too
  /// (`diffImageFits`).
  public var sideBySideFits: Bool {
    let size = sideBySideSize
    return diffImageFits && size.width * size.height <= Limits.imagePixels
  }

  /// The worst window with some context around it, enlarged by nearest neighbour: expected |
  /// actual | diff, separated by grey lines, the window outlined in black and white dashes on
  /// each; `nil` when no pixel differs. `scale` is the enlargement (8 for windows up to 16
  /// pixels; smaller for bigger windows, so that each crop stays near 256 pixels). `colors`
  /// and `alpha` are the diff's (`diffImage(colors:alpha:mask:)`).
  public func worstWindowCrop(
    colors: DiffColors = .standard, alpha: Double = defaultAlpha
  ) -> (image: RGBAImage, scale: Int)? {
    guard let window = result.worstWindow, let region = cropRegion else { return nil }
    let scale = Self.cropScale(region)
    let cw = region.width * scale
    let ch = region.height * scale
    let gap = SideBySideLayout.separator
    var out = RGBAImage(width: 3 * cw + 2 * gap, height: ch, fill: SideBySideLayout.separatorBytes)
    let width = classification.width
    let height = classification.height
    let sources = [
      expected.padded(width: width, height: height), actual.padded(width: width, height: height),
      diffImage(colors: colors, alpha: alpha),
    ]
    for (n, source) in sources.enumerated() {
      let left = n * (cw + gap)
      out.blit(source.enlarged(region, by: scale), x: left, y: 0)
      // The window's outline, just inside its border: dashes of 4 black, 4 white pixels.
      let x0 = left + (window.x - region.x) * scale
      let y0 = (window.y - region.y) * scale
      let x1 = x0 + window.size * scale - 1
      let y1 = y0 + window.size * scale - 1
      func dash(_ x: Int, _ y: Int, _ t: Int) {
        let v: UInt8 = (t / 4) % 2 == 0 ? 0 : 255
        out.setPixel(x, y, (v, v, v, 255))
      }
      for x in x0...x1 {
        dash(x, y0, x - x0)
        dash(x, y1, x - x0)
      }
      for y in y0...y1 {
        dash(x0, y, y - y0)
        dash(x1, y, y - y0)
      }
    }
    return (out, scale)
  }

  /// The area `worstWindowCrop()` shows: the worst window grown by half its side on every
  /// side, within the comparison area; `nil` when no pixel differs.
  public var cropRegion: PixelRect? {
    guard let window = result.worstWindow else { return nil }
    let margin = window.size / 2
    let x0 = max(0, window.x - margin)
    let y0 = max(0, window.y - margin)
    let x1 = min(classification.width, window.x + window.size + margin)
    let y1 = min(classification.height, window.y + window.size + margin)
    return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  static func cropScale(_ region: PixelRect) -> Int {
    max(1, min(8, 256 / max(region.width, region.height)))
  }

  /// A strip of grey with dark text, `labels` each at its x and clipped to its width.
  private static func labelStrip(width: Int, labels: [(x: Int, width: Int, text: String)])
    -> RGBAImage?
  {
    guard
      let canvas = try? CairoCanvas(
        width: width, height: SideBySideLayout.labelHeight, format: .png)
    else { return nil }
    let height = Double(SideBySideLayout.labelHeight)
    canvas.fill(
      .rect(Rect(x: 0, y: 0, width: Double(width), height: height)),
      color: SideBySideLayout.background)
    for label in labels {
      canvas.save()
      canvas.clip(to: Rect(x: Double(label.x), y: 0, width: Double(label.width - 4), height: height))
      canvas.text(
        label.text, at: Point(Double(label.x) + 6, height / 2),
        style: TextStyle(size: SideBySideLayout.labelSize, color: Color(bytes: 34, 34, 34)), anchor: TextAnchor(.left, .middle))
      canvas.restore()
    }
    return canvas.image()
  }
}

/// Where `sideBySideImage()` puts things.
struct SideBySideLayout {
  static let labelHeight = 20
  static let separator = 2
  static let background = Color(bytes: 236, 236, 236)
  static let backgroundBytes: (UInt8, UInt8, UInt8, UInt8) = (236, 236, 236, 255)
  static let separatorBytes: (UInt8, UInt8, UInt8, UInt8) = (110, 110, 110, 255)
  /// The narrowest panel: room for "expected", "actual" and the start of the diff's label.
  static let minimumPanelWidth = 120
  static let labelSize = 12.0

  /// The crop's caption in one line, or in two (window; enlargement) when one does not fit
  /// `width`.
  static func cropCaption(window: DiffWindow, scale: Int, width: Int) -> [String] {
    let lines = [
      "worst \(window.size)×\(window.size) window at (\(window.x),\(window.y)), \(window.pixels) px, outlined;",
      "enlarged \(scale)×: expected | actual | diff",
    ]
    let one = lines.joined(separator: " ")
    return BundledFont.metrics(deviceScale: 1).width(of: one, size: labelSize) + 10 <= Double(width) ? [one] : lines
  }

  /// The size of the three labelled panels of images compared over `width`×`height`.
  static func panels(width: Int, height: Int) -> (width: Int, height: Int) {
    (3 * max(width, minimumPanelWidth) + 2 * separator, labelHeight + height)
  }

  /// The image's width and height.
  let panelWidth: Int
  let panelHeight: Int
  /// A panel's width with its label: `panelWidth`, at least `minimumPanelWidth`.
  let slotWidth: Int
  let width: Int
  let height: Int

  init(_ comparison: ImageComparison) {
    let size = comparison.diffImageSize
    panelWidth = size.width
    panelHeight = size.height
    slotWidth = max(size.width, Self.minimumPanelWidth)
    var (width, height) = Self.panels(width: size.width, height: size.height)
    if let region = comparison.cropRegion, let window = comparison.result.worstWindow {
      let scale = ImageComparison.cropScale(region)
      width = max(width, 3 * region.width * scale + 2 * Self.separator)
      let captionLines = Self.cropCaption(window: window, scale: scale, width: width).count
      height += Self.separator + captionLines * Self.labelHeight + region.height * scale
    }
    self.width = width
    self.height = height
  }
}

extension RGBAImage {
  /// Fills a rectangle (which must fit) with one colour.
  mutating func fill(
    x: Int, y: Int, width w: Int, height h: Int, _ rgba: (UInt8, UInt8, UInt8, UInt8)
  ) {
    for row in y..<y + h {
      for column in x..<x + w { setPixel(column, row, rgba) }
    }
  }

  @inline(__always)
  mutating func setPixel(_ x: Int, _ y: Int, _ rgba: (UInt8, UInt8, UInt8, UInt8)) {
    let o = (y * width + x) * 4
    pixels[o] = rgba.0
    pixels[o + 1] = rgba.1
    pixels[o + 2] = rgba.2
    pixels[o + 3] = rgba.3
  }

  /// The pixels of `region` (which must lie inside), each repeated `scale`×`scale` times.
  func enlarged(_ region: PixelRect, by scale: Int) -> RGBAImage {
    var out = RGBAImage(width: region.width * scale, height: region.height * scale)
    for y in 0..<out.height {
      let sourceRow = (region.y + y / scale) * width
      for x in 0..<out.width {
        let from = (sourceRow + region.x + x / scale) * 4
        let to = (y * out.width + x) * 4
        out.pixels[to..<to + 4] = pixels[from..<from + 4]
      }
    }
    return out
  }
}
