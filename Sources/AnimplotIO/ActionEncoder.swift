import AnimplotCore
import AnimplotPlatform
import AnimplotText

/// Writes actions in format 1 (docs/format.md): one track per block and one key per line, fields in
/// a fixed order, so that output is stable and diffs well. Handles and their types are always
/// written; other key fields only when they differ from Blender's defaults. Numbers are the
/// shortest text that reads back to the same value (`Float` for key data).
public enum ActionEncoder {
  /// The document as JSON text ending in a newline.
  public static func encode(_ document: ActionDocument) -> String {
    var out = ""
    out.reserveCapacity(document.actions.reduce(256) { $0 + $1.tracks.reduce(0) { $0 + $1.keyframes.count * 200 } })
    if document.isMultiAction || document.actions.count != 1 {
      out += "{\n  \"animplot\": 1,\n" + (document.keysAsStored ? "  \"recalculate\": false,\n" : "") + "  \"actions\": ["
      for (i, action) in document.actions.enumerated() {
        out += i == 0 ? "\n" : ",\n"
        writeAction(action, into: &out, indent: "    ", version: false)
      }
      out += "\n  ]\n}\n"
    } else {
      writeAction(document.actions[0], into: &out, indent: "", version: true, keysAsStored: document.keysAsStored)
      out += "\n"
    }
    return out
  }

  /// Why `document` cannot be written as an action file, if it cannot: its keys and modifiers
  /// weigh more than `Limits.writtenKeys` keys (the text would not be read back under the input
  /// limit). A modifier is written in about as many bytes as a key (a Limits modifier in 160),
  /// so it weighs one, and each of an Envelope's control points and a Generator's coefficients
  /// (up to 60 bytes and 16) a fifth of one; weighed before any text is made.
  package static func refusal(_ document: ActionDocument) -> String? {
    var (keys, modifiers, parts) = (0, 0, 0)
    for action in document.actions {
      for track in action.tracks {
        keys += track.keyframes.count
        modifiers += track.modifiers.count
        for modifier in track.modifiers {
          switch modifier.kind {
          case .envelope(let e): parts += e.controlPoints.count
          case .generator(let g): parts += g.coefficients.count
          default: break
          }
        }
      }
    }
    let weight = keys + modifiers + (parts + 4) / 5
    guard weight > Limits.writtenKeys else { return nil }
    guard modifiers > 0 else {
      return "its actions hold \(keys) keys, more than the \(Limits.writtenKeys) one action file animplot writes holds"
    }
    return
      "its actions hold \(keys) keys and \(modifiers) modifiers (of \(parts) control points and coefficients), written as long as \(weight) keys, more than the \(Limits.writtenKeys) one action file animplot writes holds"
  }

  /// One action as JSON text ending in a newline.
  public static func encode(_ action: Action) -> String {
    encode(ActionDocument(actions: [action]))
  }

  static func writeAction(_ a: Action, into out: inout String, indent: String, version: Bool, keysAsStored: Bool = false) {
    let i1 = indent + "  "
    out += indent + "{\n"
    if version { out += i1 + "\"animplot\": 1,\n" }
    if let blender = a.blender { out += i1 + "\"blender\": " + jsonStringLiteral(blender.spelling) + ",\n" }
    if keysAsStored { out += i1 + "\"recalculate\": false,\n" }
    out += i1 + "\"name\": " + jsonStringLiteral(a.name) + ",\n"
    out += i1 + "\"fps\": " + formatNumber(a.fps) + ",\n"
    if let s = a.frameStart { out += i1 + "\"frameStart\": " + formatNumber(s) + ",\n" }
    if let e = a.frameEnd { out += i1 + "\"frameEnd\": " + formatNumber(e) + ",\n" }
    if let c = a.currentFrame { out += i1 + "\"currentFrame\": " + formatNumber(c) + ",\n" }
    if let v = a.cursorValue { out += i1 + "\"cursorValue\": " + formatNumber(v) + ",\n" }
    if let o = a.object {
      out += i1 + "\"object\": {\"name\": " + jsonStringLiteral(o.name) + ", \"type\": " + jsonStringLiteral(o.type.spelling)
        + (o.selected ? ", \"selected\": true" : "") + "},\n"
    }
    if !a.markers.isEmpty {
      out += i1 + "\"markers\": ["
      for (i, m) in a.markers.enumerated() {
        out += (i == 0 ? "\n" : ",\n") + i1 + "  {\"frame\": " + formatNumber(m.frame) + ", \"name\": " + jsonStringLiteral(m.name)
        if m.selected { out += ", \"selected\": true" }
        out += "}"
      }
      out += "\n" + i1 + "],\n"
    }
    if !a.rotationModes.isEmpty {
      out += i1 + "\"rotationModes\": {"
        + a.rotationModesByName.map { jsonStringLiteral($0.name) + ": " + jsonStringLiteral($0.mode.spelling) }
        .joined(separator: ", ") + "},\n"
    }
    if let ext = a.extensionsJSON { out += i1 + "\"extensions\": " + ext + ",\n" }
    out += i1 + "\"tracks\": ["
    for (i, t) in a.tracks.enumerated() {
      out += i == 0 ? "\n" : ",\n"
      writeTrack(t, into: &out, indent: i1 + "  ")
    }
    out += a.tracks.isEmpty ? "]\n" : "\n" + i1 + "]\n"
    out += indent + "}"
  }

