import AnimplotCanvas
import AnimplotConcurrency
import AnimplotCore

/// Blender's Graph Editor, drawn on any `Canvas`: grid, scene range, curves with keys and
/// handles, playhead, markers, value and frame labels and the channel list
/// (docs/blender.md, "Drawing order").
public struct GraphEditor: Sendable {
  /// Width of the channel list, pixels, in a picture wide enough: Blender 3.4's (see
  /// `EditorFrame.channelListWidth(pictureWidth:shown:preferred:)`).
  public static let channelListWidth = EditorFrame.graphChannelListWidth
  static let fontSize = TimeRuler.fontSize

  public let action: Action
  public let options: GraphOptions
  /// A curve drawn: a visible track with its channel, colour and value mapping.
  struct Curve: Sendable {
    let track: FCurve
    /// The track's place in the action (`ChannelID.action` is 0: the editor shows one action).
    let channel: ChannelID
    let color: Color
    let mapping: ValueMapping
  }

  /// The curves drawn (visible tracks), in the action's order.
  let curves: [Curve]
  /// How many curves are drawn (visible tracks).
  package var drawnCurves: Int { curves.count }
  /// The curves stroked across the plot: the visible tracks and the ghost curves.
  package var strokedCurves: Int { curves.count + options.ghosts.count }
  /// Colours of every track, in the action's order (the channel list shows hidden ones too).
  let trackColors: [Color]
  /// Where curves are drawn: below the scrub strip, right of the channel list.
  public let viewport: Viewport
  /// The whole main region (including the scrub strip).
  let main: Rect

  /// Lays out `action` (handles already recalculated, as loading does).
  public init(action: Action, options: GraphOptions = GraphOptions()) {
    var action = action
    for i in action.tracks.indices where options.hide.contains(where: { $0.matches(action.tracks[i]) }) {
      action.tracks[i].hidden = true
    }
    self.action = action
    self.options = options
    let colors = CurveColors.colors(for: action.tracks, theme: options.theme, mode: options.colors)
    trackColors = colors
    curves = action.tracks.indices.filter { !action.tracks[$0].hidden }.map { i in
      let track = action.tracks[i]
      return Curve(
        track: track, channel: ChannelID(action: 0, track: i), color: colors[i],
        mapping: options.normalize ? ValueMapping.normalizing(track) : .identity)
    }
    let left = EditorFrame.channelListWidth(
      pictureWidth: options.width, shown: options.showChannelList, preferred: options.channelListWidth)
    main = Rect(x: left, y: 0, width: max(1, options.width - left), height: options.height)
    let plot = Rect(x: main.minX, y: main.minY + TimeRuler.stripHeight, width: main.width, height: max(1, main.height - TimeRuler.stripHeight))
    if let frames = options.frames, let values = options.values {
      viewport = Viewport(frames: frames, values: values, rect: plot)
    } else {
      let fitted = Self.fit(curves, plot: plot, action: action, ghosts: options.ghosts)
      viewport = Viewport(frames: options.frames ?? fitted.frames, values: options.values ?? fitted.values, rect: plot)
    }
  }

