import AnimplotCanvas
import AnimplotCore
import AnimplotPlots
import AnimplotText

/// Outline A turning into outline B (`animplot morph`) as a filmstrip: `pictures` cells left
/// to right, each the morph at the timing's progress for an evenly spaced time. The view shows
/// no input: its outlines and timing are given, so `content(of:)` ignores the actions.
public struct MorphView: PlotView {
  public var from: Outline
  public var to: Outline
  public var timing: MorphTiming
  /// How many pictures (at least 1).
  public var pictures: Int
  /// Points each outline is resampled to.
  public var points: Int = Morph.defaultCount
  /// Whether captions give the curve's frame (a channel of an action) rather than the
  /// fraction of the time (an easing).
  public var captionsInFrames = false
  public var options: MorphOptions

  public init(from: Outline, to: Outline, timing: MorphTiming, pictures: Int, options: MorphOptions = MorphOptions()) {
    self.from = from
    self.to = to
    self.timing = timing
    self.pictures = pictures
    self.options = options
  }

  public static let name = "morph"
  public static let showsEveryAction = false
  /// The most pictures a morph holds (as many as `play` makes).
  public static let maximumPictures = PlayView.maximumPictures

  /// The aligned morph.
  public var morph: Morph { Morph(from: from, to: to, count: points) }

  /// Each picture's progress and caption, in order: "t 0.25 → 0.06" (the fraction of the time,
  /// then the progress) or "frame 12 → 0.43".
  public var pictureList: [MorphPicture] {
    let frames = timing.sampleFrames(pictures)
    return frames.enumerated().map { i, frame in
      let progress = timing.progress(at: frame)
      let when =
        captionsInFrames
        ? "frame " + caption(frame, decimals: frame == frame.rounded() ? 0 : 1)
        : "t " + caption(pictures > 1 ? Double(i) / Double(pictures - 1) : 0, decimals: 2)
      return MorphPicture(progress: progress, label: when + " → " + caption(progress, decimals: 2))
    }
  }

  func check() throws(RenderError) {
    guard pictures >= 1 && pictures <= Self.maximumPictures else {
      throw RenderError(.request, "a morph has 1 to \(Self.maximumPictures) pictures, not \(pictures)")
    }
    // Each picture evaluates the timing curve at its frame and at both ends.
    try ModifierBudget.check([timing.curve], advice: "give fewer pictures or a cheaper timing curve") { _ in
      3 * pictures + 2
    }
    guard !timing.isFlat else {
      throw RenderError(
        .input, "the timing curve has the same value at frames \(caption(timing.frames.lowerBound, decimals: 0)) "
          + "and \(caption(timing.frames.upperBound, decimals: 0)): nothing to normalise 0...1 by")
    }
  }

  /// The filmstrip; `actions` are not used.
  public func content(of actions: [Action]) throws(RenderError) -> MorphFilmstrip {
    try check()
    return MorphFilmstrip(morph: morph, pictures: pictureList, options: options)
  }
}

extension MorphFilmstrip: Drawable {}

extension MorphView: SizedView {
  /// The filmstrip's size, from the pictures and the cell's side alone.
  package func checkPictureSize(with renderer: Renderer, format: OutputFormat) throws(RenderError) {
    // A count out of range is said by `check()`.
    guard pictures >= 1 && pictures <= Self.maximumPictures else { return }
    let size = MorphFilmstrip.size(pictures: pictures, options: options)
    try renderer.checkCanvas(size, format: format)
  }
}

/// The morph as an animation: one cell whose outline changes, `fps` pictures a second.
public struct MorphAnimationView: PlotView, SizedView {
  public var morph: MorphView
  /// Pictures per second, above 0.
  public var fps: Double = 24
  /// How many times the animation plays; 0 loops forever.
  public var plays = 0

  public init(morph: MorphView, fps: Double = 24, plays: Int = 0) {
    self.morph = morph
    self.fps = fps
    self.plays = plays
  }

  public static let name = "morph"
  public static let showsEveryAction = false

  /// Each picture's size, and on a raster all of them together (`Renderer.checkRasterWork`).
  package func checkPictureSize(with renderer: Renderer, format: OutputFormat) throws(RenderError) {
    guard morph.pictures >= 1 && morph.pictures <= MorphView.maximumPictures else { return }
    let size = MorphStage.size(options: morph.options)
    try renderer.checkCanvas(size, format: format == .apng ? .png : format)
    if format == .apng { try renderer.checkRasterWork(size: size, pictures: morph.pictures) }
  }

  public func content(of actions: [Action]) throws(RenderError) -> MorphAnimation {
    try morph.check()
    let stage = MorphStage(morph: morph.morph, pictures: morph.pictureList, options: morph.options)
    return MorphAnimation(
      stage: stage, delays: Array(repeating: 1 / fps, count: stage.pictures.count), plays: plays)
  }
}

/// The pictures of an animated morph: the stage's backdrop and ghosts once, its outline and
/// caption per picture.
public struct MorphAnimation: AnimationRendition {
  public let stage: MorphStage
  public let delays: [Double]
  public let plays: Int

  public init(stage: MorphStage, delays: [Double], plays: Int) {
    precondition(delays.count == stage.pictures.count, "one delay per picture")
    self.stage = stage
    self.delays = delays
    self.plays = plays
  }

  public var pictureSize: Size { stage.size }
  public var pictureCount: Int { stage.pictures.count }
  public func drawStill(on canvas: any Canvas) { stage.drawStill(on: canvas) }
  public func drawPicture(_ index: Int, on canvas: any Canvas) { stage.drawPicture(index, on: canvas) }
}

/// `0.25`, `-0.10`, `12`: a number with exactly `decimals` decimals (no minus before zero);
/// from 10¹⁵ on, the shortest 32-bit float that reads back (`1.5e+30`), as frames are.
func caption(_ value: Double, decimals: Int) -> String {
  abs(value) < 1e15 ? formatNumber(value, decimals: decimals) : formatNumber(Float(value))
}
