import AnimplotCanvas
import AnimplotCore

/// A still filmstrip of a stage for print: `frames.count` cells of the stage's size, left to
/// right and wrapping after `columns`, each the stage with its shape at one frame (the same
/// view in every cell, so positions compare across cells).
public struct StageFilmstrip: Sendable {
  public let stage: Stage
  /// The frame of each cell.
  public let frames: [Double]
  public let columns: Int
  /// Pixels between cells.
  public static let gap = 6.0

  /// `count` cells spread evenly over the stage's frames (their first and last included).
  public init(stage: Stage, count: Int, columns: Int) {
    precondition(count >= 1 && columns >= 1)
    self.stage = stage
    let all = stage.frames
    let first = all.first ?? stage.defaultFrame, last = all.last ?? first
    // Spread evenly, each on a sampled frame (a whole step from the first).
    let steps = all.count > 1 ? Double(all.count - 1) : 0
    let step = all.count > 1 ? (last - first) / steps : 0
    frames =
      count == 1
      ? [first]
      : (0..<count).map { first + (steps * Double($0) / Double(count - 1)).rounded() * step }
    self.columns = min(columns, count)
  }

  public var rows: Int { (frames.count + columns - 1) / columns }

  public var pictureSize: Size {
    let cell = stage.pictureSize
    return Size(
      Double(columns) * cell.width + Double(columns - 1) * Self.gap,
      Double(rows) * cell.height + Double(rows - 1) * Self.gap)
  }

  public func draw(on canvas: any Canvas) {
    let cell = stage.pictureSize
    canvas.fill(.rect(Rect(x: 0, y: 0, width: pictureSize.width, height: pictureSize.height)), color: stage.options.view.theme.view3D.gridMajor)
    for (i, frame) in frames.enumerated() {
      let x = Double(i % columns) * (cell.width + Self.gap), y = Double(i / columns) * (cell.height + Self.gap)
      canvas.save()
      canvas.concatenate(.translation(x, y))
      canvas.clip(to: Rect(x: 0, y: 0, width: cell.width, height: cell.height))
      stage.draw(on: canvas, frame: frame)
      canvas.restore()
    }
  }
}
