import AnimplotCore
import AnimplotPlatform
import AnimplotEdit

/// An edit script (docs/edit.md): scene and editor settings over the file's, and operations in
/// the vocabulary of Blender's Graph Editor operators.
public struct EditScript: Sendable, Hashable {
  /// The operations, in order.
  public var operations: [EditOperation]

  /// Applies the script's scene settings over `scene`'s.
  public func apply(to scene: inout EditScene) { for s in sceneSettings { s.apply(&scene) } }
  /// Applies the script's editor settings over `editor`'s.
  public func apply(to editor: inout EditorSettings) { for s in editorSettings { s.apply(&editor) } }

  var sceneSettings: [SceneSetting] = []
  var editorSettings: [EditorSetting] = []

  /// A script of `operations` with no settings.
  public init(operations: [EditOperation] = []) { self.operations = operations }

  enum SceneSetting: Sendable, Hashable {
    case fps(Double), frameStart(Double), frameEnd(Double), currentFrame(Double), cursorValue(Float)
    case markers([Marker]), keyframeType(KeyframeType), onlyInsertNeeded(Bool), autoKeyingReplace(Bool)
    func apply(_ s: inout EditScene) {
      switch self {
      case .fps(let v): s.fps = v
      case .frameStart(let v): s.frameStart = v
      case .frameEnd(let v): s.frameEnd = v
      case .currentFrame(let v): s.currentFrame = v
      case .cursorValue(let v): s.cursorValue = v
      case .markers(let v): s.markers = v
      case .keyframeType(let v): s.keyframeType = v
      case .onlyInsertNeeded(let v): s.onlyInsertNeeded = v
      case .autoKeyingReplace(let v): s.autoKeyingReplace = v
      }
    }
  }

  enum EditorSetting: Sendable, Hashable {
    case showHandles(Bool), onlySelectedKeyframeHandles(Bool), autoMerge(Bool), realtimeUpdate(Bool)
    case normalization(Bool), autoSnap(AutoSnap), pivot(PivotPoint)
    func apply(_ e: inout EditorSettings) {
      switch self {
      case .showHandles(let v): e.showHandles = v
      case .onlySelectedKeyframeHandles(let v): e.onlySelectedKeyframeHandles = v
      case .autoMerge(let v): e.autoMerge = v
      case .realtimeUpdate(let v): e.realtimeUpdate = v
      case .normalization(let v): e.normalization = v
      case .autoSnap(let v): e.autoSnap = v
      case .pivot(let v): e.pivot = v
      }
    }
  }
}

