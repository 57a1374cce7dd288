import AnimplotCore
import AnimplotCanvas

/// What Blender's time-based editors share: the scrub strip with frame labels, the darkening
/// outside the scene range, markers and the playhead (docs/blender.md, "Scrub strip and
/// playhead" and "Scene range and Normalize").
struct TimeRuler {
  /// Height of the scrub strip (`UI_TIME_SCRUB_MARGIN_Y`), pixels.
  static let stripHeight = 23.0
  /// UI text size, pixels.
  static let fontSize = 11.0

  var theme: Theme
  /// The whole editor region (the strip is its top `stripHeight` pixels).
  var region: Rect
  /// Frame ↔ x mapping (only its x part is used).
  var viewport: Viewport
  var stripBackground: Color

  var strip: Rect { Rect(x: region.minX, y: region.minY, width: region.width, height: Self.stripHeight) }

  /// Vertical grid lines: majors of Blender's step, minors halfway (always for continuous
  /// frames; for discrete frames only when the step exceeds one frame).
  func frameGrid(_ canvas: any Canvas, discrete: Bool, major: Color, minor: Color) -> Double {
    let step = GridStep.major(pixelsPerUnit: viewport.pixelsPerFrame, discrete: discrete)
    let top = region.minY + Self.stripHeight, bottom = region.maxY
    let pixels = DevicePixels(canvas)
    var majors = Path()
    for f in GridStep.lines(viewport.frames, step: step) {
      let x = pixels.center(viewport.x(f))
      majors.move(to: Point(x, top))
      majors.line(to: Point(x, bottom))
    }
    if !discrete || step > 1 {
      var minors = Path()
      for f in GridStep.lines(viewport.frames, step: step, offset: step / 2) {
        let x = pixels.center(viewport.x(f))
        minors.move(to: Point(x, top))
        minors.line(to: Point(x, bottom))
      }
      canvas.stroke(minors, color: minor, style: StrokeStyle(width: pixels.lineWidth))
    }
    canvas.stroke(majors, color: major, style: StrokeStyle(width: pixels.lineWidth))
    return step
  }

  /// The darkening outside `scene` and the 1-px lines at its ends.
  func sceneRange(_ canvas: any Canvas, _ scene: ClosedRange<Double>) {
    let top = region.minY, bottom = region.maxY
    let x0 = max(region.minX, min(region.maxX, viewport.x(scene.lowerBound)))
    let x1 = max(region.minX, min(region.maxX, viewport.x(scene.upperBound)))
    if x0 > region.minX {
      canvas.fill(.rect(Rect(x: region.minX, y: top, width: x0 - region.minX, height: bottom - top)), color: theme.ruler.outsideRange)
    }
    if x1 < region.maxX {
      canvas.fill(.rect(Rect(x: x1, y: top, width: region.maxX - x1, height: bottom - top)), color: theme.ruler.outsideRange)
    }
    let pixels = DevicePixels(canvas)
    var lines = Path()
    for x in [viewport.x(scene.lowerBound), viewport.x(scene.upperBound)] where x >= region.minX && x <= region.maxX {
      let px = pixels.center(x)
      lines.move(to: Point(px, top))
      lines.line(to: Point(px, bottom))
    }
    canvas.stroke(lines, color: theme.ruler.rangeLine, style: StrokeStyle(width: pixels.lineWidth))
  }

  /// The strip's background and its frame numbers at the major lines of `step`, thinned so that
  /// labels never overlap (Blender's `every`-th rule, stable while panning).
  func stripLabels(_ canvas: any Canvas, step: Double) {
    canvas.fill(.rect(strip), color: stripBackground)
    let frames = GridStep.lines(viewport.frames, step: step)
    guard !frames.isEmpty else { return }
    let metrics = canvas.fontMetrics
    let labels = frames.map { GridStep.label($0, step: step) }
    let widest = labels.map { metrics.width(of: $0, size: Self.fontSize) }.max() ?? 0
    let maxCount = max(1, Int(region.width / (widest + 10)))
    let every = max(1, (frames.count + maxCount - 1) / maxCount)
    // In Double: a key at frame 1e20 puts the first line past Int's range.
    let start = Int(abs((frames[0] / step).rounded()).truncatingRemainder(dividingBy: Double(every)))
    let baseline = strip.minY + StripText(canvas).numbersBaseline
    let style = TextStyle(size: Self.fontSize, color: theme.ruler.frameLabel)
    for (i, (frame, label)) in zip(frames, labels).enumerated() where (i + every - start) % every == 0 {
      // A number cut by the region's edge would read as another number ("15" as "5").
      let x = regionX(frame, canvas), half = metrics.width(of: label, size: Self.fontSize) / 2
      guard x - half >= region.minX, x + half <= region.maxX else { continue }
      canvas.text(label, at: Point(x, baseline), style: style, anchor: TextAnchor(.center, .baseline))
    }
  }

