import AnimplotCanvas

/// The mapping between curve space (frames, values) and a pixel rectangle, y upward in values
/// and downward in pixels.
public struct View: Sendable, Hashable {
  /// The frames shown, left edge to right edge of `rect`.
  public var frames: ClosedRange<Double>
  /// The values shown, bottom to top of `rect`.
  public var values: ClosedRange<Double>
  /// Where they are drawn, in logical pixels.
  public var rect: Rect

  public init(frames: ClosedRange<Double>, values: ClosedRange<Double>, rect: Rect) {
    self.frames = frames
    self.values = values
    self.rect = rect
  }

  /// Pixels per frame.
  public var pixelsPerFrame: Double { rect.width / max(frames.upperBound - frames.lowerBound, 1e-12) }
  /// Pixels per value unit.
  public var pixelsPerValue: Double { rect.height / max(values.upperBound - values.lowerBound, 1e-12) }

  public func x(_ frame: Double) -> Double { rect.minX + (frame - frames.lowerBound) * pixelsPerFrame }
  public func y(_ value: Double) -> Double { rect.maxY - (value - values.lowerBound) * pixelsPerValue }
  public func point(_ frame: Double, _ value: Double) -> Point { Point(x(frame), y(value)) }
  public func frame(atX x: Double) -> Double { frames.lowerBound + (x - rect.minX) / pixelsPerFrame }
  public func value(atY y: Double) -> Double { values.lowerBound + (rect.maxY - y) / pixelsPerValue }
}

/// Blender's grid steps (3.x–4.4 table algorithm, research/blender.md §3.6).
public enum GridStep {
  /// Minimum spacing of major lines (`U.v2d_min_gridsize`), in pixels.
  public static let minimumSpacing = 45.0

  static let continuous: [Double] = [
    0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000,
    20000, 50000, 100000,
  ]
  static let discrete: [Double] = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000, 100000]

  /// The first step whose lines are at least `minimumSpacing` pixels apart.
  public static func major(pixelsPerUnit: Double, discrete isDiscrete: Bool = false) -> Double {
    let table = isDiscrete ? discrete : continuous
    return table.first { $0 * pixelsPerUnit >= minimumSpacing } ?? table.last!
  }

  /// Multiples of `step` within `range`.
  public static func lines(_ range: ClosedRange<Double>, step: Double, offset: Double = 0) -> [Double] {
    guard step > 0 else { return [] }
    let first = ((range.lowerBound - offset) / step).rounded(.up)
    let last = ((range.upperBound - offset) / step).rounded(.down)
    guard first <= last, last - first < 100_000 else { return [] }
    return stride(from: first, through: last, by: 1).map { $0 * step + offset }
  }

  /// Blender's label text for a value on a grid of `step` (`view_to_string__value`):
  /// whole numbers (truncated) from 1, else 1, 2 or 3 decimals.
  public static func label(_ value: Double, step: Double) -> String {
    if step >= 1 { return wholeNumber(value) }
    let decimals = step >= 0.1 ? 1 : step >= 0.01 ? 2 : 3
    return fixed(value, decimals: decimals)
  }

  /// `value` truncated to a whole number, as C's `%d` would print it (`0` for −0); beyond what
  /// an `Int` holds, in exponent notation.
  public static func wholeNumber(_ value: Double) -> String {
    let v = value.rounded(.towardZero)
    if v == 0 { return "0" }
    guard abs(v) < 1e15 else { return "\(v)" }
    return String(Int(v))
  }

  /// `value` with exactly `decimals` decimals, like C's `%.*f`.
  static func fixed(_ value: Double, decimals: Int) -> String {
    guard abs(value) < 1e12 else { return wholeNumber(value) }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    let whole = Int(scaled / scale)
    let fraction = Int(scaled - Double(whole) * scale)
    var digits = String(fraction)
    while digits.count < decimals { digits = "0" + digits }
    let negative = value < 0 && scaled != 0
    return (negative ? "-" : "") + String(whole) + (decimals > 0 ? "." + digits : "")
  }
}
