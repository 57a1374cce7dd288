import AnimplotCanvas
import AnimplotCore
import RealModule

/// Blender 3.4's channel-list icons redrawn as small vector shapes (about 12 px, UI scale 1):
/// the disclosure triangle, the object and action icons, the pin and the visibility eye, and
/// the modifier, mute and lock toggles.
enum ChannelIcons {
  /// The disclosure triangle: pointing down when expanded, right when collapsed (fitted to
  /// Blender's screenshots at 1.05, `snapped` centre; the collapsed one the same triangle
  /// turned about its art's middle).
  static func disclosure(_ canvas: any Canvas, center c: Point, collapsed: Bool, color: Color) {
    let m = Point(c.x + 0.3, c.y)
    let half = 4.3, base = -3.19, tip = 3.05
    let points =
      collapsed
      ? [Point(m.x + base, m.y - half), Point(m.x + tip, m.y), Point(m.x + base, m.y + half)]
      : [Point(m.x - half, m.y + base), Point(m.x + half, m.y + base), Point(m.x, m.y + tip)]
    canvas.fill(.polygon(points), color: color)
  }

  /// Blender's action icon: two keys (diamonds, their points just rounded off) joined by a
  /// half-strength strip above a hollow key, in the list's text colour; the strip's ends curve
  /// around a gap left about each key (fitted to Blender's screenshots at 1.05, `snapped`
  /// centre).
  static func action(_ canvas: any Canvas, center c: Point, theme: Theme) {
    let color = theme.channelList.text
    let dx = 5.59, gap = 3.19, strip = 5.5
    let left = Point(c.x - dx, c.y - 4.31), right = Point(c.x + dx, c.y - 4.31)
    let angle = Double.asin(strip / 2 / gap), inset = (gap * gap - strip * strip / 4).squareRoot()
    let top = left.y - strip / 2, bottom = left.y + strip / 2
    var bar = Path()
    bar.move(to: Point(left.x + inset, top))
    bar.line(to: Point(right.x - inset, top))
    arc(&bar, { Point($0, $1) }, center: (right.x, right.y), radius: gap, from: .pi + angle, to: .pi - angle)
    bar.line(to: Point(left.x + inset, bottom))
    arc(&bar, { Point($0, $1) }, center: (left.x, left.y), radius: gap, from: angle, to: -angle)
    bar.close()
    canvas.fill(bar, color: color.withAlpha(0.475))
    // A diamond 2.65 from its middle to each point, cut by a circle of radius 2.5.
    let (diagonal, round) = (2.65, 2.5)
    let t = (diagonal - (2 * round * round - diagonal * diagonal).squareRoot()) / 2
    let cut = Double.atan2(y: t, x: diagonal - t)
    var dots = Path()
    for key in [left, right] {
      var points: [Point] = []
      for point in [-Double.pi / 2, 0, .pi / 2, .pi] {
        for a in [point - cut, point + cut] { points.append(Point(key.x + round * Double.cos(a), key.y + round * Double.sin(a))) }
      }
      dots.append(.polygon(points))
    }
    canvas.fill(dots, color: color)
    let d = 3.08, k = Point(c.x - 0.48, c.y + 3.71)
    canvas.stroke(
      .polygon([Point(k.x, k.y - d), Point(k.x + d, k.y), Point(k.x, k.y + d), Point(k.x - d, k.y)]),
      color: color, style: StrokeStyle(width: 0.9))
  }

  /// Where Blender's icon art lands on the device pixel grid: its middle on a pixel centre,
  /// in the column the nominal centre `x` falls in and in the pixel row that the row's exact
  /// middle `y` (`ChannelRows.middle`) falls in once raised 0.25 device px. Measured on the
  /// screenshots at 1.05: every toggle row's checkbox is 11 device px on whole pixels; this
  /// puts 29 of the 40 measured rows' boxes on Blender's pixel rows and the others one pixel
  /// off (Blender's icons drift against its rows by up to a pixel either way).
  static func snapped(_ p: Point, scale: Double) -> Point {
    Point(((p.x * scale).rounded(.down) + 0.5) / scale, ((p.y * scale - 0.25).rounded(.down) + 0.5) / scale)
  }

