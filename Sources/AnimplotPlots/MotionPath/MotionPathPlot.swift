import AnimplotCanvas
import AnimplotCore
import AnimplotText

/// An object's motion path, drawn on any `Canvas` as Blender's Motion Paths show it in an
/// orthographic 3D view: a grid with the axes in Blender's colours, the trajectory as a smooth
/// curve through the samples (uniform Catmull-Rom, as cubic Béziers) coloured by speed, a dot
/// per sampled frame, the key frames as larger numbered dots, the current frame ringed, and a
/// legend of the speed ramp. Both axes have the same scale, fitted to the path with a margin.
public struct MotionPathPlot: Sendable {
  /// The space kept free around the path, logical pixels: left, top, right, bottom (room for
  /// the view's name at the top and the grid labels and legend at the bottom).
  static let insets = (left: 56.0, top: 64.0, right: 40.0, bottom: 64.0)
  /// Pixels below which a segment is drawn as a line, and within which successive samples of
  /// the same colour are merged: the curve stays within a third of a pixel of every sample.
  static let lineBelow = 1.0
  static let mergeWithin = 1.0 / 3
  /// Speed colours: the ramp is cut into this many steps, one stroke each.
  static let speedSteps = 48
  static let curveWidth = 2.0
  static let frameDotRadius = 1.5
  /// Pixels a frame's dot must be from both neighbours' to be drawn: closer dots would merge
  /// into a line over the curve and hide its colour, which shows the speed there instead.
  static let frameDotSpacing = 4.0
  /// The same for keys' dots (their diameter).
  static let keySpacing = 8.0
  static let keyRadius = 4.0
  static let currentRadius = 7.0
  static let fontSize = 11.0

  public let options: MotionPathOptions
  /// One object's path in the picture: its samples, the current frame on it and its name.
  public struct Trace: Sendable {
    public let path: MotionPath
    public let current: MotionPath.Key?
    public let name: String

    public init(path: MotionPath, current: MotionPath.Key?, name: String) {
      self.path = path
      self.current = current
      self.name = name
    }
  }
  /// Every object's path, in the order drawn (a file of several animated objects shows them
  /// all in one view, each named at its start).
  public let traces: [Trace]
  /// The samples drawn (of the first object).
  public var path: MotionPath { traces[0].path }
  /// The current frame and the location there, when it is within the sampled frames (of the
  /// first object).
  public var current: MotionPath.Key? { traces[0].current }
  /// The objects' names, shown under the view's name.
  public let name: String
  /// The mapping from the plane (horizontal coordinate as `frames`, vertical as `values`) to
  /// the picture: the same number of pixels per unit across and up.
  public let viewport: Viewport
  /// The slowest and fastest speed between samples, units per frame (`nil` for one sample).
  public let speedRange: ClosedRange<Double>?

  /// Samples `action`'s location as `options` ask and lays the picture out: every object the
  /// action moves (`ObjectChannels`) with a location channel.
  /// - Throws: `MotionPath.Problem` when there is no location channel, or too many frames.
  public init(action: Action, options: MotionPathOptions = MotionPathOptions()) throws(MotionPath.Problem) {
    try self.init(objects: ObjectChannels.of([action]), options: options)
  }

  /// Samples the location of every object of `objects` that has a location channel and lays
  /// the picture out, all of them in one view. Where none has one but some turn or scale,
  /// those are drawn where they stay, at the origin (as Blender draws a still object's path).
  /// - Throws: `MotionPath.Problem` when none has a transform channel, or too many frames.
  public init(objects: [ObjectChannels], options: MotionPathOptions = MotionPathOptions()) throws(MotionPath.Problem) {
    var traced = objects.filter(\.hasLocation)
    if traced.isEmpty { traced = objects.filter(\.hasTransform) }
    guard !traced.isEmpty else { throw .noLocationChannels }
    try MotionPath.checkSamples(of: traced, range: options.frames, step: options.step)
    var traces: [Trace] = []
    for object in traced {
      let action = object.action
      let path = try MotionPath(action: action, range: options.frames, step: options.step, requiringLocation: false)
      var current: MotionPath.Key?
      if let frame = options.currentFrame ?? action.currentFrame, let first = path.frames.first,
        let last = path.frames.last, frame >= first, frame <= last
      {
        let channels = MotionPath.locationChannels(of: action)
        let p = channels.map { $0?.value(at: Float(frame)) ?? 0 }
        current = MotionPath.Key(frame: frame, position: SIMD3(p[0], p[1], p[2]))
      }
      traces.append(Trace(path: path, current: current, name: object.name))
    }
    self.init(traces: traces, options: options, viewport: Self.fit(traces.map(\.path), options: options))
  }

