import AnimplotCanvas
import AnimplotCore
import AnimplotPlots

/// Blender's Timeline strip: the keys of every action merged into one row, under the transport
/// header.
public struct TimelineView: PlotView {
  public var options: TimelineOptions

  public init(options: TimelineOptions = TimelineOptions()) { self.options = options }

  public static let name = "timeline"
  public static let showsEveryAction = true

  public func content(of actions: [Action]) throws(RenderError) -> Timeline {
    Timeline(actions: actions, options: options)
  }
}

extension Timeline: Drawable {
  public var size: Size { Size(options.width, options.height) }
}