  /// The modifier toggle (on): an open-ended wrench, handle at the lower left, jaws at the
  /// upper right: a round head with a slot cut a little anticlockwise of the handle's axis,
  /// and a round-ended handle (fitted to Blender's screenshots at 1.05, `snapped` centre).
  static func wrench(_ canvas: any Canvas, center c: Point, color: Color) {
    let deg = Double.pi / 180
    let axis = 49 * deg, slotAxis = 44 * deg
    let headCenter = 7.33, head = 4.38, handle = 1.62, slot = 1.7, slotBottom = -0.38
    let origin = Point(c.x - 3.83, c.y + 4.6)
    // Along the handle's axis u (handle end → head), v across it.
    let (ux, uy) = (Double.cos(axis), -Double.sin(axis))
    func p(_ u: Double, _ v: Double) -> Point { Point(origin.x + u * ux - v * uy, origin.y + u * uy + v * ux) }
    let h = p(headCenter, 0)
    let phi = -slotAxis
    let (sx, sy) = (Double.cos(phi), Double.sin(phi))
    let half = Double.asin(slot / head)
    var path = Path()
    path.move(to: Point(h.x + head * Double.cos(phi + half), h.y + head * Double.sin(phi + half)))
    arc(&path, { Point($0, $1) }, center: (h.x, h.y), radius: head, from: phi + half, to: phi - half + 2 * .pi)
    path.line(to: Point(h.x + slotBottom * sx + slot * sy, h.y + slotBottom * sy - slot * sx))
    path.line(to: Point(h.x + slotBottom * sx - slot * sy, h.y + slotBottom * sy + slot * sx))
    path.close()
    path.append(.circle(center: p(0, 0), radius: handle))
    let neck = headCenter - head / 2
    path.append(clockwise([p(0, -handle), p(neck, -handle), p(neck, handle), p(0, handle)]))
    canvas.fill(path, color: color)
  }

  /// A circle turning anticlockwise on screen: filled together with a clockwise shape
  /// around it (non-zero winding), a hole.
  private static func hole(_ center: Point, _ radius: Double) -> Path {
    var path = Path()
    path.move(to: Point(center.x + radius, center.y))
    arc(&path, { Point($0, $1) }, center: (center.x, center.y), radius: radius, from: 0, to: -2 * .pi)
    path.close()
    return path
  }

  /// A polygon turning clockwise on screen (y downward), as `Path.circle` does: overlapping
  /// shapes filled together (non-zero winding) then add up instead of cutting holes.
  private static func clockwise(_ points: [Point]) -> Path {
    var area = 0.0
    for i in points.indices {
      let a = points[i], b = points[(i + 1) % points.count]
      area += a.x * b.y - b.x * a.y
    }
    return .polygon(area >= 0 ? points : points.reversed())
  }

  /// The mute toggle: a ticked box while the channel plays, an empty one when it is muted;
  /// 11 device px at 1.05 with the tick cut out of it (fitted to the screenshots, `snapped`
  /// centre).
  static func checkbox(_ canvas: any Canvas, center c: Point, checked: Bool, theme: Theme) {
    // At other scales the odd number of device pixels nearest 11 × widget unit / 21 (11 at 1,
    // 21 at 2), so that the box's edges lie on pixel edges about the snapped centre.
    let ui = BlenderUIScale(deviceScale: canvas.deviceScale)
    let side = 2 * ((ui.fromMeasuredAt105(11) - 1) / 2).rounded() + 1
    let half = side / 2 / ui.deviceScale
    let box = Rect(x: c.x - half, y: c.y - half, width: 2 * half, height: 2 * half)
    guard checked else {
      canvas.stroke(
        .roundedRect(box.insetBy(dx: 0.5, dy: 0.5), radius: 1.5), color: theme.channelList.toggle,
        style: StrokeStyle(width: 1))
      return
    }
    canvas.fill(.roundedRect(box, radius: 1.9), color: theme.channelList.toggle)
    canvas.stroke(
      .polyline([Point(c.x - 3.55, c.y - 0.72), Point(c.x - 1, c.y + 2), Point(c.x + 3.55, c.y - 2.7)]),
      color: theme.channelList.background, style: StrokeStyle(width: 2))
  }

