import AnimplotCore
import AnimplotPlatform

/// `tracks: [...]`: F-curves with their settings, modifiers and keys.
enum TrackDecoder {
  enum Field: String, JSONFields {
    case dataPath, index, label, group, color, extrapolation, autoSmoothing, muted, locked, hidden
    case selected, active, modifiers, modifiersOff, keyframes, quaternion
    static let table = FieldTable<Self>()
  }

  /// The tracks of one action, each counted with the file's (`FileCount`: all its actions
  /// together hold at most `Limits.importedTracks`, as an imported file makes: each is a curve
  /// drawn and a row listed) before it is read.
  static func decodeTracks(_ r: inout JSONReader, count: inout FileCount) throws(ActionDecodingError) -> [FCurve] {
    var tracks: [FCurve] = []
    try r.readElements { (r, _) throws(ActionDecodingError) in
      try count.add(.track, r)
      tracks.append(try decodeTrack(&r, count: &count))
    }
    return tracks
  }

  static func decodeTrack(_ r: inout JSONReader, count: inout FileCount) throws(ActionDecodingError) -> FCurve {
    var curve = FCurve(dataPath: "")
    let (start, seen) = try r.readFields(Field.self) { (r, field) throws(ActionDecodingError) in
      switch field {
      case .dataPath: curve.dataPath = try r.readName()
      case .index: curve.index = try r.readInteger(in: 0...Int(Int32.max))
      case .label: curve.label = try r.readName()
      case .group: curve.group = try r.readName()
      case .color: curve.color = try r.readHexColor()
      case .extrapolation: curve.extrapolation = try r.readEnum(Extrapolation.self)
      case .autoSmoothing: curve.autoSmoothing = try r.readEnum(AutoSmoothing.self)
      case .muted: curve.muted = try r.readBool()
      case .locked: curve.locked = try r.readBool()
      case .hidden: curve.hidden = try r.readBool()
      case .selected: curve.selected = try r.readBool()
      case .active: curve.active = try r.readBool()
      case .modifiers: curve.modifiers = try ModifierDecoder.decodeModifiers(&r, count: &count)
      case .modifiersOff: curve.modifiersOff = try r.readBool()
      case .keyframes: curve.keyframes = Keyframes(try KeyframeDecoder.decodeKeyframes(&r, count: &count))
      case .quaternion: curve.quaternion = QuaternionRole(component: try r.readEnum(QuaternionRole.Component.self))
      }
    }
    guard seen.has(.dataPath) else { throw r.error(.missingField("dataPath"), at: start) }
    // A track of modifiers alone (a Generator, say) needs no keys, as in Blender.
    guard seen.has(.keyframes) || !curve.modifiers.isEmpty else {
      throw r.error(.missingField("keyframes"), at: start)
    }
    return curve
  }
}

/// `keyframes: [...]` with Blender's defaults for a newly inserted key.
enum KeyframeDecoder {
  enum Field: String, JSONFields {
    case frame, value, interpolation, easing, back, amplitude, period, handleLeftType
    case handleRightType, handleLeft, handleRight, type, selected, selectedHandleLeft
    case selectedHandleRight
    static let table = FieldTable<Self>()
  }

  /// The keys of one track, each counted in `count` (the file's keys) before it is read.
  static func decodeKeyframes(_ r: inout JSONReader, count: inout FileCount) throws(ActionDecodingError) -> [Keyframe] {
    var keys: [Keyframe] = []
    try r.readElements { (r, _) throws(ActionDecodingError) in
      try count.add(1, r)
      keys.append(try decodeKeyframe(&r))
    }
    return keys
  }

