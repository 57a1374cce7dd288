import AnimplotCanvas
import AnimplotCore

/// Every interpolation and easing of Blender as small multiples, drawn on any `Canvas`: one
/// cell per mode and easing, each a curve of two keys (0 at frame 1, 1 at frame 21) evaluated
/// by the core, in sections as Blender's Interpolation menu groups them, with the variants of
/// back and elastic, and the cell Automatic Easing picks marked "auto".
public struct Gallery: Sendable {
  /// A cell's natural size in logical pixels, when the picture's size is not given.
  public static let cellWidth = 190.0
  public static let cellHeight = 130.0
  /// The narrowest picture whose cells still show their curves and titles (`--width` below it
  /// cut every cell off): the row labels and margins, and three cells of 90 pixels (their column headers fit).
  public static var minimumWidth: Int { Int(2 * margin + labelWidth) + columns * 90 }
  static let margin = 16.0
  /// The column of row labels, left of the cells.
  static let labelWidth = 124.0
  /// The title and its subtitle.
  static let headerHeight = 50.0
  /// A section's heading and column headers.
  static let sectionHeight = 28.0
  /// The note on Automatic Easing.
  static let footerHeight = 30.0
  static let columns = 3
  /// Frames shown left of the first key and right of the last, so that the keys stand clear of
  /// the box and the flat extrapolation shows.
  static let framePadding = 2.0

  static let titleText = "Interpolation and easing"
  static let subtitleText =
    "Two keys, 0 at frame 1 with the mode shown and 1 at frame 21, evaluated as Blender does; lines at values 0 and 1."
  static let autoTag = "auto"
  static let footerText = "marks what Automatic Easing, a new key's default, picks: Ease In, or Ease Out for Back, Bounce and Elastic."

  public let options: GalleryOptions
  public let sections: [GallerySection]
  /// The picture's size.
  public let size: Size
  /// Every cell where it is drawn, in drawing order.
  public let placedCells: [PlacedCell]
  /// Where each section's heading goes: its top, in logical pixels.
  let sectionTops: [Double]
  /// Each row's label position: its top and height, per section.
  let rowFrames: [[(top: Double, height: Double)]]

  /// A cell with its place: `rect` is the whole cell, `view` maps the curve into the plot box.
  public struct PlacedCell: Sendable {
    public let cell: GalleryCell
    public let rect: Rect
    public let viewport: Viewport
  }

  /// Lays out the sections of `options.interpolations`.
  public init(options: GalleryOptions = GalleryOptions()) {
    self.options = options
    sections = GalleryCatalogue.sections(for: options.interpolations)
    let rowCount = sections.reduce(0) { $0 + $1.rows.count }
    let hasFooter = sections.contains { $0.rows.contains { $0.cells.contains(where: \.isAutomatic) } }
    let fixedWidth = 2 * Self.margin + Self.labelWidth
    let fixedHeight =
      2 * Self.margin + Self.headerHeight + Double(sections.count) * Self.sectionHeight
      + (hasFooter ? Self.footerHeight : 0)
    let cellWidth = options.width.map { max(1, ($0 - fixedWidth) / Double(Self.columns)) } ?? Self.cellWidth
    let cellHeight =
      options.height.map { max(1, ($0 - fixedHeight) / Double(max(rowCount, 1))) } ?? Self.cellHeight
    size = Size(
      options.width ?? fixedWidth + Double(Self.columns) * cellWidth,
      options.height ?? fixedHeight + Double(rowCount) * cellHeight)

    var placed: [PlacedCell] = []
    var tops: [Double] = []
    var rowFrames: [[(top: Double, height: Double)]] = []
    var y = Self.margin + Self.headerHeight
    let frames =
      (Double(GalleryCatalogue.frames.lowerBound) - Self.framePadding)...(Double(GalleryCatalogue.frames.upperBound)
      + Self.framePadding)
    for section in sections {
      tops.append(y)
      y += Self.sectionHeight
      var rows: [(top: Double, height: Double)] = []
      for row in section.rows {
        rows.append((y, cellHeight))
        for (column, cell) in row.cells.enumerated() {
          let rect = Rect(
            x: Self.margin + Self.labelWidth + Double(column) * cellWidth, y: y, width: cellWidth, height: cellHeight)
          placed.append(PlacedCell(cell: cell, rect: rect, viewport: Viewport(frames: frames, values: row.values, rect: Self.box(of: rect))))
        }
        y += cellHeight
      }
      rowFrames.append(rows)
    }
    placedCells = placed
    sectionTops = tops
    self.rowFrames = rowFrames
  }

