import AnimplotCore

/// `modifiers: [...]` of a track (docs/format.md, "Modifiers"): the type, the settings every
/// type shares, and the type's own `settings` under Blender's RNA names in lowerCamelCase.
/// Today's flat Cycles spelling (`before`, `after`, `beforeCount`, `afterCount` beside `type`)
/// reads too.
enum ModifierDecoder {
  enum Field: String, JSONFields {
    case type, mute, active, useInfluence, influence, useRestrictedRange, frameStart, frameEnd
    case blendIn, blendOut, settings
    // The flat Cycles spelling.
    case before, after, beforeCount, afterCount
    static let table = FieldTable<Self>()
  }

  /// Blender's range of a Cycles count (any 32-bit integer reads; negative counts never cycle).
  static let countRange = Int(Int32.min)...Int(Int32.max)

  /// The modifiers of one track, each counted with the file's (all its tracks together hold at
  /// most `Limits.modifiers`) before it is read.
  static func decodeModifiers(_ r: inout JSONReader, count: inout FileCount) throws(ActionDecodingError) -> [Modifier] {
    var modifiers: [Modifier] = []
    try r.readElements { (r, _) throws(ActionDecodingError) in
      try count.add(.modifier, r)
      modifiers.append(try decodeModifier(&r, count: &count))
    }
    return modifiers
  }

  static func decodeModifier(_ r: inout JSONReader, count: inout FileCount) throws(ActionDecodingError) -> Modifier {
    var type: Modifier.TypeName?
    var common = Modifier(.cycles(CyclesModifier()))
    var settings: JSONReader?
    var flat = CyclesModifier()
    var flatField: Field?
    var at: [Field: Int] = [:]
    let (start, seen) = try r.readFields(Field.self) { (r, field) throws(ActionDecodingError) in
      r.skipWhitespace()
      at[field] = r.offset
      switch field {
      case .type: type = try r.readEnum(Modifier.TypeName.self)
      case .mute: common.muted = try r.readBool()
      case .active: common.active = try r.readBool()
      case .useInfluence: common.useInfluence = try r.readBool()
      case .influence:
        common.influence = try r.readFloat()
        guard (0...1).contains(common.influence) else {
          throw r.error(.invalid("influence must be from 0 to 1, found \(common.influence)"), at: at[field]!)
        }
      case .useRestrictedRange: common.useRestrictedRange = try r.readBool()
      case .frameStart: common.frameStart = try r.readFloat()
      case .frameEnd: common.frameEnd = try r.readFloat()
      case .blendIn: common.blendIn = try nonNegative(&r, "blendIn")
      case .blendOut: common.blendOut = try nonNegative(&r, "blendOut")
      case .settings:
        r.skipWhitespace()
        guard r.peekKind() == .object else { throw r.typeMismatch(expected: "an object") }
        settings = r
        try r.skipValue()
      case .before:
        flat.before = try r.readEnum(CyclesModifier.Mode.self)
        flatField = flatField ?? field
      case .after:
        flat.after = try r.readEnum(CyclesModifier.Mode.self)
        flatField = flatField ?? field
      case .beforeCount:
        flat.beforeCount = try r.readInteger(in: countRange)
        flatField = flatField ?? field
      case .afterCount:
        flat.afterCount = try r.readInteger(in: countRange)
        flatField = flatField ?? field
      }
    }
    guard let type else { throw r.error(.missingField("type"), at: start) }
    if let flatField {
      guard type == .cycles else {
        throw r.error(
          .invalid("\"\(flatField.rawValue)\" belongs to a Cycles modifier (or inside \"settings\" of one)"),
          at: at[flatField]!
        ).prefixed(flatField.rawValue)
      }
      if settings != nil {
        throw r.error(
          .invalid("a Cycles modifier has either the flat \"\(flatField.rawValue)\" or \"settings\", not both"),
          at: at[flatField]!
        ).prefixed(flatField.rawValue)
      }
    }
    var modifier = common
    if var s = settings {
      let kind = try within("settings") { () throws(ActionDecodingError) in
        try SettingsDecoder.decode(
          type, &s, stepped: (seen.has(.frameStart) ? common.frameStart : nil, seen.has(.frameEnd) ? common.frameEnd : nil),
          count: &count)
      }
      modifier.kind = kind
    } else {
      modifier.kind = SettingsDecoder.defaults(type, flatCycles: flat)
      if case .stepped(var s) = modifier.kind {
        s.frameStart = common.frameStart
        s.frameEnd = common.frameEnd
        modifier.kind = .stepped(s)
      }
    }
    if case .stepped(let s) = modifier.kind {
      // Blender's Stepped start and end are the restricted range's too.
      modifier.frameStart = s.frameStart
      modifier.frameEnd = s.frameEnd
    } else if modifier.frameEnd < modifier.frameStart {
      let error = r.error(
        .invalid("frameEnd (\(modifier.frameEnd)) is before frameStart (\(modifier.frameStart))"),
        at: at[.frameEnd] ?? at[.frameStart]!)
      throw error.prefixed(at[.frameEnd] != nil ? "frameEnd" : "frameStart")
    }
    return modifier
  }

