import AnimplotCanvas

/// One picture of a morph: how far it has gone, and what its caption says.
public struct MorphPicture: Sendable, Hashable {
  /// 0 is outline A, 1 is outline B; beyond extrapolates.
  public var progress: Double
  /// The caption under the picture ("t 0.25 → 0.06").
  public var label: String

  public init(progress: Double, label: String) {
    self.progress = progress
    self.label = label
  }
}

/// How a morph is drawn.
public struct MorphOptions: Sendable, Hashable {
  /// Colours: the editors' dark `blender`, or `light` for documents.
  public var theme: Theme = .blender
  /// The side of each picture's square, pixels.
  public var cellSize: Double = 120
  /// Pictures per row of a filmstrip; `nil`: all in one row up to 9, then rows of 9.
  public var columns: Int?

  public init() {}
}

/// What the pictures of a morph share: a cell's backdrop, the faint ghosts of A and B, and
/// the outline at some progress with its caption. The outlines (normalised, so the larger
/// side of each is 1) are drawn at 0.62 of the cell's side, leaving room for overshoot.
public enum MorphCell {
  /// The margin around a filmstrip, and between its cells.
  public static let margin = 12.0
  public static let gap = 8.0
  /// The height of the caption under a cell.
  public static let captionHeight = 22.0
  /// The drawn size of a normalised outline, as a fraction of the cell's side.
  public static let shapeScale = 0.62

  /// The cell's square (its caption below it): the transform of shape units into it.
  public static func transform(for square: Rect) -> Transform {
    let s = square.width * shapeScale
    return Transform(a: s, b: 0, c: 0, d: s, tx: square.midX, ty: square.midY)
  }

  /// The backdrop of the cell and the ghosts of A (solid) and B (dashed).
  public static func drawStill(_ canvas: any Canvas, morph: Morph, square: Rect, theme: Theme) {
    canvas.fill(.roundedRect(square, radius: 4), color: theme.channelList.background)
    let t = transform(for: square)
    let ghost = theme.ruler.frameLabel.withAlpha(0.35)
    canvas.stroke(morph.from.applying(t).path, color: ghost, style: StrokeStyle(width: 1, join: .round))
    canvas.stroke(morph.to.applying(t).path, color: ghost, style: StrokeStyle(width: 1, dash: [3, 3], join: .round))
  }

  /// The outline at `picture.progress`, filled, its first point marked (it shows that the
  /// points travel without twisting), and the caption under the square.
  public static func drawPicture(
    _ canvas: any Canvas, morph: Morph, picture: MorphPicture, square: Rect, theme: Theme
  ) {
    let t = transform(for: square)
    let outline = morph.outline(at: picture.progress).applying(t)
    canvas.save()
    canvas.clip(to: square)
    canvas.fill(outline.path, color: theme.ruler.playhead.withAlpha(0.55))
    canvas.stroke(outline.path, color: theme.ruler.playhead, style: StrokeStyle(width: 1.5, join: .round))
    if let first = outline.points.first {
      canvas.fill(.circle(center: first, radius: 2.5), color: theme.graph.valueLabel)
    }
    canvas.restore()
    canvas.text(
      picture.label, at: Point(square.midX, square.maxY + 15),
      style: TextStyle(size: 11, color: theme.ruler.frameLabel), anchor: TextAnchor(.center, .baseline))
  }
}

/// The pictures of a morph side by side, left to right, in rows: a filmstrip.
public struct MorphFilmstrip: Sendable {
  public let morph: Morph
  public let pictures: [MorphPicture]
  public let options: MorphOptions

  public init(morph: Morph, pictures: [MorphPicture], options: MorphOptions = MorphOptions()) {
    precondition(!pictures.isEmpty, "a filmstrip needs a picture")
    self.morph = morph
    self.pictures = pictures
    self.options = options
  }

  /// Cells per row.
  public var columns: Int { Self.columns(pictures: pictures.count, options: options) }
  public var rows: Int { (pictures.count + columns - 1) / columns }

  static func columns(pictures: Int, options: MorphOptions) -> Int { max(1, min(options.columns ?? 9, pictures)) }

  /// The picture's size in pixels.
  public var size: Size { Self.size(pictures: pictures.count, options: options) }

  /// The size of a filmstrip of `pictures` cells, known before the morph is made.
  package static func size(pictures: Int, options: MorphOptions) -> Size {
    let s = options.cellSize
    let columns = columns(pictures: pictures, options: options)
    let c = Double(columns), r = Double((pictures + columns - 1) / columns)
    return Size(
      (2 * MorphCell.margin + c * s + (c - 1) * MorphCell.gap).rounded(.up),
      (2 * MorphCell.margin + r * (s + MorphCell.captionHeight) + (r - 1) * MorphCell.gap).rounded(.up))
  }

  /// The square of picture `index` (its caption below).
  public func square(_ index: Int) -> Rect {
    let s = options.cellSize
    let column = index % columns, row = index / columns
    return Rect(
      x: MorphCell.margin + Double(column) * (s + MorphCell.gap),
      y: MorphCell.margin + Double(row) * (s + MorphCell.captionHeight + MorphCell.gap), width: s, height: s)
  }

  public func draw(on canvas: any Canvas) {
    let theme = options.theme
    canvas.fill(.rect(Rect(x: 0, y: 0, width: size.width, height: size.height)), color: theme.graph.background)
    for (i, picture) in pictures.enumerated() {
      MorphCell.drawStill(canvas, morph: morph, square: square(i), theme: theme)
      MorphCell.drawPicture(canvas, morph: morph, picture: picture, square: square(i), theme: theme)
    }
  }
}

/// One cell whose outline changes from picture to picture: what an animated morph shows. Its
/// still layer is the backdrop and the ghosts; each picture's layer the outline and caption.
public struct MorphStage: Sendable {
  public let morph: Morph
  public let pictures: [MorphPicture]
  public let options: MorphOptions

  public init(morph: Morph, pictures: [MorphPicture], options: MorphOptions = MorphOptions()) {
    precondition(!pictures.isEmpty, "an animation needs a picture")
    self.morph = morph
    self.pictures = pictures
    self.options = options
  }

  public var size: Size { Self.size(options: options) }

  /// The size of every picture, known before the morph is made.
  package static func size(options: MorphOptions) -> Size {
    let s = options.cellSize
    return Size(
      (2 * MorphCell.margin + s).rounded(.up), (2 * MorphCell.margin + s + MorphCell.captionHeight).rounded(.up))
  }

  var square: Rect { Rect(x: MorphCell.margin, y: MorphCell.margin, width: options.cellSize, height: options.cellSize) }

  public func drawStill(on canvas: any Canvas) {
    canvas.fill(.rect(Rect(x: 0, y: 0, width: size.width, height: size.height)), color: options.theme.graph.background)
    MorphCell.drawStill(canvas, morph: morph, square: square, theme: options.theme)
  }

  public func drawPicture(_ index: Int, on canvas: any Canvas) {
    MorphCell.drawPicture(canvas, morph: morph, picture: pictures[index], square: square, theme: options.theme)
  }
}
