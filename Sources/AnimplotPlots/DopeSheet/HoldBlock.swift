/// A bar between two adjacent key columns of a row where the value holds (Blender's "long
/// keyframe", `keyframes_draw.cc:draw_keylist_block`).
public struct HoldBlock: Sendable, Hashable {
  /// The left column's frame.
  public var start: Float
  /// The next column's frame.
  public var end: Float
  public var kind: HoldKind
  /// Whether a key at either end of the span, in any curve of the row, is selected; Blender
  /// then draws the bar in the selected strip colour.
  public var selected: Bool

  /// A hold with the given fields.
  public init(start: Float, end: Float, kind: HoldKind, selected: Bool) {
    self.start = start
    self.end = end
    self.kind = kind
    self.selected = selected
  }
}

/// How a hold bar is drawn.
public enum HoldKind: String, Sendable, Hashable, CaseIterable {
  /// The value does not change over the span: a bar as high as a key (10 px).
  case `static`
  /// The span is a moving hold (both keys typed `movingHold`), or the row's curves all hold but
  /// not all statically: a thinner bar (7 px) at 0.8 alpha.
  case moving
}

/// A span between two adjacent key columns that Blender marks with its interpolation line when
/// "Show Handles and Interpolation" is on: some curve of the row leaves the left column with an
/// interpolation other than Bézier.
public struct InterpolationLine: Sendable, Hashable {
  /// The left column's frame.
  public var start: Float
  /// The next column's frame.
  public var end: Float
  /// Whether the row's curves disagree over the span (some are Bézier there, or have no key
  /// span there); Blender then draws the line at half alpha.
  public var mixed: Bool

  /// A line with the given fields.
  public init(start: Float, end: Float, mixed: Bool) {
    self.start = start
    self.end = end
    self.mixed = mixed
  }
}