  static func writeTrack(_ t: FCurve, into out: inout String, indent: String) {
    let i1 = indent + "  "
    out += indent + "{\n"
    out += i1 + "\"dataPath\": " + jsonStringLiteral(t.dataPath) + ", \"index\": " + String(t.index)
    if let label = t.label { out += ", \"label\": " + jsonStringLiteral(label) }
    if let group = t.group { out += ", \"group\": " + jsonStringLiteral(group) }
    if let q = t.quaternion { out += ", \"quaternion\": " + jsonStringLiteral(q.component.spelling) }
    if let color = t.color { out += ", \"color\": " + jsonStringLiteral(color.hex) }
    out += ",\n" + i1 + "\"extrapolation\": " + jsonStringLiteral(t.extrapolation.spelling)
    out += ", \"autoSmoothing\": " + jsonStringLiteral(t.autoSmoothing.spelling)
    for (name, flag) in [
      ("muted", t.muted), ("locked", t.locked), ("hidden", t.hidden), ("selected", t.selected),
      ("active", t.active), ("modifiersOff", t.modifiersOff),
    ] where flag {
      out += ", \"" + name + "\": true"
    }
    out += ",\n"
    if !t.modifiers.isEmpty {
      out += i1 + "\"modifiers\": ["
      for (i, m) in t.modifiers.enumerated() {
        out += (i == 0 ? "\n" : ",\n") + i1 + "  "
        writeModifier(m, into: &out)
      }
      out += "\n" + i1 + "],\n"
    }
    out += i1 + "\"keyframes\": ["
    for (i, k) in t.keyframes.enumerated() {
      out += (i == 0 ? "\n" : ",\n") + i1 + "  "
      writeKey(k, into: &out)
    }
    out += t.keyframes.isEmpty ? "]\n" : "\n" + i1 + "]\n"
    out += indent + "}"
  }

