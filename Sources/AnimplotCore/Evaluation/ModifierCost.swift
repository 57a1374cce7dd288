/// What one evaluation of a curve's modifier stack costs, in steps, known before evaluating:
/// an upper bound that callers multiply by the evaluations they are about to make and hold to
/// a budget (`ModifierWork`).
///
/// A step is one Noise octave (one lattice or Perlin noise), one Envelope control point
/// scanned, one Generator coefficient, or one modifier of any type visited (muted and disabled
/// ones too: the stack's loops pass over them). Every other part of a modifier is a few
/// operations whatever its settings: Cycles maps a frame in constant time whatever its counts
/// and extrapolation, and Limits, Stepped and Built-in Function are a handful of operations.
extension Modifier {
  /// Steps of one evaluation of this modifier under `blender`'s rules.
  public func evaluationSteps(blender: BlenderVersion) -> Int {
    switch kind {
    case .generator(let g): 1 + g.coefficients.count
    case .envelope(let e): 1 + e.controlPoints.count
    case .noise(let n): 1 + n.octaves(blender: blender)
    case .functionGenerator, .cycles, .limits, .stepped: 1
    }
  }
}

extension NoiseModifier {
  /// The most noise functions one evaluation computes (`Noise.turbulence` or
  /// `Noise.fractal`'s loops stop where later octaves cannot change the result): the legacy
  /// noise at most 150 (its weight is 0 from the 150th octave); 5.0's noise `depth + 1`, or
  /// fewer where the lacunarity makes the frequency overflow before the last octave (by the
  /// 128th for a lacunarity of magnitude 2 or more), after which the result is NaN.
  public func octaves(blender: BlenderVersion) -> Int {
    guard blender == .v5_0 && !useLegacyNoise else { return 1 + min(max(depth, 0), Noise.legacyOctaves) }
    // The frequencies do not depend on the frame: the first that is not finite ends the loop.
    // Looked for in the first `weighedOctaves` only, so that weighing stays cheap whatever the
    // depth: past them (a lacunarity under about 1.09), `depth + 1` is the bound.
    var scale: Float = 1
    for octave in 0...min(max(depth, 0), Self.weighedOctaves) {
      if !scale.isFinite { return octave + 1 }
      scale *= lacunarity
    }
    return max(depth, 0) + 1
  }

  /// The octaves `octaves(blender:)` follows the frequency through, at most.
  static let weighedOctaves = 1024
}

extension FCurve {
  /// Steps of one evaluation of the curve's modifier stack (`Modifier.evaluationSteps`): 0
  /// when its modifiers take no part; a coupled quaternion component evaluates all four
  /// curves, so it costs theirs together.
  public var modifierSteps: Int { modifierSteps(upTo: .max) }

  /// `modifierSteps`, or the first sum over `limit` (the rest is not weighed).
  public func modifierSteps(upTo limit: Int) -> Int {
    guard let quaternion, quaternion.isCoupled else { return ownModifierSteps(upTo: limit) }
    var steps = 0
    for curve in quaternion.curves where steps <= limit {
      steps += curve.ownModifierSteps(upTo: limit - steps)
    }
    return steps
  }

  private func ownModifierSteps(upTo limit: Int) -> Int {
    guard hasEffectiveModifiers else { return 0 }
    var steps = 0
    for i in modifiers.indices where steps <= limit {
      steps += modifierSteps(at: i)
    }
    return steps
  }

  /// Steps of modifier `i` in this curve's stack: 1 when muted or disabled (it is passed over).
  func modifierSteps(at i: Int) -> Int {
    let m = modifiers[i]
    if m.muted || Modifier.isDisabled(type: m.type, index: i, blender: blender) { return 1 }
    return m.evaluationSteps(blender: blender)
  }

  /// The index of the modifier that costs the most steps, among those weighed until their sum
  /// passes `limit`.
  fileprivate func costliestModifier(upTo limit: Int) -> Int? {
    guard hasEffectiveModifiers else { return nil }
    var steps = 0
    var costliest: (index: Int, steps: Int)?
    for i in modifiers.indices where steps <= limit {
      let own = modifierSteps(at: i)
      steps += own
      if own > costliest?.steps ?? 0 { costliest = (i, own) }
    }
    return costliest?.index
  }
}