  /// The lock toggle: an open padlock, dimmed, or a closed one with a solid body; the body
  /// 10 x 7 device px at 1.05 with 1-px sides, the open shackle swung to the left (fitted to the
  /// screenshots, `snapped` centre).
  static func padlock(_ canvas: any Canvas, center c: Point, locked: Bool, theme: Theme) {
    let color = locked ? theme.channelList.text : theme.channelList.text.withAlpha(0.74)
    let body = Rect(x: c.x - 1.03, y: c.y - 0.95, width: 9, height: 6.2)
    let keyhole = Rect(x: c.x + 2.98, y: c.y + 0.8, width: 1.05, height: 2.1)
    let line = StrokeStyle(width: 1)
    let radius = 3.0
    var shackle = Path()
    if locked {
      let m = body.midX, top = body.minY - 1.6
      shackle.move(to: Point(m - radius + 0.5, body.minY))
      shackle.line(to: Point(m - radius + 0.5, top))
      arc(&shackle, { Point($0, $1) }, center: (m, top), radius: radius - 0.5, from: .pi, to: 2 * .pi)
      shackle.line(to: Point(m + radius - 0.5, body.minY))
      canvas.stroke(shackle, color: color, style: line)
      canvas.fill(.rect(body), color: color)
      canvas.fill(.rect(keyhole), color: theme.channelList.background)
    } else {
      // Open: the shackle swung to the left, its free leg short.
      let m = c.x - 2.63, top = c.y - 2.6
      shackle.move(to: Point(m - radius, top + 1.25))
      shackle.line(to: Point(m - radius, top))
      arc(&shackle, { Point($0, $1) }, center: (m, top), radius: radius, from: .pi, to: 2 * .pi)
      shackle.line(to: Point(m + radius, body.minY + 0.2))
      canvas.stroke(shackle, color: color, style: line)
      canvas.stroke(.rect(body.insetBy(dx: 0.5, dy: 0.5)), color: color, style: line)
      canvas.fill(.rect(keyhole), color: color)
    }
  }

  /// The search field's magnifying glass: a thin ring and a handle to the lower left (fitted
  /// to Blender's screenshots at 1.05: the art's middle 0.85 px right of `c`).
  static func magnifier(_ canvas: any Canvas, center c: Point, color: Color) {
    let m = Point(c.x + 0.85, c.y + 0.1), s = 0.5.squareRoot()
    canvas.stroke(.circle(center: m, radius: 4.51), color: color, style: StrokeStyle(width: 0.99))
    canvas.stroke(
      .line(from: Point(m.x - 5.23 * s, m.y + 5.23 * s), to: Point(m.x - 12.28 * s, m.y + 12.28 * s)), color: color,
      style: StrokeStyle(width: 0.89, cap: .round))
  }

  /// A horizontal double-headed arrow: a thin shaft and round-jointed heads, its middle half a
  /// device pixel above the pixel centre `c` falls in (fitted to Blender's screenshots at 1.05).
  static func doubleArrow(_ canvas: any Canvas, center c: Point, color: Color, scale: Double) {
    let snapped = Point(((c.x * scale).rounded(.down) + 0.5) / scale, ((c.y * scale).rounded(.down) + 0.5) / scale)
    let m = Point(snapped.x, snapped.y - 0.46)
    let half = 6.55, head = 2.95, shaft = 1.1
    canvas.stroke(
      .line(from: Point(m.x - half + shaft / 2, m.y), to: Point(m.x + half - shaft / 2, m.y)), color: color,
      style: StrokeStyle(width: shaft))
    var heads = Path.polyline([
      Point(m.x - half + head, m.y - head), Point(m.x - half, m.y), Point(m.x - half + head, m.y + head),
    ])
    heads.append(
      .polyline([Point(m.x + half - head, m.y - head), Point(m.x + half, m.y), Point(m.x + half - head, m.y + head)]))
    canvas.stroke(heads, color: color, style: StrokeStyle(width: 1.18, cap: .round, join: .round))
  }