  /// The frames and values that show every visible key, handle and overshoot, with margins:
  /// 4 % of the width on each side, 8 % of the height plus room for the marker row.
  /// Ghost curves are framed by their values across those frames too, so that a recorded curve
  /// far from the live one stays in view.
  static func fit(
    _ curves: [Curve], plot: Rect, action: Action, ghosts: [GhostCurve] = []
  ) -> (frames: ClosedRange<Double>, values: ClosedRange<Double>) {
    var f0 = Double.infinity, f1 = -Double.infinity, v0 = Double.infinity, v1 = -Double.infinity
    let ranges = valueRanges(curves)
    for (curve, range) in zip(curves, ranges) {
      let track = curve.track, mapping = curve.mapping
      let keys = track.keyframes
      if let samples = keys.sampled, let first = samples.frames.first, let last = samples.frames.last {
        // Samples are in frame order and have no Bézier segment: their handles do not count.
        f0 = min(f0, Double(first))
        f1 = max(f1, Double(last))
        for value in samples.values {
          let v = mapping.apply(Double(value))
          v0 = min(v0, v)
          v1 = max(v1, v)
        }
      } else {
        for (i, k) in keys.enumerated() {
          f0 = min(f0, Double(k.frame))
          f1 = max(f1, Double(k.frame))
          let v = mapping.apply(Double(k.value))
          v0 = min(v0, v)
          v1 = max(v1, v)
          // Handles count where they shape a Bézier segment, as Blender's View All.
          let leftBezier = i > 0 ? keys[i - 1].interpolation == .bezier : k.interpolation == .bezier
          for (handle, shown) in [(k.handleLeft, leftBezier), (k.handleRight, k.interpolation == .bezier)] where shown {
            let hv = mapping.apply(Double(handle.value))
            v0 = min(v0, hv)
            v1 = max(v1, hv)
          }
        }
      }
      if let range {
        v0 = min(v0, mapping.apply(range.lowerBound))
        v1 = max(v1, mapping.apply(range.upperBound))
      }
    }
    if !f0.isFinite {
      let scene = action.sceneRange
      (f0, f1) = (scene.lowerBound, scene.upperBound)
    }
    // A curve that modifiers reshape (beyond Cycles, which repeats the keys' own range) is
    // framed by its evaluated values across the frames shown, so that a Generator or a Noise
    // away from the keys (or a track of modifiers alone) is in view.
    let steps = Self.framingSamples - 1
    let frames = (0...steps).map { Float(f0 + (f1 - f0) * Double($0) / Double(steps)) }
    for curve in curves where curve.track.hasEffectiveModifiers && curve.track.modifiers.contains(where: { $0.type != .cycles }) {
      for value in curve.track.values(at: frames) where value.isFinite {
        let v = curve.mapping.apply(Double(value))
        v0 = min(v0, v)
        v1 = max(v1, v)
      }
    }
    for ghost in ghosts {
      let mapping = ghost.channel.flatMap { i in curves.first { $0.channel.track == i }?.mapping } ?? .identity
      for value in ghost.track.values(at: frames) where value.isFinite {
        let v = mapping.apply(Double(value))
        v0 = min(v0, v)
        v1 = max(v1, v)
      }
    }
    if !v0.isFinite { (v0, v1) = (-1, 1) }
    if f1 - f0 < 1 {
      f0 -= 5
      f1 += 5
    }
    if v1 - v0 < 1e-6 {
      v0 -= 1
      v1 += 1
    }
    let fm = (f1 - f0) * 0.04
    let top = (v1 - v0) * 0.08
    // Leave the marker row free when there are markers.
    let bottom = (v1 - v0) * (action.markers.isEmpty ? 0.08 : 0.08 + 24 / max(plot.height, 1))
    return ((f0 - fm)...(f1 + fm), (v0 - bottom)...(v1 + top))
  }

  /// `CurvePath.valueRange` of each curve's track (`CurvePath.valueRanges`): on every core when
  /// the curves hold many keys.
  static func valueRanges(_ curves: [Curve]) -> [ClosedRange<Double>?] {
    let keyCount = curves.reduce(0) { $0 + $1.track.keyframes.count }
    return CurvePath.valueRanges(of: curves.map(\.track), parallel: keyCount > parallelPathKeys && curves.count > 1)
  }

  /// Draws the editor on `canvas` (below its header with `showHeader`), from its layout at the
  /// canvas's scale.
  public func draw(on canvas: any Canvas) {
    draw(layout(scale: canvas.deviceScale), on: canvas)
  }

  /// Draws the editor on `canvas` as `draw(on:)` does, from `layout` (laid out at the canvas's
  /// scale).
  package func draw(_ layout: GraphEditorLayout, on canvas: any Canvas) {
    EditorHeader.drawing(header, editorHeight: options.height, on: canvas) {
      draw(layout, on: canvas, playhead: options.currentFrame ?? action.currentFrame)
    }
  }

  /// The header above the editor, with `showHeader`.
  var header: EditorHeader? {
    options.showHeader
      ? EditorHeader(theme: options.theme, width: options.width, editor: .graph(normalize: options.normalize)) : nil
  }

  /// The editor's height that shows every row of the channel list of `action` and a row's
  /// room below the last, for `--height auto`; at least `minimum` (the plot needs room).
  public static func fittingHeight(action: Action, minimum: Double = 900) -> Double {
    let rows = ChannelList.graphRows(action, colors: CurveColors.colors(for: action.tracks, theme: .blender, mode: .auto)).count
    return max(minimum, (ChannelRows(scale: 1).top(rows + 1)).rounded(.up))
  }

