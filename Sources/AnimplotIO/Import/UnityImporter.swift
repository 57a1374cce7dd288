import AnimplotCore
import AnimplotPlatform
import AnimplotText

/// Unity AnimationClips saved as text (`.anim`, YAML) as an action (docs/import.md,
/// "Unity AnimationClips (`.anim`)").
///
/// Each curve's keys become Bézier keys with the exact handles of Unity's evaluation: a
/// Hermite segment is the Bézier whose handles sit a third of the interval out along the
/// slopes, and an active weight moves its handle to that fraction of the interval; an infinite
/// slope makes the segment constant (stepped). Editor curves (`m_EditorCurves`,
/// `m_EulerEditorCurves`) are what the user edited and are preferred; the runtime vector
/// curves (`m_PositionCurves`, `m_EulerCurves`, `m_ScaleCurves`, `m_RotationCurves`) are read
/// for a path the editor curves do not cover. Quaternion curves are coupled and normalised.
enum UnityImporter {
  static func decode(_ file: UnsafeBufferPointer<UInt8>, context: DecodeContext) throws(ActionDecodingError)
    -> ActionDocument
  {
    // A byte order mark (an editor's) is not part of the text.
    let bytes = UnsafeBufferPointer(rebasing: file[ByteOrderMark.length(in: file)...])
    guard bytes.starts(with: Array("%YAML".utf8)) else {
      throw ActionDecodingError(
        .invalid(
          "this Unity asset is saved in binary; re-save it as text (Edit > Project Settings > Editor > Asset Serialization > Mode: Force Text) and read the .anim again"))
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw ActionDecodingError(.invalid("the file is not UTF-8 text"))
    }
    var found: UnityYAML.Node?
    for document in try UnityYAML.documents(text) {
      if let c = document["AnimationClip"] {
        found = c
        break
      }
    }
    guard let clip = found else { throw ActionDecodingError(.invalid("the file holds no AnimationClip")) }
    let root = YAMLCursor(node: clip, path: "AnimationClip")
    let rate = try root.member("m_SampleRate")?.number() ?? 60
    let fps = context.options.fps ?? (rate > 0 ? rate : 60)
    var action = Action(name: try root.member("m_Name")?.name() ?? "Clip")
    action.fps = fps

    // Editor curves first; runtime curves for what they do not cover.
    var tracks: [(group: String, curve: FCurve)] = []
    // Curves left out: why, and which.
    var leftOut: [(error: ActionDecodingError, what: String)] = []
    var budget = ImportBudget()
    // What a path's curves animate (`m_LocalPosition`, `euler`, ...), as fields before this
    // one covered it: a later field's curves of the same kind are other spellings of it.
    var covered = Set<String>()
    // The Euler order of each path whose Euler angles a curve read animates.
    var orders: [String: RotationMode] = [:]
    for field in ["m_EditorCurves", "m_EulerEditorCurves", "m_FloatCurves"] {
      var coveredHere = Set<String>()
      for entry in try root.member(field)?.elements() ?? [] {
        let path = try entry.member("path")?.name() ?? ""
        let attribute = try entry.required("attribute").name()
        let kindKey = path + "\u{0}" + kind(of: attribute)
        guard !covered.contains(kindKey) else { continue }
        coveredHere.insert(kindKey)
        let (base, index) = split(attribute)
        var curve = track(path: path, attribute: base, component: index, label: attribute)
        var mode: RotationMode?
        do throws(ActionDecodingError) {
          if curve.isEuler { mode = try rotationMode(try entry.required("curve")) }
          curve.keyframes = Keyframes(
            try keys(
              try entry.required("curve"), component: nil, fps: fps,
              factor: BlenderChannel.unity(base, component: index)?.factor ?? 1))
        } catch {
          // A curve that cannot be read is left out with a warning; the rest is read.
          leftOut.append((error, (path.isEmpty ? "" : path + ": ") + attribute))
          continue
        }
        if let problem = budget.spend(tracks: 1, keys: curve.keyframes.count) { throw entry.invalid(problem) }
        tracks.append((path.isEmpty ? "(root)" : path, curve))
        if let mode { orders[path] = mode }
      }
      covered.formUnion(coveredHere)
    }
    let vectors: [(field: String, attribute: String, components: [String])] = [
      ("m_PositionCurves", "m_LocalPosition", ["x", "y", "z"]),
      ("m_EulerCurves", "localEulerAnglesRaw", ["x", "y", "z"]),
      ("m_ScaleCurves", "m_LocalScale", ["x", "y", "z"]),
      ("m_RotationCurves", "m_LocalRotation", ["x", "y", "z", "w"]),
    ]
    for (field, attribute, components) in vectors {
      var paths = Set<String>()
      for entry in try root.member(field)?.elements() ?? [] {
        let path = try entry.member("path")?.name() ?? ""
        guard !covered.contains(path + "\u{0}" + kind(of: attribute)) else { continue }
        guard paths.insert(path).inserted else {
          throw entry.invalid("\(field) holds two curves for path \(messageQuoted(path))")
        }
        for (c, name) in components.enumerated() {
          var curve = track(path: path, attribute: attribute, component: c, label: attribute + "." + name)
          var mode: RotationMode?
          do throws(ActionDecodingError) {
            if curve.isEuler { mode = try rotationMode(try entry.required("curve")) }
            curve.keyframes = Keyframes(
              try keys(
                try entry.required("curve"), component: name, fps: fps,
                factor: BlenderChannel.unity(attribute, component: c)?.factor ?? 1))
          } catch {
            leftOut.append((error, (path.isEmpty ? "" : path + ": ") + attribute + "." + name))
            continue
          }
          if let problem = budget.spend(tracks: 1, keys: curve.keyframes.count) { throw entry.invalid(problem) }
          tracks.append((path.isEmpty ? "(root)" : path, curve))
          if let mode { orders[path] = mode }
        }
      }
    }
    // Grouped by path, paths in order of first use (by name: a search per curve was
    // quadratic, 11 s for 30,000 paths).
    var groups: [String] = []
    // Within a group, each property's components in Blender's order.
    var firstOfPath: [String: Int] = [:]
    for (i, t) in tracks.enumerated() where firstOfPath[t.curve.dataPath] == nil { firstOfPath[t.curve.dataPath] = i }
    tracks.sort { a, b in
      let (pa, pb) = (firstOfPath[a.curve.dataPath]!, firstOfPath[b.curve.dataPath]!)
      return pa != pb ? pa < pb : a.curve.index < b.curve.index
    }
    var membersOf: [String: [Int]] = [:]
    for (i, t) in tracks.enumerated() {
      if membersOf[t.group] == nil { groups.append(t.group) }
      membersOf[t.group, default: []].append(i)
    }
    action.tracks = groups.flatMap { g in
      membersOf[g]!.map { i in
        var curve = tracks[i].curve
        curve.group = g
        return curve
      }
    }
    // The rotation mode of every object whose Euler angles the clip animates (the clip's own
    // object, path "", is the action's).
    for (path, mode) in orders { action.rotationModes[path.isEmpty ? action.name : path] = mode }
    if let settings = try root.member("m_AnimationClipSettings") {
      // Frames are 32-bit floats: a time near 1e308 s is refused, not written back as inf.
      func frame(_ name: String) throws(ActionDecodingError) -> Double? {
        guard let cursor = try settings.member(name) else { return nil }
        let seconds = try cursor.number()
        let frame = SecondsToFrames.frame(seconds, fps: fps)
        guard frame.isFinite else {
          throw cursor.invalid("\(seconds) s is frame \(seconds * fps) at \(fps) fps, which does not fit a 32-bit float")
        }
        return Double(frame)
      }
      if let start = try frame("m_StartTime") { action.frameStart = start }
      if let stop = try frame("m_StopTime") { action.frameEnd = stop }
      if let s = action.frameStart, let e = action.frameEnd, e < s { action.frameEnd = s }
    }
    if action.tracks.isEmpty, let first = leftOut.first { throw first.error }
    guard !action.tracks.isEmpty else { throw root.invalid("the clip holds no curves animplot reads") }
    if let problem = action.quaternionProblem() {
      throw root.invalid("\(action.tracks[problem.track].displayLabel): \(problem.message)")
    }
    var document = ActionDocument(actions: [action])
    document.warnings = leftOut.map { note in
      var located = note.error
      located.file = context.file
      return "\(located.description) (\(note.what) left out; the rest is read)"
    }
    document.selectEveryCurve()
    document.finish(recalculate: context.recalculate)
    return document
  }