  /// The object row's icon by object type, as Blender's outliner icons read at this size: a
  /// mesh's triangle, a camera, an empty's axes, a light bulb, a bone; other types a small
  /// ring with a dot.
  static func object(_ canvas: any Canvas, _ type: ObjectType, center c: Point, color: Color) {
    // Types without a screenshot to fit keep to the fitted ones' weight: lines about 2 px.
    let line = StrokeStyle(width: 2, join: .round)
    switch type {
    case .mesh:
      // A down-pointing triangle with a thick rim: its top corners cut upright, its point
      // blunt, a triangular hole (fitted to Blender's screenshots at 1.05, `snapped` centre).
      let half = 6.57, top = c.y - 6.81, side = top + 2.96, bottom = c.y + 7.29, blunt = 0.8
      var mesh = Path.polygon([
        Point(c.x - half, top), Point(c.x + half, top), Point(c.x + half, side), Point(c.x + blunt, bottom),
        Point(c.x - blunt, bottom), Point(c.x - half, side),
      ])
      let hole = 3.17, holeTop = c.y - 3.7
      mesh.append(.polygon([Point(c.x - hole, holeTop), Point(c.x, c.y + 2.61), Point(c.x + hole, holeTop)]))
      canvas.fill(mesh, color: color)
    case .camera:
      // A film camera: two reels with holes (the front one smaller) on a flat-bottomed
      // strip, and below them the body with a lens cone at the right and a small stand at the
      // left (fitted to Blender's screenshots at 1.05, `snapped` centre).
      let front = Point(c.x - 4.77, c.y - 2.42), back = Point(c.x + 2.54, c.y - 3.23)
      let (frontRadius, frontHole, backRadius, backHole) = (3.29, 1.4, 4.53, 1.54)
      var camera = Path.circle(center: front, radius: frontRadius)
      camera.append(hole(front, frontHole))
      camera.append(.circle(center: back, radius: backRadius))
      camera.append(hole(back, backHole))
      camera.append(
        .polygon([
          Point(front.x, front.y + frontHole), Point(back.x, back.y + backHole), Point(back.x, back.y + backRadius),
          Point(front.x, front.y + frontRadius),
        ]))
      let body = Rect(x: c.x - 4.14, y: c.y + 2.33, width: 7.28, height: 5.01)
      camera.append(.rect(body))
      camera.append(.polygon([Point(c.x + 2.82, body.midY), Point(c.x + 7.14, body.minY), Point(c.x + 7.14, body.maxY)]))
      camera.append(.rect(Rect(x: c.x - 6.19, y: body.minY, width: 0.9, height: 2.91)))
      camera.append(.rect(Rect(x: c.x - 6.19, y: c.y + 3.31, width: 2.15, height: 1)))
      canvas.fill(camera, color: color)
    case .empty:
      // Three thick axes from one corner: up, right and toward the viewer (lower left), cut
      // square (fitted to Blender's screenshots at 1.05, `snapped` centre).
      let o = Point(c.x - 2.02, c.y + 1.78), width = 2.88, s = 0.5.squareRoot()
      var axes = Path.polyline([Point(o.x, o.y - 8.41), o, Point(o.x + 8.85, o.y)])
      axes.append(.line(from: Point(o.x + 0.3 * width, o.y), to: Point(o.x - 6.81 * s, o.y + 6.81 * s)))
      canvas.stroke(axes, color: color, style: StrokeStyle(width: width))
    case .light, .lightProbe:
      canvas.stroke(.circle(center: Point(c.x, c.y - 1.5), radius: 3.8), color: color, style: line)
      canvas.fill(.rect(Rect(x: c.x - 2, y: c.y + 3, width: 4, height: 2.5)), color: color)
    case .armature:
      var bone = Path.line(from: Point(c.x - 3.5, c.y + 3.5), to: Point(c.x + 3.5, c.y - 3.5))
      bone.append(.circle(center: Point(c.x - 4, c.y + 4), radius: 1.8))
      bone.append(.circle(center: Point(c.x + 4, c.y - 4), radius: 1.8))
      canvas.stroke(bone, color: color, style: line)
    default:
      canvas.stroke(.circle(center: c, radius: 4.8), color: color, style: line)
      canvas.fill(.circle(center: c, radius: 1.6), color: color)
    }
  }

