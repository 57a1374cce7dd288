import AnimplotCanvas
import RealModule

// Curves and arcs of SVG path data turned into points, to within a tolerance.

/// Appends points along the cubic after `p0` (not `p0` itself, the end included), splitting
/// it in halves until both control points lie within `tolerance` of the chord.
func flattenCubic(
  _ p0: Point, _ c1: Point, _ c2: Point, _ p3: Point, tolerance: Double, depth: Int, into points: inout [Point]
) {
  if depth >= 12 || (distanceToChord(c1, p0, p3) <= tolerance && distanceToChord(c2, p0, p3) <= tolerance) {
    points.append(p3)
    return
  }
  func mid(_ a: Point, _ b: Point) -> Point { Point((a.x + b.x) / 2, (a.y + b.y) / 2) }
  let a = mid(p0, c1), b = mid(c1, c2), c = mid(c2, p3)
  let d = mid(a, b), e = mid(b, c)
  let m = mid(d, e)
  flattenCubic(p0, a, d, m, tolerance: tolerance, depth: depth + 1, into: &points)
  flattenCubic(m, e, c, p3, tolerance: tolerance, depth: depth + 1, into: &points)
}

/// The distance from `p` to the segment `a`–`b` (to `a` when the segment has no length).
func distanceToChord(_ p: Point, _ a: Point, _ b: Point) -> Double {
  let dx = b.x - a.x, dy = b.y - a.y
  let len2 = dx * dx + dy * dy
  if len2 == 0 { return pointDistance(p, a) }
  let u = min(1, max(0, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2))
  return pointDistance(p, Point(a.x + u * dx, a.y + u * dy))
}

/// Appends points along an SVG elliptical arc after `p1` (the end included), by the endpoint
/// to centre conversion of the SVG implementation notes (F.6.5, F.6.6), with as many steps
/// as keep the sagitta within `tolerance`.
func flattenArc(
  from p1: Point, to p2: Point, rx rx0: Double, ry ry0: Double, rotationDegrees: Double, large: Bool,
  sweep: Bool, tolerance: Double, into points: inout [Point]
) {
  if p1 == p2 { return }  // F.6.2: an arc to its own start is omitted
  var rx = abs(rx0), ry = abs(ry0)
  if rx == 0 || ry == 0 {
    points.append(p2)
    return
  }
  let phi = rotationDegrees.truncatingRemainder(dividingBy: 360) * Double.pi / 180
  let cosPhi = Double.cos(phi), sinPhi = Double.sin(phi)
  // Step 1: the midpoint in the ellipse's axes.
  let hx = (p1.x - p2.x) / 2, hy = (p1.y - p2.y) / 2
  let x1 = cosPhi * hx + sinPhi * hy
  let y1 = -sinPhi * hx + cosPhi * hy
  // F.6.6: radii too small to join the endpoints are scaled up until they just do.
  let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
  if lambda > 1 {
    let s = lambda.squareRoot()
    rx *= s
    ry *= s
  }
  // Step 2: the centre in the ellipse's axes.
  let rx2 = rx * rx, ry2 = ry * ry
  let num = rx2 * ry2 - rx2 * y1 * y1 - ry2 * x1 * x1
  let den = rx2 * y1 * y1 + ry2 * x1 * x1
  var k = den > 0 ? (max(0, num) / den).squareRoot() : 0
  if large == sweep { k = -k }
  let cxp = k * rx * y1 / ry
  let cyp = -k * ry * x1 / rx
  // Step 3: the centre.
  let cx = cosPhi * cxp - sinPhi * cyp + (p1.x + p2.x) / 2
  let cy = sinPhi * cxp + cosPhi * cyp + (p1.y + p2.y) / 2
  // Step 4: the start angle and the sweep.
  func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double {
    Double.atan2(y: ux * vy - uy * vx, x: ux * vx + uy * vy)
  }
  let ux = (x1 - cxp) / rx, uy = (y1 - cyp) / ry
  let vx = (-x1 - cxp) / rx, vy = (-y1 - cyp) / ry
  let theta1 = angle(1, 0, ux, uy)
  var delta = angle(ux, uy, vx, vy)
  if !sweep, delta > 0 { delta -= 2 * Double.pi }
  if sweep, delta < 0 { delta += 2 * Double.pi }
  // Steps: the sagitta of a step of angle a on radius r is r·(1 − cos(a/2)).
  let r = max(rx, ry)
  let step = tolerance < r ? 2 * Double.acos(1 - tolerance / r) : Double.pi / 2
  // At most 4,096 steps (a radius so large that the step rounds to 0 takes them all).
  let steps = (abs(delta) / step).rounded(.up)
  let n = steps.isFinite && steps < 4096 ? max(1, Int(steps)) : 4096
  for j in 1..<n {
    let t = theta1 + delta * Double(j) / Double(n)
    let ct = Double.cos(t), st = Double.sin(t)
    points.append(Point(cx + rx * cosPhi * ct - ry * sinPhi * st, cy + rx * sinPhi * ct + ry * cosPhi * st))
  }
  points.append(p2)
}
