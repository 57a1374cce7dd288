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
      out += "{\n  \"animplot\": 1,\n  \"actions\": ["
      for (i, action) in document.actions.enumerated() {
        out += i == 0 ? "\n" : ",\n"
        writeAction(action, into: &out, indent: "    ", version: false)
      }
      out += "\n  ]\n}\n"
    } else {
      writeAction(document.actions[0], into: &out, indent: "", version: true)
      out += "\n"
    }
    return out
  }

  /// One action as JSON text ending in a newline.
  public static func encode(_ action: Action) -> String {
    encode(ActionDocument(actions: [action]))
  }

  static func writeAction(_ a: Action, into out: inout String, indent: String, version: Bool) {
    let i1 = indent + "  "
    out += indent + "{\n"
    if version { out += i1 + "\"animplot\": 1,\n" }
    out += i1 + "\"name\": " + quoted(a.name) + ",\n"
    out += i1 + "\"fps\": " + number(a.fps) + ",\n"
    if let s = a.frameStart { out += i1 + "\"frameStart\": " + number(s) + ",\n" }
    if let e = a.frameEnd { out += i1 + "\"frameEnd\": " + number(e) + ",\n" }
    if let c = a.currentFrame { out += i1 + "\"currentFrame\": " + number(c) + ",\n" }
    if let o = a.object {
      out += i1 + "\"object\": {\"name\": " + quoted(o.name) + ", \"type\": " + quoted(o.type.spelling)
        + (o.selected ? ", \"selected\": true" : "") + "},\n"
    }
    if !a.markers.isEmpty {
      out += i1 + "\"markers\": ["
      for (i, m) in a.markers.enumerated() {
        out += (i == 0 ? "\n" : ",\n") + i1 + "  {\"frame\": " + number(m.frame) + ", \"name\": " + quoted(m.name)
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
    out += i1 + "\"dataPath\": " + quoted(t.dataPath) + ", \"index\": " + String(t.index)
    if let label = t.label { out += ", \"label\": " + quoted(label) }
    if let group = t.group { out += ", \"group\": " + quoted(group) }
    if let q = t.quaternion { out += ", \"quaternion\": " + quoted(q.component.spelling) }
    if let color = t.color { out += ", \"color\": " + quoted(color.hex) }
    out += ",\n" + i1 + "\"extrapolation\": " + quoted(t.extrapolation.spelling)
    out += ", \"autoSmoothing\": " + quoted(t.autoSmoothing.spelling)
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
        out += (i == 0 ? "" : ", ") + "{\"type\": \"cycles\", \"before\": " + quoted(c.before.spelling)
          + ", \"after\": " + quoted(c.after.spelling) + ", \"beforeCount\": " + String(c.beforeCount)
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
    out += "{\"frame\": " + number(k.frame) + ", \"value\": " + number(k.value)
    out += ", \"interpolation\": " + quoted(k.interpolation.spelling)
    if k.easing != d.easing { out += ", \"easing\": " + quoted(k.easing.spelling) }
    if k.back != d.back { out += ", \"back\": " + number(k.back) }
    if k.amplitude != d.amplitude { out += ", \"amplitude\": " + number(k.amplitude) }
    if k.period != d.period { out += ", \"period\": " + number(k.period) }
    out += ", \"handleLeftType\": " + quoted(k.handleLeftType.spelling)
    out += ", \"handleRightType\": " + quoted(k.handleRightType.spelling)
    out += ", \"handleLeft\": [" + number(k.handleLeft.frame) + ", " + number(k.handleLeft.value) + "]"
    out += ", \"handleRight\": [" + number(k.handleRight.frame) + ", " + number(k.handleRight.value) + "]"
    if k.type != d.type { out += ", \"type\": " + quoted(k.type.spelling) }
    if k.selected { out += ", \"selected\": true" }
    if k.selectedHandleLeft { out += ", \"selectedHandleLeft\": true" }
    if k.selectedHandleRight { out += ", \"selectedHandleRight\": true" }
    out += "}"
  }
}

@inline(__always) private func number(_ v: Float) -> String { formatNumber(v) }
@inline(__always) private func number(_ v: Double) -> String { formatNumber(v) }

@inline(__always) private func quoted(_ s: String) -> String { jsonStringLiteral(s) }