  static func nonNegative(_ r: inout JSONReader, _ name: String) throws(ActionDecodingError) -> Float {
    r.skipWhitespace()
    let at = r.offset
    let value = try r.readFloat()
    guard value >= 0 else { throw r.error(.invalid("\(name) must not be negative, found \(value)"), at: at) }
    return value
  }
}

/// The `settings` object of each type.
enum SettingsDecoder {
  /// A type with every setting at Blender's default (`flatCycles` for Cycles).
  static func defaults(_ type: Modifier.TypeName, flatCycles: CyclesModifier = CyclesModifier()) -> Modifier.Kind {
    switch type {
    case .generator: .generator(GeneratorModifier())
    case .fnGenerator: .functionGenerator(FunctionGeneratorModifier())
    case .envelope: .envelope(EnvelopeModifier())
    case .cycles: .cycles(flatCycles)
    case .noise: .noise(NoiseModifier())
    case .limits: .limits(LimitsModifier())
    case .stepped: .stepped(SteppedModifier())
    }
  }

  /// `stepped`: the modifier's own `frameStart`/`frameEnd`, which a Stepped modifier shares with
  /// its settings' (they must agree when both are given).
  static func decode(_ type: Modifier.TypeName, _ r: inout JSONReader, stepped: (Float?, Float?), count: inout FileCount)
    throws(ActionDecodingError) -> Modifier.Kind
  {
    switch type {
    case .generator: return .generator(try generator(&r))
    case .fnGenerator: return .functionGenerator(try functionGenerator(&r))
    case .envelope: return .envelope(try envelope(&r, count: &count))
    case .cycles: return .cycles(try cycles(&r))
    case .noise: return .noise(try noise(&r))
    case .limits: return .limits(try limits(&r))
    case .stepped: return .stepped(try steppedSettings(&r, stepped))
    }
  }

  enum GeneratorField: String, JSONFields {
    case mode, useAdditive, polyOrder, coefficients
    static let table = FieldTable<Self>()
  }

  /// A Generator's highest `polyOrder` (Blender's soft range), and the most coefficients a
  /// polynomial of it has (factorised: two per order).
  static let maximumOrder = 100
  static let maximumCoefficients = GeneratorModifier.coefficientCount(mode: .polynomialFactorised, order: maximumOrder)

  static func generator(_ r: inout JSONReader) throws(ActionDecodingError) -> GeneratorModifier {
    var g = GeneratorModifier()
    var coefficients: [Float]?
    var coefficientsAt = 0
    let (start, _) = try r.readFields(GeneratorField.self) { (r, field) throws(ActionDecodingError) in
      switch field {
      case .mode: g.mode = try r.readEnum(GeneratorModifier.Mode.self)
      case .useAdditive: g.additive = try r.readBool()
      case .polyOrder: g.order = try r.readInteger(in: 1...maximumOrder)
      case .coefficients:
        r.skipWhitespace()
        coefficientsAt = r.offset
        // Read before the order they must match may be known: at most the highest order's.
        coefficients = try CompactForm.readNumbers(
          &r, limit: maximumCoefficients,
          tooMany: "more than \(maximumCoefficients) coefficients, the most a polynomial of order \(maximumOrder) has")
      }
    }
    let count = GeneratorModifier.coefficientCount(mode: g.mode, order: g.order)
    if let coefficients {
      guard coefficients.count == count else {
        throw r.error(
          .invalid(
            "a \(g.mode == .polynomial ? "polynomial" : "factorised polynomial") of order \(g.order) has \(count) coefficients, found \(coefficients.count)"
          ), at: coefficientsAt
        ).prefixed("coefficients")
      }
      g.coefficients = coefficients
    } else {
      g.coefficients = GeneratorModifier.defaultCoefficients(mode: g.mode, order: g.order)
    }
    _ = start
    return g
  }