  /// The track of one component of a curve: a Transform's position, rotation, scale and Euler
  /// angles as Blender's `location`, `rotation_quaternion`, `scale`, `rotation_euler`
  /// (`BlenderChannel.unity`) of the object at `path` (`objects["Body/Arm"].location`; the
  /// clip's own object, path "", plain `location`); any other attribute as `path/attribute`,
  /// labelled by the attribute.
  private static func track(path: String, attribute: String, component: Int, label: String) -> FCurve {
    guard let blender = BlenderChannel.unity(attribute, component: component) else {
      var curve = FCurve(dataPath: (path.isEmpty ? "" : path + "/") + attribute, index: component)
      curve.label = label
      return curve
    }
    let dataPath = path.isEmpty ? blender.property : ObjectChannels.dataPath(owner: path, property: blender.property)
    var curve = FCurve(dataPath: dataPath, index: blender.index)
    curve.label = blender.label
    if blender.property == "rotation_quaternion" {
      // Quaternion components, coupled and normalised.
      curve.quaternion = QuaternionRole(component: [.w, .x, .y, .z][blender.index])
    }
    return curve
  }

  /// The Blender rotation mode of an Euler curve's `m_RotationOrder`. Unity's orders, 0 to 5,
  /// are XYZ, XZY, YZX, YXZ, ZXY (its default, also when the member is missing) and ZYX, each
  /// turning about its first axis first; with Unity's Y and Z swapped into Blender's they are
  /// Blender's XZY, XYZ, ZYX, ZXY, YXZ and YZX.
  static func rotationMode(_ curve: YAMLCursor) throws(ActionDecodingError) -> RotationMode {
    guard let order = try curve.member("m_RotationOrder") else { return .yxz }
    return [RotationMode.xzy, .xyz, .zyx, .zxy, .yxz, .yzx][try order.integer(in: 0...5)]
  }

