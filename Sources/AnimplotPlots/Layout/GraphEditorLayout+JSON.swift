import AnimplotCanvas
import AnimplotCore
import AnimplotText

extension GraphEditorLayout {
  /// The layout as JSON (`animplot graph --format json`), laid out as `jq .` lays JSON out (one
  /// member per line, two spaces), described in docs/graph-json.md and
  /// docs/graph-layout.schema.json: the picture, the view, the channel list's rows, every curve
  /// with each key drawn (its frame, value, centre and drawn handles) and the markers. Places
  /// are device pixels to the thousandth; frames and values of keys are the shortest decimals
  /// of their 32-bit floats. The same layout always gives the same text.
  public var json: String {
    var members: [String] = [
      "\"picture\": " + object([
        ("width", whole((pictureSize.width * scale).rounded(.up))),
        ("height", whole((pictureSize.height * scale).rounded(.up))), ("scale", JSONText.number(scale)),
        ("headerRows", String(headerRows)),
      ]),
      "\"view\": " + object([
        ("rect", rect(deviceRect(viewport.rect))),
        ("frames", "[" + JSONText.number(viewport.frames.lowerBound) + ", " + JSONText.number(viewport.frames.upperBound) + "]"),
        ("values", "[" + JSONText.number(viewport.values.lowerBound) + ", " + JSONText.number(viewport.values.upperBound) + "]"),
        ("pixelsPerFrame", JSONText.number(viewport.pixelsPerFrame * scale)),
        ("pixelsPerValue", JSONText.number(viewport.pixelsPerValue * scale)),
      ]),
      "\"scrubStrip\": " + rect(scrubStripRect),
      "\"channelList\": " + (channelListRect.map(rect) ?? "null"),
    ]
    members.append("\"channels\": [" + (channelList?.rows ?? []).map(json).joined(separator: ", ") + "]")
    members.append("\"curves\": [" + curves.map(json).joined(separator: ", ") + "]")
    members.append("\"markers\": [" + markers.map(json).joined(separator: ", ") + "]")
    let text = "{" + members.joined(separator: ", ") + "}"
    guard let pretty = prettyJSON(text) else { preconditionFailure("the layout's JSON is malformed: \(text)") }
    return pretty
  }

  private func json(_ row: ChannelRowLayout) -> String {
    var fields: [(String, String)] = [
      ("kind", "\"" + row.kind.rawValue + "\""), ("name", JSONText.string(row.name)), ("depth", String(row.depth)),
    ]
    if let channel = row.channel { fields.append(("track", String(channel.track))) }
    fields.append(("rect", rect(rect(of: row))))
    fields += flags([
      ("selected", row.isSelected), ("hidden", row.isHidden), ("muted", row.isMuted), ("locked", row.isLocked),
      ("collapsed", row.isCollapsed),
    ])
    let toggles = toggles(of: row)
    if !toggles.isEmpty { fields.append(("toggles", object(toggles.map { ($0.toggle.rawValue, point($0.center)) }))) }
    return object(fields)
  }

  private func json(_ curve: CurveLayout) -> String {
    let track = curve.track
    var fields: [(String, String)] = [
      ("track", String(curve.channel.track)), ("label", JSONText.string(track.displayLabel)),
      ("dataPath", JSONText.string(track.dataPath)), ("index", String(track.index)), ("color", "\"" + curve.color.hex + "\""),
    ]
    fields += flags([("selected", track.selected), ("active", track.active), ("muted", track.muted), ("locked", track.locked)])
    if curve.mapping != .identity {
      fields.append(("normalization", object([("factor", JSONText.number(curve.mapping.factor)), ("offset", JSONText.number(curve.mapping.offset))])))
    }
    // Each key whose vertex or a handle is visible, in the track's order (the handles come key
    // by key, in the same order).
    let handles = curve.handles().filter(curve.isVisible)
    var next = 0
    var keys: [String] = []
    for (i, key) in track.keyframes.enumerated() {
      var sides: [(String, String)] = []
      while next < handles.count && handles[next].key == i {
        sides.append((handles[next].side.rawValue, point(devicePoint(handles[next].end))))
        next += 1
      }
      let visible = curve.isKeyVisible(i)
      guard visible || !sides.isEmpty else { continue }
      var k: [(String, String)] = [
        ("index", String(i)), ("frame", JSONText.number(key.frame)), ("value", JSONText.number(key.value)),
        ("center", point(devicePoint(curve.keyCenter(i)))),
      ]
      k += flags([("selected", key.selected), ("active", i == curve.activeKey), ("hidden", !visible)])
      if !sides.isEmpty { k.append(("handles", object(sides))) }
      keys.append(object(k))
    }
    fields.append(("keys", "[" + keys.joined(separator: ", ") + "]"))
    return object(fields)
  }

  private func json(_ marker: MarkerLayout) -> String {
    object(
      [
        ("index", String(marker.index)), ("frame", JSONText.number(marker.frame)), ("name", JSONText.string(marker.name)),
        ("x", pixels(x(of: marker))),
      ] + flags([("selected", marker.isSelected)]))
  }

  // MARK: Spelling

  private func object(_ fields: [(String, String)]) -> String {
    "{" + fields.map { JSONText.string($0.0) + ": " + $0.1 }.joined(separator: ", ") + "}"
  }

  /// The flags that are true, as `true` members.
  private func flags(_ flags: [(String, Bool)]) -> [(String, String)] {
    flags.filter(\.1).map { ($0.0, "true") }
  }

  /// Device pixels to the thousandth (a place computed in logical pixels is a device pixel
  /// centre or edge up to rounding: 16.999999999999996 is 17).
  private func pixels(_ v: Double) -> String { JSONText.number((v * 1000).rounded() / 1000) }
  private func whole(_ v: Double) -> String { JSONText.number(v) }
  private func point(_ p: Point) -> String { object([("x", pixels(p.x)), ("y", pixels(p.y))]) }
  private func rect(_ r: Rect) -> String {
    object([("x", pixels(r.minX)), ("y", pixels(r.minY)), ("width", pixels(r.width)), ("height", pixels(r.height))])
  }
}