  /// Lays out `path` (sampled already) with `current` marked.
  public init(path: MotionPath, current: MotionPath.Key?, name: String, options: MotionPathOptions) {
    self.init(path: path, current: current, name: name, options: options, viewport: Self.fit([path], options: options))
  }

  /// Lays out `path` in a given `view` (the preview stage fits its shapes too).
  init(path: MotionPath, current: MotionPath.Key?, name: String, options: MotionPathOptions, viewport: Viewport) {
    self.init(traces: [Trace(path: path, current: current, name: name)], options: options, viewport: viewport)
  }

  /// Lays out `traces` (at least one) in a given `view`.
  init(traces: [Trace], options: MotionPathOptions, viewport: Viewport) {
    precondition(!traces.isEmpty, "a motion path picture shows at least one path")
    self.options = options
    self.traces = traces
    self.name = Self.names(traces.map(\.name))
    let finite = traces.flatMap { $0.path.speeds.filter(\.isFinite) }
    speedRange = finite.min().map { $0...finite.max()! }
    self.viewport = viewport
  }

  /// The objects' names for the title: all of them up to four, else the first three and how
  /// many more.
  static func names(_ names: [String]) -> String {
    names.count <= 4 ? names.joined(separator: ", ") : names.prefix(3).joined(separator: ", ") + " and \(names.count - 3) more"
  }

  /// Whether the title's second line (`(frame) object`) is drawn; the preview stage draws it
  /// with each frame instead.
  var drawsObjectLine = true

  /// The view with equal scales that holds every sample within the insets, centred, 5 % of the
  /// larger span free on each side. A path that does not move in one direction is fitted by
  /// the other; one that does not move at all shows two units around it.
  static func fit(_ paths: [MotionPath], options: MotionPathOptions) -> Viewport {
    var hLo = Double.infinity, hHi = -Double.infinity, vLo = Double.infinity, vHi = -Double.infinity
    for path in paths {
      let (h, v) = path.projected(onto: options.plane)
      for i in h.indices {
        hLo = min(hLo, h[i]); hHi = max(hHi, h[i])
        vLo = min(vLo, v[i]); vHi = max(vHi, v[i])
      }
    }
    guard hLo <= hHi, vLo <= vHi else { return fit(horizontal: 0...0, vertical: 0...0, options: options) }
    return fit(horizontal: hLo...hHi, vertical: vLo...vHi, options: options)
  }

  /// The view with equal scales that holds `horizontal` × `vertical` (plane units) within the
  /// insets, as `fit(_:options:)` does for a path.
  static func fit(horizontal: ClosedRange<Double>, vertical: ClosedRange<Double>, options: MotionPathOptions) -> Viewport {
    var (hLo, hHi, vLo, vHi) = (horizontal.lowerBound, horizontal.upperBound, vertical.lowerBound, vertical.upperBound)
    if !(hLo <= hHi && hLo.isFinite && hHi.isFinite && vLo.isFinite && vHi.isFinite) { (hLo, hHi, vLo, vHi) = (0, 0, 0, 0) }
    let inner = Rect(
      x: insets.left, y: insets.top, width: max(1, options.width - insets.left - insets.right),
      height: max(1, options.height - insets.top - insets.bottom))
    let span = max(hHi - hLo, vHi - vLo)
    let margin = span > 0 ? span * 0.05 : 1
    let hSpan = hHi - hLo + 2 * margin, vSpan = vHi - vLo + 2 * margin
    var scale = min(inner.width / hSpan, inner.height / vSpan)
    if !(scale.isFinite && scale > 0) { scale = 1 }
    let hMid = hLo / 2 + hHi / 2, vMid = vLo / 2 + vHi / 2
    let left = hMid - (inner.midX) / scale
    let bottom = vMid - (options.height - inner.midY) / scale
    return Viewport(
      frames: left...(left + options.width / scale), values: bottom...(bottom + options.height / scale),
      rect: Rect(x: 0, y: 0, width: options.width, height: options.height))
  }

