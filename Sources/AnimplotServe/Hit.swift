import AnimplotCanvas
import AnimplotCommandLine
import AnimplotCore
import AnimplotPlatform
import AnimplotPlots
import AnimplotRender
import AnimplotText

extension ServeAPI {
  /// `GET /api/hit/{graph|dopesheet|timeline}?x=X&y=Y&tolerance=T&...`: what lies under device pixel
  /// (X, Y) of the picture the same options draw (the library's hit test), as JSON; `null`
  /// outside the picture.
  package func hit(view: String, query: ViewQuery) throws(ServeError) -> Answer {
    let x = try number("x", in: query), y = try number("y", in: query)
    let tolerance = try query.value("tolerance").map { _ throws(ServeError) in try number("tolerance", in: query) } ?? 0
    let point = Point(x, y)
    // A page asks many points of one picture: its layout is kept (by file state and options).
    let key = try layoutKey(view: view, query: query)
    let laid = try layouts.value(for: key) { () throws(ServeError) -> (LaidOut, weight: Int) in
      // Kept by what it holds, counted once it is made.
      let laid = try layout(view: view, query: query)
      return (laid, laid.heldItems)
    }
    return .json(laid.hitJSON(point, tolerance: tolerance) + "\n")
  }

  /// The laid-out editor of `view` a hit test reads.
  private func layout(view: String, query: ViewQuery) throws(ServeError) -> LaidOut {
    switch view {
    case "graph":
      let (editor, actions, scale) = try content(GraphArguments.self, query: query)
      // Its layout builds every curve's path, as the picture does: weighed the same.
      do throws(RenderError) {
        try editor.checkDrawingWork(scale: scale)
      } catch {
        throw ServeError(.badRequest, error.description)
      }
      // And it keeps them: weighed by their elements before they are made.
      let elements = editor.heldPathElements(scale: scale)
      guard elements <= layoutItems else {
        throw ServeError(
          .badRequest,
          "the Graph Editor's hit layout would hold \(elements) path elements (\(editor.drawnCurves) curves), more "
            + "than \(layoutItems); show fewer channels (channels=, hide=) or ask of a narrower picture (width=; a "
            + "curve with modifiers holds two per pixel)")
      }
      return .graph(editor.layout(scale: scale), actions)
    case "dopesheet":
      let (editor, _, scale) = try content(DopeSheetArguments.self, query: query)
      return .dopeSheet(editor.layout(scale: scale))
    case "timeline":
      let (timeline, _, scale) = try content(TimelineArguments.self, query: query)
      return .timeline(timeline.layout(scale: scale))
    default:
      throw ServeError(.notFound, "no hit test for \(messageQuoted(view)); expected graph, dopesheet or timeline")
    }
  }

  /// What a layout is kept by: the view, the file's number and state, and the options.
  func layoutKey(view: String, query: ViewQuery) throws(ServeError) -> String {
    let (file, _) = try servedDocument(query)
    let options = query.parameters.filter { !ViewQuery.serverNames.contains($0.name) || $0.name == "file" }
    return "\(view) \(file.path) \(file.generation) " + options.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
  }

  func number(_ name: String, in query: ViewQuery) throws(ServeError) -> Double {
    guard let text = query.value(name), let value = decimalNumber(text) else {
      throw ServeError(.badRequest, "\(name)=\(messageQuoted(query.value(name) ?? "")): expected a number (device pixels)")
    }
    return value
  }

  /// The view's content (the editor the picture is drawn from) for the query's file and options.
  func content<Arguments: VerbArguments>(_ type: Arguments.Type, query: ViewQuery) throws(ServeError)
    -> (Arguments.View.Content, [Action], Double)
  {
    let (file, document) = try servedDocument(query)
    let arguments = try self.arguments(type, query: query, path: file.path)
    let view: Arguments.View
    let request: RenderRequest
    do {
      view = try arguments.view()
      request = try arguments.request(format: Arguments.View.outputFormats[0])
    } catch {
      throw ServeError(.badRequest, "\(Arguments.verb): \(Arguments.message(for: error))")
    }
    let actions = try self.actions(
      request, showsEveryAction: Arguments.View.showsEveryAction, file: file, document: document)
    do {
      return (try view.content(of: actions), actions, arguments.settings.scale)
    } catch {
      throw ServeError(.badRequest, "\(file.path): \(error.description)")
    }
  }
}

/// A laid-out editor a hit test reads.
enum LaidOut: Sendable {
  case graph(GraphEditorLayout, [Action])
  case dopeSheet(DopeSheetEditorLayout)
  case timeline(TimelineLayout)

  /// What the layout holds, in items of about 50 bytes (`Limits.hitLayoutItems`): its path
  /// elements and marks, and a Graph Editor's keys (its actions' copy, or the file's as it was
  /// when laid out).
  var heldItems: Int {
    switch self {
    case .graph(let layout, let actions):
      layout.heldItems + actions.reduce(0) { $0 + $1.tracks.reduce(0) { $0 + $1.keyframes.count } }
    case .dopeSheet(let layout): layout.heldItems
    case .timeline(let layout): layout.heldItems
    }
  }