  /// Where Blender 3.4 puts `frame` in what it draws in region pixels (the playhead, its box and
  /// the strip's numbers, through `UI_view2d_view_to_region_x`): the view scaled to the region's
  /// mask, one device pixel narrower than the region the grid and keys are drawn across, so
  /// these sit up to a pixel left of the grid line of their frame, towards the region's right.
  func regionX(_ frame: Double, _ canvas: any Canvas) -> Double {
    Self.regionX(frame, region: region, viewport: viewport, scale: DevicePixels(canvas).scale)
  }

  /// `regionX` in a region at `scale` (the sanitised device scale).
  static func regionX(_ frame: Double, region: Rect, viewport: Viewport, scale: Double) -> Double {
    let width = region.width * scale
    guard width > 1 else { return viewport.x(frame) }
    return region.minX + (viewport.x(frame) - region.minX) * (width - 1) / width
  }

  /// The frame `regionX` puts at `x`: where scrubbing at `x` moves the playhead to.
  static func frame(atRegionX x: Double, region: Rect, viewport: Viewport, scale: Double) -> Double {
    let width = region.width * scale
    guard width > 1 else { return viewport.frame(atX: x) }
    return viewport.frame(atX: region.minX + (x - region.minX) * width / (width - 1))
  }

  /// Where `markers` are drawn on a raster of `scale` device pixels per logical pixel: those
  /// whose line falls within a pixel of the region, each on a device pixel column.
  func markerLayouts(_ markers: [Marker], scale: Double) -> [MarkerLayout] {
    let top = region.minY + Self.stripHeight, bottom = region.maxY
    let pixels = DevicePixels(scale: scale)
    return markers.enumerated().compactMap { i, m in
      let x = viewport.x(m.frame)
      guard x >= region.minX - 1 && x <= region.maxX + 1 else { return nil }
      return MarkerLayout(
        index: i, frame: m.frame, name: m.name, isSelected: m.selected, x: pixels.center(x), top: top, bottom: bottom)
    }
  }

  /// A dashed line per marker, its triangle at the bottom and its name, cut where it would run
  /// into the next marker (`shownName`).
  func markers(_ canvas: any Canvas, _ markers: [MarkerLayout]) {
    let style = TextStyle(size: Self.fontSize, color: theme.ruler.markerText)
    let pixels = DevicePixels(canvas)
    let names = Self.shownNames(markers) { canvas.fontMetrics.width(of: $0, size: Self.fontSize) }
    for (m, name) in zip(markers, names) {
      let px = m.x
      canvas.stroke(
        .line(from: Point(px, m.top), to: Point(px, m.tip)),
        color: m.isSelected ? theme.ruler.markerLine.withAlpha(0.7) : theme.ruler.markerLine,
        style: StrokeStyle(width: pixels.lineWidth, dash: [4, 3]))
      let tip = Point(px, m.tip)
      canvas.fill(
        .polygon([tip, Point(px - MarkerLayout.halfWidth, m.base), Point(px + MarkerLayout.halfWidth, m.base)]),
        color: m.isSelected ? theme.ruler.markerText : theme.ruler.markerText.withAlpha(0.75))
      if !name.isEmpty {
        canvas.text(name, at: Point(px + 8, m.nameBaseline), style: style, anchor: TextAnchor(.left, .baseline))
      }
    }
  }

  /// The part of each marker's name that is drawn: as Blender clips a marker's name at the
  /// next marker to its right, the characters that would reach that marker's triangle are left
  /// out, whole (a name with no room is hidden); the rightmost marker's name runs on.
  /// `width` measures text at the markers' size.
  static func shownNames(_ markers: [MarkerLayout], width: (String) -> Double) -> [String] {
    let order = markers.indices.sorted { (markers[$0].x, $0) < (markers[$1].x, $1) }
    var names = markers.map(\.name)
    for (rank, i) in order.enumerated() where rank + 1 < order.count && !names[i].isEmpty {
      let room = markers[order[rank + 1]].x - MarkerLayout.halfWidth - 2 - (markers[i].x + 8)
      let characters = Array(names[i])
      guard room > 0, width(names[i]) > room else {
        if room <= 0 { names[i] = "" }
        continue
      }
      // The longest prefix that fits (widths grow with the prefix): a binary search, so that a
      // long name costs a few measures, not one per character.
      var (fits, tooLong) = (0, characters.count)
      while tooLong - fits > 1 {
        let middle = (fits + tooLong) / 2
        if width(String(characters[..<middle])) <= room { fits = middle } else { tooLong = middle }
      }
      names[i] = String(String(characters[..<fits]).reversed().drop { $0 == " " }.reversed())
    }
    return names
  }

