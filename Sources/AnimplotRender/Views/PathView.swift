import AnimplotCanvas
import AnimplotCore
import AnimplotPlatform
import AnimplotPlots
import AnimplotText

/// An object's motion path, as Blender's Motion Paths show it: the `location` channels of one
/// action sampled per frame and drawn in an orthographic view (`MotionPathPlot`).
public struct PathView: PlotView {
  public var options: MotionPathOptions

  public init(options: MotionPathOptions = MotionPathOptions()) { self.options = options }

  public static let name = "path"
  public static let showsEveryAction = true

  /// Every object of `actions` with a location channel (else every one a transform channel
  /// moves), or the one `options.object` names.
  /// - Throws: `RenderError` (`.input`) when no object has a location channel or `options.object`
  ///   names none; (`.request`) when the frames asked for are too many.
  public func content(of actions: [Action]) throws(RenderError) -> MotionPathPlot {
    guard !actions.isEmpty else { throw RenderError(.input, "no action to trace") }
    var options = options
    let objects = try Self.objects(of: actions, named: options.object, range: &options.frames, where: \.hasTransform)
    try ModifierBudget.checkPaths(objects, options: options, pictures: 0)
    let plot: MotionPathPlot
    do {
      plot = try MotionPathPlot(objects: objects, options: options)
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

  /// The objects of `actions` that `keep` accepts, or the one called `name`; when `range` is
  /// `nil` and they come from actions of different scene ranges, `range` becomes the range
  /// that holds them all.
  static func objects(
    of actions: [Action], named name: String?, range: inout ClosedRange<Double>?, where keep: (ObjectChannels) -> Bool
  ) throws(RenderError) -> [ObjectChannels] {
    let all = ObjectChannels.of(actions)
    var chosen = all.filter(keep)
    if let name {
      chosen = chosen.filter { $0.name == name }
      guard !chosen.isEmpty else {
        let names = all.filter(keep).map(\.name)
        var seen = Set<String>()
        let listed = names.filter { seen.insert($0).inserted }
        let shown = listed.prefix(12).map { messageQuoted($0) }.joined(separator: ", ") + (listed.count > 12 ? " and \(listed.count - 12) more" : "")
        throw RenderError(
          .input, "--object \(name): no such animated object; " + (listed.isEmpty ? "nothing here moves" : "the objects are \(shown)"))
      }
    }
    if range == nil, chosen.count > 1 {
      let ranges = chosen.map(\.action.sceneRange)
      if Set(ranges.map { [$0.lowerBound, $0.upperBound] }).count > 1 {
        range = ranges.map(\.lowerBound).min()!...ranges.map(\.upperBound).max()!
      }
    }
    return chosen
  }
}

extension MotionPathPlot: Drawable {
  public var size: Size { Size(options.width, options.height) }
}
