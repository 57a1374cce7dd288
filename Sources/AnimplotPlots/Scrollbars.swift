import AnimplotCanvas
import AnimplotCore

/// Blender's View2D scrollers along an editor region's edges, as they rest with the pointer away:
/// a rounded thumb showing where the view (`cur`) lies in all there is to see (`tot`), over a
/// track that is not drawn. Zoomable scrollers (both of the Graph Editor's, the Dope Sheet's
/// horizontal one) are opaque and carry a dot at each end; the Dope Sheet's vertical one is thin
/// and faint.
///
/// Sizes were measured on Blender 3.4's screenshots at UI scale 1.05 (in logical pixels here,
/// device pixels / 1.05): the horizontal thumb is 7.6 px high, its centre 6 px above the
/// region's bottom, the vertical one 8.6 px wide, its centre 5.9 px left of the right edge. The
/// horizontal track leaves 9 px at each end; the vertical one 10.2 px at the top (below the
/// Graph Editor's scrub strip, below the Dope Sheet region's top edge) and 19.4 px at the
/// bottom, clear of the horizontal scrollbar. The thin thumb is 3.8 px wide, 1.6 px from the
/// edge. The dots are 2.7 px in radius, centred in the thumb's rounded ends.
struct Scrollbars {
  /// One scrollbar: its track (where the thumb may lie) and the thumb's span along it.
  struct Bar: Equatable {
    var axis: ScrollbarAxis
    /// The track, as thick as the thumb.
    var track: Rect
    /// The thumb's start and end along the track (x for horizontal, y for vertical), logical px.
    var thumb: ClosedRange<Double>
    /// Opaque with zoom dots (`true`), or thin and faint.
    var zoomable: Bool

    /// The thumb's rectangle.
    var thumbRect: Rect {
      switch axis {
      case .horizontal:
        return Rect(x: thumb.lowerBound, y: track.minY, width: thumb.upperBound - thumb.lowerBound, height: track.height)
      case .vertical:
        return Rect(x: track.minX, y: thumb.lowerBound, width: track.width, height: thumb.upperBound - thumb.lowerBound)
      }
    }
  }

  /// The horizontal thumb's height and the vertical one's width (Blender's differ by a pixel).
  static let horizontalThickness = 7.6
  static let verticalThickness = 8.6
  /// From the region's edge to the thumb's centre line.
  static let horizontalCentre = 6.0
  static let verticalCentre = 5.9
  static let horizontalInset = 9.0
  static let verticalTopInset = 10.2
  static let verticalBottomInset = 19.4
  static let thinWidth = 3.8
  static let thinCentre = 3.5
  static let dotRadius = 2.7
  /// The shortest thumb (Blender keeps a thumb long enough to grab).
  static let minimumThumb = 30.0
  /// Blender 3.4's View2D scroller width, `0.45 · widget unit + 2 · pixelsize` device pixels,
  /// which a region's view mask gives up whole (11 at scale 1, 12 at 1.05, 22 at 2), in
  /// logical pixels: the band at the Graph Editor's bottom where value labels are not drawn
  /// (in Blender's screenshot the -1.1 label, 12 px above the bottom, is not), and the room
  /// the Graph Editor's channel list keeps at its right for its hidden scroller.
  static func width(scale: Double) -> Double {
    let ui = BlenderUIScale(deviceScale: scale)
    return (0.45 * Double(ui.widgetUnit) + 2 * Double(ui.pixelSize) - 1e-9).rounded(.up) / ui.deviceScale
  }
  /// How much higher markers sit over a horizontal scrollbar: their triangle's base 18 px above
  /// the region's bottom (Blender's marker icons), not 3 px.
  static let markerLift = 15.0
  /// Blender's editors see this many frames past the data at each end (`tot`).
  static let framePadding = 10.0

  var colors: ScrollbarColors
  var bars: [Bar]

  /// The span of `track` (`start...end`) that the visible part `visible` of `total` takes, as
  /// View2D places it: clamped to the track where the view reaches past what there is, and at
  /// least `minimumThumb` long (or the track's length).
  static func thumb(
    track: ClosedRange<Double>, visible: ClosedRange<Double>, total: ClosedRange<Double>
  ) -> ClosedRange<Double> {
    let length = track.upperBound - track.lowerBound
    let size = total.upperBound - total.lowerBound
    guard length > 0 else { return track }
    var start = track.lowerBound, end = track.upperBound
    if size > 0, size.isFinite {
      let f0 = (visible.lowerBound - total.lowerBound) / size
      let f1 = (visible.upperBound - total.lowerBound) / size
      if f0 > 0 { start = track.lowerBound + min(f0, 1) * length }
      if f1 < 1 { end = track.lowerBound + max(f1, 0) * length }
    }
    if start > end { start = end }
    let minimum = min(minimumThumb, length)
    if end - start < minimum {
      let middle = (start + end) / 2
      start = min(max(middle - minimum / 2, track.lowerBound), track.upperBound - minimum)
      end = start + minimum
    }
    return start...end
  }

