import AnimplotCanvas
import AnimplotCore
import AnimplotPlatform
import AnimplotPlots

/// An object's motion path, as Blender's Motion Paths show it: the `location` channels of one
/// action sampled per frame and drawn in an orthographic view (`MotionPathPlot`).
public struct PathView: PlotView {
  public var options: MotionPathOptions

  public init(options: MotionPathOptions = MotionPathOptions()) { self.options = options }

  public static let name = "path"
  public static let showsEveryAction = false

  /// - Throws: `RenderError` (`.input`) when the action has no location channel; (`.request`)
  ///   when the frames asked for are too many.
  public func content(of actions: [Action]) throws(RenderError) -> MotionPathPlot {
    guard let action = actions.first else { throw RenderError(.input, "no action to trace") }
    let plot: MotionPathPlot
    do {
      plot = try MotionPathPlot(action: action, options: options)
    } catch {
      throw RenderError(error == .noLocationChannels ? .input : .request, error.description)
    }
    let elements = plot.drawnElementCount
    guard elements <= Limits.pathElements else {
      throw RenderError(
        .request,
        "the path would be drawn with \(elements) separate pieces, more than \(Limits.pathElements) "
          + "(its samples jump across the picture); give a shorter --frames range or a larger --step")
    }
    return plot
  }
}

extension MotionPathPlot: Drawable {
  public var size: Size { Size(options.width, options.height) }
}