  /// The picture's size: the editor's, and the header's height with `showHeader`.
  public var pictureSize: Size {
    EditorHeader.pictureSize(width: options.width, editorHeight: options.height, shown: options.showHeader)
  }

  func editorFrame(playhead: Double?, scrollbars: Scrollbars?, markers: [MarkerLayout]? = nil) -> EditorFrame {
    let theme = options.theme
    return EditorFrame(
      theme: theme, region: main, viewport: viewport, background: theme.graph.background,
      stripBackground: theme.graph.scrubBackground, gridMajor: theme.graph.gridMajor,
      gridMinor: theme.graph.gridMinor, discreteFrames: false, sceneRange: SharedScene.range(of: [action]),
      markers: action.markers, playhead: playhead, scrollbars: scrollbars, markerLayouts: markers)
  }

  /// The parts of the picture in the order they are drawn: what lies under the curves, each
  /// curve (by its index in the layout's `curves`), and what is drawn over them.
  package enum Layer: Hashable, Sendable {
    case under
    case curve(Int)
    case over
  }

  /// Draws the editor on `canvas` as `draw(on:)` does, telling `entering` which layer each
  /// drawing call belongs to before it is made (the interactive HTML draws them apart); a
  /// curve's layer for which `entering` answers false is not drawn at all (its calls would be
  /// dropped: walking every curve's keys for each of 258 layers took minutes).
  package func draw(on canvas: any Canvas, entering: (Layer) -> Bool) {
    draw(layout(scale: canvas.deviceScale), on: canvas, entering: entering)
  }

  /// Draws the editor laid out in `layout` (at the canvas's scale) as `draw(on:entering:)`
  /// does: a picture drawn layer by layer is laid out once.
  package func draw(_ layout: GraphEditorLayout, on canvas: any Canvas, entering: (Layer) -> Bool) {
    _ = entering(.under)
    EditorHeader.drawing(header, editorHeight: options.height, on: canvas) {
      draw(layout, on: canvas, playhead: options.currentFrame ?? action.currentFrame, entering: entering)
    }
  }

  /// Draws the editor laid out in `layout` (at the canvas's scale), below any header.
  func draw(_ layout: GraphEditorLayout, on canvas: any Canvas, playhead: Double?, entering: (Layer) -> Bool = { _ in true }) {
    let theme = options.theme
    var valueStep = 0.0
    editorFrame(playhead: playhead, scrollbars: layout.places.scrollbars, markers: layout.markers).draw(
      on: canvas,
      grid: { valueStep = valueGrid(canvas) },
      content: {
        drawGhosts(canvas, layout.ghosts, scale: layout.scale)
        for i in layout.drawingOrder where entering(.curve(i)) {
          drawCurve(canvas, layout.curves[i])
        }
        _ = entering(.over)
        if options.showCursor { cursorLine(canvas) }
      },
      labels: { valueLabels(canvas, step: valueStep) })
    if let list = layout.channelList {
      ChannelList(theme: theme, width: main.minX, height: options.height).draw(canvas, list)
    }
  }

  // MARK: Grid

  /// Horizontal lines at value steps; returns the major step.
  func valueGrid(_ canvas: any Canvas) -> Double {
    let step = GridStep.major(pixelsPerUnit: viewport.pixelsPerValue)
    let left = main.minX, right = main.maxX
    let pixels = DevicePixels(canvas)
    var majors = Path(), minors = Path()
    for v in GridStep.lines(viewport.values, step: step) {
      let y = pixels.center(viewport.y(v))
      majors.move(to: Point(left, y))
      majors.line(to: Point(right, y))
    }
    for v in GridStep.lines(viewport.values, step: step, offset: step / 2) {
      let y = pixels.center(viewport.y(v))
      minors.move(to: Point(left, y))
      minors.line(to: Point(right, y))
    }
    canvas.stroke(minors, color: options.theme.graph.gridMinor, style: StrokeStyle(width: pixels.lineWidth))
    canvas.stroke(majors, color: options.theme.graph.gridMajor, style: StrokeStyle(width: pixels.lineWidth))
    return step
  }

