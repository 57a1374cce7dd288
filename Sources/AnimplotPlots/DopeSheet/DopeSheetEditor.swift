import AnimplotCore
import AnimplotCanvas

/// Blender's Dope Sheet, drawn on any `Canvas`: the scrub strip with frame labels, the discrete
/// frame grid, the scene range, one row per `DopeSheetLayout` row with its backdrop, hold bars
/// and keys, markers, the playhead and the channel list (docs/blender.md, "Drawing order").
public struct DopeSheetEditor: Sendable {
  /// Width of the channel list, pixels, in a picture wide enough: Blender 3.4's, a little
  /// narrower than the Graph Editor's.
  public static let channelListWidth = EditorFrame.dopeSheetChannelListWidth
  /// Blender's View All leaves this fraction of the keys' span free on each side
  /// (`action_edit.cc:actkeys_viewall`).
  static let viewMargin = 0.125

  /// What the editor was made with.
  public let options: DopeSheetEditorOptions
  /// The actions shown, in order (`ChannelID.action` counts them).
  public let actions: [Action]
  /// The rows as data, from top to bottom (what `dopesheet --format json` prints); where they
  /// are drawn is `layout(scale:)`'s.
  public let sheet: DopeSheetLayout
  /// Frame ↔ x mapping of the key area (below the scrub strip, right of the channel list).
  public let viewport: Viewport
  let scene: SharedScene
  /// The whole main region (including the scrub strip).
  let main: Rect

  /// Lays out `actions` (handles already recalculated, as loading does) as one Dope Sheet, each
  /// action's block under one Summary.
  public init(actions: [Action], options: DopeSheetEditorOptions = DopeSheetEditorOptions()) {
    self.init(actions: actions, options: options, sheet: DopeSheetLayout(actions: actions, options: options.rows))
  }

  /// The editor of `actions` laid out as `sheet` (`DopeSheetLayout(actions:options:)` with
  /// `options.rows`, made beforehand).
  package init(actions: [Action], options: DopeSheetEditorOptions, sheet: DopeSheetLayout) {
    self.options = options
    self.actions = actions
    self.sheet = sheet
    scene = SharedScene(actions)
    let left = EditorFrame.channelListWidth(
      pictureWidth: options.width, shown: options.showChannelList, preferred: options.channelListWidth)
    main = Rect(x: left, y: 0, width: max(1, options.width - left), height: options.height)
    let keys = Rect(
      x: main.minX, y: main.minY + TimeRuler.stripHeight, width: main.width,
      height: max(1, main.height - TimeRuler.stripHeight))
    viewport = Viewport(
      frames: options.frames ?? Self.fit(sheet.rows, scene: scene.range), values: 0...1, rect: keys)
  }

  /// The editor's height that shows every row of `actions` (with `options.rows`), the scrub
  /// strip above them and a row's room below the last, for `--height auto`; at least 120 px.
  public static func fittingHeight(actions: [Action], options: DopeSheetEditorOptions) -> Double {
    fittingHeight(rows: DopeSheetLayout(actions: actions, options: options.rows).rows.count)
  }

  /// The height that shows `rows` rows.
  package static func fittingHeight(rows: Int) -> Double {
    max(120, (ChannelRows(scale: 1).top(rows + 1)).rounded(.up))
  }

  /// The frames Blender's View All shows: the listed keys' span (the scene range when there
  /// are none) with 12.5 % of it free on each side; keys all on one frame are centred in a view
  /// as wide as the scene range with that margin.
  static func fit(_ rows: [DopeSheetRow], scene: ClosedRange<Double>) -> ClosedRange<Double> {
    var first = Double.infinity, last = -Double.infinity
    for row in rows {
      if let key = row.keys.first { first = min(first, Double(key.frame)) }
      if let key = row.keys.last { last = max(last, Double(key.frame)) }
    }
    if first > last { (first, last) = (scene.lowerBound, scene.upperBound) }
    if last - first < 1 {
      let width = max(scene.upperBound - scene.lowerBound, 10) * (1 + 2 * viewMargin)
      let middle = (first + last) / 2
      return (middle - width / 2)...(middle + width / 2)
    }
    let margin = (last - first) * viewMargin
    return (first - margin)...(last + margin)
  }

