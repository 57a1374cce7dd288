import AnimplotCore
import AnimplotCanvas

/// The drawing skeleton every editor's time region shares, in Blender's order: background,
/// frame grid, the scene range, the editor's content, markers, frame labels in the scrub
/// strip, the playhead; all clipped to the region. Each editor fills in its own layers.
struct EditorFrame {
  var theme: Theme
  /// The region, scrub strip included.
  var region: Rect
  /// Frame ↔ x (and value ↔ y) below the scrub strip.
  var viewport: Viewport
  var background: Color
  var stripBackground: Color
  var gridMajor: Color
  var gridMinor: Color
  /// Whether frames are whole (the Dope Sheet, the Timeline) or continuous (the Graph Editor).
  var discreteFrames: Bool
  var sceneRange: ClosedRange<Double>
  var markers: [Marker]
  var playhead: Double?
  /// Blender's scrollers along the region's edges, drawn last, over the playhead.
  var scrollbars: Scrollbars? = nil
  /// Where the markers are drawn, when laid out beforehand (`markerLayouts(scale:)`); `nil`
  /// lays them out as they are drawn.
  var markerLayouts: [MarkerLayout]? = nil

  /// Draws the skeleton and the editor's layers: `grid` after the frame grid (the Graph
  /// Editor's value lines), `content` over the scene range, `labels` after the frame labels.
  func draw(
    on canvas: any Canvas, grid: () -> Void = {}, content: () -> Void, labels: () -> Void = {}
  ) {
    canvas.save()
    canvas.clip(to: region)
    canvas.fill(.rect(region), color: background)
    let ruler = TimeRuler(theme: theme, region: region, viewport: viewport, stripBackground: stripBackground)
    let step = ruler.frameGrid(canvas, discrete: discreteFrames, major: gridMajor, minor: gridMinor)
    grid()
    ruler.sceneRange(canvas, sceneRange)
    content()
    markerRuler(ruler).markers(canvas, markerLayouts ?? markerLayouts(scale: canvas.deviceScale))
    ruler.stripLabels(canvas, step: step)
    labels()
    scrollbars?.draw(on: canvas)
    if let playhead { drawPlayheadLayer(canvas, ruler: ruler, frame: playhead) }
    canvas.restore()
  }

  /// Draws only the playhead at `frame`, clipped to the region as `draw` clips it: over a
  /// picture drawn without a playhead, the same pixels as `draw` with `playhead: frame`
  /// (the playhead is the last thing drawn in the region).
  func drawPlayhead(on canvas: any Canvas, frame: Double) {
    canvas.save()
    canvas.clip(to: region)
    drawPlayheadLayer(
      canvas, ruler: TimeRuler(theme: theme, region: region, viewport: viewport, stripBackground: stripBackground),
      frame: frame)
    canvas.restore()
  }

  /// Where the markers are drawn on a raster of `scale` device pixels per logical pixel.
  func markerLayouts(scale: Double) -> [MarkerLayout] {
    markerRuler(TimeRuler(theme: theme, region: region, viewport: viewport, stripBackground: stripBackground))
      .markerLayouts(markers, scale: scale)
  }

  /// The ruler markers are drawn with: above the horizontal scrollbar where there is one (as
  /// Blender draws its marker icons 18 px above the region's bottom, clear of the scrollbar).
  private func markerRuler(_ ruler: TimeRuler) -> TimeRuler {
    guard scrollbars?.bars.contains(where: { $0.axis == .horizontal }) == true else { return ruler }
    var raised = region
    raised.height = max(0, region.height - Scrollbars.markerLift)
    return TimeRuler(theme: theme, region: raised, viewport: viewport, stripBackground: stripBackground)
  }

  /// The playhead, and the scrollbars again where it crosses them.
  private func drawPlayheadLayer(_ canvas: any Canvas, ruler: TimeRuler, frame: Double) {
    ruler.playhead(canvas, frame: frame)
    scrollbars?.drawOverPlayhead(at: viewport.x(frame), below: viewport.rect.minY, region: region, on: canvas)
  }
}

extension EditorFrame {
  /// The Graph Editor's channel list in a picture wide enough: Blender 3.4's, measured on its
  /// screenshots at UI scale 1.05 (217 device pixels from the area's edge to the main region).
  static let graphChannelListWidth = 207.0
  /// The Dope Sheet's channel list in a picture wide enough: Blender 3.4's (208 device pixels at
  /// UI scale 1.05).
  static let dopeSheetChannelListWidth = 198.0
  /// The channel list's share of the picture's width, at most: 207 px from 497 px wide.
  static let channelListShare = 5.0 / 12
  /// The narrowest channel list shown: narrower, it is hidden and the plot takes the picture.
  static let channelListMinimum = 100.0

  /// The width of the channel list in a picture `pictureWidth` px wide (0: none). The list
  /// gives way to the plot: `preferred` (the editor's width, 207 px for the Graph Editor, 198 px
  /// for the Dope Sheet) while that is at most 5/12 of the picture, else 5/12 of it in whole
  /// pixels, and none when that would be under 100 px (below 240 px), so the plot keeps at
  /// least 7/12 of the picture.
  static func channelListWidth(
    pictureWidth: Double, shown: Bool, preferred: Double = graphChannelListWidth
  ) -> Double {
    guard shown else { return 0 }
    let width = min(preferred, (pictureWidth * channelListShare).rounded(.down))
    return width >= channelListMinimum ? width : 0
  }

  /// The Dope Sheet's and the Timeline's region: whole frames in the dope sheet's colours,
  /// over the scene that several actions share.
  static func dopeSheet(theme: Theme, region: Rect, viewport: Viewport, scene: SharedScene, playhead: Double?)
    -> EditorFrame
  {
    EditorFrame(
      theme: theme, region: region, viewport: viewport, background: theme.dopeSheet.background,
      stripBackground: theme.dopeSheet.scrubBackground, gridMajor: theme.dopeSheet.gridMajor,
      gridMinor: theme.dopeSheet.gridMinor, discreteFrames: true, sceneRange: scene.range,
      markers: scene.markers, playhead: playhead)
  }
}
