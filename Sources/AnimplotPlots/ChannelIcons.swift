import AnimplotCanvas
import AnimplotCore
import RealModule

/// Blender 3.4's channel-list icons redrawn as small vector shapes (about 12 px, UI scale 1):
/// the disclosure triangle, the object and action icons, the pin and the visibility eye, and
/// the modifier, mute and lock toggles.
enum ChannelIcons {
  /// The disclosure triangle: pointing down when expanded, right when collapsed.
  static func disclosure(_ canvas: any Canvas, center c: Point, collapsed: Bool, color: Color) {
    let points =
      collapsed
      ? [Point(c.x - 3.2, c.y - 4.2), Point(c.x + 3, c.y), Point(c.x - 3.2, c.y + 4.2)]
      : [Point(c.x - 4.2, c.y - 3.2), Point(c.x + 4.2, c.y - 3.2), Point(c.x, c.y + 3)]
    canvas.fill(.polygon(points), color: color)
  }

  /// Blender's action icon: two keys joined by a half-strength strip above a hollow key, in the
  /// list's text colour; the strip's ends curve around a gap left about each key (fitted to
  /// Blender's screenshots at 1.05, `snapped` centre).
  static func action(_ canvas: any Canvas, center c: Point, theme: Theme) {
    let color = theme.channelList.text
    let dx = 5.49, dot = 2.19, gap = 3.04, strip = 5.4
    let left = Point(c.x - dx, c.y - 4.16), right = Point(c.x + dx, c.y - 4.16)
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
    var dots = Path.circle(center: left, radius: dot)
    dots.append(.circle(center: right, radius: dot))
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
    let half = 5.5 / 1.05
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
      canvas.fill(
        .rect(Rect(x: c.x + 2.98, y: c.y + 0.8, width: 1.05, height: 2.1)), color: theme.channelList.background)
    } else {
      // Open: the shackle swung to the left, its free leg short.
      let m = c.x - 2.63, top = c.y - 2.6
      shackle.move(to: Point(m - radius, top + 1.25))
      shackle.line(to: Point(m - radius, top))
      arc(&shackle, { Point($0, $1) }, center: (m, top), radius: radius, from: .pi, to: 2 * .pi)
      shackle.line(to: Point(m + radius, body.minY + 0.2))
      canvas.stroke(shackle, color: color, style: line)
      canvas.stroke(.rect(body.insetBy(dx: 0.5, dy: 0.5)), color: color, style: line)
      canvas.fill(.rect(Rect(x: c.x + 2.98, y: c.y + 0.8, width: 1.05, height: 2.1)), color: color)
    }
  }

  /// The search field's magnifying glass: a ring and a handle to the lower left.
  static func magnifier(_ canvas: any Canvas, center c: Point, color: Color) {
    let style = StrokeStyle(width: 1.3, cap: .round)
    canvas.stroke(.circle(center: c, radius: 4.3), color: color, style: style)
    canvas.stroke(
      .line(from: Point(c.x - 3.2, c.y + 3.2), to: Point(c.x - 7.6, c.y + 7.6)), color: color, style: style)
  }

  /// A horizontal double-headed arrow.
  static func doubleArrow(_ canvas: any Canvas, center c: Point, color: Color) {
    let style = StrokeStyle(width: 1.3, cap: .round, join: .round)
    var path = Path.line(from: Point(c.x - 6.5, c.y), to: Point(c.x + 6.5, c.y))
    path.append(.polyline([Point(c.x - 3.5, c.y - 3), Point(c.x - 6.5, c.y), Point(c.x - 3.5, c.y + 3)]))
    path.append(.polyline([Point(c.x + 3.5, c.y - 3), Point(c.x + 6.5, c.y), Point(c.x + 3.5, c.y + 3)]))
    canvas.stroke(path, color: color, style: style)
  }

  /// The object row's icon by object type, as Blender's outliner icons read at this size: a
  /// mesh's triangle, a camera, an empty's axes, a light bulb, a bone; other types a small
  /// ring with a dot.
  static func object(_ canvas: any Canvas, _ type: ObjectType, center c: Point, color: Color) {
    let line = StrokeStyle(width: 1.6, join: .round)
    switch type {
    case .mesh:
      // A down-pointing triangle with a thick rim.
      let t = Path.polygon([Point(c.x - 5.6, c.y - 4.6), Point(c.x + 5.6, c.y - 4.6), Point(c.x, c.y + 5.4)])
      canvas.stroke(t, color: color, style: StrokeStyle(width: 2.2, join: .miter))
    case .camera:
      canvas.fill(.roundedRect(Rect(x: c.x - 5.5, y: c.y - 0.5, width: 8, height: 5), radius: 1), color: color)
      canvas.fill(.polygon([Point(c.x + 2.5, c.y + 2), Point(c.x + 6, c.y - 0.5), Point(c.x + 6, c.y + 4.5)]), color: color)
      var reels = Path.circle(center: Point(c.x - 3.2, c.y - 3.2), radius: 2.3)
      reels.append(.circle(center: Point(c.x + 1.6, c.y - 3.2), radius: 2.3))
      canvas.fill(reels, color: color)
    case .empty:
      var axes = Path.line(from: Point(c.x, c.y - 5.5), to: Point(c.x, c.y + 2.2))
      axes.append(.line(from: Point(c.x, c.y + 2.2), to: Point(c.x + 6, c.y + 2.2)))
      axes.append(.line(from: Point(c.x, c.y + 2.2), to: Point(c.x - 4.8, c.y + 6)))
      canvas.stroke(axes, color: color, style: StrokeStyle(width: 1.8, cap: .round, join: .round))
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

  /// The pin toggle, unpinned: a push pin leaning right, drawn in outline.
  static func pin(_ canvas: any Canvas, center c: Point, color: Color) {
    let s = 0.5.squareRoot()
    // Along the pin's axis u (point → head), v across it; the axis leans 45° up-right.
    func p(_ u: Double, _ v: Double) -> Point {
      Point(c.x - 5 * s + (u + v) * s, c.y + 5 * s + (v - u) * s)
    }
    let style = StrokeStyle(width: 1, join: .round)
    var pin = Path.line(from: p(0, 0), to: p(4.5, 0))
    pin.append(.polygon([p(4.5, -3.6), p(4.5, 3.6), p(6, 2), p(9.5, 2), p(9.5, -2), p(6, -2)]))
    pin.append(.line(from: p(9.5, -3), to: p(9.5, 3)))
    canvas.stroke(pin, color: color, style: style)
  }

  /// The visibility eye: open, lids of two circular arcs and a round pupil; closed, the lower
  /// lid alone, dimmed (fitted to Blender's screenshots at 1.05, `snapped` centre: the art's
  /// middle half a device pixel up and right of it).
  static func eye(_ canvas: any Canvas, center c: Point, open: Bool, color: Color) {
    let m = Point(c.x + 0.47, c.y - 0.49)
    let a = 5.22, b = 3.87, line = StrokeStyle(width: 1.49)
    let radius = (a * a + b * b) / (2 * b), half = Double.atan2(y: a, x: radius - b)
    var lids = Path()
    guard open else {
      lids.move(to: Point(m.x + a, m.y - b / 2))
      arc(&lids, { Point($0, $1) }, center: (m.x, m.y - b / 2 - radius + b), radius: radius,
          from: .pi / 2 - half, to: .pi / 2 + half)
      canvas.stroke(lids, color: color.withAlpha(0.6), style: line)
      return
    }
    lids.move(to: Point(m.x - a, m.y))
    arc(&lids, { Point($0, $1) }, center: (m.x, m.y + radius - b), radius: radius,
        from: -.pi / 2 - half, to: -.pi / 2 + half)
    arc(&lids, { Point($0, $1) }, center: (m.x, m.y - radius + b), radius: radius,
        from: .pi / 2 - half, to: .pi / 2 + half)
    lids.close()
    canvas.stroke(lids, color: color, style: line)
    canvas.fill(.circle(center: m, radius: 1.51), color: color)
  }

  /// Appends a circular arc (angles in radians, y downward so positive angles turn clockwise on
  /// screen) as cubic segments of at most 90°, mapping each point through `map`.
  private static func arc(
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
