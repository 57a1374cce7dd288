/// An F-curve modifier, as Blender's `FModifier`: one of the seven types with the settings every
/// type shares (mute, influence, a restricted frame range with blends). A curve's modifiers are
/// evaluated as a stack (see `FCurve.value(at:)`).
public struct Modifier: Sendable, Hashable {
  /// The type and its own settings.
  public var kind: Kind
  /// Blender's `mute`: the modifier does nothing.
  public var muted = false
  /// Blender's `active`: the modifier whose panel is open (drawing only).
  public var active = false
  /// Blender's `use_influence`: `influence` scales the modifier's effect.
  public var useInfluence = false
  /// 0...1, used when `useInfluence` is set.
  public var influence: Float = 1
  /// Blender's `use_restricted_range`: the modifier acts on `frameStart...frameEnd` only.
  public var useRestrictedRange = false
  public var frameStart: Float = 0
  public var frameEnd: Float = 0
  /// Frames over which the influence ramps up after `frameStart` and down before `frameEnd`.
  public var blendIn: Float = 0
  public var blendOut: Float = 0

  public init(_ kind: Kind) {
    self.kind = kind
    if case .stepped(let s) = kind {
      frameStart = s.frameStart
      frameEnd = s.frameEnd
    }
  }

  /// A Cycles modifier with the common settings at their defaults.
  public static func cycles(_ c: CyclesModifier) -> Modifier { Modifier(.cycles(c)) }

  /// The seven types of F-modifier with their settings.
  public enum Kind: Sendable, Hashable {
    case generator(GeneratorModifier)
    case functionGenerator(FunctionGeneratorModifier)
    case envelope(EnvelopeModifier)
    case cycles(CyclesModifier)
    case noise(NoiseModifier)
    case limits(LimitsModifier)
    case stepped(SteppedModifier)
  }

  /// Whether a modifier of `type` at `index` of its stack is disabled under `blender`'s rules:
  /// 3.4 disables a Cycles modifier that is not first; 5.0 runs it.
  @inline(__always)
  public static func isDisabled(type: TypeName, index: Int, blender: BlenderVersion) -> Bool {
    blender == .v3_4 && index > 0 && type == .cycles
  }

  /// The type, without its settings.
  public enum TypeName: UInt8, Sendable, Hashable, CaseIterable {
    case generator, fnGenerator, envelope, cycles, noise, limits, stepped
  }

  /// The modifier's type.
  public var type: TypeName {
    switch kind {
    case .generator: .generator
    case .functionGenerator: .fnGenerator
    case .envelope: .envelope
    case .cycles: .cycles
    case .noise: .noise
    case .limits: .limits
    case .stepped: .stepped
    }
  }

  /// The Cycles settings when this is a Cycles modifier.
  public var cyclesSettings: CyclesModifier? {
    if case .cycles(let c) = kind { return c }
    return nil
  }
}

/// Blender's Generator: a polynomial of the frame, expanded or factorised.
public struct GeneratorModifier: Sendable, Hashable {
  public enum Mode: UInt8, Sendable, Hashable, CaseIterable {
    /// Σ cᵢ·tⁱ (`poly_order + 1` coefficients, index = power).
    case polynomial
    /// Π (c₂ᵢ·t + c₂ᵢ₊₁) (`2 · poly_order` coefficients).
    case polynomialFactorised
  }

  public var mode: Mode = .polynomial
  /// Adds to the curve's value instead of replacing it.
  public var additive = false
  /// 1...100.
  public var order: Int = 1
  /// `order + 1` values (expanded) or `2 · order` (factorised).
  public var coefficients: [Float] = [0, 1]

  public init(mode: Mode = .polynomial, additive: Bool = false, order: Int = 1, coefficients: [Float]? = nil) {
    self.mode = mode
    self.additive = additive
    self.order = order
    self.coefficients = coefficients ?? Self.defaultCoefficients(mode: mode, order: order)
  }

  /// How many coefficients `mode` and `order` take.
  public static func coefficientCount(mode: Mode, order: Int) -> Int {
    mode == .polynomial ? order + 1 : 2 * order
  }

  /// Blender's defaults: y = t (0, 1, then zeros).
  public static func defaultCoefficients(mode: Mode, order: Int) -> [Float] {
    var c = [Float](repeating: 0, count: coefficientCount(mode: mode, order: order))
    if c.count > 1 { c[1] = 1 }
    return c
  }
}

/// Blender's Built-in Function (`FNGENERATOR`): amplitude · f(multiplier · t + offset) + value offset.
public struct FunctionGeneratorModifier: Sendable, Hashable {
  public enum Function: UInt8, Sendable, Hashable, CaseIterable {
    case sin, cos, tan, sqrt, ln, sinc
  }

  public var function: Function = .sin
  public var amplitude: Float = 1
  public var phaseMultiplier: Float = 1
  public var phaseOffset: Float = 0
  public var valueOffset: Float = 0
  public var additive = false

