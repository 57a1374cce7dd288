import AnimplotCanvas
import AnimplotCore
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
    do {
      return try MotionPathPlot(action: action, options: options)
    } catch {
      throw RenderError(error == .noLocationChannels ? .input : .request, error.description)
    }
  }
}

extension MotionPathPlot: Drawable {
  public var size: Size { Size(options.width, options.height) }
}
