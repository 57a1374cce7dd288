import AnimplotCanvas
import AnimplotCore
import AnimplotPlatform
import AnimplotPlots

/// A 2-D stage where the action's transform moves a shape, with its motion path behind it,
/// played as an animation (APNG, animated SVG, a folder of frames), as `animplot preview` writes.
public struct PreviewView: PlotView {
  public var options: StageOptions
  /// Frames per second; `nil`: the action's. Each picture shows `options.view.step / fps` seconds.
  public var fps: Double?
  /// How many times the animation plays; 0 loops forever.
  public var plays: Int = 0

  public init(options: StageOptions = StageOptions()) { self.options = options }

  public static let name = "preview"
  public static let showsEveryAction = true

  public func content(of actions: [Action]) throws(RenderError) -> PlayheadAnimation {
    let stage = try Self.stage(actions, options, pictures: nil)
    let frames = stage.frames
    guard !frames.isEmpty, frames.count <= PlayView.maximumPictures else {
      throw RenderError(
        .request,
        "the preview would have \(frames.count) pictures, more than \(PlayView.maximumPictures); give a shorter --frames or a larger --step")
    }
    let fps = fps ?? actions[0].fps
    let delay = options.view.step / (fps > 0 && fps.isFinite ? fps : 24)
    return PlayheadAnimation(layers: stage, frames: frames, delays: Array(repeating: delay, count: frames.count), plays: plays)
  }

  /// The stage of `actions`' objects, weighed before it is laid out: drawn in `pictures`
  /// pictures (`nil`: one a sample of the path, as the animation draws), every object's
  /// shape in each (`Limits.previewObjectPictures`), every point of it
  /// (`Limits.previewShapePoints`), and their modifiers evaluated at the paths' samples and
  /// once a picture (`Limits.modifierSteps`). The pixels the shapes cover are weighed once
  /// the stage is framed, for a raster (`PlayheadAnimation.laidOutForRaster`).
  static func stage(_ actions: [Action], _ options: StageOptions, pictures: Int?) throws(RenderError) -> Stage {
    guard !actions.isEmpty else { throw RenderError(.input, "no action to preview") }
    var options = options
    let objects = try PathView.objects(
      of: actions, named: options.view.object, range: &options.view.frames, where: \.hasTransform)
    let step = options.view.step
    // Every object is drawn in every picture: a filmstrip's cells, else the samples of the range.
    let drawn: Double? =
      if let pictures { Double(pictures) } else if step > 0, step.isFinite, let first = objects.first {
        MotionPath.sampleCount(
          from: (options.view.frames ?? first.action.sceneRange).lowerBound,
          to: (options.view.frames ?? first.action.sceneRange).upperBound, step: step)
      } else { nil }
    if let drawn {
      guard drawn * Double(objects.count) <= Double(Limits.previewObjectPictures) else {
        let shown = drawn <= Double(PlayView.maximumPictures) ? "\(Int(drawn))" : "more than \(PlayView.maximumPictures)"
        throw RenderError(
          .request,
          "the preview would draw \(objects.count) objects in \(shown) pictures, more than \(Limits.previewObjectPictures) objects × pictures; show one with --object NAME, or give a shorter --frames or a larger --step"
        )
      }
      // Every point of every object's shape is moved, filled and outlined in every picture.
      let points = Double(max(options.shape.count, 1)) * drawn * Double(objects.count)
      guard points <= Double(Limits.previewShapePoints) else {
        throw RenderError(
          .request,
          "the preview would draw a shape of \(options.shape.count) points on \(objects.count) objects in \(Int(drawn)) pictures, "
            + "more than \(Limits.previewShapePoints) points × objects × pictures; give a simpler --shape, show one object "
            + "with --object NAME, or give a shorter --frames or a larger --step")
      }
    }
    try ModifierBudget.checkPaths(objects, options: options.view, pictures: pictures ?? PlayView.maximumPictures)
    do {
      return try Stage(objects: objects, options: options)
    } catch {
      throw RenderError(error == .noTransformChannels ? .input : .request, error.description)
    }
  }
}

/// The preview as a still filmstrip for print: `count` cells of the stage, the shape at frames
/// spread evenly over the range.
public struct PreviewFilmstripView: PlotView {
  public var options: StageOptions
  public var count: Int
  public var columns: Int

  public init(options: StageOptions = StageOptions(), count: Int = 6, columns: Int = 3) {
    self.options = options
    self.count = count
    self.columns = columns
  }

  public static let name = "preview"
  public static let showsEveryAction = true

  public func content(of actions: [Action]) throws(RenderError) -> StageFilmstrip {
    StageFilmstrip(stage: try PreviewView.stage(actions, options, pictures: count), count: count, columns: columns)
  }
}

extension StageFilmstrip: Drawable {
  public var size: Size { pictureSize }
}
