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
  /// The channel's modifier toggle (Blender's wrench, `FCURVE_MOD_OFF`): when set, the curve is
  /// evaluated and drawn as if it had no modifiers.
  public var modifiersOff = false
  /// Whose rules the curve follows where Blender 3.4 and 5.0 differ (see `BlenderVersion`).
  public var blender: BlenderVersion = .v3_4
  /// Set when the track is one component of a quaternion stored as four tracks (glTF
  /// rotations): it then evaluates coupled with the other three (see `QuaternionRole`).
  public var quaternion: QuaternionRole?
  /// Keys, sorted by frame once `recalculateHandles()` has run (stored compactly for a track
  /// of plain samples: see `Keyframes`).
  public var keyframes: Keyframes

  public init(dataPath: String, index: Int = 0, keyframes: [Keyframe] = []) {
    self.dataPath = dataPath
    self.index = index
    self.keyframes = Keyframes(keyframes)
  }

  /// A curve of the keys `keyframes`, in either storage.
  public init(dataPath: String, index: Int = 0, keyframes: Keyframes) {
    self.dataPath = dataPath
    self.index = index
    self.keyframes = keyframes
  }

  /// The first modifier's settings when it is a Cycles modifier (the one that makes handles
  /// cyclic and that Blender 3.4 honours).
  public var cycles: CyclesModifier? { modifiers.first?.cyclesSettings }

  /// Whether the modifiers take part in evaluation: there are some and the channel's toggle
  /// has not turned them off.
  public var hasEffectiveModifiers: Bool { !modifiers.isEmpty && !modifiersOff }

  /// Whether editors draw the curve by evaluating it across the view rather than segment by
  /// segment: a curve with modifiers (as Blender draws them) or a coupled quaternion component.
  public var isDrawnSampled: Bool { hasEffectiveModifiers || quaternion?.isCoupled == true }

  /// Blender's `BKE_fcurve_are_keyframes_usable`: whether the Graph Editor still draws keys and
  /// handles. Unmuted Envelope and Limits modifiers, and Generators and Built-in Functions that
  /// replace the value, hide them.
  public var keyframesUsable: Bool {
    for (i, m) in modifiers.enumerated().reversed() where !m.muted && !isDisabled(at: i) {
      switch m.kind {
      case .cycles, .stepped, .noise: continue
      case .generator(let g): if !g.additive { return false }
      case .functionGenerator(let f): if !f.additive { return false }
      case .envelope, .limits: return false
      }
    }
    return true
  }

  /// Whether Blender marks the modifier at `index` invalid (`is_valid` false): under 3.4's
  /// rules a Cycles modifier that is not first in the stack disables itself when it is first
  /// evaluated. (A stack that never reaches it, muted, is not told apart: it does nothing
  /// either way.)
  public func isDisabled(at index: Int) -> Bool {
    Modifier.isDisabled(type: modifiers[index].type, index: index, blender: blender)
  }

  /// `dataPath[index]`, the channel's unique address within an action.
  public var address: String { "\(dataPath)[\(index)]" }
}
