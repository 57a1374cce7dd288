import AnimplotText

/// Blender's grid steps (3.x–4.4 table algorithm, docs/blender.md, "Grid steps"), the table
/// carried on past Blender's both ways.
///
/// Blender 3.4's table runs from 0.01 to 100,000 (frames: from 1), so a view of values near a
/// million draws its lines (and labels) closer than 45 px, and a view a few millionths high draws
/// none. Here the same 1-2-5 sequence runs from 10⁻¹² to 10³⁹, so the major lines are 45 to
/// 112.5 px apart (Blender's spacing within its table) for any span from about 10⁻⁹ units to
/// the widest a 32-bit float allows (a table that stopped short drew thousands of labels, one
/// over another, for a curve reaching 10²⁰). The step differs from Blender's only where its table runs out: where 0.01 would be
/// 90 px or more apart, and where 100,000 is under 45 px.
public enum GridStep {
  /// Minimum spacing of major lines (`U.v2d_min_gridsize`), in pixels.
  public static let minimumSpacing = 45.0

  /// 1, 2, 5 times each power of ten from 10^`first` to 10^`last`, as the nearest doubles to
  /// those decimals.
  static func oneTwoFive(from first: Int, through last: Int) -> [Double] {
    (first...last).flatMap { e in [1, 2, 5].map { Double("\($0)e\(e)")! } }
  }

  static let continuous: [Double] = oneTwoFive(from: -12, through: 39)
  static let discrete: [Double] = oneTwoFive(from: 0, through: 39)

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
  /// whole numbers (truncated) from 1, else 1, 2 or 3 decimals; below Blender's table (steps
  /// under 0.001) as many decimals as the step needs, so neighbouring labels differ.
  public static func label(_ value: Double, step: Double) -> String {
    if step >= 1 { return wholeNumber(value) }
    return formatNumber(value, decimals: decimals(step))
  }

  /// The decimals that write every multiple of `step` (below 1): 1 for 0.1 to 0.5, 2 for 0.01
  /// to 0.05, and so on.
  static func decimals(_ step: Double) -> Int {
    var scaled = step, count = 0
    while scaled < 1 - 1e-9 && count < 20 {
      scaled *= 10
      count += 1
    }
    return count
  }

  /// `value` truncated to a whole number, as C's `%d` would print it (`0` for −0); beyond what
  /// an `Int` holds, in exponent notation.
  public static func wholeNumber(_ value: Double) -> String {
    formatNumber(value.rounded(.towardZero), wholeBelow: 1e15)
  }

}
