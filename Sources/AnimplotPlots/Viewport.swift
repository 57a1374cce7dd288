import AnimplotCanvas

/// What an editor shows of curve space and where: the frames and values in view and the
/// rectangle they are drawn in (Blender's View2D), mapping one to the other, y upward in values
/// and downward in pixels.
public struct Viewport: Sendable, Hashable {
  /// The frames shown, left edge to right edge of `rect`.
  public var frames: ClosedRange<Double>
  /// The values shown, bottom to top of `rect`.
  public var values: ClosedRange<Double>
  /// Where they are drawn, in logical pixels.
  public var rect: Rect

  public init(frames: ClosedRange<Double>, values: ClosedRange<Double>, rect: Rect) {
    self.frames = frames
    self.values = values
    self.rect = rect
  }

  /// Pixels per frame.
  public var pixelsPerFrame: Double { rect.width / max(frames.upperBound - frames.lowerBound, 1e-12) }
  /// Pixels per value unit.
  public var pixelsPerValue: Double { rect.height / max(values.upperBound - values.lowerBound, 1e-12) }

  public func x(_ frame: Double) -> Double { rect.minX + (frame - frames.lowerBound) * pixelsPerFrame }
  public func y(_ value: Double) -> Double { rect.maxY - (value - values.lowerBound) * pixelsPerValue }
  public func point(_ frame: Double, _ value: Double) -> Point { Point(x(frame), y(value)) }
  public func frame(atX x: Double) -> Double { frames.lowerBound + (x - rect.minX) / pixelsPerFrame }
  public func value(atY y: Double) -> Double { values.lowerBound + (rect.maxY - y) / pixelsPerValue }
}