/// Reads edit scripts: `{"scene": {...}, "editor": {...}, "ops": [...]}` with the members and
/// values Blender's operators use (`frame_current`, `NEAREST_FRAME`), camelCase aliases too.
public enum EditScriptDecoder {
  /// Decodes a script's UTF-8 JSON bytes.
  /// - Parameters:
  ///   - bytes: the script (a byte order mark is skipped).
  ///   - file: the name errors give for it.
  /// - Throws: `ActionDecodingError` with the line, column and JSON path of the first problem.
  public static func decode(_ bytes: [UInt8], file: String? = nil) throws(ActionDecodingError) -> EditScript {
    let result = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(ActionDecodingError) in
        var r = JSONReader(afterByteOrderMark: buffer)
        let script = try readScript(&r)
        try r.expectEnd()
        return script
      }
    }
    do { return try result.get() } catch {
      var e = error
      e.file = file
      throw e
    }
  }

  enum Top: String, JSONFields {
    case scene, editor, ops
    static let table = FieldTable<Self>()
  }

  enum SceneField: String, JSONFields {
    case fps, frame_start, frameStart, frame_end, frameEnd, frame_current, frameCurrent, currentFrame
    case cursor_value, cursorValue, markers, keyframe_type, keyframeType
    case use_keyframe_insert_needed, onlyInsertNeeded, auto_keying_replace, autoKeyingReplace
    static let table = FieldTable<Self>()
  }

  enum EditorField: String, JSONFields {
    case show_handles, showHandles, use_only_selected_keyframe_handles, onlySelectedKeyframeHandles
    case use_auto_merge_keyframes, autoMerge, use_realtime_update, realtimeUpdate
    case use_normalization, normalization, auto_snap, autoSnap, pivot_point, pivot
    static let table = FieldTable<Self>()
  }

  enum OpField: String, JSONFields {
    case op, keys, part, extend, action, delta, snap, factor, pivot, how, frame, value, options
    case keyframe_type, keyframeType, type, mode, side, length, flatten, threshold, channels
    case offset, merge, flipped, channel, error, remove_error_margin, removeErrorMargin
    case frames, values, include_handles, includeHandles
    static let table = FieldTable<Self>()
  }

  enum MarkerField: String, JSONFields {
    case frame, name, select, selected
    static let table = FieldTable<Self>()
  }

  static func readScript(_ r: inout JSONReader) throws(ActionDecodingError) -> EditScript {
    var script = EditScript()
    let (start, seen) = try r.readFields(Top.self) { (r, field) throws(ActionDecodingError) in
      switch field {
      case .scene: script.sceneSettings = try readScene(&r)
      case .editor: script.editorSettings = try readEditor(&r)
      case .ops:
        try r.readElements { (r, _) throws(ActionDecodingError) in
          if script.operations.count == Limits.editOperations {
            r.skipWhitespace()
            throw r.error(.invalid("more than \(Limits.editOperations) operations, animplot's limit for one script"), at: r.offset)
          }
          script.operations.append(try readOperation(&r))
        }
      }
    }
    if !seen.has(.ops) { throw r.error(.missingField("ops"), at: start) }
    return script
  }

  static func readScene(_ r: inout JSONReader) throws(ActionDecodingError) -> [EditScript.SceneSetting] {
    var out: [EditScript.SceneSetting] = []
    _ = try r.readFields(SceneField.self) { (r, field) throws(ActionDecodingError) in
      switch field {
      case .fps:
        r.skipWhitespace()
        let at = r.offset
        let v = try r.readFiniteDouble()
        guard v > 0 else { throw r.error(.invalid("fps must be greater than 0, found \(v)"), at: at) }
        out.append(.fps(v))
      case .frame_start, .frameStart: out.append(.frameStart(Double(try r.readFloat())))
      case .frame_end, .frameEnd: out.append(.frameEnd(Double(try r.readFloat())))
      case .frame_current, .frameCurrent, .currentFrame: out.append(.currentFrame(Double(try r.readInteger(in: -1_048_574...1_048_574))))
      case .cursor_value, .cursorValue: out.append(.cursorValue(try r.readFloat()))
      case .markers:
        var markers: [Marker] = []
        try r.readElements { (r, i) throws(ActionDecodingError) in
          guard i < Limits.markers else { throw r.error(.invalid(MarkerDecoder.tooManyMarkers)) }
          var marker = Marker(frame: 0, name: "")
          let (start, seen) = try r.readFields(MarkerField.self) { (r, field) throws(ActionDecodingError) in
            switch field {
            case .frame: marker.frame = Double(try r.readInteger(in: -1_048_574...1_048_574))
            case .name: marker.name = try r.readName()
            case .select, .selected: marker.selected = try r.readBool()
            }
          }
          if !seen.has(.frame) { throw r.error(.missingField("frame"), at: start) }
          markers.append(marker)
        }
        out.append(.markers(markers))
      case .keyframe_type, .keyframeType: out.append(.keyframeType(try r.readEnum(KeyframeType.self)))
      case .use_keyframe_insert_needed, .onlyInsertNeeded: out.append(.onlyInsertNeeded(try r.readBool()))
      case .auto_keying_replace, .autoKeyingReplace: out.append(.autoKeyingReplace(try r.readBool()))
      }
    }
    return out
  }

  static func readEditor(_ r: inout JSONReader) throws(ActionDecodingError) -> [EditScript.EditorSetting] {
    var out: [EditScript.EditorSetting] = []
    _ = try r.readFields(EditorField.self) { (r, field) throws(ActionDecodingError) in
      switch field {
      case .show_handles, .showHandles: out.append(.showHandles(try r.readBool()))
      case .use_only_selected_keyframe_handles, .onlySelectedKeyframeHandles:
        out.append(.onlySelectedKeyframeHandles(try r.readBool()))
      case .use_auto_merge_keyframes, .autoMerge: out.append(.autoMerge(try r.readBool()))
      case .use_realtime_update, .realtimeUpdate: out.append(.realtimeUpdate(try r.readBool()))
      case .use_normalization, .normalization: out.append(.normalization(try r.readBool()))
      case .auto_snap, .autoSnap: out.append(.autoSnap(try readChoice(&r, Vocabulary.autoSnap)))
      case .pivot_point, .pivot: out.append(.pivot(try readChoice(&r, Vocabulary.pivot)))
      }
    }
    return out
  }

  /// Values with their Blender spellings (RNA identifiers) and camelCase names.
  enum Vocabulary {
    static let autoSnap: [(String, AutoSnap)] = [
      ("none", .none), ("frame", .frame), ("step", .step), ("timeStep", .timeStep), ("second", .second),
      ("marker", .marker),
    ]
    static let pivot: [(String, PivotPoint)] = [
      ("boundingBoxCenter", .boundingBoxCenter), ("cursor", .cursor), ("individualOrigins", .individualOrigins),
    ]
    static let part: [(String, SelectPart)] = [("key", .key), ("left", .left), ("right", .right), ("all", .all)]
    static let selectAll: [(String, SelectAllAction)] = [
      ("select", .select), ("deselect", .deselect), ("invert", .invert), ("toggle", .toggle),
    ]
    static let boxMode: [(String, BoxSelectMode)] = [
      ("set", .set), ("add", .add), ("sub", .subtract), ("subtract", .subtract),
    ]
    static let insertHow = ["click", "rna", "keyframeInsert"]
    static let insertOption: [(String, InsertOption)] = [("replace", .replace), ("needed", .needed), ("fast", .fast)]
    static let insertKeyframe: [(String, InsertKeyframeMode)] = [
      ("all", .all), ("sel", .selected), ("selected", .selected), ("cursorActive", .cursorActive),
      ("cursorSel", .cursorSelected), ("cursorSelected", .cursorSelected),
    ]
    static let snap: [(String, SnapMode)] = [
      ("cfra", .currentFrame), ("currentFrame", .currentFrame), ("value", .value), ("nearestFrame", .nearestFrame),
      ("nearestSecond", .nearestSecond), ("nearestMarker", .nearestMarker), ("horizontal", .horizontal),
    ]
    static let mirror: [(String, MirrorMode)] = [
      ("cfra", .currentFrame), ("currentFrame", .currentFrame), ("value", .value), ("yAxis", .yAxis),
      ("xAxis", .xAxis), ("marker", .marker),
    ]
    static let side: [(String, HandleSideChoice)] = [("left", .left), ("right", .right), ("both", .both)]
    static let extrapolation: [(String, ExtrapolationMode)] = [
      ("constant", .constant), ("linear", .linear), ("makeCyclic", .makeCyclic), ("clearCyclic", .clearCyclic),
    ]
    static let pasteOffset: [(String, PasteOffset)] = [
      ("start", .start), ("end", .end), ("relative", .relative), ("none", .none),
    ]
    static let pasteMerge: [(String, PasteMerge)] = [
      ("mix", .mix), ("overAll", .overAll), ("overRange", .overRange), ("overRangeAll", .overRangeAll),
    ]
    static let operations = [
      "select", "select_all", "select_box", "translate", "scale", "duplicate_move", "insert", "delete", "interpolation", "easing",
      "handle_type", "snap", "mirror", "equalize_handles", "clean", "smooth", "sample", "euler_filter",
      "extrapolation", "breakdown", "blend_to_neighbor", "blend_to_default", "copy", "paste", "decimate",
    ]
    static let decimateMode = [("ratio", true), ("error", false)]
  }

  static func fold(_ s: String) -> String { s.lowercased().filter { $0 != "_" && $0 != "-" } }

  /// A string naming one of `choices` (any letter case, `_` and `-` ignored).
  static func readChoice<T>(_ r: inout JSONReader, _ choices: [(String, T)]) throws(ActionDecodingError) -> T {
    r.skipWhitespace()
    let at = r.offset
    return try match(try r.readString(), at: at, choices, in: r)
  }

  /// The choice `text` names, or the error at byte `at` listing the names there are.
  static func match<T>(_ text: String, at: Int, _ choices: [(String, T)], in r: JSONReader) throws(ActionDecodingError) -> T {
    let folded = fold(text)
    if let match = choices.first(where: { fold($0.0) == folded }) { return match.1 }
    var names: [String] = []
    for (name, _) in choices where !names.contains(where: { fold($0) == fold(name) }) { names.append(name) }
    throw r.error(.unknownValue(text, accepted: names), at: at)
  }

  static func readOperation(_ r: inout JSONReader) throws(ActionDecodingError) -> EditOperation {
    r.skipWhitespace()
    let start = r.offset
    // The object is read once into its members, then checked against its operation.
    var name: String?
    var nameAt = start
    var numbers: [OpField: [Float]] = [:]
    var flags: [OpField: Bool] = [:]
    var strings: [OpField: (String, Int)] = [:]
    var keys: [Int]?
    var options: [InsertOption] = []
    _ = try r.readFields(OpField.self) { (r, field) throws(ActionDecodingError) in
      r.skipWhitespace()
      let at = r.offset
      switch field {
      case .op:
        nameAt = at
        name = try r.readString()
      case .keys:
        var list: [Int] = []
        try r.readElements { (r, _) throws(ActionDecodingError) in list.append(try r.readInteger(in: 0...Int(Int32.max))) }
        keys = list
      case .extend, .flatten, .channels, .flipped: flags[field] = try r.readBool()
      case .include_handles, .includeHandles: flags[.includeHandles] = try r.readBool()
      case .frames, .values:
        // A range [low, high]: the order does not matter.
        let p = try r.readPoint()
        numbers[field] = [min(p.frame, p.value), max(p.frame, p.value)]
      case .delta:
        let p = try r.readPoint()
        numbers[field] = [p.frame, p.value]
      case .factor:
        if r.peekKind() == .array {
          let p = try r.readPoint()
          numbers[field] = [p.frame, p.value]
        } else {
          numbers[field] = [try r.readFloat()]
        }
      case .frame, .value, .length, .threshold, .error, .remove_error_margin, .removeErrorMargin:
        numbers[field] = [try r.readFloat()]
      case .options:
        try r.readElements { (r, _) throws(ActionDecodingError) in options.append(try readChoice(&r, Vocabulary.insertOption)) }
      case .part, .action, .snap, .pivot, .how, .keyframe_type, .keyframeType, .type, .mode, .side, .offset, .merge,
        .channel:
        strings[field] = (try r.readName(), at)
      }
    }
    guard let name else { throw r.error(.missingField("op"), at: start) }
    let opName = fold(name)
    // Reads a string member as one of `choices`, at its place in the file.
    func choice<T>(_ field: OpField, _ choices: [(String, T)], default value: T? = nil) throws(ActionDecodingError) -> T {
      guard let (text, at) = strings[field] else {
        if let value { return value }
        throw r.error(.missingField(field.rawValue), at: start)
      }
      do { return try match(text, at: at, choices, in: r) } catch { throw error.prefixed(field.rawValue) }
    }
    func number(_ field: OpField) throws(ActionDecodingError) -> Float {
      guard let v = numbers[field]?.first else { throw r.error(.missingField(field.rawValue), at: start) }
      return v
    }
    func pair(_ field: OpField) throws(ActionDecodingError) -> (Float, Float) {
      guard let v = numbers[field], v.count == 2 else { throw r.error(.missingField(field.rawValue), at: start) }
      return (v[0], v[1])
    }
    func enumValue<E: FileSpelledEnum>(_ field: OpField, _ type: E.Type) throws(ActionDecodingError) -> E {
      guard let (text, at) = strings[field] else { throw r.error(.missingField(field.rawValue), at: start) }
      guard let value = E(spelling: text) else {
        throw r.error(.unknownValue(text, accepted: E.spellings), at: at).prefixed(field.rawValue)
      }
      return value
    }
    let snap: AutoSnap? = strings[.snap] == nil ? nil : try choice(.snap, Vocabulary.autoSnap)
    switch opName {
    case "select":
      let part = try choice(.part, Vocabulary.part, default: .all)
      if let (channel, _) = strings[.channel] {
        return .selectInChannel(address: channel, keys: keys, part: part, extend: flags[.extend] ?? false)
      }
      guard let keys else { throw r.error(.missingField("keys"), at: start) }
      return .select(keys: keys, part: part, extend: flags[.extend] ?? false)
    case "selectall": return .selectAll(try choice(.action, Vocabulary.selectAll, default: .toggle))
    case "selectbox":
      let (f0, f1) = try pair(.frames)
      let (v0, v1) = try pair(.values)
      return .selectBox(
        frames: f0...f1, values: v0...v1, mode: try choice(.mode, Vocabulary.boxMode, default: .set),
        includeHandles: flags[.includeHandles] ?? true)
    case "translate":
      let (dx, dy) = try pair(.delta)
      return .translate(frames: dx, value: dy, snap: snap)
    case "duplicatemove":
      let (dx, dy) = try pair(.delta)
      return .duplicateMove(frames: dx, value: dy, snap: snap)
    case "scale":
      let (sx, sy) = try pair(.factor)
      let pivot: PivotPoint? = strings[.pivot] == nil ? nil : try choice(.pivot, Vocabulary.pivot)
      return .scale(x: sx, y: sy, pivot: pivot, snap: snap)
    case "insert":
      let how = strings[.how].map { fold($0.0) } ?? "click"
      switch how {
      case "click":
        return .insertClick(frame: try number(.frame), value: try number(.value), extend: flags[.extend] ?? false)
      case "rna", "api":
        let type: KeyframeType = (strings[.keyframe_type] ?? strings[.keyframeType]) == nil
          ? .keyframe : try enumValue(strings[.keyframe_type] != nil ? .keyframe_type : .keyframeType, KeyframeType.self)
        return .insertAPI(frame: try number(.frame), value: try number(.value), options: Set(options), keyframeType: type)
      case "keyframeinsert":
        return .insertKeyframe(try choice(.type, Vocabulary.insertKeyframe, default: .all))
      default:
        throw r.error(.unknownValue(strings[.how]!.0, accepted: Vocabulary.insertHow), at: strings[.how]!.1).prefixed("how")
      }
    case "delete": return .delete
    case "interpolation": return .interpolation(try enumValue(.mode, Interpolation.self))
    case "easing": return .easing(try enumValue(.mode, Easing.self))
    case "handletype": return .handleType(try enumValue(.type, HandleType.self))
    case "snap": return .snap(try choice(.type, Vocabulary.snap))
    case "mirror": return .mirror(try choice(.type, Vocabulary.mirror))
    case "equalizehandles":
      return .equalizeHandles(
        side: try choice(.side, Vocabulary.side, default: .both), length: numbers[.length]?.first ?? 5,
        flatten: flags[.flatten] ?? true)
    case "clean": return .clean(threshold: numbers[.threshold]?.first ?? 0.001, channels: flags[.channels] ?? false)
    case "smooth": return .smooth
    case "sample": return .sample
    case "eulerfilter": return .eulerFilter
    case "extrapolation": return .extrapolation(try choice(.type, Vocabulary.extrapolation))
    case "breakdown": return .breakdown(factor: numbers[.factor]?.first ?? 0.5)
    case "blendtoneighbor", "blendtoneighbour": return .blendToNeighbor(factor: numbers[.factor]?.first ?? 0.5)
    case "blendtodefault": return .blendToDefault(factor: numbers[.factor]?.first ?? 0.5)
    case "copy": return .copy
    case "paste":
      return .paste(
        offset: try choice(.offset, Vocabulary.pasteOffset, default: .start),
        merge: try choice(.merge, Vocabulary.pasteMerge, default: .mix), flipped: flags[.flipped] ?? false)
    case "bake", "unbake":
      throw r.error(
        .invalid("\(name) is not supported: format 1 has no sampled points (bake and unbake are out of scope)"), at: nameAt
      ).prefixed("op")
    case "decimate":
      // Blender's defaults: a third of the selected keys, or no error at all.
      if try choice(.mode, Vocabulary.decimateMode, default: true) {
        return .decimate(.ratio(numbers[.factor]?.first ?? 0.333))
      }
      let margin = numbers[.error] ?? numbers[.remove_error_margin] ?? numbers[.removeErrorMargin]
      return .decimate(.errorMargin(margin?.first ?? 0))
    default:
      throw r.error(.unknownValue(name, accepted: Vocabulary.operations), at: nameAt).prefixed("op")
    }
  }
}
