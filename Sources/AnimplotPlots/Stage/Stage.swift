import AnimplotCanvas
import AnimplotCore

/// What `animplot preview` shows: a 2-D stage where an action's transform moves a shape.
public struct StageOptions: Sendable, Hashable {
  /// The viewport and motion path behind the shape: size, theme, plane, the frames sampled
  /// (and played: an animation shows the path's frames) and the frame a still picture shows.
  public var view = MotionPathOptions()
  /// The shape's outline, closed, in shape units (y down), centred on the origin: a 1×1 box
  /// is one unit of the scene wide at scale 1 (`size` scales it).
  public var shape: [Point] = StageOptions.square
  /// Scene units the shape's unit spans.
  public var size: Double = 1

  public init() {}

  /// A unit square around the origin.
  public static let square = [Point(-0.5, -0.5), Point(0.5, -0.5), Point(0.5, 0.5), Point(-0.5, 0.5)]
}

/// A 2-D stage where an action's location, rotation, scale and opacity (`TransformChannels`)
/// move a shape, seen in one of Blender's orthographic views, with the object's motion path
/// behind it: the still layer is the viewport with the path (`MotionPathPlot`), the frame's
/// layer the shape where the action puts it at that frame and the `(frame) object` line.
public struct Stage: Sendable {
  public let options: StageOptions
  /// The transform channels of the first object moved.
  public var channels: TransformChannels { moved[0].channels }
  /// Every object moved, in the order drawn: its name and transform channels.
  public let moved: [(name: String, channels: TransformChannels)]
  let plot: MotionPathPlot
  /// Each object's largest shape box, square scene units: the box of the shape's corners
  /// where the fit placed it (`shapePixels`).
  let shapeBoxes: [Double]
  /// The frames the path samples.
  public var frames: [Double] { plot.path.frames }

  /// Lays the stage out for `action` (handles already recalculated): every object it moves.
  /// - Throws: `MotionPath.Problem` when the action has no transform channel, or the frames
  ///   are too many or not finite.
  public init(action: Action, options: StageOptions = StageOptions()) throws(MotionPath.Problem) {
    try self.init(objects: ObjectChannels.of([action]), options: options)
  }

  /// Lays the stage out for every object of `objects` that a transform channel moves, each its
  /// own shape and path in one view.
  /// - Throws: `MotionPath.Problem` when no object has a transform channel, or the frames
  ///   are too many or not finite.
  public init(objects: [ObjectChannels], options: StageOptions = StageOptions()) throws(MotionPath.Problem) {
    self.options = options
    let objects = objects.filter(\.hasTransform)
    guard let firstObject = objects.first else { throw .noTransformChannels }
    moved = objects.map { ($0.name, $0.transform) }
    try MotionPath.checkSamples(of: objects, range: options.view.frames, step: options.view.step)
    // Fit the paths and the shape's box at every sample (a turned or scaled shape included).
    var hLo = Double.infinity, hHi = -Double.infinity, vLo = Double.infinity, vHi = -Double.infinity
    let shapeBox = Self.bounds(options.shape)
    let corners = [
      Point(shapeBox.minX, shapeBox.minY), Point(shapeBox.maxX, shapeBox.minY),
      Point(shapeBox.maxX, shapeBox.maxY), Point(shapeBox.minX, shapeBox.maxY),
    ]
    var traces: [MotionPathPlot.Trace] = []
    var boxes: [Double] = []
    for (object, (name, channels)) in zip(objects, moved) {
      // A stage without location channels has a path that stays at the origin.
      let path = try MotionPath(
        action: object.action, range: options.view.frames, step: options.view.step, requiringLocation: false)
      traces.append(MotionPathPlot.Trace(path: path, current: nil, name: name))
      // Every sample up to 20,000 of them, else every n-th, and every key of a transform
      // channel (where turns and sizes peak) within the frames.
      let samples = path.frames.count
      let stride = max(1, samples / (Self.maximumFitSamples / 2))
      var fitted = Swift.stride(from: 0, to: samples, by: stride).map { path.frames[$0] }
      if let first = path.frames.first, let last = path.frames.last {
        let all = channels.location + channels.euler + channels.quaternion + channels.scale
        for case let curve? in all {
          for key in curve.keyframes where Double(key.frame) >= first && Double(key.frame) <= last {
            fitted.append(Double(key.frame))
          }
        }
        fitted.append(last)
      }
      var largest = 0.0
      for frame in fitted {
        let t = channels.transform(at: frame).planeTransform(options.view.plane)
        var box = (hLo: Double.infinity, hHi: -Double.infinity, vLo: Double.infinity, vHi: -Double.infinity)
        for p in corners {
          let (h, v) = Self.apply(t, p, size: options.size)
          guard h.isFinite, v.isFinite else { continue }
          hLo = min(hLo, h); hHi = max(hHi, h)
          vLo = min(vLo, v); vHi = max(vHi, v)
          box = (min(box.hLo, h), max(box.hHi, h), min(box.vLo, v), max(box.vHi, v))
        }
        if box.hLo <= box.hHi && box.vLo <= box.vHi { largest = max(largest, (box.hHi - box.hLo) * (box.vHi - box.vLo)) }
      }
      boxes.append(largest)
    }
    shapeBoxes = boxes
    let viewport =
      hLo <= hHi && vLo <= vHi
      ? MotionPathPlot.fit(horizontal: hLo...hHi, vertical: vLo...vHi, options: options.view)
      : MotionPathPlot.fit(horizontal: 0...0, vertical: 0...0, options: options.view)
    var plot = MotionPathPlot(traces: traces, options: options.view, viewport: viewport)
    plot.drawsObjectLine = false
    self.plot = plot
    let action = firstObject.action
    defaultFrame = options.view.currentFrame ?? action.currentFrame ?? plot.path.frames.first ?? action.sceneRange.lowerBound
  }