  /// What lies at `point` (device pixels), as JSON.
  func hitJSON(_ point: Point, tolerance: Double) -> String {
    switch self {
    case .graph(let layout, let actions):
      HitJSON.graph(layout.hit(point, tolerance: tolerance), layout: layout, actions: actions)
    case .dopeSheet(let layout): HitJSON.dopeSheet(layout.hit(point, tolerance: tolerance), layout: layout)
    case .timeline(let layout): HitJSON.timeline(layout.hit(point, tolerance: tolerance), layout: layout)
    }
  }
}

/// The last few values made, by key (the least recently used goes first), at most `capacity`
/// of them and, but for the last one made, at most `weight` in all.
package final class RecentValues<Value: Sendable>: Sendable {
  private let entries = Locked<[(key: String, value: Value, weight: Int)]>([])
  let capacity: Int
  let weight: Int

  package init(capacity: Int, weight: Int = .max) {
    self.capacity = capacity
    self.weight = weight
  }

  /// The value kept for `key`, or the one `make` makes (kept unless it throws), with what it
  /// holds (a layout: `LaidOut.heldItems`), weighed only when it is made.
  package func value(for key: String, make: () throws(ServeError) -> (Value, weight: Int)) throws(ServeError) -> Value {
    let kept = entries.withLock { entries -> Value? in
      guard let i = entries.firstIndex(where: { $0.key == key }) else { return nil }
      let entry = entries.remove(at: i)
      entries.append(entry)
      return entry.value
    }
    if let kept { return kept }
    let (value, weight) = try make()
    entries.withLock { entries in
      entries.append((key, value, weight))
      var total = entries.reduce(0) { $0 + $1.weight }
      while entries.count > 1, entries.count > capacity || total > self.weight {
        total -= entries.removeFirst().weight
      }
    }
    return value
  }

  /// The keys kept, oldest first.
  package var keys: [String] { entries.withLock { $0.map(\.key) } }
}

/// Hits as JSON: `{"part": "key", "channel": {...}, "key": 3, "frame": 12, "value": 0.5, ...}`.
enum HitJSON {
  static func graph(_ hit: GraphEditorHit?, layout: GraphEditorLayout, actions: [Action]) -> String {
    guard let hit else { return "null" }
    var fields: [(String, String)] = []
    func channel(_ id: ChannelID) {
      guard let curve = layout.curve(for: id) else { return }
      let track = curve.track
      var members = [
        ("label", jsonStringLiteral(track.displayLabel)), ("dataPath", jsonStringLiteral(track.dataPath)),
        ("index", "\(track.index)"),
      ]
      if actions.indices.contains(id.action) { members.append(("action", jsonStringLiteral(actions[id.action].name))) }
      fields.append(("channel", object(members)))
    }
    func key(_ id: KeyID) -> Keyframe? {
      guard let track = layout.curve(for: id.channel)?.track, track.keyframes.indices.contains(id.key) else { return nil }
      return track.keyframes[id.key]
    }
    switch hit {
    case .header: fields.append(("part", "\"header\""))
    case .channelList: fields.append(("part", "\"channelList\""))
    case .channelRow(let row, let toggle):
      fields.append(("part", "\"channelRow\""))
      fields.append(("row", "\(row)"))
      if let toggle { fields.append(("toggle", jsonStringLiteral(toggle.rawValue))) }
      if let rows = layout.channelList?.rows, rows.indices.contains(row) {
        fields.append(("label", jsonStringLiteral(rows[row].name)))
        fields.append(("kind", jsonStringLiteral("\(rows[row].kind)")))
        if let id = rows[row].channel { channel(id) }
      }
    case .scrubStrip(let frame):
      fields.append(("part", "\"scrubStrip\""))
      fields.append(("frame", jsonNumber(frame)))
    case .scrollbar(let axis):
      fields.append(("part", "\"scrollbar\""))
      fields.append(("axis", jsonStringLiteral(axis.rawValue)))
    case .marker(let index): fields += marker(index, in: layout.markers)
    case .key(let id):
      fields.append(("part", "\"key\""))
      channel(id.channel)
      fields.append(("key", "\(id.key)"))
      if let k = key(id) {
        fields += [
          ("frame", jsonNumber(k.frame)), ("value", jsonNumber(k.value)),
          ("interpolation", jsonStringLiteral(rnaName(k.interpolation))), ("easing", jsonStringLiteral(rnaName(k.easing))),
          ("handleTypes", "[\(jsonStringLiteral(rnaName(k.handleLeftType))), \(jsonStringLiteral(rnaName(k.handleRightType)))]"),
          ("keyType", jsonStringLiteral(rnaName(k.type))), ("selected", "\(k.selected)"),
        ]
      }
    case .handle(let id, let side):
      fields.append(("part", "\"handle\""))
      channel(id.channel)
      fields.append(("key", "\(id.key)"))
      fields.append(("side", side == .left ? "\"left\"" : "\"right\""))
      if let k = key(id) {
        let end = side == .left ? k.handleLeft : k.handleRight
        let type = side == .left ? k.handleLeftType : k.handleRightType
        fields += [
          ("frame", jsonNumber(end.frame)), ("value", jsonNumber(end.value)), ("handleType", jsonStringLiteral(rnaName(type))),
          ("selected", "\(side == .left ? k.selectedHandleLeft : k.selectedHandleRight)"),
        ]
      }
    case .curve(let id):
      fields.append(("part", "\"curve\""))
      channel(id)
    case .plot(let frame, let value):
      fields.append(("part", "\"plot\""))
      fields.append(("frame", jsonNumber(frame)))
      fields.append(("value", jsonNumber(value)))
    }
    return object(fields)
  }