  /// The plot box of a cell: below its title, with a gap to the next cell.
  static func box(of cell: Rect) -> Rect {
    Rect(x: cell.minX + 4, y: cell.minY + 20, width: max(1, cell.width - 8), height: max(1, cell.height - 26))
  }

  /// The outline of a cell's curve: the core's values, drawn as the Graph Editor draws them
  /// (easings sampled every half pixel, Bézier segments as cubics, steps as steps).
  public static func curvePath(of placed: PlacedCell) -> Path {
    CurvePath.path(placed.cell.curve, viewport: placed.viewport)
  }

  // MARK: Drawing

  /// Draws the gallery on `canvas`.
  public func draw(on canvas: any Canvas) {
    let theme = options.theme
    canvas.fill(.rect(Rect(x: 0, y: 0, width: size.width, height: size.height)), color: theme.channelList.background)
    drawHeader(canvas)
    for (i, section) in sections.enumerated() {
      drawSectionHeading(canvas, section, top: sectionTops[i])
      for (row, frame) in zip(section.rows, rowFrames[i]) {
        drawRowLabel(canvas, row, top: frame.top, height: frame.height)
      }
    }
    for placed in placedCells { drawCell(canvas, placed) }
    if sections.contains(where: { $0.rows.contains { $0.cells.contains(where: \.isAutomatic) } }) {
      drawFooter(canvas)
    }
  }

  func drawHeader(_ canvas: any Canvas) {
    let theme = options.theme
    canvas.text(
      Self.titleText, at: Point(Self.margin, Self.margin + 16),
      style: TextStyle(size: 16, color: theme.graph.valueLabel), anchor: TextAnchor(.left, .baseline))
    canvas.text(
      Self.subtitleText, at: Point(Self.margin, Self.margin + 36),
      style: TextStyle(size: 11, color: theme.ruler.frameLabel), anchor: TextAnchor(.left, .baseline))
  }

  func drawSectionHeading(_ canvas: any Canvas, _ section: GallerySection, top: Double) {
    let theme = options.theme
    let baseline = top + Self.sectionHeight - 9
    canvas.text(
      section.title, at: Point(Self.margin, baseline), style: TextStyle(size: 13, color: theme.graph.valueLabel),
      anchor: TextAnchor(.left, .baseline))
    let cellWidth = placedCells.first?.rect.width ?? Self.cellWidth
    for (column, header) in section.columnHeaders.enumerated() {
      let x = Self.margin + Self.labelWidth + (Double(column) + 0.5) * cellWidth
      canvas.text(
        header, at: Point(x, baseline), style: TextStyle(size: 12, color: theme.graph.valueLabel),
        anchor: TextAnchor(.center, .baseline))
    }
    // A rule under the heading, across the cells.
    let y = pixelCenter(top + Self.sectionHeight - 3)
    canvas.stroke(
      .line(from: Point(Self.margin, y), to: Point(Self.margin + Self.labelWidth + 3 * cellWidth, y)),
      color: theme.header.fieldOutline, style: StrokeStyle(width: 1))
  }

