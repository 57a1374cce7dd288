import AnimplotCore
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

  /// One action as JSON text ending in a newline.
  public static func encode(_ action: Action) -> String {
    encode(ActionDocument(actions: [action]))
  }

  static func writeAction(_ a: Action, into out: inout String, indent: String, version: Bool, keysAsStored: Bool = false) {
    let i1 = indent + "  "
    out += indent + "{\n"
    if version { out += i1 + "\"animplot\": 1,\n" }
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
      ("active", t.active),
    ] where flag {
      out += ", \"" + name + "\": true"
    }
    out += ",\n"
    if !t.modifiers.isEmpty {
      out += i1 + "\"modifiers\": ["
      for (i, m) in t.modifiers.enumerated() {
        guard case .cycles(let c) = m else { continue }
        out += (i == 0 ? "" : ", ") + "{\"type\": \"cycles\", \"before\": " + jsonStringLiteral(c.before.spelling)
          + ", \"after\": " + jsonStringLiteral(c.after.spelling) + ", \"beforeCount\": " + String(c.beforeCount)
          + ", \"afterCount\": " + String(c.afterCount) + "}"
      }
      out += "],\n"
    }
    out += i1 + "\"keyframes\": ["
    for (i, k) in t.keyframes.enumerated() {
      out += (i == 0 ? "\n" : ",\n") + i1 + "  "
      writeKey(k, into: &out)
    }
    out += t.keyframes.isEmpty ? "]\n" : "\n" + i1 + "]\n"
    out += indent + "}"
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
