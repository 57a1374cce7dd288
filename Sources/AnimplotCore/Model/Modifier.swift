/// An F-curve modifier. animplot implements Blender's Cycles modifier.
public enum Modifier: Sendable, Hashable {
  case cycles(CyclesModifier)
}

/// Blender's Cycles modifier: repeats the keyed range before and after itself.
public struct CyclesModifier: Sendable, Hashable {
  /// What happens outside the keyed range on one side.
  public enum Mode: UInt8, Sendable, Hashable, CaseIterable {
    /// No cycling: the curve's own extrapolation.
    case none
    /// The keyed range played again.
    case `repeat`
    /// Played again, shifted by the range's value change each cycle.
    case repeatOffset
    /// Played alternately forward and backward.
    case mirror
  }

  public var before: Mode = .repeat
  public var after: Mode = .repeat
  /// Number of cycles before the range; 0 means infinitely many.
  public var beforeCount: Int = 0
  /// Number of cycles after the range; 0 means infinitely many.
  public var afterCount: Int = 0

  public init(
    before: Mode = .repeat, after: Mode = .repeat, beforeCount: Int = 0, afterCount: Int = 0
  ) {
    self.before = before
    self.after = after
    self.beforeCount = beforeCount
    self.afterCount = afterCount
  }
}
