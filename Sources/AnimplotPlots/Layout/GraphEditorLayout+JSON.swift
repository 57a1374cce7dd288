import AnimplotCanvas
import AnimplotCore
import AnimplotText

/// What the layout's JSON lists of the curves: each key whose vertex or a handle is visible,
/// with its visible handles (`GraphEditorLayout.listing()`), worked out once for counting and
/// for writing.
package struct GraphEditorListing: Sendable {
  /// A key listed: its position in the track's keys, whether its vertex is visible, and the
  /// visible handles of it.
  struct Key: Sendable {
    var index: Int
    var isVisible: Bool
    var handles: [HandleLayout]
  }

  /// The keys listed of each curve, in the layout's `curves` order.
  var curves: [[Key]]

  /// How many keys and handles it lists.
  package var marks: Int { curves.reduce(0) { $0 + $1.reduce(0) { $0 + 1 + $1.handles.count } } }
}

extension GraphEditorLayout {
  /// How many keys and handles `json` lists: every key whose vertex or a handle is visible,
  /// and every visible handle.
  public var listedMarks: Int { listing().marks }

  /// The keys and handles the JSON lists (visible ones: `CurveLayout.isKeyVisible`,
  /// `CurveLayout.isVisible(_:)`).
  package func listing() -> GraphEditorListing {
    GraphEditorListing(
      curves: curves.map { curve in
        let handles = curve.handles().filter(curve.isVisible)
        var next = 0
        var keys: [GraphEditorListing.Key] = []
        for i in curve.track.keyframes.indices {
          // The handles come key by key, in the keys' order.
          let start = next
          while next < handles.count && handles[next].key == i { next += 1 }
          let visible = curve.isKeyVisible(i)
          guard visible || next > start else { continue }
          keys.append(.init(index: i, isVisible: visible, handles: Array(handles[start..<next])))
        }
        return keys
      })
  }

  /// The layout as JSON (`animplot graph --format json`), laid out as `jq .` indents JSON (one
  /// member per line, two spaces), described in docs/graph-json.md and
  /// docs/graph-layout.schema.json: the picture, the view, the channel list's rows, every curve
  /// with each key visible (its frame, value, centre and visible handles) and the markers.
  /// Places are device pixels to the thousandth; frames and values of keys are the shortest
  /// decimals of their 32-bit floats. The same layout always gives the same text.
  public var json: String { json(listing()) }

  /// The JSON of the layout listing `listing` (`listing()`).
  package func json(_ listing: GraphEditorListing) -> String {
    let text = jsonObject([
      (
        "picture",
        jsonObject([
          ("width", jsonNumber((pictureSize.width * scale).rounded(.up))),
          ("height", jsonNumber((pictureSize.height * scale).rounded(.up))), ("scale", jsonNumber(scale)),
          ("headerRows", String(headerRows)),
        ])
      ),
      (
        "view",
        jsonObject([
          ("rect", rect(deviceRect(viewport.rect))),
          ("frames", jsonArray([jsonNumber(viewport.frames.lowerBound), jsonNumber(viewport.frames.upperBound)])),
          ("values", jsonArray([jsonNumber(viewport.values.lowerBound), jsonNumber(viewport.values.upperBound)])),
          ("pixelsPerFrame", jsonNumber(viewport.pixelsPerFrame * scale)),
          ("pixelsPerValue", jsonNumber(viewport.pixelsPerValue * scale)),
        ])
      ),
      ("scrubStrip", rect(scrubStripRect)),
      ("channelList", channelListRect.map(rect) ?? "null"),
      ("channels", jsonArray((channelList?.rows ?? []).map(json))),
      ("curves", jsonArray(zip(curves, listing.curves).map(json))),
      ("markers", jsonArray(markers.map(json))),
    ])
    guard let pretty = prettyJSON(text) else { preconditionFailure("the layout's JSON is malformed: \(text)") }
    return pretty
  }

  private func json(_ row: ChannelRowLayout) -> String {
    var fields: [(key: String, value: String)] = [
      ("kind", jsonStringLiteral(row.kind.rawValue)), ("name", jsonStringLiteral(row.name)),
      ("depth", String(row.depth)),
    ]
    if let channel = row.channel { fields.append(("track", String(channel.track))) }
    fields.append(("rect", rect(rect(of: row))))
    fields += flags([
      ("selected", row.isSelected), ("hidden", row.isHidden), ("muted", row.isMuted), ("locked", row.isLocked),
      ("collapsed", row.isCollapsed),
    ])
    let toggles = toggles(of: row)
    if !toggles.isEmpty { fields.append(("toggles", jsonObject(toggles.map { ($0.toggle.rawValue, point($0.center)) }))) }
    return jsonObject(fields)
  }

  private func json(_ curve: CurveLayout, _ listed: [GraphEditorListing.Key]) -> String {
    let track = curve.track
    var fields: [(key: String, value: String)] = [
      ("track", String(curve.channel.track)), ("label", jsonStringLiteral(track.displayLabel)),
      ("dataPath", jsonStringLiteral(track.dataPath)), ("index", String(track.index)),
      ("color", jsonStringLiteral(curve.color.hex)),
    ]
    fields += flags([("selected", track.selected), ("active", track.active), ("muted", track.muted), ("locked", track.locked)])
    if curve.mapping != .identity {
      fields.append(
        ("normalization", jsonObject([("factor", jsonNumber(curve.mapping.factor)), ("offset", jsonNumber(curve.mapping.offset))])))
    }
    let keys = listed.map { listed in
      let key = track.keyframes[listed.index]
      var k: [(key: String, value: String)] = [
        ("index", String(listed.index)), ("frame", jsonNumber(key.frame)), ("value", jsonNumber(key.value)),
        ("center", point(devicePoint(curve.keyCenter(listed.index)))),
      ]
      k += flags([("selected", key.selected), ("active", listed.index == curve.activeKey), ("hidden", !listed.isVisible)])
      if !listed.handles.isEmpty {
        k.append(("handles", jsonObject(listed.handles.map { ($0.side.rawValue, point(devicePoint($0.end))) })))
      }
      return jsonObject(k)
    }
    fields.append(("keys", jsonArray(keys)))
    return jsonObject(fields)
  }

  private func json(_ marker: MarkerLayout) -> String {
    jsonObject(
      [
        ("index", String(marker.index)), ("frame", jsonNumber(marker.frame)), ("name", jsonStringLiteral(marker.name)),
        ("x", pixels(x(of: marker))),
      ] + flags([("selected", marker.isSelected)]))
  }

  // MARK: Spelling

  /// The flags that are true, as `true` members.
  private func flags(_ flags: [(String, Bool)]) -> [(key: String, value: String)] {
    flags.filter(\.1).map { ($0.0, "true") }
  }

  /// Device pixels to the thousandth (a place computed in logical pixels is a device pixel
  /// centre or edge up to rounding: 16.999999999999996 is 17).
  private func pixels(_ v: Double) -> String { jsonNumber((v * 1000).rounded() / 1000) }
  private func point(_ p: Point) -> String { jsonObject([("x", pixels(p.x)), ("y", pixels(p.y))]) }
  private func rect(_ r: Rect) -> String {
    jsonObject([("x", pixels(r.minX)), ("y", pixels(r.minY)), ("width", pixels(r.width)), ("height", pixels(r.height))])
  }
}