/// The work of evaluating curves' modifier stacks, weighed before any is done: each curve's
/// steps an evaluation (`FCurve.modifierSteps`) times the evaluations a command is about to
/// make of it, summed over the curves, against a budget.
public enum ModifierWork {
  /// The work would pass the budget.
  public struct Exceeded: Error, Sendable, Equatable, CustomStringConvertible {
    /// The steps the work would take in all.
    public var steps: Double
    /// The budget it passes.
    public var budget: Int
    /// The curve that costs the most (its label, data path and index), its steps an
    /// evaluation and its evaluations.
    public var label: String
    public var dataPath: String
    public var index: Int
    public var stepsPerEvaluation: Int
    public var evaluations: Int
    /// Its costliest modifier (`modifiers[i]` and what it is).
    public var modifier: String
    /// Whether the channel's stack was weighed whole (else it costs more than
    /// `stepsPerEvaluation` may be only part: weighing stops where the budget is passed).
    public var weighedWhole = true

    /// One line without the file's name: the channel, the modifier, the figures and the limit.
    public var description: String { description(quoting: { "\"\($0)\"" }) }

    /// `description` with the channel's label (input, of any length) written by `quote`.
    public func description(quoting quote: (String) -> String) -> String {
      let total = steps < 1e15 ? String(Int(steps)) : String(steps)
      return "channel \(quote(label)) (\(quote("\(dataPath)[\(index)]"))), \(modifier): its modifiers take \(weighedWhole ? "" : "at least ")\(stepsPerEvaluation) steps an evaluation "
        + "and it is evaluated \(evaluations) times; the modifiers of every channel would take "
        + "\(weighedWhole ? "" : "at least ")\(total) steps, "
        + "more than the limit of \(budget) (a step is a Noise octave, an Envelope control point, "
        + "a Generator coefficient or a modifier)"
    }
  }

  /// Checks that evaluating each of `curves` `evaluations(curve)` times stays within `budget`
  /// steps; stops weighing as soon as it does not (so the check costs little however large
  /// the stack).
  public static func check<Curves: Sequence<FCurve>>(
    _ curves: Curves, budget: Int, evaluations: (FCurve) -> Int
  ) throws(Exceeded) {
    // Curves without modifiers are passed over before their evaluations are counted.
    try check(curves.filter { $0.modifierSteps(upTo: 0) > 0 }.map { ($0, evaluations($0)) }, budget: budget)
  }

  /// `check` with each curve's evaluations given beside it.
  public static func check<Work: Sequence<(FCurve, Int)>>(_ work: Work, budget: Int) throws(Exceeded) {
    var total = 0.0
    var costliest: (curve: FCurve, steps: Int, evaluations: Int, work: Double, whole: Bool)?
    for (curve, count) in work {
      guard count > 0 else { continue }
      // Weighed whole unless one evaluation alone passes the budget (the weighing costs about
      // as much as the steps it counts).
      let steps = curve.modifierSteps(upTo: budget)
      guard steps > 0 else { continue }
      let work = Double(steps) * Double(count)
      total += work
      if work > costliest?.work ?? -1 { costliest = (curve, steps, count, work, steps <= budget) }
      if total > Double(budget) { break }
    }
    guard total > Double(budget), let costliest else { return }
    let curve = costliest.curve.quaternion?.isCoupled == true
      ? costliest.curve.quaternion!.curves.max { $0.modifierSteps(upTo: budget) < $1.modifierSteps(upTo: budget) }!
      : costliest.curve
    let modifier = curve.costliestModifier(upTo: budget).map { index in
      "modifiers[\(index)] (\(describe(curve.modifiers[index], blender: curve.blender)))"
    } ?? "its modifiers"
    throw Exceeded(
      steps: total, budget: budget,
      label: costliest.curve.displayLabel, dataPath: costliest.curve.dataPath, index: costliest.curve.index,
      stepsPerEvaluation: costliest.steps, evaluations: costliest.evaluations, modifier: modifier,
      weighedWhole: costliest.whole)
  }

  private static func describe(_ m: Modifier, blender: BlenderVersion) -> String {
    switch m.kind {
    case .noise(let n): "a Noise of depth \(n.depth), \(n.octaves(blender: blender)) octaves"
    case .envelope(let e): "an Envelope of \(e.controlPoints.count) control points"
    case .generator(let g): "a Generator of order \(g.order)"
    case .functionGenerator: "a Built-in Function"
    case .cycles: "a Cycles"
    case .limits: "a Limits"
    case .stepped: "a Stepped"
    }
  }
}