  /// The pin toggle, unpinned: a push pin leaning 45° to the upper right, in outline: a long
  /// needle, a wide collar whose shoulders run about level and upright, and a narrower head
  /// (fitted to Blender's screenshots at 1.05, `snapped` centre).
  static func pin(_ canvas: any Canvas, center c: Point, color: Color) {
    let s = 0.5.squareRoot()
    // Along the pin's axis u (needle's point → head), v across it.
    func p(_ u: Double, _ v: Double) -> Point {
      Point(c.x - 6.27 + (u + v) * s, c.y + 6.27 + (v - u) * s)
    }
    let shoulder = 10.83, narrow = 2.21, head = 16.02
    var pin = Path.line(from: p(0, 0), to: p(6.79, 0))
    pin.append(
      .polygon([
        p(6.71, -5.03), p(6.86, 4.93), p(shoulder, narrow), p(head, narrow), p(head, -narrow), p(shoulder, -narrow),
      ]))
    canvas.stroke(pin, color: color, style: StrokeStyle(width: 0.9))
  }

  /// The visibility eye: open, an almond of two circular arcs with a round hole, lids thin at
  /// the top and bottom and thick at the pointed corners, and a round pupil; closed, the lower
  /// lid alone, dimmed (fitted to Blender's screenshots at 1.05, `snapped` centre: the art's
  /// middle half a device pixel up and right of it).
  static func eye(_ canvas: any Canvas, center c: Point, open: Bool, color: Color) {
    let m = Point(c.x + 0.44, c.y - 0.49)
    guard open else {
      let a = 5.4, b = 3.7
      let radius = (a * a + b * b) / (2 * b), half = Double.atan2(y: a, x: radius - b)
      var lid = Path()
      lid.move(to: Point(m.x + a, m.y - b / 2))
      arc(&lid, { Point($0, $1) }, center: (m.x, m.y - b / 2 - radius + b), radius: radius,
          from: .pi / 2 - half, to: .pi / 2 + half)
      canvas.stroke(lid, color: color.withAlpha(0.6), style: StrokeStyle(width: 1.49))
      return
    }
    let a = 6.21, b = 4.45
    let radius = (a * a + b * b) / (2 * b), half = Double.atan2(y: a, x: radius - b)
    var eye = Path()
    eye.move(to: Point(m.x - a, m.y))
    arc(&eye, { Point($0, $1) }, center: (m.x, m.y + radius - b), radius: radius,
        from: -.pi / 2 - half, to: -.pi / 2 + half)
    arc(&eye, { Point($0, $1) }, center: (m.x, m.y - radius + b), radius: radius,
        from: .pi / 2 - half, to: .pi / 2 + half)
    eye.close()
    // The hole: a near circle turning the other way (non-zero winding).
    var hole = Path()
    hole.move(to: Point(m.x + 3.6, m.y))
    arc(&hole, { Point(m.x + 3.6 * $0, m.y + 3.54 * $1) }, center: (0, 0), radius: 1, from: 0, to: -2 * .pi)
    hole.close()
    eye.append(hole)
    eye.append(.circle(center: m, radius: 1.53))
    canvas.fill(eye, color: color)
  }

  /// Appends a circular arc (angles in radians, y downward so positive angles turn clockwise on
  /// screen) as cubic segments of at most 90°, mapping each point through `map`.
  static func arc(
    _ path: inout Path, _ map: (Double, Double) -> Point, center: (Double, Double),
    radius: Double, from start: Double, to end: Double
  ) {
    let pieces = max(1, Int((abs(end - start) / (Double.pi / 2)).rounded(.up)))
    let step = (end - start) / Double(pieces)
    let k = 4.0 / 3 * Double.tan(step / 4)
    var a = start
    path.line(to: map(center.0 + radius * Double.cos(a), center.1 + radius * Double.sin(a)))
    for _ in 0..<pieces {
      let b = a + step
      let (ca, sa, cb, sb) = (Double.cos(a), Double.sin(a), Double.cos(b), Double.sin(b))
      path.curve(
        to: map(center.0 + radius * cb, center.1 + radius * sb),
        control1: map(center.0 + radius * (ca - k * sa), center.1 + radius * (sa + k * ca)),
        control2: map(center.0 + radius * (cb + k * sb), center.1 + radius * (sb - k * cb)))
      a = b
    }
  }
}
