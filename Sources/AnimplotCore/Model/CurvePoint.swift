/// A point of the curve plane: a frame (x) and a value (y).
///
/// Coordinates are `Float`, as Blender stores them, so that every computation rounds where
/// Blender's does and gives Blender's numbers.
public struct CurvePoint: Sendable, Hashable {
  /// The horizontal coordinate, in frames.
  public var frame: Float
  /// The vertical coordinate, in the channel's own unit.
  public var value: Float

  public init(frame: Float, value: Float) {
    self.frame = frame
    self.value = value
  }

  static func - (a: CurvePoint, b: CurvePoint) -> CurvePoint {
    CurvePoint(frame: a.frame - b.frame, value: a.value - b.value)
  }
}