  enum FunctionField: String, JSONFields {
    case functionType, amplitude, phaseMultiplier, phaseOffset, valueOffset, useAdditive
    static let table = FieldTable<Self>()
  }

  static func functionGenerator(_ r: inout JSONReader) throws(ActionDecodingError) -> FunctionGeneratorModifier {
    var f = FunctionGeneratorModifier()
    _ = try r.readFields(FunctionField.self) { (r, field) throws(ActionDecodingError) in
      switch field {
      case .functionType: f.function = try r.readEnum(FunctionGeneratorModifier.Function.self)
      case .amplitude: f.amplitude = try r.readFloat()
      case .phaseMultiplier: f.phaseMultiplier = try r.readFloat()
      case .phaseOffset: f.phaseOffset = try r.readFloat()
      case .valueOffset: f.valueOffset = try r.readFloat()
      case .useAdditive: f.additive = try r.readBool()
      }
    }
    return f
  }

  enum EnvelopeField: String, JSONFields {
    case referenceValue, defaultMin, defaultMax, controlPoints
    static let table = FieldTable<Self>()
  }

  enum ControlPointField: String, JSONFields {
    case frame, min, max
    static let table = FieldTable<Self>()
  }

  /// An Envelope's control points, each counted with the file's (all its Envelopes together
  /// hold at most `Limits.envelopePoints`) before it is read.
  static func envelope(_ r: inout JSONReader, count: inout FileCount) throws(ActionDecodingError) -> EnvelopeModifier {
    var e = EnvelopeModifier()
    _ = try r.readFields(EnvelopeField.self) { (r, field) throws(ActionDecodingError) in
      switch field {
      case .referenceValue: e.referenceValue = try r.readFloat()
      case .defaultMin: e.defaultMin = try r.readFloat()
      case .defaultMax: e.defaultMax = try r.readFloat()
      case .controlPoints:
        try r.readElements { (r, _) throws(ActionDecodingError) in
          try count.add(.controlPoint, r)
          var point = EnvelopeModifier.ControlPoint(frame: 0, min: 0, max: 0)
          let (start, seen) = try r.readFields(ControlPointField.self) { (r, field) throws(ActionDecodingError) in
            switch field {
            case .frame: point.frame = try r.readFloat()
            case .min: point.min = try r.readFloat()
            case .max: point.max = try r.readFloat()
            }
          }
          guard seen.has(.frame) else { throw r.error(.missingField("frame"), at: start) }
          e.controlPoints.append(point)
        }
      }
    }
    return e
  }

  enum CyclesField: String, JSONFields {
    case modeBefore, cyclesBefore, modeAfter, cyclesAfter
    static let table = FieldTable<Self>()
  }

  static func cycles(_ r: inout JSONReader) throws(ActionDecodingError) -> CyclesModifier {
    var c = CyclesModifier()
    _ = try r.readFields(CyclesField.self) { (r, field) throws(ActionDecodingError) in
      switch field {
      case .modeBefore: c.before = try r.readEnum(CyclesModifier.Mode.self)
      case .cyclesBefore: c.beforeCount = try r.readInteger(in: ModifierDecoder.countRange)
      case .modeAfter: c.after = try r.readEnum(CyclesModifier.Mode.self)
      case .cyclesAfter: c.afterCount = try r.readInteger(in: ModifierDecoder.countRange)
      }
    }
    return c
  }

  enum NoiseField: String, JSONFields {
    case blendType, scale, strength, phase, offset, depth, lacunarity, roughness, useLegacyNoise
    static let table = FieldTable<Self>()
  }

