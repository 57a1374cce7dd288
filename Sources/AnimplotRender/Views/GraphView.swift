import AnimplotCanvas
import AnimplotCore
import AnimplotPlots

/// Blender's Graph Editor: the curves of one action.
public struct GraphView: PlotView {
  public var options: GraphOptions

  public init(options: GraphOptions = GraphOptions()) { self.options = options }

  public static let name = "graph"
  public static let showsEveryAction = false

  public func content(of actions: [Action]) throws(RenderError) -> GraphEditor {
    guard let action = actions.first else { throw RenderError(.input, "no action to draw") }
    return GraphEditor(action: action, options: options)
  }
}

extension GraphEditor: Drawable {
  public var size: Size { pictureSize }
}
