import AnimplotCanvas
import AnimplotCore

/// A curve kept for comparison and drawn under the live ones, as Blender's Graph Editor draws
/// the curves View > Create Ghost Curves stores: the curve's values sampled at every whole
/// frame in view, joined by straight lines, dashed, 3 pixels wide, in the channel's colour
/// made a little darker and half transparent; no keys, no handles.
public struct GhostCurve: Sendable, Hashable {
  /// The curve whose values are drawn (a recorded values table read back, or an action's).
  public var track: FCurve
  /// The live channel it stands for (its index in the action's tracks), whose colour and value
  /// mapping it takes; `nil`: none has its name, and it is drawn in the muted curves' colour.
  public var channel: Int?

  public init(track: FCurve, channel: Int? = nil) {
    self.track = track
    self.channel = channel
  }

  /// Blender's ghost line: 3 pixels wide.
  static let lineWidth = 3.0
  /// Dashes of 10 pixels, gaps of 10.
  static let dash = [10.0, 10.0]
  /// How much darker than its channel a ghost is drawn, on each of red, green and blue (0–1).
  static let darkening = 0.07
  /// A ghost's opacity.
  static let opacity = 0.5
}

/// A ghost curve as drawn: its dashed path, or the bands of ink it makes (`CurveBands`), and
/// its colour.
package struct GhostLayout: Sendable {
  let path: Path
  let bands: [CurveBands.Box]
  let color: Color
  /// The device rows its stroke crosses (`CurveBands.strokeRows`); 0 when drawn as bands.
  let strokeRows: Double
  let isBanded: Bool
}

extension GraphEditor {
  /// Every ghost curve of the options, under the live curves: each sampled at the whole frames
  /// in view, at `scale` device pixels per logical pixel.
  func ghostLayouts(scale: Double) -> [GhostLayout] {
    guard !options.ghosts.isEmpty else { return [] }
    let first = viewport.frames.lowerBound.rounded(.down)
    let last = viewport.frames.upperBound.rounded(.up)
    guard last - first < Double(Self.maximumGhostSamples) else { return [] }
    let frames = stride(from: first, through: last, by: 1).map { Float($0) }
    let tracks = action.tracks
    return options.ghosts.map { ghost in
      let live = ghost.channel.flatMap { tracks.indices.contains($0) ? $0 : nil }
      let base = live.map { trackColors[$0] } ?? options.theme.graph.mutedCurve
      let color = Color(
        red: max(0, base.red - GhostCurve.darkening), green: max(0, base.green - GhostCurve.darkening),
        blue: max(0, base.blue - GhostCurve.darkening), alpha: GhostCurve.opacity)
      let mapping = live.flatMap { i in curves.first { $0.channel.track == i }?.mapping } ?? .identity
      let values = ghost.track.values(at: frames)
      var path = Path()
      var drawing = false
      for (frame, value) in zip(frames, values) {
        guard value.isFinite else {
          drawing = false
          continue
        }
        let point = viewport.point(Double(frame), mapping.apply(Double(value)))
        if drawing { path.line(to: point) } else { path.move(to: point) }
        drawing = true
      }
      let rows = CurveBands.strokeRows(of: path, scale: scale, clip: viewport.rect)
      guard CurveBands.isBanded(rows: rows, width: viewport.rect.width, scale: scale) else {
        return GhostLayout(path: path, bands: [], color: color, strokeRows: rows, isBanded: false)
      }
      let bands = CurveBands.bands(of: path, scale: scale, lineWidth: GhostCurve.lineWidth, clip: viewport.rect)
      return GhostLayout(path: Path(), bands: bands, color: color, strokeRows: 0, isBanded: true)
    }
  }

  /// Draws the ghost curves laid out in `ghosts` (at `scale`).
  func drawGhosts(_ canvas: any Canvas, _ ghosts: [GhostLayout], scale: Double) {
    for ghost in ghosts {
      guard !ghost.isBanded else {
        canvas.fill(rects: CurveBands.rects(ghost.bands, scale: scale), color: ghost.color)
        continue
      }
      var style = StrokeStyle(width: GhostCurve.lineWidth)
      style.dash = GhostCurve.dash
      canvas.stroke(ghost.path, color: ghost.color, style: style)
    }
  }

  /// The most frames a ghost is sampled at (a view of millions of frames draws none).
  package static let maximumGhostSamples = 100_000

  /// The frames across the view at which curves that modifiers reshape, and ghost curves, are
  /// evaluated to frame the view.
  package static let framingSamples = 401
}