  /// The horizontal scrollbar at the bottom of `region`, for frames `visible` of `total`.
  static func horizontal(region: Rect, visible: ClosedRange<Double>, total: ClosedRange<Double>) -> Bar? {
    let x0 = region.minX + horizontalInset, x1 = region.maxX - horizontalInset
    let y = region.maxY - horizontalCentre - horizontalThickness / 2
    guard x1 - x0 >= horizontalThickness, y >= region.minY else { return nil }
    let track = Rect(x: x0, y: y, width: x1 - x0, height: horizontalThickness)
    return Bar(axis: .horizontal, track: track, thumb: thumb(track: x0...x1, visible: visible, total: total), zoomable: true)
  }

  /// The vertical scrollbar at the right of `region` from `top`, for the visible part of what
  /// there is measured from the top down (`visible` and `total` in the same units, 0 at the top).
  static func vertical(
    region: Rect, top: Double, visible: ClosedRange<Double>, total: ClosedRange<Double>, zoomable: Bool
  ) -> Bar? {
    let y0 = top + verticalTopInset, y1 = region.maxY - verticalBottomInset
    let (width, centreInset) = zoomable ? (verticalThickness, verticalCentre) : (thinWidth, thinCentre)
    let x = region.maxX - centreInset - width / 2
    guard y1 - y0 >= width, x >= region.minX else { return nil }
    let track = Rect(x: x, y: y0, width: width, height: y1 - y0)
    return Bar(axis: .vertical, track: track, thumb: thumb(track: y0...y1, visible: visible, total: total), zoomable: zoomable)
  }

  /// Draws every scrollbar.
  func draw(on canvas: any Canvas) {
    for bar in bars { draw(bar, on: canvas) }
  }

  /// Draws the opaque thumbs again over the playhead at `x` (below `top`), as Blender draws
  /// them over it: clipped to the playhead's column and to the device pixels a thumb covers
  /// whole, so that no pixel is blended twice, and a picture drawn in layers (the still
  /// picture, then the playhead) gets the same pixels as one drawn at once.
  func drawOverPlayhead(at x: Double, below top: Double, region: Rect, on canvas: any Canvas) {
    guard x >= region.minX - 4, x <= region.maxX + 4, colors.thumb.alpha >= 1 else { return }
    let column = Rect(x: x - 4, y: top, width: 8, height: region.maxY - top)
    let s = canvas.deviceScale.isFinite && canvas.deviceScale > 0 ? canvas.deviceScale : 1
    for bar in bars where bar.zoomable {
      var r = bar.thumbRect
      switch bar.axis {
      case .horizontal:
        let y0 = (r.minY * s).rounded(.up) / s, y1 = (r.maxY * s).rounded(.down) / s
        r = Rect(x: max(r.minX, column.minX), y: max(y0, column.minY), width: 0, height: 0)
          .spanning(toX: min(bar.thumbRect.maxX, column.maxX), y: y1)
      case .vertical:
        let x0 = (r.minX * s).rounded(.up) / s, x1 = (r.maxX * s).rounded(.down) / s
        r = Rect(x: max(x0, column.minX), y: max(r.minY, column.minY), width: 0, height: 0)
          .spanning(toX: min(x1, column.maxX), y: min(bar.thumbRect.maxY, column.maxY))
      }
      guard r.width > 0, r.height > 0 else { continue }
      canvas.save()
      canvas.clip(to: r)
      draw(bar, on: canvas)
      canvas.restore()
    }
  }

  func draw(_ bar: Bar, on canvas: any Canvas) {
    let rect = bar.thumbRect
    let radius = min(rect.width, rect.height) / 2
    guard radius > 0 else { return }
    guard bar.zoomable else {
      canvas.fill(.roundedRect(rect, radius: radius), color: colors.thumb.withAlpha(colors.thumb.alpha * colors.thinAlpha))
      return
    }
    canvas.fill(.roundedRect(rect, radius: radius), color: colors.thumb)
    // The dots sit in the rounded ends, where the thumb is long enough to hold both apart.
    let ends: [Point] =
      switch bar.axis {
      case .horizontal: [Point(rect.minX + radius, rect.midY), Point(rect.maxX - radius, rect.midY)]
      case .vertical: [Point(rect.midX, rect.minY + radius), Point(rect.midX, rect.maxY - radius)]
      }
    guard max(rect.width, rect.height) >= 4 * radius else { return }
    var dots = Path()
    for p in ends { dots.append(.circle(center: p, radius: Self.dotRadius)) }
    canvas.fill(dots, color: colors.dot)
  }
}