  /// One key. Free and aligned sides keep their coordinates, so they must be given; other
  /// sides default to flat, one frame out (what a one-key curve keeps).
  static func decodeKeyframe(_ r: inout JSONReader) throws(ActionDecodingError) -> Keyframe {
    var key = Keyframe(frame: 0, value: 0)
    var left: CurvePoint?
    var right: CurvePoint?
    let (start, seen) = try r.readFields(Field.self) { (r, field) throws(ActionDecodingError) in
      switch field {
      case .frame: key.frame = try r.readFloat()
      case .value: key.value = try r.readFloat()
      case .interpolation: key.interpolation = try r.readEnum(Interpolation.self)
      case .easing: key.easing = try r.readEnum(Easing.self)
      case .back: key.back = try r.readFloat()
      case .amplitude: key.amplitude = try r.readFloat()
      case .period: key.period = try r.readFloat()
      case .handleLeftType: key.handleLeftType = try r.readEnum(HandleType.self)
      case .handleRightType: key.handleRightType = try r.readEnum(HandleType.self)
      case .handleLeft: left = try r.readPoint()
      case .handleRight: right = try r.readPoint()
      case .type: key.type = try r.readEnum(KeyframeType.self)
      case .selected: key.selected = try r.readBool()
      case .selectedHandleLeft: key.selectedHandleLeft = try r.readBool()
      case .selectedHandleRight: key.selectedHandleRight = try r.readBool()
      }
    }
    guard seen.has(.frame) else { throw r.error(.missingField("frame"), at: start) }
    guard seen.has(.value) else { throw r.error(.missingField("value"), at: start) }
    if left == nil && (key.handleLeftType == .free || key.handleLeftType == .aligned) {
      throw r.error(.missingHandle(side: "handleLeft", type: key.handleLeftType.spelling), at: start)
    }
    if right == nil && (key.handleRightType == .free || key.handleRightType == .aligned) {
      throw r.error(.missingHandle(side: "handleRight", type: key.handleRightType.spelling), at: start)
    }
    key.handleLeft = left ?? CurvePoint(frame: key.frame - 1, value: key.value)
    key.handleRight = right ?? CurvePoint(frame: key.frame + 1, value: key.value)
    return key
  }
}

/// One shared timeline with a value array per channel (docs/format.md, "The compact form").
struct CompactForm {
  var timeline: [Float]?
  var channels: [(name: String, values: [Float], at: Int)]?
  var interpolation: Interpolation = .bezier
  /// Every key's easing (Blender's default: automatic).
  var easing: Easing = .auto
  /// Every channel's extrapolation (Blender's default: constant).
  var extrapolation: Extrapolation = .constant

  /// An array of numbers, refused at the first past `limit` (with `tooMany` as the message):
  /// the array is made as it is read, so its length is counted first.
  static func readNumbers(_ r: inout JSONReader, limit: Int, tooMany: @autoclosure () -> String)
    throws(ActionDecodingError) -> [Float]
  {
    var numbers: [Float] = []
    try r.readElements { (r, index) throws(ActionDecodingError) in
      guard index < limit else { throw r.error(.invalid(tooMany())) }
      numbers.append(try r.readFloat())
    }
    return numbers
  }

  /// The timeline: each frame is a key of every channel, so it holds at most the keys a file
  /// holds.
  static func readTimeline(_ r: inout JSONReader, keys: FileCount) throws(ActionDecodingError) -> [Float] {
    try readNumbers(&r, limit: keys.limit, tooMany: keys.tooManyFrames)
  }

  static func readChannels(_ r: inout JSONReader, keys: inout FileCount) throws(ActionDecodingError)
    -> [(name: String, values: [Float], at: Int)]
  {
    var channels: [(name: String, values: [Float], at: Int)] = []
    var names: Set<String> = []
    try r.beginObject()
    while let key = try r.nextKey() {
      let name = try r.keyName(key)
      // A set, not a search of the list: 200 000 channels took minutes.
      guard names.insert(name).inserted else {
        throw r.error(.duplicateField(name), at: key.start)
      }
      try keys.add(.track, r, at: key.start, named: "channels")
      // Each value is a key of the channel: counted with the file's keys as it is read.
      let values = try within(name) { () throws(ActionDecodingError) in
        try readNumbers(&r, limit: keys.remaining, tooMany: keys.tooManyKeys)
      }
      try keys.add(values.count, r)
      channels.append((name, values, key.start))
    }
    return channels
  }

  /// The action: a track per channel, a key per timeline position.
  func action(_ r: inout JSONReader, at offset: Int) throws(ActionDecodingError) -> Action {
    guard let timeline else { throw r.error(.missingField("timeline"), at: offset) }
    guard let channels else { throw r.error(.missingField("channels"), at: offset) }
    var tracks: [FCurve] = []
    for (i, channel) in channels.enumerated() {
      guard channel.values.count == timeline.count else {
        throw r.error(
          .lengthMismatch(channel: channel.name, count: channel.values.count, expected: timeline.count),
          at: channel.at
        ).prefixed("channels")
      }
      var track = FCurve(dataPath: channel.name)
      track.label = channel.name
      // A channel's name is not a Blender property: "scale" is not the X of a transform. Each
      // channel takes Blender's rainbow colour, so channels are told apart whatever they are
      // called, and a recalculated file keeps the picture.
      track.color = CurveColor.rainbow(index: i, count: channels.count)
      track.extrapolation = extrapolation
      track.keyframes = Keyframes(
        zip(timeline, channel.values).map { frame, value in
          var key = Keyframe(frame: frame, value: value)
          key.interpolation = interpolation
          key.easing = easing
          return key
        })
      tracks.append(track)
    }
    return Action(name: "Action", tracks: tracks)
  }
}
