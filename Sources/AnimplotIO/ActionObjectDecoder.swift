import AnimplotCore
import AnimplotPlatform
import AnimplotText

/// The top-level object: an action, a multi-action file or the compact form (docs/format.md).
enum TopLevel {
  enum Field: String, JSONFields {
    case animplot, blender, name, fps, frameStart, frameEnd, currentFrame, cursorValue, object, markers, tracks
    case extensions, rotationModes, actions, timeline, channels, interpolation, easing, extrapolation, recalculate
    static let table = FieldTable<Self>()
  }

  static func decode(_ r: inout JSONReader, form: ActionDecoder.Form?, count: inout FileCount)
    throws(ActionDecodingError) -> ActionDocument
  {
    var header = ActionHeader()
    var tracks: [FCurve]?
    var actions: [Action]?
    var compact = CompactForm()
    var recalculate = true
    let (objectStart, seen) = try r.readFields(Field.self) { (r, field) throws(ActionDecodingError) in
      switch field {
      case .tracks: tracks = try TrackDecoder.decodeTracks(&r, count: &count)
      case .actions:
        var list: [Action] = []
        try r.readElements { (r, i) throws(ActionDecodingError) in
          try count.add(.action, r)
          list.append(try ActionObject.decode(&r, defaultName: "Action \(i + 1)", count: &count))
        }
        actions = list
      case .timeline: compact.timeline = try CompactForm.readTimeline(&r, keys: count)
      case .channels: compact.channels = try CompactForm.readChannels(&r, keys: &count)
      case .interpolation: compact.interpolation = try r.readEnum(Interpolation.self)
      case .easing: compact.easing = try r.readEnum(Easing.self)
      case .extrapolation: compact.extrapolation = try r.readEnum(Extrapolation.self)
      case .recalculate: recalculate = try r.readBool()
      case .animplot, .blender, .name, .fps, .frameStart, .frameEnd, .currentFrame, .cursorValue, .object, .markers,
        .extensions, .rotationModes:
        try header.read(ActionHeader.Field(rawValue: field.rawValue)!, &r, count: &count)
      }
    }

    let isCompact = seen.has(.timeline) || seen.has(.channels)
    let isMulti = seen.has(.actions)
    if form == .compact && !isCompact {
      throw r.error(.invalid("expected the compact form: \"timeline\" and \"channels\""), at: objectStart)
    }
    if form == .actions && isCompact {
      throw r.error(
        .invalid("expected format 1 (\"tracks\" or \"actions\"), found the compact form's \"timeline\"/\"channels\""),
        at: objectStart)
    }
    if isMulti {
      if let other = [Field.tracks, .timeline, .channels, .interpolation, .easing, .extrapolation, .name, .fps, .frameStart,
        .frameEnd, .currentFrame, .cursorValue, .object, .markers, .rotationModes].first(where: { seen.has($0) })
      {
        throw r.error(
          .invalid("a multi-action file holds its actions under \"actions\"; \"\(other.rawValue)\" belongs inside an action"),
          at: objectStart)
      }
      var list = actions ?? []
      if let blender = header.blender {
        // The top level's version holds for every action that does not name its own.
        for i in list.indices where list[i].blender == nil { list[i].blender = blender }
      }
      var document = ActionDocument(actions: list, isMultiAction: true)
      document.keysAsStored = !recalculate
      return document
    }
    if isCompact {
      if seen.has(.tracks) {
        throw r.error(.invalid("a file has either \"tracks\" or the compact \"timeline\"/\"channels\", not both"), at: objectStart)
      }
      var action = try compact.action(&r, at: objectStart)
      header.apply(to: &action)
      var document = ActionDocument(actions: [action])
      document.keysAsStored = !recalculate
      return document
    }
    if let field = [Field.interpolation, .easing, .extrapolation].first(where: { seen.has($0) }) {
      throw r.error(
        .invalid("\"\(field.rawValue)\" at the top level belongs to the compact form, which needs \"timeline\" and \"channels\""),
        at: objectStart)
    }
    guard let tracks else { throw r.error(.missingField("tracks"), at: objectStart) }
    var action = Action(name: header.name ?? "Action", tracks: tracks)
    header.apply(to: &action)
    try header.validate(&r, at: objectStart)
    var document = ActionDocument(actions: [action])
    document.keysAsStored = !recalculate
    return document
  }
}

/// The fields an action and the top level share: version, name, scene range, playhead,
/// markers, extensions.
struct ActionHeader {
  var name: String?
  var fps: Double?
  var frameStart: Double?
  var frameEnd: Double?
  var currentFrame: Double?
  var cursorValue: Float?
  var object: AnimatedObject?
  var markers: [Marker] = []
  var extensions: String?
  var blender: BlenderVersion?
  var rotationModes: [String: RotationMode] = [:]

  /// The members of the header, as both an action object and the top level name them.
  enum Field: String, JSONFields {
    case animplot, blender, name, fps, frameStart, frameEnd, currentFrame, cursorValue, object, markers, extensions
    case rotationModes
    static let table = FieldTable<Self>()
  }