  /// Blender's name of the orthographic view looking at `plane`.
  public static func viewName(_ plane: ProjectionPlane) -> String {
    switch plane {
    case .xz: "Front Orthographic"
    case .xy: "Top Orthographic"
    case .yz: "Right Orthographic"
    }
  }

  /// Draws the picture on `canvas`.
  public func draw(on canvas: any Canvas) {
    let colors = options.theme.view3D
    let rect = viewport.rect
    canvas.save()
    canvas.clip(to: rect)
    canvas.fill(.rect(rect), color: colors.background)
    drawGrid(canvas, colors)
    for trace in traces.indices {
      let points = pixelPoints(trace)
      drawCurve(canvas, colors, points, trace)
      // A dot per sampled frame (the backend stamps them).
      canvas.markers(
        .circle(center: .zero, radius: Self.frameDotRadius),
        at: Self.distinct(Self.standingApart(points, by: Self.frameDotSpacing)), fill: colors.frameDot, stroke: nil)
    }
    // Then the keys and the current frames, and each object's name where several are drawn.
    var placed = LabelSpace(cell: 64)
    for trace in traces.indices { drawKeys(canvas, colors, trace, &placed) }
    for trace in traces.indices { drawCurrent(canvas, colors, trace) }
    if traces.count > 1 { drawNames(canvas, colors, &placed) }
    drawTitle(canvas, colors)
    drawLegend(canvas, colors)
    canvas.restore()
  }

  /// The samples in pixels (of the first object, or of `trace`).
  func pixelPoints(_ trace: Int = 0) -> [Point] {
    let (h, v) = traces[trace].path.projected(onto: options.plane)
    return h.indices.map { viewport.point(h[$0], v[$0]) }
  }

  func point(_ position: SIMD3<Float>) -> Point {
    let (h, v) = options.plane.axes
    return viewport.point(Double(position[h]), Double(position[v]))
  }

  /// The points at least `spacing` pixels from the points before and after them; the first
  /// and the last are always kept.
  static func standingApart(_ points: [Point], by spacing: Double) -> [Point] {
    let n = points.count
    func apart(_ i: Int, _ j: Int) -> Bool {
      let dx = points[i].x - points[j].x, dy = points[i].y - points[j].y
      return !(dx * dx + dy * dy < spacing * spacing)
    }
    return points.indices.filter { i in
      i == 0 || i == n - 1 || (apart(i, i - 1) && apart(i, i + 1))
    }.map { points[$0] }
  }

  /// `points` without those that fall on a point already listed (to a quarter pixel): a path
  /// that retraces itself stamps each dot once.
  static func distinct(_ points: [Point]) -> [Point] {
    var seen = Set<SIMD2<Int64>>()
    seen.reserveCapacity(points.count)
    var out: [Point] = []
    out.reserveCapacity(points.count)
    for p in points {
      guard p.x.isFinite, p.y.isFinite, abs(p.x) < 1e12, abs(p.y) < 1e12 else { continue }
      if seen.insert(SIMD2(Int64((p.x * 4).rounded()), Int64((p.y * 4).rounded()))).inserted { out.append(p) }
    }
    return out
  }

  // MARK: Grid

  /// The 1-2-5 step whose lines are at least `GridStep.minimumSpacing` apart at `pixelsPerUnit`.
  static func gridStep(pixelsPerUnit: Double) -> Double {
    let wanted = GridStep.minimumSpacing / pixelsPerUnit
    guard wanted.isFinite, wanted > 0 else { return .infinity }
    var decade = 1.0
    while decade > wanted { decade /= 10 }
    while decade * 10 <= wanted { decade *= 10 }
    for m in [1.0, 2, 5, 10] where m * decade >= wanted { return m * decade }
    return 10 * decade
  }