  /// What an attribute animates, to tell which runtime curves the editor curves cover:
  /// `m_LocalPosition.x` covers `m_LocalPosition`; Euler angles in any spelling cover
  /// `localEulerAnglesRaw`; `m_LocalRotation.*` covers the quaternion.
  private static func kind(of attribute: String) -> String {
    let base = split(attribute).0
    return base.lowercased().contains("euler") ? "euler" : base
  }

  /// `m_LocalPosition.x` → (`m_LocalPosition`, 0); other attributes keep index 0.
  private static func split(_ attribute: String) -> (String, Int) {
    for (i, axis) in [".x", ".y", ".z", ".w"].enumerated() where attribute.hasSuffix(axis) {
      return (String(attribute.dropLast(2)), i)
    }
    return (attribute, 0)
  }

  /// The keys of `curve` (its `m_Curve`), of one component of vector keys or of scalar keys.
  /// Values and slopes are multiplied by `factor` (Blender's units and axis directions).
  private static func keys(_ curve: YAMLCursor, component: String?, fps: Double, factor: Double = 1)
    throws(ActionDecodingError) -> [Keyframe]
  {
    struct Raw {
      var time: Double, value: Double, inSlope: Double, outSlope: Double
      var inWeight: Double, outWeight: Double, weightedMode: Int
    }
    var raw: [Raw] = []
    for key in try curve.required("m_Curve").elements() {
      func field(_ name: String) throws(ActionDecodingError) -> Double {
        var cursor = try key.required(name)
        if let component { cursor = try cursor.required(component) }
        return try cursor.number(allowInfinite: name.hasSuffix("Slope"))
      }
      func optional(_ name: String) throws(ActionDecodingError) -> Double? {
        guard var cursor = try key.member(name) else { return nil }
        if let component { cursor = try cursor.required(component) }
        return try cursor.number()
      }
      let time = try key.required("time").number()
      if let last = raw.last, !(time > last.time) {
        throw try key.required("time").invalid("time \(time) s does not come after \(last.time) s; keys must increase")
      }
      let mode = try key.member("weightedMode")?.integer(in: 0...3) ?? 0
      raw.append(
        Raw(
          time: time, value: factor * (try field("value")), inSlope: factor * (try field("inSlope")),
          outSlope: factor * (try field("outSlope")),
          inWeight: try optional("inWeight") ?? 1.0 / 3, outWeight: try optional("outWeight") ?? 1.0 / 3,
          weightedMode: mode))
    }
    var keys: [Keyframe] = []
    keys.reserveCapacity(raw.count)
    var lastFrame = -Float.infinity
    for (k, r) in raw.enumerated() {
      let frame = SecondsToFrames.frame(r.time, fps: fps)
      guard frame.isFinite, frame > lastFrame, Float(r.value).isFinite else {
        throw curve.invalid(
          "key \(k) (\(r.time) s, value \(r.value)) does not fit 32-bit floats at \(fps) fps, or does not come after the key before it there")
      }
      lastFrame = frame
      var key = Keyframe(frame: frame, value: Float(r.value))
      key.handleLeftType = .free
      key.handleRightType = .free
      let (before, after) = HermiteHandles.intervals(raw.lazy.map(\.time), k)
      // Weights (clamped to [0, 1]: Unity's editor writes no other) where the key's
      // weightedMode enables that side (1 in, 2 out, 3 both), else a third.
      (key.handleLeft, key.handleRight) = HermiteHandles.handles(
        time: r.time, value: r.value, before: before, after: after,
        inSlope: r.inSlope.isFinite ? r.inSlope : 0, outSlope: r.outSlope.isFinite ? r.outSlope : 0,
        inWeight: r.weightedMode & 1 != 0 ? min(max(r.inWeight, 0), 1) : nil,
        outWeight: r.weightedMode & 2 != 0 ? min(max(r.outWeight, 0), 1) : nil, framesPerUnit: fps)
      // Stepped where this key's out-slope or the next key's in-slope is infinite.
      guard HermiteHandles.isFinite(key) else { throw curve.invalid("key \(k): " + HermiteHandles.overflowMessage) }
      let stepped = !r.outSlope.isFinite || (k + 1 < raw.count && !raw[k + 1].inSlope.isFinite)
      key.interpolation = stepped ? .constant : .bezier
      keys.append(key)
    }
    // Handles within float range can still make a segment's arithmetic overflow (slopes near
    // 3e38 over a short span): evaluated, it would be NaN.
    for k in keys.indices.dropLast() where keys[k].interpolation == .bezier {
      guard BezierSegment(from: keys[k], to: keys[k + 1]).fitsFloats else {
        throw curve.invalid("key \(k): " + HermiteHandles.segmentOverflowMessage)
      }
    }
    return keys
  }

}