  /// Value labels 8 px from the region's left edge, the digits centred on the major lines, with
  /// the theme's soft shadow (Blender 3.4's: black, blurred 5×5, 1 px right and down). The
  /// baseline sits on a whole device pixel half the digit height below the line's centre, rounded
  /// down the picture: the digits straddle the line as in Blender's screenshots, and a minus sign,
  /// whose top is 0.06 em below a digit's middle, stays clear below the line.
  func valueLabels(_ canvas: any Canvas, step: Double) {
    let theme = options.theme.graph
    let style = TextStyle(size: Self.fontSize, color: theme.valueLabel, shadow: theme.valueLabelShadow)
    let pixels = DevicePixels(canvas)
    let half = canvas.fontMetrics.digitHeight(size: Self.fontSize) / 2
    let x = pixels.edge(main.minX + 8)
    // Blender draws the labels within its view's mask, which leaves out the scrollbar's band.
    let bottom = viewport.rect.maxY - (drawsScrollbars ? Scrollbars.width(scale: pixels.scale) : 0)
    for v in GridStep.lines(viewport.values, step: step) {
      let y = viewport.y(v)
      guard y - half - 1 > viewport.rect.minY, y + half + 1 < bottom else { continue }
      let baseline = pixels.edge(pixels.center(y) + half, .up)
      canvas.text(GridStep.label(v, step: step), at: Point(x, baseline), style: style, anchor: TextAnchor(.left, .baseline))
    }
  }

  /// Blender's 2D cursor: a horizontal line two pixel sizes wide centred on value 0, where it
  /// falls: Blender draws it as a smooth 2-px line in view space, so between pixel rows it
  /// shares itself between three (Blender's screenshots at 1.05: one full row and one at about
  /// two thirds for a line centred 0.75 px into a row).
  func cursorLine(_ canvas: any Canvas) {
    let y = viewport.y(0)
    guard y > viewport.rect.minY && y < viewport.rect.maxY else { return }
    let pixels = DevicePixels(canvas)
    let top = y - pixels.lineWidth
    canvas.fill(
      .rect(Rect(x: main.minX, y: top, width: main.width, height: 2 * pixels.lineWidth)),
      color: options.theme.graph.cursorLine)
  }

  // MARK: Curves

  /// The order curves are drawn in: unselected first, then selected ones, the active curve last
  /// in its pass (indices into `curves`).
  func drawingOrder() -> [Int] {
    curves.indices.sorted { a, b in
      let ka = (curves[a].track.selected ? 1 : 0, curves[a].track.active ? 1 : 0)
      let kb = (curves[b].track.selected ? 1 : 0, curves[b].track.active ? 1 : 0)
      return ka != kb ? ka < kb : a < b
    }
  }

  /// Curves with more keys than this in all have their paths built on every core.
  static let parallelPathKeys = 20_000

  /// The path of every curve, in `curves` order: built on every core for many keys (the
  /// canvas then only strokes), one after the other otherwise.
  func curvePaths(deviceScale: Double = 2) -> [Path] {
    let parallel = buildsInParallel
    let build = pathBuilder(deviceScale: deviceScale, parallel: parallel)
    return parallel ? Parallel.map(count: curves.count, build) : curves.indices.map(build)
  }

  /// Whether the curves' paths and layouts are made on every core: they hold many keys.
  var buildsInParallel: Bool {
    curves.count > 1 && curves.reduce(0) { $0 + $1.track.keyframes.count } > Self.parallelPathKeys
  }

  /// What builds the path of the curve of a given index in `curves` (`curvePaths`); the
  /// quaternions it shares worked out first, on every core with `parallel`.
  func pathBuilder(deviceScale: Double, parallel: Bool) -> @Sendable (Int) -> Path {
    let coupled = coupledSamples(parallel: parallel)
    return { [curves, viewport] i in
      CurvePath.path(
        curves[i].track, viewport: viewport, mapping: curves[i].mapping, deviceScale: deviceScale,
        sampledValues: coupled[i])
    }
  }