  /// `value` labelled for a grid of `step`: as many decimals as the step needs.
  static func label(_ value: Double, step: Double) -> String {
    var decimals = 0
    var s = step
    while s < 0.999_999, decimals < 9 {
      s *= 10
      decimals += 1
    }
    if decimals == 0 { return GridStep.wholeNumber(value.rounded()) }
    return formatNumber(value, decimals: decimals)
  }

  func drawGrid(_ canvas: any Canvas, _ colors: View3DColors) {
    let step = Self.gridStep(pixelsPerUnit: viewport.pixelsPerFrame)
    let hLines = GridStep.lines(viewport.frames, step: step)
    let vLines = GridStep.lines(viewport.values, step: step)
    let rect = viewport.rect
    let thin = StrokeStyle(width: 1)
    func lines(_ h: [Double], _ v: [Double]) -> Path {
      var path = Path()
      for x in h {
        let px = viewport.x(x).rounded() + 0.5
        path.move(to: Point(px, rect.minY))
        path.line(to: Point(px, rect.maxY))
      }
      for y in v {
        let py = viewport.y(y).rounded() + 0.5
        path.move(to: Point(rect.minX, py))
        path.line(to: Point(rect.maxX, py))
      }
      return path
    }
    canvas.stroke(
      lines(GridStep.lines(viewport.frames, step: step, offset: step / 2), GridStep.lines(viewport.values, step: step, offset: step / 2)),
      color: colors.gridMinor, style: thin)
    canvas.stroke(lines(hLines, vLines), color: colors.gridMajor, style: thin)

    // The axes through the origin, each in the colour of the axis it runs along.
    let (hAxis, vAxis) = options.plane.axes
    let (hName, vName) = options.plane.axisNames
    let axisStyle = StrokeStyle(width: 1.5)
    if viewport.values.contains(0) {
      let y = viewport.y(0).rounded()
      canvas.stroke(.line(from: Point(rect.minX, y), to: Point(rect.maxX, y)), color: colors.axisColor(hAxis), style: axisStyle)
    }
    if viewport.frames.contains(0) {
      let x = viewport.x(0).rounded()
      canvas.stroke(.line(from: Point(x, rect.minY), to: Point(x, rect.maxY)), color: colors.axisColor(vAxis), style: axisStyle)
    }

    // Values of the major lines: across along the bottom, ended by the axis's name in its
    // colour; up along the left, under the axis's name.
    let text = TextStyle(size: Self.fontSize, color: colors.text)
    let bottom = rect.maxY - 10
    canvas.text(
      hName, at: Point(rect.maxX - 12, bottom), style: TextStyle(size: Self.fontSize + 1, color: colors.axisColor(hAxis)),
      anchor: TextAnchor(.right, .baseline))
    for x in hLines {
      let px = viewport.x(x)
      guard px > rect.minX + 40 && px < rect.maxX - 40 else { continue }
      canvas.text(Self.label(x, step: step), at: Point(px, bottom), style: text, anchor: TextAnchor(.center, .baseline))
    }
    let nameY = rect.minY + Self.insets.top + 6
    canvas.text(
      vName, at: Point(rect.minX + 8, nameY), style: TextStyle(size: Self.fontSize + 1, color: colors.axisColor(vAxis)),
      anchor: TextAnchor(.left, .middle))
    for y in vLines {
      let py = viewport.y(y)
      guard py > nameY + 16 && py < rect.maxY - 30 else { continue }
      canvas.text(Self.label(y, step: step), at: Point(rect.minX + 8, py), style: text, anchor: TextAnchor(.left, .middle))
    }
  }

  // MARK: Curve

  /// The speed step (0 ..< `speedSteps`) of each segment.
  func speedSteps(_ trace: Int = 0) -> [Int] {
    guard let range = speedRange else { return [] }
    let span = range.upperBound - range.lowerBound
    let n = Self.speedSteps
    return traces[trace].path.speeds.map { s in
      guard s.isFinite, span > 0 else { return span > 0 ? n - 1 : n / 2 }
      return min(n - 1, Int((s - range.lowerBound) / span * Double(n)))
    }
  }