  public init(
    function: Function = .sin, amplitude: Float = 1, phaseMultiplier: Float = 1, phaseOffset: Float = 0,
    valueOffset: Float = 0, additive: Bool = false
  ) {
    self.function = function
    self.amplitude = amplitude
    self.phaseMultiplier = phaseMultiplier
    self.phaseOffset = phaseOffset
    self.valueOffset = valueOffset
    self.additive = additive
  }
}

/// Blender's Envelope: maps the band `reference + defaultMin ... reference + defaultMax` onto a
/// band given by control points over time.
public struct EnvelopeModifier: Sendable, Hashable {
  public struct ControlPoint: Sendable, Hashable {
    public var frame: Float
    public var min: Float
    public var max: Float

    public init(frame: Float, min: Float, max: Float) {
      self.frame = frame
      self.min = min
      self.max = max
    }
  }

  public var referenceValue: Float = 0
  public var defaultMin: Float = -1
  public var defaultMax: Float = 1
  /// In stored order: Blender keeps points whose frames were edited out of order.
  public var controlPoints: [ControlPoint] = []

  public init(referenceValue: Float = 0, defaultMin: Float = -1, defaultMax: Float = 1, controlPoints: [ControlPoint] = []) {
    self.referenceValue = referenceValue
    self.defaultMin = defaultMin
    self.defaultMax = defaultMax
    self.controlPoints = controlPoints
  }
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
  /// Number of cycles before the range; 0 means infinitely many (negative: none).
  public var beforeCount: Int = 0
  /// Number of cycles after the range; 0 means infinitely many (negative: none).
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

/// Blender's Noise modifier: turbulence over time, combined with the curve's value.
public struct NoiseModifier: Sendable, Hashable {
  public enum BlendType: UInt8, Sendable, Hashable, CaseIterable {
    case replace, add, subtract, multiply
  }

  public var blendType: BlendType = .replace
  /// Blender's `scale` (the noise's size in frames).
  public var scale: Float = 1
  public var strength: Float = 1
  public var phase: Float = 1
  public var offset: Float = 0
  /// Octaves beyond the first (≥ 0).
  public var depth: Int = 0
  /// Blender 5.0's fractal settings (used when not `useLegacyNoise`, under 5.0's rules).
  public var lacunarity: Float = 2
  public var roughness: Float = 0.5
  /// Blender 5.0's `use_legacy_noise`; 3.4 has only the legacy noise.
  public var useLegacyNoise = true

  public init(
    blendType: BlendType = .replace, scale: Float = 1, strength: Float = 1, phase: Float = 1, offset: Float = 0,
    depth: Int = 0, lacunarity: Float = 2, roughness: Float = 0.5, useLegacyNoise: Bool = true
  ) {
    self.blendType = blendType
    self.scale = scale
    self.strength = strength
    self.phase = phase
    self.offset = offset
    self.depth = depth
    self.lacunarity = lacunarity
    self.roughness = roughness
    self.useLegacyNoise = useLegacyNoise
  }
}

/// Blender's Limits: clamps the frame (time pass) and the value (value pass).
public struct LimitsModifier: Sendable, Hashable {
  public var useMinX = false
  public var minX: Float = 0
  public var useMaxX = false
  public var maxX: Float = 0
  public var useMinY = false
  public var minY: Float = 0
  public var useMaxY = false
  public var maxY: Float = 0

  public init(
    useMinX: Bool = false, minX: Float = 0, useMaxX: Bool = false, maxX: Float = 0, useMinY: Bool = false,
    minY: Float = 0, useMaxY: Bool = false, maxY: Float = 0
  ) {
    self.useMinX = useMinX
    self.minX = minX
    self.useMaxX = useMaxX
    self.maxX = maxX
    self.useMinY = useMinY
    self.minY = minY
    self.useMaxY = useMaxY
    self.maxY = maxY
  }
}

/// Blender's Stepped Interpolation: holds the curve in steps of `frameStep` frames.
public struct SteppedModifier: Sendable, Hashable {
  public var frameStep: Float = 2
  public var frameOffset: Float = 0
  /// Frames before `frameStart` are not stepped.
  public var useFrameStart = false
  public var frameStart: Float = 0
  /// Frames after `frameEnd` are not stepped.
  public var useFrameEnd = false
  public var frameEnd: Float = 0

  public init(
    frameStep: Float = 2, frameOffset: Float = 0, useFrameStart: Bool = false, frameStart: Float = 0,
    useFrameEnd: Bool = false, frameEnd: Float = 0
  ) {
    self.frameStep = frameStep
    self.frameOffset = frameOffset
    self.useFrameStart = useFrameStart
    self.frameStart = frameStart
    self.useFrameEnd = useFrameEnd
    self.frameEnd = frameEnd
  }
}
