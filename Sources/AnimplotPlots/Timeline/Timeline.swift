import AnimplotCore
import AnimplotCanvas

/// Blender's Timeline, drawn on any `Canvas`: a header with the transport controls and the
/// readout of frame rate, current frame and scene range, and below it the scrub strip with frame
/// labels, the discrete frame grid, the scene range, one row of keys (the Summary of the
/// selected channels, or of all when none is selected), markers and the playhead.
public struct Timeline: Sendable {
  /// Height of the header, pixels (Blender's `HEADERY`).
  static let headerHeight = 26.0
  /// The fraction of the fitted frames left free on each side.
  static let viewMargin = 0.04

  /// What the strip was made with.
  public let options: TimelineOptions
  /// The keys shown: the Summary row of the chosen channels.
  public let keys: DopeSheetRow
  /// Frame ↔ x mapping of the region below the header.
  public let viewport: Viewport
  let scene: SharedScene
  /// The frame the playhead and the readout show.
  public let currentFrame: Double
  /// The region below the header (scrub strip included).
  let main: Rect

  /// Lays out `actions` (handles already recalculated, as loading does) as one Timeline.
  public init(actions: [Action], options: TimelineOptions = TimelineOptions()) {
    do {
      try self.init(actions: actions, options: options, maximumMarks: .max)
    } catch {
      preconditionFailure("no row holds more than Int.max marks")
    }
  }

  /// The Timeline of `actions`, its row stopped past `maximumMarks` (`DopeSheetLayout.marks`).
  /// - Throws: `DopeSheetLayout.TooLarge` past `maximumMarks`.
  package init(actions: [Action], options: TimelineOptions, maximumMarks: Int) throws(DopeSheetLayout.TooLarge) {
    self.options = options
    scene = SharedScene(actions)
    currentFrame = options.currentFrame ?? scene.currentFrame ?? scene.range.lowerBound
    let anySelected = actions.contains { $0.tracks.contains(where: \.selected) }
    let chosen = actions.map { action in
      var copy = action
      if anySelected { copy.tracks = action.tracks.filter(\.selected) }
      return copy
    }
    keys =
      try DopeSheetLayout(
        actions: chosen, options: DopeSheetOptions(collapseGroups: true), maximumMarks: maximumMarks, summaryOnly: true
      ).rows.first
      ?? DopeSheetRow(kind: .summary, name: "Summary", depth: 0)
    main = Rect(
      x: 0, y: Self.headerHeight, width: options.width,
      height: max(1, options.height - Self.headerHeight))
    let rect = Rect(
      x: main.minX, y: main.minY + TimeRuler.stripHeight, width: main.width,
      height: max(1, main.height - TimeRuler.stripHeight))
    viewport = Viewport(frames: options.frames ?? Self.fit(keys, scene: scene.range), values: 0...1, rect: rect)
  }

  /// The scene range and every key, with 4 % of that span (at least one frame) free on each
  /// side; a span under one frame (a scene the file gives as one frame, its keys there too) is
  /// first widened to ten frames around it, as the Graph Editor widens it.
  static func fit(_ keys: DopeSheetRow, scene: ClosedRange<Double>) -> ClosedRange<Double> {
    var first = min(scene.lowerBound, keys.keys.first.map { Double($0.frame) } ?? .infinity)
    var last = max(scene.upperBound, keys.keys.last.map { Double($0.frame) } ?? -.infinity)
    if last - first < 1 {
      first -= 5
      last += 5
    }
    let margin = max(1, (last - first) * viewMargin)
    return (first - margin)...(last + margin)
  }

  /// Draws the Timeline on `canvas`.
  public func draw(on canvas: any Canvas) {
    drawStrip(on: canvas, playhead: currentFrame)
    header(frame: currentFrame).draw(canvas)
  }

  func drawStrip(on canvas: any Canvas, playhead: Double?) {
    let theme = options.theme
    editorFrame(playhead: playhead).draw(on: canvas) {
      // Blender's Timeline draws the Summary's keys without a row backdrop.
      let painter = KeyRowPainter(theme: theme, viewport: viewport, region: main, showsHandleTypes: false)
      let middle = main.minY + ChannelRows(scale: canvas.deviceScale).middle(0)
      painter.draw(
        canvas,
        [KeyRowPainter.Entry(row: keys, middle: middle, keys: painter.keyPlaces(keys, middle: middle, scale: canvas.deviceScale))])
    }
  }

  func editorFrame(playhead: Double?) -> EditorFrame {
    EditorFrame.dopeSheet(theme: options.theme, region: main, viewport: viewport, scene: scene, playhead: playhead)
  }

  func header(frame: Double) -> TransportHeader {
    TransportHeader(
      theme: options.theme, rect: Rect(x: 0, y: 0, width: options.width, height: Self.headerHeight),
      fps: scene.fps, frame: frame, range: scene.range)
  }
}

/// The Timeline's still layer is the strip without its playhead; the header, whose readout
/// shows the current frame, is drawn with the playhead (it lies above the strip).
extension Timeline: PlayheadLayered {
  public var pictureSize: Size { Size(options.width, options.height) }
  public func drawStill(on canvas: any Canvas) { drawStrip(on: canvas, playhead: nil) }
  public func drawPlayhead(_ frame: Double, on canvas: any Canvas) {
    editorFrame(playhead: nil).drawPlayhead(on: canvas, frame: frame)
    header(frame: frame).draw(canvas)
  }
}
