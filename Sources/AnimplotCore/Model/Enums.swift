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

/// Whose rules a curve follows where Blender versions evaluate differently (docs/format.md,
/// "Which Blender"): 3.4 (the default) or 5.0.
public enum BlenderVersion: UInt8, Sendable, Hashable, CaseIterable {
  case v3_4
  case v5_0

  /// "3.4" or "5.0", as files and the command line spell it.
  public var spelling: String { self == .v3_4 ? "3.4" : "5.0" }

  /// The version `text` spells: "3.4" or "5.0", or any version of 3 or 5 ("3.6", "5.0.1"), whose
  /// rules are those of 3.4 and 5.0 here; `nil` otherwise.
  public init?(spelling text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard let first = parts.first, let major = Int(first), (1...3).contains(parts.count),
      parts.dropFirst().allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) })
    else { return nil }
    switch major {
    case 3: self = .v3_4
    case 5: self = .v5_0
    default: return nil
    }
  }
}