  /// The values at `CurvePath.sampleFrames(in:)` of each coupled quaternion component (`nil`
  /// for other curves): what `FCurve.values(at:)` gives, but each quaternion worked out once for
  /// its four components (W5's 400 components were each sampling their whole quaternion).
  func coupledSamples(parallel: Bool) -> [[Float]?] {
    var sets: [[Int]] = []
    var setOf: [String: Int] = [:]
    for (i, curve) in curves.enumerated() where curve.track.quaternion?.isCoupled == true {
      let key = "\(curve.channel.action) \(curve.track.dataPath)"
      // Components of one set carry the same four curves (`Action.coupled()`).
      if let k = setOf[key], curves[sets[k][0]].track.quaternion?.curves == curve.track.quaternion?.curves {
        sets[k].append(i)
      } else if setOf[key] == nil {
        setOf[key] = sets.count
        sets.append([i])
      } else {
        sets.append([i])
      }
    }
    var out = [[Float]?](repeating: nil, count: curves.count)
    guard !sets.isEmpty else { return out }
    let frames = CurvePath.sampleFrames(in: viewport)
    let work: @Sendable (Int) -> [SIMD4<Double>] = { [curves, sets] k in
      curves[sets[k][0]].track.quaternion!.quaternions(at: frames)
    }
    let quaternions = parallel && sets.count > 1 ? Parallel.map(count: sets.count, work) : sets.indices.map(work)
    for (k, set) in sets.enumerated() {
      for i in set {
        let c = Int(curves[i].track.quaternion!.component.rawValue)
        out[i] = quaternions[k].map { Float($0[c]) }
      }
    }
    return out
  }

  func drawCurve(_ canvas: any Canvas, _ curve: CurveLayout) {
    let theme = options.theme
    let track = curve.track
    let alpha = curve.alpha
    let color = (track.muted ? theme.graph.mutedCurve : curve.color).withAlpha(alpha)
    var style = StrokeStyle(width: curve.strokeWidth)
    if track.locked { style.dash = [16 * 0.35, 16 * 0.65] }
    if curve.isBanded {
      canvas.fill(rects: CurveBands.rects(curve.bands, scale: curve.pixels.scale), color: color)
    } else {
      canvas.stroke(curve.path, color: color, style: style)
    }
    drawEnvelopeControls(canvas, curve)
    let handles = curve.handles()
    if !handles.isEmpty { drawHandles(canvas, curve, handles) }
    drawKeys(canvas, curve)
  }

  /// As Blender, on the active curve whose keys an Envelope modifier hides, when that modifier
  /// is the active one: its reference band as two black dashed lines across the view
  /// (`referenceValue + defaultMin` and `+ defaultMax`) and each control point's `min` and `max`
  /// as white 2-px points.
  func drawEnvelopeControls(_ canvas: any Canvas, _ curve: CurveLayout) {
    let track = curve.track
    guard track.active, !track.keyframesUsable, let modifier = track.modifiers.first(where: \.active),
      case .envelope(let envelope) = modifier.kind
    else { return }
    let viewport = curve.viewport, pixels = curve.pixels
    let left = viewport.rect.minX, right = viewport.rect.maxX
    for level in [envelope.referenceValue + envelope.defaultMin, envelope.referenceValue + envelope.defaultMax] {
      let y = pixels.point(viewport.point(viewport.frames.lowerBound, curve.mapping.apply(Double(level)))).y
      canvas.stroke(
        .line(from: Point(left, y), to: Point(right, y)), color: Color(red: 0, green: 0, blue: 0),
        style: StrokeStyle(width: pixels.lineWidth, dash: [5, 5]))
    }
    // Points within 5 % of the view's width beyond its edges, as Blender culls them.
    let margin = 0.05 * (viewport.frames.upperBound - viewport.frames.lowerBound)
    var points: [Point] = []
    for point in envelope.controlPoints
    where Double(point.frame) >= viewport.frames.lowerBound - margin && Double(point.frame) <= viewport.frames.upperBound + margin {
      for value in [point.min, point.max] {
        points.append(pixels.point(viewport.point(Double(point.frame), curve.mapping.apply(Double(value)))))
      }
    }
    guard !points.isEmpty else { return }
    let square = Path.rect(Rect(x: -1, y: -1, width: 2, height: 2))
    canvas.markers(square, at: points, fill: Color(red: 1, green: 1, blue: 1), stroke: nil)
  }

  func handleColors(_ type: HandleType) -> ColorPair {
    let t = options.theme.graph
    switch type {
    case .free: return t.handleFree
    case .auto: return t.handleAuto
    case .vector: return t.handleVector
    case .aligned: return t.handleAligned
    case .autoClamped: return t.handleAutoClamped
    }
  }

