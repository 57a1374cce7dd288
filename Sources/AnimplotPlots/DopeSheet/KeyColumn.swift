import AnimplotCore

/// The keys of one dope-sheet row that share a frame, merged into one glyph (Blender's
/// `ActKeyColumn`).
///
/// Keys merge when their frames are within 0.01 of a column's frame (Blender's
/// `BEZT_BINARYSEARCH_THRESH`, compared as `is_cfra_eq` does). The column keeps the frame of the
/// first key that made it. As in Blender 3.4 and later, each curve's keys look for their column by
/// walking from the left, stopping at the last column not after the key: a key less than 0.01
/// before a column it reaches that way gets a column of its own.
public struct KeyColumn: Sendable, Hashable {
  /// Where the glyph is drawn, in frames.
  public var frame: Float
  /// `keyframe` if any merged key is one, else the type of the first key merged.
  public var type: KeyframeType
  /// Whether any merged key has its point or either handle selected (Blender's `BEZT_ISSEL_ANY`).
  public var selected: Bool
  /// The glyph's shape when handle types are shown: the highest-priority shape of the merged keys.
  public var shape: KeyShape

  /// A column with the given fields.
  public init(frame: Float, type: KeyframeType, selected: Bool, shape: KeyShape) {
    self.frame = frame
    self.type = type
    self.selected = selected
    self.shape = shape
  }
}

/// The glyph Blender draws for a key when "Show Handles and Interpolation" is on, from its two
/// handle types (`keyframes_keylist.cc:bezt_handle_type`); otherwise every key is a diamond.
///
/// Cases are ordered by Blender's priority when keys merge into one column, lowest first:
/// `free` wins over everything.
public enum KeyShape: UInt8, Sendable, Hashable, CaseIterable, Comparable {
  /// Both sides autoClamped: a circle.
  case autoClamped
  /// Both sides auto or autoClamped, at least one auto: a circle with a dot.
  case auto
  /// Both sides vector: a square.
  case vector
  /// Any other mix without a free side: a diamond clipped top and bottom.
  case aligned
  /// Either side free: a diamond.
  case free

  /// The shape of a key with these handle types.
  public init(left: HandleType, right: HandleType) {
    if left == .autoClamped && right == .autoClamped {
      self = .autoClamped
    } else if left.isAuto && right.isAuto {
      self = .auto
    } else if left == .vector && right == .vector {
      self = .vector
    } else if left == .free || right == .free {
      self = .free
    } else {
      self = .aligned
    }
  }

  /// Blender's priority order: `free` is the greatest.
  public static func < (a: KeyShape, b: KeyShape) -> Bool { a.rawValue < b.rawValue }
}
