import AnimplotCore
import AnimplotPlatform
import AnimplotPlots
import AnimplotText

/// The modifier work a view is about to do, weighed before it starts and held to
/// `Limits.modifierSteps` (`ModifierWork`): a Noise of great depth over thousands of sample
/// columns would otherwise run for minutes.
enum ModifierBudget {
  /// Checks that evaluating each of `curves` `evaluations(curve)` times is within the limit.
  /// - Throws: `RenderError` (`.request`) naming the costliest channel and modifier, the
  ///   figures and the limit, and ending with `advice`.
  static func check<Curves: Sequence<FCurve>>(
    _ curves: Curves, advice: String, evaluations: (FCurve) -> Int
  ) throws(RenderError) {
    do {
      try ModifierWork.check(curves, budget: Limits.modifierSteps, evaluations: evaluations)
    } catch {
      throw refusal(error, advice: advice)
    }
  }

  /// What to do about a graph over the limit.
  static let graphAdvice = "lower the modifier's depth or points, draw a narrower picture (--width), or fewer channels (--channels)"

  /// The Graph Editor of `action` with `options` (ghosts included) within the limit: each
  /// channel with modifiers is evaluated at most at every half pixel of the picture's width
  /// (`CurvePath.sampleFrames`), at the 401 frames that frame the view, and at the samples of
  /// its value range (`CurvePath.valueRange`, for the view and for `--normalize`); a ghost
  /// curve at the whole frames in view (at most `GraphEditor.maximumGhostSamples`) and the
  /// framing frames.
  static func checkGraph(_ action: Action, options: GraphOptions) throws(RenderError) {
    let framing = GraphEditor.framingSamples
    let columns = Int((options.width / CurvePath.sampleStep).rounded(.up)) + 2
    try check(action.tracks, advice: graphAdvice) { track in
      framing + columns + 2 * CurvePath.rangeEvaluations(of: track)
    }
    var ghostFrames = GraphEditor.maximumGhostSamples
    if let frames = options.frames, frames.upperBound - frames.lowerBound + 2 < Double(ghostFrames) {
      ghostFrames = Int(frames.upperBound - frames.lowerBound) + 2
    }
    try check(options.ghosts.map(\.track), advice: "--ghost: " + graphAdvice) { _ in framing + ghostFrames }
  }

  /// The motion paths (`path`) or the stage (`preview`, `pictures` pictures at most) of
  /// `objects` within the limit: each channel of an object is evaluated at most at the path's
  /// samples, at its keys (twice: the path's key marks and the stage's fit), at up to 20,001
  /// samples that fit the stage, at the playhead and once a picture. A range or step the
  /// path refuses anyway is left to its own message.
  static func checkPaths(_ objects: [ObjectChannels], options: MotionPathOptions, pictures: Int) throws(RenderError) {
    guard options.step > 0, options.step.isFinite else { return }
    var work: [(FCurve, Int)] = []
    for object in objects {
      let range = options.frames ?? object.action.sceneRange
      let samples = MotionPath.sampleCount(from: range.lowerBound, to: range.upperBound, step: options.step)
      guard samples.isFinite, samples <= Double(MotionPath.maximumSamples) else { return }
      let keys = object.action.tracks.reduce(0) { $0 + $1.keyframes.count }
      let evaluations = Int(samples) + 2 * keys + Stage.maximumFitSamples + 2 + pictures
      work += object.action.tracks.lazy.filter { $0.modifierSteps(upTo: 0) > 0 }.map { ($0, evaluations) }
    }
    do {
      try ModifierWork.check(work, budget: Limits.modifierSteps)
    } catch {
      throw refusal(error, advice: "give a shorter --frames range or a larger --step")
    }
  }

  private static func refusal(_ error: ModifierWork.Exceeded, advice: String) -> RenderError {
    RenderError(.request, error.description(quoting: { messageQuoted($0) }) + "; " + advice)
  }
}