  /// The top edge of row `index` in the logical layout (scale 1; Blender's first row starts a
  /// gap below the scrub strip, `ChannelRows`): what the scrollbar measures the rows by. A
  /// raster at a fractional scale puts a row up to half a device pixel off it.
  func rowTop(_ index: Int) -> Double {
    main.minY + ChannelRows(scale: 1).top(index)
  }

  /// Draws the editor on `canvas` (below its header with `showHeader`), from its layout at the
  /// canvas's scale.
  public func draw(on canvas: any Canvas) {
    let laid = layout(scale: canvas.deviceScale)
    EditorHeader.drawing(header, editorHeight: options.height, on: canvas) {
      draw(laid, on: canvas, playhead: options.currentFrame ?? scene.currentFrame)
    }
  }

  /// The header above the editor, with `showHeader`.
  var header: EditorHeader? {
    options.showHeader ? EditorHeader(theme: options.theme, width: options.width, editor: .dopeSheet) : nil
  }

  /// The picture's size: the editor's, and the header's height with `showHeader`.
  public var pictureSize: Size {
    EditorHeader.pictureSize(width: options.width, editorHeight: options.height, shown: options.showHeader)
  }

  /// Draws the editor laid out in `laid` (at the canvas's scale), below any header.
  func draw(_ laid: DopeSheetEditorLayout, on canvas: any Canvas, playhead: Double?) {
    let theme = options.theme
    let frame = editorFrame(playhead: playhead, scrollbars: laid.places.scrollbars, markers: laid.markers)
    frame.draw(on: canvas) {
      drawBackdrops(canvas, laid.rows)
      painter.draw(canvas, laid.rows.map { KeyRowPainter.Entry(row: $0.row, middle: $0.middle, keys: $0.keys) })
    }
    if let list = laid.channelList {
      ChannelList(theme: theme, width: main.minX, height: options.height, style: .dopeSheet).draw(canvas, list)
    }
  }

  /// What draws the rows' bars, lines and keys.
  var painter: KeyRowPainter {
    KeyRowPainter(
      theme: options.theme, viewport: viewport, region: main, showsHandleTypes: options.showHandlesAndInterpolation)
  }

  func editorFrame(playhead: Double?, scrollbars: Scrollbars?, markers: [MarkerLayout]? = nil) -> EditorFrame {
    var frame = EditorFrame.dopeSheet(theme: options.theme, region: main, viewport: viewport, scene: scene, playhead: playhead)
    frame.scrollbars = scrollbars
    frame.markerLayouts = markers
    return frame
  }

  /// Each row's full-width backdrop, coloured by kind and selection (Blender's
  /// `action_draw.cc:draw_backdrops`); the 2-px gaps between rows show the grid. Rows of one
  /// colour are one path.
  func drawBackdrops(_ canvas: any Canvas, _ rows: [DopeSheetRowLayout]) {
    let theme = options.theme
    var order: [Color] = []
    var paths: [Color: Path] = [:]
    for laid in rows {
      let row = laid.row
      let color: Color =
        switch row.kind {
        case .summary: theme.dopeSheet.summaryRow
        case .object: row.selected ? theme.dopeSheet.objectRowSelected : theme.dopeSheet.objectRow
        case .action: theme.dopeSheet.actionRow
        case .group: row.selected ? theme.dopeSheet.groupRowSelected : theme.dopeSheet.groupRow
        case .channel: row.selected ? theme.dopeSheet.channelRowSelected : theme.dopeSheet.channelRow
        }
      if paths[color] == nil { order.append(color) }
      paths[color, default: Path()].append(.rect(laid.backdrop))
    }
    for color in order { canvas.fill(paths[color]!, color: color) }
  }
}

extension DopeSheetEditor: PlayheadLayered {
  public func drawStill(on canvas: any Canvas) {
    let laid = layout(scale: canvas.deviceScale)
    EditorHeader.drawing(header, editorHeight: options.height, on: canvas) { draw(laid, on: canvas, playhead: nil) }
  }
  public func drawPlayhead(_ frame: Double, on canvas: any Canvas) {
    EditorHeader.below(header, editorHeight: options.height, on: canvas) {
      editorFrame(playhead: nil, scrollbars: scrollbars()).drawPlayhead(on: canvas, frame: frame)
    }
  }
}
