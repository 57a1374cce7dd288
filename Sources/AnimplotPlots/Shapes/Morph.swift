import AnimplotCanvas
import AnimplotCore

/// Outline A turning into outline B, point by point.
///
/// Both outlines are resampled to `count` points evenly spaced by arc length, normalised
/// (centred on their centroid, scaled so the larger side of their bounds is 1) and aligned:
/// B is reversed if it is drawn the other way round from A (the signs of their areas differ),
/// then started at the point that makes the sum of squared distances between the points of A
/// and B smallest (every start tried). Point i of A then travels in a straight line to point i
/// of B, so the outline in between neither flips nor twists.
public struct Morph: Sendable, Hashable {
  /// A, resampled and normalised: the morph at 0.
  public let from: Outline
  /// B, resampled, normalised and aligned with `from`: the morph at 1.
  public let to: Outline
  /// The cyclic shift of B's resampled points chosen (after any reversal).
  public let shift: Int
  /// Whether B was reversed to run the way A does.
  public let reversedB: Bool

  /// The default number of points.
  public static let defaultCount = 256

  /// The morph from `a` to `b` with `count` points (at least 3); `align: false` keeps B's own
  /// start and direction (what makes a morph flip: for tests and comparisons).
  public init(from a: Outline, to b: Outline, count: Int = defaultCount, align: Bool = true) {
    precondition(count >= 3, "a morph needs at least 3 points")
    let na = Self.normalised(a.resampled(count: count))
    var nb = Self.normalised(b.resampled(count: count))
    var reversed = false
    var shift = 0
    if align {
      if (na.signedArea < 0) != (nb.signedArea < 0) {
        nb = nb.reversed()
        reversed = true
      }
      shift = Self.bestShift(of: nb, onto: na)
      nb = nb.rotated(startingAt: shift)
    }
    from = na
    to = nb
    self.shift = shift
    reversedB = reversed
  }

  /// `outline` moved so its centroid is at (0, 0) and scaled so the larger side of its bounds
  /// is 1 (an outline without extent is only moved).
  public static func normalised(_ outline: Outline) -> Outline {
    let c = outline.centroid
    let b = outline.bounds
    let side = max(b.width, b.height)
    let s = side > 0 ? 1 / side : 1
    return outline.applying(Transform(a: s, b: 0, c: 0, d: s, tx: -c.x * s, ty: -c.y * s))
  }

  /// The shift k (0 ..< count) making `Σ |aᵢ − b₍ᵢ₊ₖ₎|²` smallest; the smallest such k on ties.
  public static func bestShift(of b: Outline, onto a: Outline) -> Int {
    let n = min(a.count, b.count)
    guard n > 1 else { return 0 }
    let p = a.points, q = b.points
    var best = 0
    var bestSum = Double.infinity
    for k in 0..<n {
      var sum = 0.0
      var j = k
      for i in 0..<n {
        let dx = p[i].x - q[j].x, dy = p[i].y - q[j].y
        sum += dx * dx + dy * dy
        j += 1
        if j == n { j = 0 }
        if sum >= bestSum { break }
      }
      if sum < bestSum {
        bestSum = sum
        best = k
      }
    }
    return best
  }

  /// The outline at `t`: each point `from + t·(to − from)`; 0 is A, 1 is B, values outside
  /// 0…1 extrapolate (an overshooting easing goes past B and back).
  public func outline(at t: Double) -> Outline {
    Outline(
      points: zip(from.points, to.points).map { a, b in Point(a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)) })
  }
}

/// How far the morph has gone at each picture: a curve of the core sampled at evenly spaced
/// frames and normalised so that its value at the first frame is 0 and at the last is 1.
public struct MorphTiming: Sendable, Hashable {
  /// The curve followed.
  public var curve: FCurve
  /// The frames sampled, first to last: the curve's two keys for an easing, the scene range
  /// for a channel of an action.
  public var frames: ClosedRange<Double>

  public init(curve: FCurve, frames: ClosedRange<Double>) {
    self.curve = curve
    self.frames = frames
  }

  /// The timing of Blender's easing: two keys, 0 at frame 1 and 1 at frame 21, the first with
  /// `interpolation` and `easing` (Blender's defaults for back, amplitude and period), made
  /// and evaluated by the core as the gallery's cells are.
  public static func easing(_ interpolation: Interpolation, _ easing: Easing = .auto) -> MorphTiming {
    let curve = GalleryCatalogue.curve(interpolation, easing: easing)
    return MorphTiming(
      curve: curve,
      frames: Double(GalleryCatalogue.frames.lowerBound)...Double(GalleryCatalogue.frames.upperBound))
  }

  /// The curve's value at the first and last frame.
  public var endValues: (start: Double, end: Double) {
    (curve.value(at: frames.lowerBound), curve.value(at: frames.upperBound))
  }

  /// Whether the curve ends where it starts (then there is nothing to normalise by).
  public var isFlat: Bool {
    let (a, b) = endValues
    return !(abs(b - a) > 0) || !(b - a).isFinite
  }

  /// The `count` frames sampled, evenly spaced from the first to the last (one: the first).
  public func sampleFrames(_ count: Int) -> [Double] {
    guard count > 1 else { return [frames.lowerBound] }
    let span = frames.upperBound - frames.lowerBound
    return (0..<count).map { frames.lowerBound + span * Double($0) / Double(count - 1) }
  }

  /// The morph's progress at `frame`: `(value − value(first)) / (value(last) − value(first))`.
  public func progress(at frame: Double) -> Double {
    let (a, b) = endValues
    return (curve.value(at: frame) - a) / (b - a)
  }
}