  /// The frame a still picture shows.
  public let defaultFrame: Double

  /// The device pixels the shapes of `pictures` pictures at `scale` cover at most, all
  /// together: each object's shape at its largest box (of the frames the fit placed it at),
  /// at most the whole view, in every picture. Filling and outlining a shape costs its area.
  package func shapePixels(pictures: Int, scale: Double) -> Double {
    let view = plot.viewport.rect
    let origin = plot.viewport.point(0, 0), h = plot.viewport.point(1, 0), v = plot.viewport.point(0, 1)
    let pixelsPerSquareUnit = abs(h.x - origin.x) * abs(v.y - origin.y) * scale * scale
    let most = view.width * view.height * scale * scale
    let each = shapeBoxes.reduce(0.0) { sum, box in
      let pixels = box * pixelsPerSquareUnit
      return sum + (pixels.isFinite ? min(pixels, most) : most)
    }
    return each * Double(pictures)
  }

  /// The most samples of a path at which the stage's fit places the shape (every sample up to
  /// 20,000, else every n-th: fewer than 40,000), besides the keys and the last frame.
  package static let maximumFitSamples = 40_000

  /// A shape point (u, v; v down) of unit `size` through the plane transform `t`, as plane
  /// coordinates (v up).
  static func apply(_ t: (a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double), _ p: Point, size: Double)
    -> (Double, Double)
  {
    let u = p.x * size, v = -p.y * size
    return (t.a * u + t.c * v + t.tx, t.b * u + t.d * v + t.ty)
  }

  static func bounds(_ points: [Point]) -> Rect {
    guard let first = points.first else { return Rect(x: -0.5, y: -0.5, width: 1, height: 1) }
    var lo = first, hi = first
    for p in points {
      lo = Point(min(lo.x, p.x), min(lo.y, p.y))
      hi = Point(max(hi.x, p.x), max(hi.y, p.y))
    }
    return Rect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y)
  }

  /// The shape's outline at `frame`, in pixels (of the first object, or of `object`).
  public func outline(at frame: Double, object: Int = 0) -> [Point] {
    let t = moved[object].channels.transform(at: frame).planeTransform(options.view.plane)
    return options.shape.map { p in
      let (h, v) = Self.apply(t, p, size: options.size)
      return plot.viewport.point(h, v)
    }
  }

  /// Draws the stage with the shape at `frame`.
  public func draw(on canvas: any Canvas, frame: Double) {
    drawStill(on: canvas)
    drawPlayhead(frame, on: canvas)
  }

  /// Draws the stage at its default frame.
  public func draw(on canvas: any Canvas) { draw(on: canvas, frame: defaultFrame) }
}

extension Stage: PlayheadLayered {
  public var pictureSize: Size { Size(options.view.width, options.view.height) }

  /// The viewport, its grid and the motion path.
  public func drawStill(on canvas: any Canvas) { plot.draw(on: canvas) }

  /// The shape where the action puts it at `frame` (filled in the theme's shape colour at the
  /// object's opacity, outlined), and the `(frame) object` line.
  public func drawPlayhead(_ frame: Double, on canvas: any Canvas) {
    let colors = options.view.theme.view3D
    canvas.save()
    canvas.clip(to: plot.viewport.rect)
    for object in moved.indices { drawShape(object, frame, on: canvas, colors) }
    plot.drawObjectLine(canvas, colors, frame: frame)
    canvas.restore()
  }

  /// One object's shape at `frame`.
  func drawShape(_ object: Int, _ frame: Double, on canvas: any Canvas, _ colors: View3DColors) {
    let transform = moved[object].channels.transform(at: frame)
    let points = outline(at: frame, object: object)
    if points.allSatisfy({ $0.x.isFinite && $0.y.isFinite && abs($0.x) < 1e7 && abs($0.y) < 1e7 }) {
      let polygon = Path.polygon(points)
      canvas.fill(polygon, color: colors.shape.withAlpha(colors.shape.alpha * transform.opacity))
      canvas.stroke(
        polygon, color: colors.shapeOutline.withAlpha(colors.shapeOutline.alpha * max(transform.opacity, 0.25)),
        style: StrokeStyle(width: 1.5))
      // The object's origin, as Blender's orange dot.
      if let origin = outlineOrigin(frame, object: object) {
        canvas.fill(.circle(center: origin, radius: 2.5), color: colors.key)
      }
    }
  }

  func outlineOrigin(_ frame: Double, object: Int = 0) -> Point? {
    let l = moved[object].channels.transform(at: frame).location
    let (h, v) = options.view.plane.axes
    let p = plot.viewport.point(l[h], l[v])
    return p.x.isFinite && p.y.isFinite ? p : nil
  }
}
