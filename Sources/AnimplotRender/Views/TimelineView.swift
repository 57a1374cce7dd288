import AnimplotCanvas
import AnimplotCore
import AnimplotPlatform
import AnimplotPlots

/// Blender's Timeline strip: the keys of every action merged into one row, under the transport
/// header.
public struct TimelineView: PlotView {
  public var options: TimelineOptions

  public init(options: TimelineOptions = TimelineOptions()) { self.options = options }

  public static let name = "timeline"
  public static let showsEveryAction = true

  /// - Throws: `RenderError` (`.request`) for a row of more keys, holds and interpolation
  ///   lines than `Limits.dopeSheetMarks`.
  public func content(of actions: [Action]) throws(RenderError) -> Timeline {
    try Self.timeline(actions, options: options)
  }

  /// The Timeline of `actions`, its row stopped past `Limits.dopeSheetMarks` (`play` draws it too).
  static func timeline(_ actions: [Action], options: TimelineOptions) throws(RenderError) -> Timeline {
    do {
      return try Timeline(actions: actions, options: options, maximumMarks: Limits.dopeSheetMarks)
    } catch {
      throw DopeSheetView.tooLarge(error, view: "Timeline")
    }
  }
}

extension Timeline: Drawable {
  public var size: Size { Size(options.width, options.height) }
}