  /// Reads the member `field` (markers counted with the file's).
  mutating func read(_ field: Field, _ r: inout JSONReader, count: inout FileCount) throws(ActionDecodingError) {
    switch field {
    case .animplot:
      r.skipWhitespace()
      let at = r.offset
      let version = try r.readNumber()
      if version != 1 {
        throw r.error(.unsupportedVersion(formatNumber(version, wholeBelow: 1e15)), at: at)
      }
    case .blender:
      r.skipWhitespace()
      let at = r.offset
      let text = try r.readString()
      guard let version = BlenderVersion(spelling: text) else {
        throw r.error(.unknownValue(text, accepted: BlenderVersion.allCases.map(\.spelling)), at: at)
      }
      blender = version
    case .name: name = try r.readName()
    case .fps:
      r.skipWhitespace()
      let at = r.offset
      let value = try r.readFiniteDouble()
      guard value > 0 else { throw r.error(.invalid("fps must be greater than 0, found \(value)"), at: at) }
      fps = value
    case .frameStart: frameStart = try r.readFrameDouble()
    case .frameEnd: frameEnd = try r.readFrameDouble()
    case .currentFrame: currentFrame = try r.readFrameDouble()
    case .cursorValue: cursorValue = try r.readFloat()
    case .object: object = try ObjectDecoder.decode(&r)
    case .markers: markers = try MarkerDecoder.decodeMarkers(&r, count: &count)
    case .extensions:
      r.skipWhitespace()
      guard r.peekKind() == .object else { throw r.typeMismatch(expected: "an object") }
      extensions = try r.rawValue()
    case .rotationModes:
      // {"Ball": "YXZ", ...}: the rotation mode of each object named.
      r.skipWhitespace()
      guard r.peekKind() == .object else { throw r.typeMismatch(expected: "an object of object names and rotation modes") }
      var modes: [String: RotationMode] = [:]
      try r.beginObject()
      while let key = try r.nextKey() {
        try count.add(.rotationMode, r, at: key.start)
        let name = try r.keyName(key)
        guard modes[name] == nil else { throw r.error(.duplicateField(name), at: key.start) }
        modes[name] = try within(name) { () throws(ActionDecodingError) in try r.readEnum(RotationMode.self) }
      }
      rotationModes = modes
    }
  }

  func validate(_ r: inout JSONReader, at offset: Int) throws(ActionDecodingError) {
    if let frameStart, let frameEnd, frameEnd < frameStart {
      throw r.error(.invalid("frameEnd (\(frameEnd)) is before frameStart (\(frameStart))"), at: offset)
    }
  }

  func apply(to action: inout Action) {
    if let name { action.name = name }
    if let fps { action.fps = fps }
    action.frameStart = frameStart
    action.frameEnd = frameEnd
    action.currentFrame = currentFrame
    action.cursorValue = cursorValue
    action.object = object
    action.markers = markers
    action.extensionsJSON = extensions
    action.blender = blender
    action.rotationModes = rotationModes
  }
}

/// One action object inside a multi-action file.
enum ActionObject {
  enum Field: String, JSONFields {
    case animplot, blender, name, fps, frameStart, frameEnd, currentFrame, cursorValue, object, markers, tracks
    case extensions, rotationModes
    static let table = FieldTable<Self>()
  }

  static func decode(_ r: inout JSONReader, defaultName: String, count: inout FileCount) throws(ActionDecodingError)
    -> Action
  {
    var header = ActionHeader()
    var tracks: [FCurve]?
    let (objectStart, _) = try r.readFields(Field.self) { (r, field) throws(ActionDecodingError) in
      switch field {
      case .tracks: tracks = try TrackDecoder.decodeTracks(&r, count: &count)
      case .animplot, .blender, .name, .fps, .frameStart, .frameEnd, .currentFrame, .cursorValue, .object, .markers,
        .extensions, .rotationModes:
        try header.read(ActionHeader.Field(rawValue: field.rawValue)!, &r, count: &count)
      }
    }
    guard let tracks else { throw r.error(.missingField("tracks"), at: objectStart) }
    try header.validate(&r, at: objectStart)
    var action = Action(name: header.name ?? defaultName, tracks: tracks)
    header.apply(to: &action)
    return action
  }
}

/// `markers: [{"frame": 40, "name": "contact", "selected": false}]`.
enum MarkerDecoder {
  enum Field: String, JSONFields {
    case frame, name, selected
    static let table = FieldTable<Self>()
  }

  /// An edit script's scene holds at most `Limits.markers` markers, as an action file does.
  static let tooManyMarkers = "more than \(Limits.markers) markers, animplot's limit for one action"

  /// The markers of one action, each counted with the file's (all its actions together hold at
  /// most `Limits.markers`) before it is read.
  static func decodeMarkers(_ r: inout JSONReader, count: inout FileCount) throws(ActionDecodingError) -> [Marker] {
    var markers: [Marker] = []
    try r.readElements { (r, _) throws(ActionDecodingError) in
      try count.add(.marker, r)
      var frame: Double?
      var name = ""
      var selected = false
      let (start, _) = try r.readFields(Field.self) { (r, field) throws(ActionDecodingError) in
        switch field {
        case .frame: frame = try r.readFrameDouble()
        case .name: name = try r.readName()
        case .selected: selected = try r.readBool()
        }
      }
      guard let frame else { throw r.error(.missingField("frame"), at: start) }
      markers.append(Marker(frame: frame, name: name, selected: selected))
    }
    return markers
  }
}

/// `object: {"name": "Ball", "type": "mesh", "selected": true}`: name and type required.
enum ObjectDecoder {
  enum Field: String, JSONFields {
    case name, type, selected
    static let table = FieldTable<Self>()
  }

  static func decode(_ r: inout JSONReader) throws(ActionDecodingError) -> AnimatedObject {
    var name: String?
    var type: ObjectType?
    var selected = false
    let (start, _) = try r.readFields(Field.self) { (r, field) throws(ActionDecodingError) in
      switch field {
      case .name: name = try r.readName()
      case .type: type = try r.readEnum(ObjectType.self)
      case .selected: selected = try r.readBool()
      }
    }
    guard let name else { throw r.error(.missingField("name"), at: start) }
    guard let type else { throw r.error(.missingField("type"), at: start) }
    return AnimatedObject(name: name, type: type, selected: selected)
  }
}