  /// The colour of speed step `step`: the ramp at the middle of the step.
  func color(ofStep step: Int, _ colors: View3DColors) -> Color {
    colors.speedColor((Double(step) + 0.5) / Double(Self.speedSteps))
  }

  /// The trajectory through `points`: uniform Catmull-Rom segments as cubic Béziers (the tangent
  /// at a sample is half the chord between its neighbours, one-sided at the ends), one path per
  /// speed step. Consecutive segments of one step join into one subpath. Where samples crowd
  /// (a segment under a pixel), segments are lines, and samples within a third of a pixel of the
  /// last one drawn are merged into the next: a path of 100,000 samples across a few hundred
  /// pixels costs a stroke of a few thousand points.
  func curvePaths(_ points: [Point], _ trace: Int = 0) -> [(step: Int, path: Path)] {
    let n = points.count
    guard n >= 2 else { return [] }
    let steps = speedSteps(trace)
    var paths = [Path](repeating: Path(), count: Self.speedSteps)
    func tangent(_ i: Int) -> Point {
      let a = points[max(0, i - 1)], b = points[min(n - 1, i + 1)]
      let d = (i == 0 || i == n - 1) ? 1.0 : 0.5
      return Point((b.x - a.x) * d, (b.y - a.y) * d)
    }
    var runStep = -1
    var last = points[0]  // the last point drawn in the current run
    // Segments drawn, to an eighth of a pixel, either way: a path that retraces itself (a
    // cyclic action over a long range, a ping-pong) draws each segment once.
    var drawn = Set<SIMD4<Int32>>()
    func quantized(_ p: Point) -> (Int32, Int32)? {
      let x = (p.x * 8).rounded(), y = (p.y * 8).rounded()
      guard abs(x) < 2e9, abs(y) < 2e9 else { return nil }
      return (Int32(x), Int32(y))
    }
    for i in 0..<(n - 1) {
      let a = points[i], b = points[i + 1]
      guard let qa = quantized(a), let qb = quantized(b) else {
        runStep = -1
        continue
      }
      let step = steps[i]
      let key = qa < qb ? SIMD4(qa.0, qa.1, qb.0, qb.1) : SIMD4(qb.0, qb.1, qa.0, qa.1)
      if last == a, !drawn.insert(key).inserted {
        // Skipped, but followed: the next segment starts where this one ends, and is looked up
        // too (a path retracing one loop a million times draws it once).
        runStep = -1
        last = b
        continue
      }
      if step != runStep {
        paths[step].move(to: a)
        runStep = step
        last = a
      }
      let dx = b.x - last.x, dy = b.y - last.y
      let gap = (dx * dx + dy * dy).squareRoot()
      let endOfRun = i == n - 2 || steps[i + 1] != step
      if gap < Self.mergeWithin && !endOfRun { continue }
      let chordX = b.x - a.x, chordY = b.y - a.y
      if last != a || (chordX * chordX + chordY * chordY) < Self.lineBelow * Self.lineBelow {
        paths[step].line(to: b)
      } else {
        let ta = tangent(i), tb = tangent(i + 1)
        paths[step].curve(
          to: b, control1: Point(a.x + ta.x / 3, a.y + ta.y / 3), control2: Point(b.x - tb.x / 3, b.y - tb.y / 3))
      }
      last = b
    }
    return paths.indices.filter { !paths[$0].elements.isEmpty }.map { ($0, paths[$0]) }
  }

  /// The path elements the trajectories' strokes hold once merged and retraced segments are
  /// left out: what drawing them costs (a chaotic path of millions of samples draws millions).
  package var drawnElementCount: Int {
    traces.indices.reduce(0) { total, t in
      total + curvePaths(pixelPoints(t), t).reduce(0) { $0 + $1.path.elements.count }
    }
  }