  static func noise(_ r: inout JSONReader) throws(ActionDecodingError) -> NoiseModifier {
    var n = NoiseModifier()
    _ = try r.readFields(NoiseField.self) { (r, field) throws(ActionDecodingError) in
      switch field {
      case .blendType: n.blendType = try r.readEnum(NoiseModifier.BlendType.self)
      case .scale: n.scale = try r.readFloat()
      case .strength: n.strength = try r.readFloat()
      case .phase: n.phase = try r.readFloat()
      case .offset: n.offset = try r.readFloat()
      case .depth: n.depth = try r.readInteger(in: 0...32767)
      case .lacunarity: n.lacunarity = try r.readFloat()
      case .roughness: n.roughness = try r.readFloat()
      case .useLegacyNoise: n.useLegacyNoise = try r.readBool()
      }
    }
    return n
  }

  enum LimitsField: String, JSONFields {
    case useMinX, minX, useMaxX, maxX, useMinY, minY, useMaxY, maxY
    static let table = FieldTable<Self>()
  }

  static func limits(_ r: inout JSONReader) throws(ActionDecodingError) -> LimitsModifier {
    var l = LimitsModifier()
    var at: [LimitsField: Int] = [:]
    _ = try r.readFields(LimitsField.self) { (r, field) throws(ActionDecodingError) in
      r.skipWhitespace()
      at[field] = r.offset
      switch field {
      case .useMinX: l.useMinX = try r.readBool()
      case .minX: l.minX = try r.readFloat()
      case .useMaxX: l.useMaxX = try r.readBool()
      case .maxX: l.maxX = try r.readFloat()
      case .useMinY: l.useMinY = try r.readBool()
      case .minY: l.minY = try r.readFloat()
      case .useMaxY: l.useMaxY = try r.readBool()
      case .maxY: l.maxY = try r.readFloat()
      }
    }
    // Blender keeps min ≤ max (setting one past the other drags it along).
    if l.maxX < l.minX {
      throw r.error(.invalid("maxX (\(l.maxX)) is below minX (\(l.minX))"), at: at[.maxX] ?? at[.minX]!).prefixed(
        at[.maxX] != nil ? "maxX" : "minX")
    }
    if l.maxY < l.minY {
      throw r.error(.invalid("maxY (\(l.maxY)) is below minY (\(l.minY))"), at: at[.maxY] ?? at[.minY]!).prefixed(
        at[.maxY] != nil ? "maxY" : "minY")
    }
    return l
  }

  enum SteppedField: String, JSONFields {
    case frameStep, frameOffset, useFrameStart, frameStart, useFrameEnd, frameEnd
    static let table = FieldTable<Self>()
  }

  static func steppedSettings(_ r: inout JSONReader, _ outer: (Float?, Float?)) throws(ActionDecodingError)
    -> SteppedModifier
  {
    var s = SteppedModifier()
    var at: [SteppedField: Int] = [:]
    let (_, seen) = try r.readFields(SteppedField.self) { (r, field) throws(ActionDecodingError) in
      r.skipWhitespace()
      at[field] = r.offset
      switch field {
      case .frameStep: s.frameStep = try r.readFloat()
      case .frameOffset: s.frameOffset = try r.readFloat()
      case .useFrameStart: s.useFrameStart = try r.readBool()
      case .frameStart: s.frameStart = try r.readFloat()
      case .useFrameEnd: s.useFrameEnd = try r.readBool()
      case .frameEnd: s.frameEnd = try r.readFloat()
      }
    }
    for (field, outerValue) in [(SteppedField.frameStart, outer.0), (.frameEnd, outer.1)] {
      guard let outerValue else { continue }
      let inner = field == .frameStart ? s.frameStart : s.frameEnd
      if seen.has(field) {
        guard inner == outerValue else {
          throw r.error(
            .invalid(
              "a Stepped modifier's \(field.rawValue) is its restricted range's too: \(inner) here, \(outerValue) beside \"settings\""
            ), at: at[field]!
          ).prefixed(field.rawValue)
        }
      } else if field == .frameStart {
        s.frameStart = outerValue
      } else {
        s.frameEnd = outerValue
      }
    }
    return s
  }
}
