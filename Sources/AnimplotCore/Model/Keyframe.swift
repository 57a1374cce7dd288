/// One key of an F-curve with its two Bézier handles (Blender's `BezTriple`).
public struct Keyframe: Sendable, Hashable {
  /// The key's frame (x).
  public var frame: Float
  /// The key's value (y).
  public var value: Float
  /// Interpolation of the segment from this key to the next.
  public var interpolation: Interpolation = .bezier
  /// Easing end of that segment when it is an easing interpolation.
  public var easing: Easing = .auto
  /// Overshoot of `back` easing.
  public var back: Float = 1.70158
  /// Amplitude of `elastic` easing, in value units (0: the jump's size).
  public var amplitude: Float = 0.8
  /// Period of `elastic` easing, in frames (0: 0.3 of the segment).
  public var period: Float = 4.1
  public var handleLeftType: HandleType = .autoClamped
  public var handleRightType: HandleType = .autoClamped
  /// The left handle point. Recomputed for auto, autoClamped and vector sides.
  public var handleLeft: CurvePoint
  /// The right handle point. Recomputed for auto, autoClamped and vector sides.
  public var handleRight: CurvePoint
  /// Dope-sheet category.
  public var type: KeyframeType = .keyframe
  public var selected: Bool = false
  public var selectedHandleLeft: Bool = false
  public var selectedHandleRight: Bool = false

  /// A key with Blender's defaults for a newly inserted key; handles flat, one frame out.
  public init(frame: Float, value: Float) {
    self.frame = frame
    self.value = value
    handleLeft = CurvePoint(frame: frame - 1, value: value)
    handleRight = CurvePoint(frame: frame + 1, value: value)
  }

  /// The key point itself.
  public var point: CurvePoint {
    get { CurvePoint(frame: frame, value: value) }
    set {
      frame = newValue.frame
      value = newValue.value
    }
  }

  /// Both sides auto or autoClamped (Blender's `BEZT_IS_AUTOH`).
  public var isFullyAuto: Bool { handleLeftType.isAuto && handleRightType.isAuto }
}