  func drawCurve(_ canvas: any Canvas, _ colors: View3DColors, _ points: [Point], _ trace: Int = 0) {
    let style = StrokeStyle(width: Self.curveWidth, cap: .round, join: .round)
    for (step, path) in curvePaths(points, trace) {
      canvas.stroke(path, color: color(ofStep: step, colors), style: style)
    }
  }

  // MARK: Keys, current frame, texts

  /// Pixels a key must be from the keys before and after it to be numbered.
  static let labelSpacing = 12.0

  /// The key frames' dots where a key stands apart from its neighbours (the first and last
  /// always), and their frame numbers where they stand farther apart and overlap no number
  /// already written.
  func drawKeys(_ canvas: any Canvas, _ colors: View3DColors, _ trace: Int, _ placed: inout LabelSpace) {
    let path = traces[trace].path
    guard !path.keys.isEmpty else { return }
    let points = path.keys.map { point($0.position) }
    let dots = Self.distinct(Self.standingApart(points, by: Self.keySpacing))
    canvas.markers(.circle(center: .zero, radius: Self.keyRadius + 1), at: dots, fill: colors.keyOutline, stroke: nil)
    canvas.markers(.circle(center: .zero, radius: Self.keyRadius), at: dots, fill: colors.key, stroke: nil)
    let metrics = canvas.fontMetrics
    let ascent = metrics.ascent(size: Self.fontSize)
    let bounds = viewport.rect
    func apart(_ i: Int, _ j: Int) -> Bool {
      guard i != 0, i != points.count - 1 else { return true }
      let dx = points[i].x - points[j].x, dy = points[i].y - points[j].y
      return dx * dx + dy * dy >= Self.labelSpacing * Self.labelSpacing
    }
    for (i, p) in points.enumerated() where bounds.contains(p) && apart(i, i - 1) && apart(i, i + 1) {
      let text = formatNumber(path.keys[i].frame)
      let width = metrics.width(of: text, size: Self.fontSize)
      let box = Rect(x: p.x + 5, y: p.y - 6 - ascent, width: width + 4, height: ascent + 3)
      guard box.maxX <= bounds.maxX, box.minY >= bounds.minY, !placed.occupied(box) else { continue }
      placed.insert(box)
      canvas.text(
        text, at: Point(box.minX + 2, box.maxY - 2), style: TextStyle(size: Self.fontSize, color: colors.text),
        anchor: TextAnchor(.left, .baseline))
    }
  }

  func drawCurrent(_ canvas: any Canvas, _ colors: View3DColors, _ trace: Int) {
    guard let current = traces[trace].current else { return }
    let p = point(current.position)
    guard p.x.isFinite, p.y.isFinite else { return }
    canvas.stroke(
      .circle(center: p, radius: Self.currentRadius), color: colors.currentFrame, style: StrokeStyle(width: 2))
  }

  /// Each object's name beside its path's first sample (where several are drawn), where it
  /// overlaps no frame number or name already written.
  func drawNames(_ canvas: any Canvas, _ colors: View3DColors, _ placed: inout LabelSpace) {
    let metrics = canvas.fontMetrics
    let ascent = metrics.ascent(size: Self.fontSize)
    for trace in traces {
      guard let first = trace.path.positions.first else { continue }
      let p = point(first)
      guard p.x.isFinite, p.y.isFinite else { continue }
      let width = metrics.width(of: trace.name, size: Self.fontSize)
      for box in [
        Rect(x: p.x - width - 10, y: p.y + 6, width: width + 4, height: ascent + 3),
        Rect(x: p.x + 6, y: p.y + 6, width: width + 4, height: ascent + 3),
        Rect(x: p.x - width - 10, y: p.y - 9 - ascent, width: width + 4, height: ascent + 3),
      ] where viewport.rect.contains(Point(box.minX, box.minY)) && viewport.rect.contains(Point(box.maxX, box.maxY)) && !placed.occupied(box) {
        placed.insert(box)
        canvas.text(
          trace.name, at: Point(box.minX + 2, box.maxY - 2), style: TextStyle(size: Self.fontSize, color: colors.text),
          anchor: TextAnchor(.left, .baseline))
        break
      }
    }
  }