  /// Blender's playhead: a line two `U.pixelsize` wide at the (sub-)frame over a backing twice
  /// as wide, each covering the device pixels whose centres lie within it (at UI scale 1.05 a
  /// 2-pixel line with one darker pixel either side, as Blender's screenshots show, never a
  /// blurred 2.1), and a rounded box in the strip with the whole frame number.
  func playhead(_ canvas: any Canvas, frame: Double) {
    let x = regionX(frame, canvas)
    guard x >= region.minX - 2 && x <= region.maxX + 2 else { return }
    let top = region.minY + 3, bottom = region.maxY
    let pixels = DevicePixels(canvas)
    let size = pixels.lineDevicePixels
    func band(_ halfWidth: Double) -> Rect {
      let left = (x * pixels.scale - halfWidth * size - 0.5).rounded(.up) / pixels.scale
      return Rect(x: left, y: top, width: 2 * halfWidth * pixels.lineWidth, height: bottom - top)
    }
    canvas.fill(.rect(band(2)), color: theme.ruler.playheadBacking)
    canvas.fill(.rect(band(1)), color: theme.ruler.playhead)

    let whole = frame.rounded(.down)
    let label = GridStep.wholeNumber(whole)
    let width = max(canvas.fontMetrics.width(of: label, size: Self.fontSize) + 8, 24)
    let boxX = regionX(whole, canvas)
    let box = Rect(x: boxX - width / 2, y: strip.minY + 3, width: width, height: strip.height - 6)
    canvas.fill(.roundedRect(box, radius: 4), color: theme.ruler.playheadBox)
    canvas.stroke(.roundedRect(box.insetBy(dx: 0.5, dy: 0.5), radius: 3.5), color: theme.ruler.playheadBoxOutline, style: StrokeStyle(width: 1))
    canvas.text(
      label, at: Point(boxX, strip.minY + StripText(canvas).boxBaseline),
      style: TextStyle(size: Self.fontSize, color: theme.ruler.playheadText), anchor: TextAnchor(.center, .baseline))
  }
}

/// The centre of the pixel column or row `v` falls in, for crisp 1-px lines.
@inline(__always) func pixelCenter(_ v: Double) -> Double { v.rounded(.down) + 0.5 }

/// Whole device pixels on a raster of `scale` device pixels per logical pixel, where Blender
/// draws its 1-px lines and points: a line is `U.pixelsize` device pixels wide
/// (`BlenderUIScale.pixelSize`: 1 below dpi 128, 2 at scale 2) and covers whole device pixels,
/// never two half-lit rows. At scale 1 and 2 the positions are `pixelCenter`'s.
struct DevicePixels: Sendable {
  let scale: Double
  /// Device pixels across a 1-px line.
  let lineDevicePixels: Double

  init(scale: Double) {
    let ui = BlenderUIScale(deviceScale: scale)
    self.scale = ui.deviceScale
    lineDevicePixels = Double(ui.pixelSize)
  }

  init(_ canvas: any Canvas) { self.init(scale: canvas.deviceScale) }

  /// The logical width of a 1-px line.
  var lineWidth: Double { lineDevicePixels / scale }

  /// The centre of the 1-px line through `v` (logical), on whole device pixels: the line
  /// `lineDevicePixels` wide that holds the device position of `v`, as Blender's lines cover
  /// the device pixel column or row their position falls in (at 1.05, `floor(1.05 v)`).
  func center(_ v: Double) -> Double {
    let w = lineDevicePixels
    return ((v * scale / w).rounded(.down) * w + w / 2) / scale
  }

  /// `p` on the centre of its device pixel (Blender snaps points and handle ends so).
  func point(_ p: Point) -> Point { Point(center(p.x), center(p.y)) }

  /// `v` (logical) on a device pixel boundary, the nearest or by `rule`: a text baseline or a
  /// rectangle's edge.
  func edge(_ v: Double, _ rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) -> Double {
    (v * scale).rounded(rule) / scale
  }
}

/// Where Blender 3.4 sets the scrub strip's text (`time_scrub_ui.c`), in whole device pixels
/// below the strip's top: its integer rectangles truncate the strip's height (`23 × UI factor`),
/// its centre and the offsets of `4 × UI factor` in turn. The playhead box's number sits on the
/// strip's centre less 4; the frame numbers on a rectangle 4 lower, 4 above its bottom. At UI
/// scale 1 that is 16 and 16, at 2 31 and 31 device pixels; at 1.05 17 and 17.83 (Blender's
/// screenshots: the numbers' digits end on row 17, where 15.5 × 1.05 put them two rows higher).
struct StripText {
  /// Baselines, logical pixels below the strip's top.
  let boxBaseline: Double
  let numbersBaseline: Double

  init(_ canvas: any Canvas) { self.init(scale: canvas.deviceScale) }

  init(scale: Double) {
    let ui = BlenderUIScale(deviceScale: scale)
    let f = ui.factor, scale = ui.deviceScale
    // Blender's rcti truncation of a region coordinate measured from the bottom: a distance
    // from the top rounded up.
    func up(_ v: Double) -> Double { (v - 1e-9).rounded(.up) }
    let strip = up(TimeRuler.stripHeight * f)
    let centre = up(strip / 2)
    let centred = up(centre + 4 * f)
    let numbers = up(centred + 4 * f)
    boxBaseline = centred / scale
    // BLF sets the text on a whole pixel.
    numbersBaseline = up(numbers - 4 * f) / scale
  }
}