  /// Handle lines (by type and selection) and hollow ring vertices, where segments are Bézier.
  ///
  /// Both ends of a line lie on device pixel centres, as the key and ring drawn on them: a level
  /// handle is one row of pixels at full colour, not two half-lit ones.
  func drawHandles(_ canvas: any Canvas, _ curve: CurveLayout, _ handles: [HandleLayout]) {
    let keys = curve.track.keyframes
    let alpha = curve.alpha
    for handle in handles {
      let colors = handleColors(handle.type)
      let color = colors.color(selected: keys[handle.key].selected || handle.isSelected)
      canvas.stroke(
        .line(from: curve.keyCenter(handle.key), to: handle.end), color: color.withAlpha(alpha),
        style: StrokeStyle(width: curve.handleLineWidth))
    }
    let ring = Path.circle(center: .zero, radius: CurveLayout.handleRingRadius)
    let style = StrokeStyle(width: CurveLayout.handleRingWidth)
    for selected in [false, true] {
      let points = handles.filter { $0.isSelected == selected }.map(\.end)
      guard !points.isEmpty else { continue }
      let color = selected ? options.theme.graph.handleVertexSelected : options.theme.graph.handleVertex
      canvas.markers(ring, at: points, fill: nil, stroke: (color.withAlpha(alpha), style))
    }
  }

  /// Key vertices: unselected, then selected, then the active key.
  func drawKeys(_ canvas: any Canvas, _ curve: CurveLayout) {
    let theme = options.theme
    let track = curve.track
    let vertexAlpha = curve.vertexAlpha
    var unselected: [Point] = [], selected: [Point] = [], active: [Point] = []
    let keys = track.keyframes
    let samples = keys.sampled
    for i in keys.indices where !curve.leftOut.contains(i) {
      let p = curve.keyCenter(i)
      guard curve.showsVertex(at: p) else { continue }
      if i == curve.activeKey {
        active.append(p)
      } else if samples == nil && keys[i].selected {
        selected.append(p)
      } else {
        unselected.append(p)
      }
    }
    switch options.keyShape {
    case .round:
      let dot = Path.circle(center: .zero, radius: curve.vertexRadius)
      let base = track.locked ? theme.graph.mutedCurve : theme.graph.vertex
      canvas.markers(dot, at: unselected, fill: base.withAlpha(vertexAlpha), stroke: nil)
      canvas.markers(dot, at: selected, fill: (track.locked ? base : theme.graph.vertexSelected).withAlpha(vertexAlpha), stroke: nil)
      if let outline = theme.graph.vertexActiveOutline {
        // The same disc, its outer 1.5 px a ring: white on white would not show.
        let ring = Path.circle(center: .zero, radius: curve.vertexRadius - 0.75)
        canvas.markers(
          ring, at: active, fill: theme.graph.vertexActive.withAlpha(vertexAlpha),
          stroke: (outline.withAlpha(vertexAlpha), StrokeStyle(width: 1.5)))
      } else {
        canvas.markers(dot, at: active, fill: theme.graph.vertexActive.withAlpha(vertexAlpha), stroke: nil)
      }
    case .diamond:
      let r = curve.vertexRadius
      let diamond = Path.polygon([Point(0, -r), Point(r, 0), Point(0, r), Point(-r, 0)])
      let outline = (Color.black.withAlpha(0.8 * vertexAlpha), StrokeStyle(width: 1, join: .miter))
      canvas.markers(diamond, at: unselected, fill: curve.color.withAlpha(vertexAlpha), stroke: outline)
      canvas.markers(diamond, at: selected + active, fill: Color.white.withAlpha(vertexAlpha), stroke: outline)
    }
  }
}

extension GraphEditor: PlayheadLayered {
  public func drawStill(on canvas: any Canvas) {
    drawStill(layout(scale: canvas.deviceScale), on: canvas)
  }

  /// The still layer drawn from `layout` (laid out at the canvas's scale, and weighed first).
  package func drawStill(_ layout: GraphEditorLayout, on canvas: any Canvas) {
    EditorHeader.drawing(header, editorHeight: options.height, on: canvas) { draw(layout, on: canvas, playhead: nil) }
  }
  public func drawPlayhead(_ frame: Double, on canvas: any Canvas) {
    EditorHeader.below(header, editorHeight: options.height, on: canvas) {
      editorFrame(playhead: nil, scrollbars: scrollbars()).drawPlayhead(on: canvas, frame: frame)
    }
  }
}
