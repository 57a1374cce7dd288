/// How the segment that starts at a key is interpolated (Blender's `BezTriple.ipo`).
///
/// A key's interpolation governs the segment to its *right*; the last key's only chooses the
/// extrapolation rule.
public enum Interpolation: UInt8, Sendable, Hashable, CaseIterable {
  case constant, linear, bezier
  case sine, quad, cubic, quart, quint, expo, circ, back, bounce, elastic

  /// Whether the segment ignores handles and follows a Robert Penner easing equation.
  public var isEasing: Bool { rawValue >= Interpolation.sine.rawValue }

  /// What `Easing.auto` means for this interpolation (Blender's "Automatic Easing"): ease-out
  /// for back, bounce and elastic, ease-in for the other easings; `nil` for constant, linear
  /// and bezier, which ignore easing. Evaluation applies the same rule.
  public var automaticEasing: Easing? {
    switch self {
    case .constant, .linear, .bezier: return nil
    case .back, .bounce, .elastic: return .easeOut
    case .sine, .quad, .cubic, .quart, .quint, .expo, .circ: return .easeIn
    }
  }
}

/// Which end of an easing segment is eased (Blender's `BezTriple.easing`).
public enum Easing: UInt8, Sendable, Hashable, CaseIterable {
  /// Blender's per-type default: ease-out for back, bounce and elastic, ease-in for the rest.
  case auto
  case easeIn, easeOut, easeInOut
}

/// The kind of a Bézier handle (Blender's `h1`/`h2`).
public enum HandleType: UInt8, Sendable, Hashable, CaseIterable {
  case free, aligned, vector, auto
  /// Blender's `AUTO_CLAMPED` (`HD_AUTO_ANIM`): auto, without overshoot, flat at extremes.
  case autoClamped

  /// `auto` or `autoClamped`.
  public var isAuto: Bool { self == .auto || self == .autoClamped }
}

/// The dope-sheet category of a key (Blender's keyframe type); no effect on values.
public enum KeyframeType: UInt8, Sendable, Hashable, CaseIterable {
  case keyframe, breakdown, movingHold, extreme, jitter, generated
}

/// How a curve continues before its first and after its last key.
public enum Extrapolation: UInt8, Sendable, Hashable, CaseIterable {
  case constant, linear
}

/// Blender's `FCurve.auto_smoothing`: how auto handles are smoothed.
public enum AutoSmoothing: UInt8, Sendable, Hashable, CaseIterable {
  /// Each auto handle from its two neighbours alone (x-length `interval / 2.5614`).
  case none
  /// "Continuous Acceleration": handles solved together for a continuous second derivative.
  case contAccel
}