  func drawRowLabel(_ canvas: any Canvas, _ row: GalleryRow, top: Double, height: Double) {
    let theme = options.theme
    let box = Self.box(of: Rect(x: 0, y: top, width: 1, height: height))
    let lineHeight = 13.0
    let textHeight = 14 + lineHeight * Double(row.details.count)
    var baseline = box.midY - textHeight / 2 + 11
    canvas.text(
      row.label, at: Point(Self.margin, baseline), style: TextStyle(size: 12, color: theme.graph.valueLabel),
      anchor: TextAnchor(.left, .baseline))
    for detail in row.details {
      baseline += lineHeight
      canvas.text(
        detail, at: Point(Self.margin, baseline), style: TextStyle(size: 10, color: theme.ruler.frameLabel),
        anchor: TextAnchor(.left, .baseline))
    }
  }

  func drawCell(_ canvas: any Canvas, _ placed: PlacedCell) {
    let theme = options.theme
    let viewport = placed.viewport
    let box = viewport.rect
    // The title (and its tag), smaller when they do not fit.
    let metrics = canvas.fontMetrics
    func tagWidth(_ size: Double) -> Double {
      placed.cell.isAutomatic ? metrics.width(of: Self.autoTag, size: size) + 6 : 0
    }
    var titleSize = 11.0
    while titleSize > 7 && metrics.width(of: placed.cell.title, size: titleSize) + tagWidth(min(10, titleSize)) > box.width {
      titleSize -= 0.5
    }
    let tagSize = min(10, titleSize)
    let tagWidth = tagWidth(tagSize)
    let baseline = placed.rect.minY + 15
    // Cells narrowed by --width clip their title rather than run into the next.
    canvas.save()
    canvas.clip(to: Rect(x: box.minX, y: placed.rect.minY, width: max(1, box.width - tagWidth), height: box.minY - placed.rect.minY))
    canvas.text(
      placed.cell.title, at: Point(box.minX, baseline), style: TextStyle(size: titleSize, color: theme.channelList.text),
      anchor: TextAnchor(.left, .baseline))
    canvas.restore()
    if placed.cell.isAutomatic {
      canvas.text(
        Self.autoTag, at: Point(box.maxX, baseline),
        style: TextStyle(size: tagSize, color: theme.channelList.textSelected), anchor: TextAnchor(.right, .baseline))
    }

    // The box, its lines at values 0 and 1 and at the keys' frames.
    canvas.fill(.rect(box), color: theme.graph.background)
    var lines = Path()
    for value in [0.0, 1.0] {
      let y = pixelCenter(viewport.y(value))
      lines.move(to: Point(box.minX, y))
      lines.line(to: Point(box.maxX, y))
    }
    for frame in [GalleryCatalogue.frames.lowerBound, GalleryCatalogue.frames.upperBound] {
      let x = pixelCenter(viewport.x(Double(frame)))
      lines.move(to: Point(x, box.minY))
      lines.line(to: Point(x, box.maxY))
    }
    canvas.save()
    canvas.clip(to: box)
    canvas.stroke(lines, color: theme.graph.gridMajor, style: StrokeStyle(width: 1))
    canvas.stroke(
      Self.curvePath(of: placed), color: theme.graph.otherAxis, style: StrokeStyle(width: 2, cap: .round, join: .round))
    let keys = placed.cell.curve.keyframes.map { viewport.point(Double($0.frame), Double($0.value)) }
    canvas.markers(
      .circle(center: .zero, radius: 3.5), at: keys.map { Point(pixelCenter($0.x), pixelCenter($0.y)) },
      fill: theme.graph.vertex, stroke: nil)
    canvas.restore()
  }

  func drawFooter(_ canvas: any Canvas) {
    let theme = options.theme
    let baseline = size.height - Self.margin - 8
    let tagSize = 10.0
    canvas.text(
      Self.autoTag, at: Point(Self.margin, baseline), style: TextStyle(size: tagSize, color: theme.channelList.textSelected),
      anchor: TextAnchor(.left, .baseline))
    let x = Self.margin + canvas.fontMetrics.width(of: Self.autoTag, size: tagSize) + 5
    canvas.text(
      Self.footerText, at: Point(x, baseline), style: TextStyle(size: 11, color: theme.ruler.frameLabel),
      anchor: TextAnchor(.left, .baseline))
  }
}
