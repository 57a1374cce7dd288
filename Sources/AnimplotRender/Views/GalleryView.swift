import AnimplotCanvas
import AnimplotCore
import AnimplotPlots

/// Every interpolation and easing as small multiples (`animplot gallery`). The view shows no
/// input: its curves are made from the core's model, so `content(of:)` ignores the actions it
/// is given; render it with `Renderer.render([], view: GalleryView(), as: .png)`.
public struct GalleryView: PlotView {
  public var options: GalleryOptions

  public init(options: GalleryOptions = GalleryOptions()) { self.options = options }

  public static let name = "gallery"
  /// No action is shown; loading none is enough.
  public static let showsEveryAction = false

  /// The gallery; `actions` are not used.
  public func content(of actions: [Action]) throws(RenderError) -> Gallery {
    Gallery(options: options)
  }
}

extension Gallery: Drawable {}