/// A YAML node with its path (`AnimationClip.m_EditorCurves[2].curve`) for typed reads with
/// located errors (line and column from the node's mark).
struct YAMLCursor {
  let node: UnityYAML.Node
  let path: String

  func error(_ kind: ActionDecodingError.Kind) -> ActionDecodingError {
    ActionDecodingError(kind, path: path, line: node.line, column: node.column)
  }

  func invalid(_ message: String) -> ActionDecodingError { error(.invalid(message)) }

  private var kindName: String {
    switch node.value {
    case .mapping: "a mapping"
    case .sequence: "a sequence"
    case .scalar: "a scalar"
    }
  }

  func member(_ name: String) throws(ActionDecodingError) -> YAMLCursor? {
    guard case .mapping = node.value else {
      throw error(.wrongType(expected: "a mapping", found: kindName))
    }
    guard let child = node[name] else { return nil }
    return YAMLCursor(node: child, path: path.isEmpty ? name : path + "." + name)
  }

  func required(_ name: String) throws(ActionDecodingError) -> YAMLCursor {
    guard let found = try member(name) else { throw error(.missingField(name)) }
    return found
  }

  func elements() throws(ActionDecodingError) -> [YAMLCursor] {
    guard case .sequence(let sequence) = node.value else {
      throw error(.wrongType(expected: "a sequence", found: kindName))
    }
    return sequence.enumerated().map { YAMLCursor(node: $0.element, path: path + "[\($0.offset)]") }
  }

  func string() throws(ActionDecodingError) -> String {
    guard case .scalar(let scalar) = node.value else { throw error(.wrongType(expected: "a scalar", found: kindName)) }
    return scalar
  }

  /// A scalar that names something (a path, an attribute, the clip): at most
  /// `Limits.nameBytes` bytes.
  func name() throws(ActionDecodingError) -> String {
    let s = try string()
    guard s.utf8.count <= Limits.nameBytes else { throw invalid(JSONReader.nameTooLong) }
    return s
  }

  /// A number as Unity writes them (`.0500000007`, `-Infinity`); infinite ones only where
  /// `allowInfinite` (slopes).
  func number(allowInfinite: Bool = false) throws(ActionDecodingError) -> Double {
    let text = try string().trimmedOfSpaces
    let spelled: Double? =
      switch text {
      case "Infinity", "+Infinity", ".inf", "+.inf": .infinity
      case "-Infinity", "-.inf": -.infinity
      default:
        text.unicodeScalars.allSatisfy({ "0123456789+-.eE".unicodeScalars.contains($0) }) ? Double(text) : nil
      }
    guard let value = spelled else {
      throw invalid("expected a number, found \(messageQuoted(text))")
    }
    guard value.isFinite || (allowInfinite && value.isInfinite) else { throw error(.nonFinite(text)) }
    return value
  }

  func integer(in range: ClosedRange<Int>) throws(ActionDecodingError) -> Int {
    let d = try number()
    guard d == d.rounded(), d >= Double(range.lowerBound), d <= Double(range.upperBound) else {
      throw invalid("expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(d)")
    }
    return Int(d)
  }
}

extension FCurve {
  /// Whether the track is a component of an object's Euler rotation.
  fileprivate var isEuler: Bool { (ObjectChannels.owner(of: dataPath)?.property ?? dataPath) == "rotation_euler" }
}