  /// Blender's viewport text: the view's name and `(frame) object`.
  func drawTitle(_ canvas: any Canvas, _ colors: View3DColors) {
    let style = TextStyle(size: Self.fontSize + 1, color: colors.text)
    canvas.text(Self.viewName(options.plane), at: Point(14, 22), style: style, anchor: TextAnchor(.left, .baseline))
    guard drawsObjectLine else { return }
    drawObjectLine(canvas, colors, frame: current?.frame)
  }

  /// The title's second line: `(frame) object`.
  func drawObjectLine(_ canvas: any Canvas, _ colors: View3DColors, frame: Double?) {
    let style = TextStyle(size: Self.fontSize + 1, color: colors.text)
    let prefix = frame.map { "(" + formatNumber($0) + ") " } ?? ""
    canvas.text(prefix + name, at: Point(14, 40), style: style, anchor: TextAnchor(.left, .baseline))
  }

  /// The speed ramp at the bottom right, slowest to fastest, in units per frame.
  func drawLegend(_ canvas: any Canvas, _ colors: View3DColors) {
    guard let range = speedRange else { return }
    let width = 190.0, height = 46.0
    let box = Rect(x: viewport.rect.maxX - width - 12, y: 10, width: width, height: height)
    guard box.minX > 260 else { return }
    canvas.fill(.roundedRect(box, radius: 4), color: colors.legendBackground)
    let style = TextStyle(size: Self.fontSize, color: colors.text)
    canvas.text("Speed (units/frame)", at: Point(box.minX + 10, box.minY + 15), style: style, anchor: TextAnchor(.left, .baseline))
    let bar = Rect(x: box.minX + 10, y: box.minY + 21, width: width - 20, height: 7)
    for step in 0..<Self.speedSteps {
      let x0 = bar.minX + bar.width * Double(step) / Double(Self.speedSteps)
      let x1 = bar.minX + bar.width * Double(step + 1) / Double(Self.speedSteps)
      canvas.fill(.rect(Rect(x: x0, y: bar.minY, width: x1 - x0, height: bar.height)), color: color(ofStep: step, colors))
    }
    canvas.text(
      Self.significant(range.lowerBound), at: Point(bar.minX, box.maxY - 5), style: style,
      anchor: TextAnchor(.left, .baseline))
    canvas.text(
      Self.significant(range.upperBound), at: Point(bar.maxX, box.maxY - 5), style: style,
      anchor: TextAnchor(.right, .baseline))
  }

  /// `value` to three significant digits (`0.0123`, `4.56`, `789`, `12346`).
  static func significant(_ value: Double) -> String {
    guard value.isFinite, value != 0 else { return value.isFinite ? "0" : formatNumber(value) }
    var decimals = 2
    var m = abs(value)
    while m >= 10, decimals > 0 {
      m /= 10
      decimals -= 1
    }
    while m < 1, decimals < 12 {
      m *= 10
      decimals += 1
    }
    return formatNumber(value, decimals: decimals)
  }
}

/// Rectangles already taken by labels, bucketed in square cells for a quick overlap test.
struct LabelSpace {
  let cell: Double
  private var buckets: [SIMD2<Int>: [Rect]] = [:]

  init(cell: Double) { self.cell = cell }

  private func cells(_ r: Rect) -> [SIMD2<Int>] {
    let x0 = Int((r.minX / cell).rounded(.down)), x1 = Int((r.maxX / cell).rounded(.down))
    let y0 = Int((r.minY / cell).rounded(.down)), y1 = Int((r.maxY / cell).rounded(.down))
    var out: [SIMD2<Int>] = []
    for x in x0...x1 { for y in y0...y1 { out.append(SIMD2(x, y)) } }
    return out
  }

  func occupied(_ r: Rect) -> Bool {
    cells(r).contains { c in
      buckets[c]?.contains { $0.minX < r.maxX && r.minX < $0.maxX && $0.minY < r.maxY && r.minY < $0.maxY } ?? false
    }
  }

  mutating func insert(_ r: Rect) {
    for c in cells(r) { buckets[c, default: []].append(r) }
  }
}
