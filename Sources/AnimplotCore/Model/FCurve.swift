/// One animated channel: an F-curve with its keys, settings and modifiers ("track" in files).
public struct FCurve: Sendable, Hashable {
  /// Blender's `data_path`, e.g. `location`.
  public var dataPath: String
  /// Blender's `array_index`.
  public var index: Int
  /// The name shown in editors; `nil` derives it as Blender does (see `displayLabel`).
  public var label: String?
  /// The channel group, e.g. `Object Transforms`.
  public var group: String?
  /// The curve's own colour; `nil` uses Blender's colour rules.
  public var color: CurveColor?
  public var extrapolation: Extrapolation = .constant
  public var autoSmoothing: AutoSmoothing = .contAccel
  public var muted = false
  public var locked = false
  public var hidden = false
  public var selected = false
  public var active = false
  public var modifiers: [Modifier] = []
  /// Set when the track is one component of a quaternion stored as four tracks (glTF
  /// rotations): it then evaluates coupled with the other three (see `QuaternionRole`).
  public var quaternion: QuaternionRole?
  /// Keys, sorted by frame once `recalculateHandles()` has run.
  public var keyframes: [Keyframe]

  public init(dataPath: String, index: Int = 0, keyframes: [Keyframe] = []) {
    self.dataPath = dataPath
    self.index = index
    self.keyframes = keyframes
  }

  /// The first modifier when it is a Cycles modifier: Blender only honours Cycles first.
  public var cycles: CyclesModifier? {
    if case .cycles(let c)? = modifiers.first { return c }
    return nil
  }

  /// Whether editors draw the curve by evaluating it across the view rather than segment by
  /// segment: a Cycles modifier or a coupled quaternion component (as Blender draws curves
  /// with modifiers).
  public var isDrawnSampled: Bool { cycles != nil || quaternion?.isCoupled == true }

  /// `dataPath[index]`, the channel's unique address within an action.
  public var address: String { "\(dataPath)[\(index)]" }
}