extension Rect {
  /// This rectangle's origin to (`x`, `y`); empty when that lies above or left of it.
  fileprivate func spanning(toX x: Double, y: Double) -> Rect {
    Rect(x: minX, y: minY, width: max(0, x - minX), height: max(0, y - minY))
  }
}

extension GraphEditor {
  /// Blender's `tot` of the Graph Editor: the frames from the first key's left handle to the last
  /// key's right handle of every visible curve, 10 frames more each side (the scene range when
  /// no curve has keys); the values of every visible key and handle.
  func scrollTotals() -> (frames: ClosedRange<Double>, values: ClosedRange<Double>) {
    var f0 = Double.infinity, f1 = -Double.infinity, v0 = Double.infinity, v1 = -Double.infinity
    for curve in curves {
      let track = curve.track, mapping = curve.mapping
      guard let first = track.keyframes.first, let last = track.keyframes.last else { continue }
      f0 = min(f0, Double(first.frame), Double(first.handleLeft.frame))
      f1 = max(f1, Double(last.frame), Double(last.handleRight.frame))
      func add(_ v: Float) {
        let mapped = mapping.apply(Double(v))
        v0 = min(v0, mapped)
        v1 = max(v1, mapped)
      }
      if let samples = track.keyframes.sampled {
        // The same numbers, the handles derived without making each key.
        for i in samples.values.indices {
          add(samples.values[i])
          if let (left, right) = samples.handles(i) {
            add(left.value)
            add(right.value)
          }
        }
        continue
      }
      for k in track.keyframes {
        add(k.value)
        add(k.handleLeft.value)
        add(k.handleRight.value)
      }
    }
    if !(f0 <= f1) { (f0, f1) = (action.sceneRange.lowerBound, action.sceneRange.upperBound) }
    if !(v0 <= v1) { (v0, v1) = (viewport.values.lowerBound, viewport.values.upperBound) }
    return ((f0 - Scrollbars.framePadding)...(f1 + Scrollbars.framePadding), v0...v1)
  }

  /// Whether the editor draws scrollbars: with the channel list, unless turned off.
  var drawsScrollbars: Bool { options.showScrollbars && main.minX > 0 }

  /// The Graph Editor's scrollbars: frames at the bottom, values at the right (below the scrub
  /// strip); none without the channel list or with `showScrollbars` off.
  func scrollbars() -> Scrollbars? {
    guard drawsScrollbars else { return nil }
    let totals = scrollTotals()
    let horizontal = Scrollbars.horizontal(region: main, visible: viewport.frames, total: totals.frames)
    // Top down: the values from the top of the view.
    let top = viewport.values.upperBound
    let vertical = Scrollbars.vertical(
      region: main, top: viewport.rect.minY,
      visible: (top - viewport.values.upperBound)...(top - viewport.values.lowerBound),
      total: (top - totals.values.upperBound)...(top - totals.values.lowerBound), zoomable: true)
    return Scrollbars(colors: options.theme.scrollbar, bars: [horizontal, vertical].compactMap { $0 })
  }
}

extension DopeSheetEditor {
  /// The Dope Sheet's scrollbars: frames at the bottom (the listed keys, 10 frames more each
  /// side, as Blender's `tot`), the rows at the right, thin, from the region's top; none without
  /// the channel list or with `showScrollbars` off.
  func scrollbars() -> Scrollbars? {
    guard options.showScrollbars, main.minX > 0 else { return nil }
    var first = Double.infinity, last = -Double.infinity
    for row in sheet.rows {
      if let key = row.keys.first { first = min(first, Double(key.frame)) }
      if let key = row.keys.last { last = max(last, Double(key.frame)) }
    }
    if !(first <= last) { (first, last) = (scene.range.lowerBound, scene.range.upperBound) }
    let frames = (first - Scrollbars.framePadding)...(last + Scrollbars.framePadding)
    let horizontal = Scrollbars.horizontal(region: main, visible: viewport.frames, total: frames)
    let content = max(rowTop(sheet.rows.count) - main.minY, main.height)
    let vertical = Scrollbars.vertical(
      region: main, top: main.minY, visible: 0...main.height, total: 0...content, zoomable: false)
    return Scrollbars(colors: options.theme.scrollbar, bars: [horizontal, vertical].compactMap { $0 })
  }
}