  /// One modifier on one line: its type, the common settings that differ from Blender's
  /// defaults, and every setting of its type.
  static func writeModifier(_ m: Modifier, into out: inout String) {
    out += "{\"type\": " + jsonStringLiteral(m.type.spelling)
    if m.muted { out += ", \"mute\": true" }
    if m.active { out += ", \"active\": true" }
    if m.useInfluence { out += ", \"useInfluence\": true" }
    if m.influence != 1 { out += ", \"influence\": " + formatNumber(m.influence) }
    if m.useRestrictedRange { out += ", \"useRestrictedRange\": true" }
    if m.type != .stepped {
      // A Stepped modifier's range is its settings' frameStart and frameEnd.
      if m.frameStart != 0 || m.frameEnd != 0 {
        out += ", \"frameStart\": " + formatNumber(m.frameStart) + ", \"frameEnd\": " + formatNumber(m.frameEnd)
      }
    }
    if m.blendIn != 0 { out += ", \"blendIn\": " + formatNumber(m.blendIn) }
    if m.blendOut != 0 { out += ", \"blendOut\": " + formatNumber(m.blendOut) }
    out += ", \"settings\": {"
    func number(_ name: String, _ value: Float, first: Bool = false) {
      out += (first ? "\"" : ", \"") + name + "\": " + formatNumber(value)
    }
    func flag(_ name: String, _ value: Bool) { out += ", \"" + name + "\": " + (value ? "true" : "false") }
    switch m.kind {
    case .generator(let g):
      out += "\"mode\": " + jsonStringLiteral(g.mode.spelling)
      flag("useAdditive", g.additive)
      out += ", \"polyOrder\": " + String(g.order) + ", \"coefficients\": ["
      out += g.coefficients.map { formatNumber($0) }.joined(separator: ", ") + "]"
    case .functionGenerator(let f):
      out += "\"functionType\": " + jsonStringLiteral(f.function.spelling)
      number("amplitude", f.amplitude)
      number("phaseMultiplier", f.phaseMultiplier)
      number("phaseOffset", f.phaseOffset)
      number("valueOffset", f.valueOffset)
      flag("useAdditive", f.additive)
    case .envelope(let e):
      number("referenceValue", e.referenceValue, first: true)
      number("defaultMin", e.defaultMin)
      number("defaultMax", e.defaultMax)
      out += ", \"controlPoints\": ["
      out += e.controlPoints.map {
        "{\"frame\": " + formatNumber($0.frame) + ", \"min\": " + formatNumber($0.min) + ", \"max\": " + formatNumber($0.max) + "}"
      }.joined(separator: ", ") + "]"
    case .cycles(let c):
      out += "\"modeBefore\": " + jsonStringLiteral(c.before.spelling) + ", \"cyclesBefore\": " + String(c.beforeCount)
      out += ", \"modeAfter\": " + jsonStringLiteral(c.after.spelling) + ", \"cyclesAfter\": " + String(c.afterCount)
    case .noise(let n):
      out += "\"blendType\": " + jsonStringLiteral(n.blendType.spelling)
      number("scale", n.scale)
      number("strength", n.strength)
      number("phase", n.phase)
      number("offset", n.offset)
      out += ", \"depth\": " + String(n.depth)
      number("lacunarity", n.lacunarity)
      number("roughness", n.roughness)
      flag("useLegacyNoise", n.useLegacyNoise)
    case .limits(let l):
      out += "\"useMinX\": " + (l.useMinX ? "true" : "false")
      number("minX", l.minX)
      flag("useMaxX", l.useMaxX)
      number("maxX", l.maxX)
      flag("useMinY", l.useMinY)
      number("minY", l.minY)
      flag("useMaxY", l.useMaxY)
      number("maxY", l.maxY)
    case .stepped(let s):
      number("frameStep", s.frameStep, first: true)
      number("frameOffset", s.frameOffset)
      flag("useFrameStart", s.useFrameStart)
      number("frameStart", s.frameStart)
      flag("useFrameEnd", s.useFrameEnd)
      number("frameEnd", s.frameEnd)
    }
    out += "}}"
  }

  static func writeKey(_ k: Keyframe, into out: inout String) {
    let d = Keyframe(frame: 0, value: 0)
    out += "{\"frame\": " + formatNumber(k.frame) + ", \"value\": " + formatNumber(k.value)
    out += ", \"interpolation\": " + jsonStringLiteral(k.interpolation.spelling)
    if k.easing != d.easing { out += ", \"easing\": " + jsonStringLiteral(k.easing.spelling) }
    if k.back != d.back { out += ", \"back\": " + formatNumber(k.back) }
    if k.amplitude != d.amplitude { out += ", \"amplitude\": " + formatNumber(k.amplitude) }
    if k.period != d.period { out += ", \"period\": " + formatNumber(k.period) }
    out += ", \"handleLeftType\": " + jsonStringLiteral(k.handleLeftType.spelling)
    out += ", \"handleRightType\": " + jsonStringLiteral(k.handleRightType.spelling)
    out += ", \"handleLeft\": [" + formatNumber(k.handleLeft.frame) + ", " + formatNumber(k.handleLeft.value) + "]"
    out += ", \"handleRight\": [" + formatNumber(k.handleRight.frame) + ", " + formatNumber(k.handleRight.value) + "]"
    if k.type != d.type { out += ", \"type\": " + jsonStringLiteral(k.type.spelling) }
    if k.selected { out += ", \"selected\": true" }
    if k.selectedHandleLeft { out += ", \"selectedHandleLeft\": true" }
    if k.selectedHandleRight { out += ", \"selectedHandleRight\": true" }
    out += "}"
  }
}