  static func dopeSheet(_ hit: DopeSheetEditorHit?, layout: DopeSheetEditorLayout) -> String {
    guard let hit else { return "null" }
    var fields: [(String, String)] = []
    func row(_ index: Int) -> DopeSheetRow? { layout.rows.first { $0.index == index }?.row }
    func describe(_ index: Int) {
      fields.append(("row", "\(index)"))
      guard let r = row(index) else { return }
      fields.append(("label", jsonStringLiteral(r.name)))
      fields.append(("kind", jsonStringLiteral("\(r.kind)")))
      if let path = r.dataPath { fields.append(("dataPath", jsonStringLiteral(path))) }
      if let i = r.index { fields.append(("index", "\(i)")) }
    }
    switch hit {
    case .header: fields.append(("part", "\"header\""))
    case .channelList: fields.append(("part", "\"channelList\""))
    case .channelRow(let index, let toggle):
      fields.append(("part", "\"channelRow\""))
      describe(index)
      if let toggle { fields.append(("toggle", jsonStringLiteral(toggle.rawValue))) }
    case .scrubStrip(let frame):
      fields.append(("part", "\"scrubStrip\""))
      fields.append(("frame", jsonNumber(frame)))
    case .scrollbar(let axis):
      fields.append(("part", "\"scrollbar\""))
      fields.append(("axis", jsonStringLiteral(axis.rawValue)))
    case .marker(let index): fields += marker(index, in: layout.markers)
    case .key(let index, let column):
      fields.append(("part", "\"key\""))
      describe(index)
      fields.append(("column", "\(column)"))
      if let r = row(index), r.keys.indices.contains(column) {
        fields.append(("frame", jsonNumber(r.keys[column].frame)))
        fields.append(("keyType", jsonStringLiteral(rnaName(r.keys[column].type))))
        fields.append(("selected", "\(r.keys[column].selected)"))
      }
    case .row(let index):
      fields.append(("part", "\"row\""))
      describe(index)
    case .keyArea(let frame):
      fields.append(("part", "\"keyArea\""))
      fields.append(("frame", jsonNumber(frame)))
    }
    return object(fields)
  }

  static func timeline(_ hit: TimelineHit?, layout: TimelineLayout) -> String {
    guard let hit else { return "null" }
    var fields: [(String, String)] = []
    switch hit {
    case .header: fields.append(("part", "\"header\""))
    case .scrubStrip(let frame):
      fields.append(("part", "\"scrubStrip\""))
      fields.append(("frame", jsonNumber(frame)))
    case .marker(let index): fields += marker(index, in: layout.markers)
    case .key(let column):
      fields.append(("part", "\"key\""))
      fields.append(("label", jsonStringLiteral(layout.keys.name)))
      fields.append(("column", "\(column)"))
      let key = layout.keys.keys[column]
      fields.append(("frame", jsonNumber(key.frame)))
      fields.append(("keyType", jsonStringLiteral(rnaName(key.type))))
      fields.append(("selected", "\(key.selected)"))
    case .keyArea(let frame):
      fields.append(("part", "\"keyArea\""))
      fields.append(("frame", jsonNumber(frame)))
    }
    return object(fields)
  }

  /// A marker's fields: its position in the markers drawn, its name and frame.
  static func marker(_ index: Int, in markers: [MarkerLayout]) -> [(String, String)] {
    var fields = [("part", "\"marker\""), ("marker", "\(index)")]
    if let marker = markers.first(where: { $0.index == index }) {
      fields.append(("name", jsonStringLiteral(marker.name)))
      fields.append(("frame", jsonNumber(marker.frame)))
    }
    return fields
  }

  static func object(_ fields: [(String, String)]) -> String {
    "{" + fields.map { "\(jsonStringLiteral($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
  }

  /// Blender's RNA spelling of a case name: `autoClamped` → `AUTO_CLAMPED`.
  static func rnaName(_ value: some Any) -> String {
    var out = ""
    for c in "\(value)" {
      if c.isUppercase, !out.isEmpty { out.append("_") }
      out += c.uppercased()
    }
    return out
  }
}
