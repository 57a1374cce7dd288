import AnimplotConcurrency
import AnimplotCore
import AnimplotPlatform
import AnimplotText

/// glTF 2.0 animations as actions (docs/import.md, "glTF 2.0").
///
/// Each animation is an action; each channel's vector is one track per component, grouped by
/// node: a node's TRS as Blender's channels of the node's object, Z up as Blender's importer
/// makes it (`objects["Cube"].rotation_quaternion`, `W Quaternion Rotation`; `BlenderChannel`),
/// morph weights `objects["Face"].weights[3]`. Times in seconds
/// become frames at `fps` (default 24). STEP keys are constant, LINEAR linear, CUBICSPLINE
/// Bézier with the exact handles (tangent × Δt / 3). Rotations are coupled quaternions
/// (`QuaternionRole`): LINEAR is slerp, and every value is normalised.
enum GLTFImporter {
  /// The top-level members the importer reads: the others (materials, images, scenes, `extras`,
  /// `extensions`...) are read through unmade (`JSONNode.parse`).
  static let readMembers: Set<String> = [
    "asset", "extensionsRequired", "accessors", "bufferViews", "buffers", "nodes", "meshes", "animations",
  ]

  static func decode(_ bytes: UnsafeBufferPointer<UInt8>, context: DecodeContext) throws(ActionDecodingError)
    -> ActionDocument
  {
    if let path = context.path, InputKind.fileExtension(of: path) == "glb", !GLTFContainer.isBinary(bytes),
      !(bytes.first == UInt8(ascii: "{") || bytes.first == 0xEF)
    {
      var e = ActionDecodingError(.invalid("a .glb starts with the magic \"glTF\"; this file does not"))
      e.byteOffset = 0
      throw e
    }
    let container = try GLTFContainer(bytes)
    let source = JSONSource(bytes: container.json, containerOffset: container.jsonOffset)
    let tree = try parse(container, keeping: readMembers)
    let root = JSONCursor(root: tree, source: source)
    let asset = try root.required("asset")
    let version = try asset.required("version").string()
    guard version.hasPrefix("2.") else {
      throw try asset.required("version").invalid("glTF \(version); animplot reads glTF 2.0")
    }
    for required in try root.member("extensionsRequired")?.elements() ?? [] {
      let name = try required.string()
      if name == "EXT_meshopt_compression" || name == "KHR_meshopt_compression" {
        throw required.invalid("\(name) compresses the buffer views, which animplot does not read; decompress the file first (gltfpack -noq, or glTF-Transform)")
      }
    }
    let fps = context.options.fps ?? 24
    var accessors = GLTFAccessors(root: root, container: container, context: context, inputSize: bytes.count)
    let nodes = try NodeNames(try root.member("nodes")?.elements() ?? [])

    var actions: [Action] = []
    // Each action's animation, and the channel each of its tracks comes from.
    var sources: [(index: Int, animation: JSONCursor, channels: [Int])] = []
    var usedNames = Set<String>()
    // A broken animation is left out with a warning when the file has others to read; asked
    // for (`--animation`), it is the error (`ActionDocument.action(named:)`). What the file may
    // hold in all is bounded over every animation (`ImportBudget`): past it, the file is refused.
    var warnings: [String] = []
    var skipped: [ActionDocument.SkippedAction] = []
    var firstError: ActionDecodingError?
    var budget = ImportBudget()
    var shared = SharedReads()
    let animations = try root.member("animations")?.elements() ?? []
    for (a, animation) in animations.enumerated() {
      // An animation with no channel is an action too: counted, read or left out.
      if let problem = budget.spendAction() { throw animation.invalid(problem) }
      var name = try animation.member("name")?.name() ?? "Animation \(a)"
      if name.isEmpty { name = "Animation \(a)" }
      if usedNames.contains(name) { name += " (\(a))" }
      usedNames.insert(name)
      var action = Action(name: name)
      action.fps = fps
      do throws(ActionDecodingError) {
        let (built, channels, notes) = try tracks(
          of: animation, nodes: nodes, accessors: &accessors, fps: fps, root: root, budget: &budget,
          shared: &shared)
        guard !built.isEmpty || notes.isEmpty else {
          throw animation.invalid("no channel of the animation could be read (\(notes[0]))")
        }
        // Only CUBICSPLINE tracks have handles from tangents (every key of a track Bézier).
        if let (t, k) = HermiteHandles.firstOverflow(in: built, bezierOnly: true) {
          throw animation.invalid("\(built[t].displayLabel), key \(k): " + HermiteHandles.overflowMessage)
        }
        action.tracks = built
        sources.append((a, animation, channels))
        warnings += notes.map { "\(context.file): animations[\(a)] \(messageQuoted(name)): left out \($0)" }
      } catch {
        var located = error
        if located.file == nil { located.file = context.file }
        if budget.exhausted || accessors.refusesFile { throw located }
        firstError = firstError ?? located
        skipped.append(ActionDocument.SkippedAction(index: a, name: name, error: located))
        warnings.append("\(located.description) (animation \(a) \(messageQuoted(name)) left out; the others are read)")
        continue
      }
      action.frameStart = 0
      // The last key's frame (`keyRange`'s end): each track's frames increase.
      action.frameEnd = action.tracks.compactMap { $0.keyframes.last.map { Double($0.frame) } }.max().map { max(0, $0) } ?? 0
      actions.append(action)
    }
    if let firstError, actions.isEmpty { throw firstError }
    guard !actions.isEmpty else {
      throw root.invalid("the file has no animations")
    }
    // `consume`: the document must hold the only reference to the keys, or recalculating them
    // in place would copy every one.
    let isMulti = actions.count > 1
    var document = ActionDocument(actions: consume actions, isMultiAction: isMulti)
    document.warnings = warnings
    document.skipped = skipped
    document.selectEveryCurve()
    document.finish(recalculate: context.recalculate)
    // Values near the float limit (or steps between them past it) give handles that overflow
    // once made as Blender makes them: located at the channel, rather than as a key of the
    // action written later. Such an animation is left out as a broken one is, with a warning,
    // when the file has others to read.
    if context.recalculate {
      var kept: [Action] = []
      for (a, action) in document.actions.enumerated() {
        guard let (t, k) = HermiteHandles.firstOverflow(in: action.tracks) else {
          kept.append(action)
          continue
        }
        let source = sources[a]
        let channel = try source.animation.required("channels").elements()[source.channels[t]]
        let output = try? samplerOutput(of: channel, in: source.animation)
        var error = channel.invalid(
          "\(action.tracks[t].displayLabel), key \(k): its handles, made from the values\(output.map { " of output accessor \($0)" } ?? "") as Blender makes them, overflow 32-bit floats (±3.4e38); expected values nearer zero, whose steps fit 32-bit floats")
        error.file = context.file
        document.skipped.append(ActionDocument.SkippedAction(index: source.index, name: action.name, error: error))
        document.warnings.append("\(error.description) (animation \(source.index) \(messageQuoted(action.name)) left out; the others are read)")
        firstError = firstError ?? error
      }
      if kept.isEmpty, let firstError { throw firstError }
      if kept.count < document.actions.count {
        document.actions = kept
        document.isMultiAction = kept.count > 1
      }
    }
    return document
  }

  /// The output accessor of a channel's sampler.
  private static func samplerOutput(of channel: JSONCursor, in animation: JSONCursor) throws(ActionDecodingError) -> Int {
    let sampler = try animation.required("samplers").elements()[try channel.required("sampler").integer()]
    return try sampler.required("output").integer()
  }

  /// The byte offset of a 1-based line and column (in characters) of `text`.
  private static func offset(ofLine line: Int, column: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
    var l = 1
    var c = 1
    for (i, b) in text.enumerated() {
      if l == line && c == column { return i }
      if b == 0x0A {
        l += 1
        c = 1
      } else if b & 0xC0 != 0x80 {
        c += 1
      }
    }
    return text.count
  }

  /// Node names as labels use them: a node's `name`, or `nodes[i]` without one; a name that
  /// several nodes share gets ` (node i)`.
  struct NodeNames {
    let nodes: [JSONCursor]
    private var names: [String] = []

    /// - Throws: at a name longer than `Limits.nameBytes`.
    init(_ nodes: [JSONCursor]) throws(ActionDecodingError) {
      self.nodes = nodes
      var raw: [String] = []
      for (i, n) in nodes.enumerated() {
        var name = ""
        if let field = try? n.member("name"), field.isString { name = try field.name() }
        raw.append(name.isEmpty ? "nodes[\(i)]" : name)
      }
      var counts: [String: Int] = [:]
      for n in raw { counts[n, default: 0] += 1 }
      names = raw.enumerated().map { i, n in counts[n]! > 1 ? "\(n) (node \(i))" : n }
    }

    subscript(_ i: Int) -> String { names[i] }
    var count: Int { names.count }
  }

  /// What a channel animates.
  private enum Target: Hashable, Sendable {
    case node(Int, String)
    case pointer(String)
  }

  /// The tracks of `animation`, and a note for each channel left out: one whose sampler,
  /// accessor or target is broken (the rest does not need it), or one animating what a later
  /// channel animates too (the later one wins, as three.js, Blender and magnum do).
  private static func tracks(
    of animation: JSONCursor, nodes: NodeNames, accessors: inout GLTFAccessors, fps: Double, root: JSONCursor,
    budget: inout ImportBudget, shared: inout SharedReads
  ) throws(ActionDecodingError) -> (tracks: [FCurve], channels: [Int], notes: [String]) {
    let samplers = try animation.required("samplers").elements()
    var byGroup: [(group: String, tracks: [FCurve], jobs: [KeyJob])] = []
    var groupIndex: [String: Int] = [:]
    var seen: [Target: String] = [:]
    // The channel each target's tracks come from: the last one read.
    var winner: [Target: Int] = [:]
    var notes: [String] = []
    // Channels a later one replaced: the first few said, the others counted.
    var replacedNotes = WarningRun()
    for (channelIndex, channel) in try animation.required("channels").elements().enumerated() {
      // (Not indented once more, so that the channel's code reads as before.)
      do throws(ActionDecodingError) {
      let samplerCursor = try channel.required("sampler")
      let s = try samplerCursor.integer()
      guard s < samplers.count else {
        throw samplerCursor.invalid("sampler \(s) does not exist (the animation has \(samplers.count))")
      }
      let sampler = samplers[s]
      let target = try channel.required("target")
      let pathCursor = try target.required("path")
      let path = try pathCursor.string()
      let what: Target
      let group: String
      let labelBase: String
      let dataPath: String
      let expected: (components: Int?, types: [String])
      switch path {
      case "translation", "rotation", "scale", "weights":
        // A channel without a node is ignored (glTF 2.0 §5.3).
        guard let nodeCursor = try target.member("node") else { continue }
        let node = try nodeCursor.integer()
        guard node < nodes.count else {
          throw nodeCursor.invalid("node \(node) does not exist (the file has \(nodes.count))")
        }
        what = .node(node, path)
        group = nodes[node]
        labelBase = nodes[node] + "." + path
        dataPath = Self.blenderPath(path, node: node, nodes: nodes)
        expected = path == "rotation" ? (4, ["VEC4"]) : path == "weights" ? (1, ["SCALAR"]) : (3, ["VEC3"])
      case "pointer":
        guard let ext = try target.member("extensions"), let kap = try ext.member("KHR_animation_pointer") else {
          throw target.invalid("path \"pointer\" needs extensions.KHR_animation_pointer.pointer")
        }
        let pointerCursor = try kap.required("pointer")
        // A name: it is the tracks' data path.
        let pointer = try pointerCursor.name()
        guard pointer.hasPrefix("/") else {
          throw pointerCursor.invalid("a JSON pointer starts with \"/\", found \(messageQuoted(pointer))")
        }
        let parts = pointer.split(separator: "/", omittingEmptySubsequences: false)
        // A pointer to a node's TRS or weights animates what a core channel would (the
        // extension says the two are the same): same target, same rules.
        if parts.count == 4, parts[1] == "nodes", let node = Int(parts[2]), parts[2].allSatisfy(\.isASCII),
          ["translation", "rotation", "scale", "weights"].contains(parts[3])
        {
          guard node < nodes.count else {
            throw pointerCursor.invalid("node \(node) does not exist (the file has \(nodes.count))")
          }
          what = .node(node, String(parts[3]))
          group = nodes[node]
          labelBase = nodes[node] + "." + parts[3]
          dataPath = Self.blenderPath(String(parts[3]), node: node, nodes: nodes)
        } else {
          what = .pointer(pointer)
          group = parts.count >= 3 ? parts[0...2].joined(separator: "/") : pointer
          labelBase = pointer
          dataPath = pointer
        }
        expected = (nil, ["SCALAR", "VEC2", "VEC3", "VEC4"])
      default:
        throw pathCursor.error(.unknownValue(path, accepted: ["translation", "rotation", "scale", "weights", "pointer"]))
      }
      // What the channel animates (a pointer to a node's property counts as that property).
      var property = path
      if case .node(_, let p) = what { property = p }
      let rotation = property == "rotation"
      // An earlier channel of the same target, replaced once this one has been read.
      let replaced = seen[what]

      let interpolationCursor = try sampler.member("interpolation")
      let interpolation = try interpolationCursor?.string() ?? "LINEAR"
      guard ["LINEAR", "STEP", "CUBICSPLINE"].contains(interpolation) else {
        throw interpolationCursor!.error(.unknownValue(interpolation, accepted: ["LINEAR", "STEP", "CUBICSPLINE"]))
      }
      let cubic = interpolation == "CUBICSPLINE"

      // Times: float scalars, non-negative and increasing.
      let inputCursor = try sampler.required("input")
      let inputIndex = try inputCursor.integer()
      let input = try accessors.accessor(inputIndex, referrer: inputCursor)
      guard input.type == "SCALAR", input.componentType == 5126 else {
        throw inputCursor.invalid("a sampler's input holds float SCALAR times, found \(input.type) of componentType \(input.componentType)")
      }
      let times = input.values
      let frames: [Float]
      switch Self.frames(of: inputIndex, times: times, fps: fps, cache: &shared.frames) {
      case .success(let made): frames = made
      case .failure(let problem): throw inputCursor.invalid(problem.message)
      }
      let keys = times.count
      if cubic && keys < 2 {
        throw sampler.invalid("CUBICSPLINE needs at least two keys, found \(keys)")
      }

      let outputCursor = try sampler.required("output")
      let output = try accessors.accessor(outputCursor.integer(), referrer: outputCursor)
      guard expected.types.contains(output.type) else {
        throw outputCursor.invalid("\(path) values are \(expected.types.joined(separator: " or ")), found \(output.type)")
      }
      // Component types the specification allows: float for translation and scale; float or
      // normalised (u)byte/(u)short for rotation, weights and pointers.
      let normalizedInts = [5120, 5121, 5122, 5123]
      let floatOnly = path == "translation" || path == "scale" || { if case .node(_, let p) = what { return p == "translation" || p == "scale" } else { return false } }()
      if output.componentType != 5126 && (floatOnly || !output.normalized || !normalizedInts.contains(output.componentType)) {
        throw output.cursor.invalid(
          floatOnly
            ? "\(path) values must be floats (componentType 5126), found componentType \(output.componentType)"
            : "animation values are floats (5126) or normalized byte or short (5120-5123 with normalized: true), found componentType \(output.componentType)\(output.normalized ? "" : " not normalized")")
      }
      let perKey = cubic ? 3 : 1
      var width = output.components
      if property == "weights" {
        guard output.count % (keys * perKey) == 0 else {
          throw outputCursor.invalid(
            "\(output.count) weights do not divide into \(keys) keys\(cubic ? " × 3 (in-tangent, value, out-tangent)" : "")")
        }
        width = output.count / (keys * perKey)
        if case .node(let node, _) = what, let targets = try morphs(of: node, nodes: nodes, root: root, shared: &shared)?.targets,
          targets != width
        {
          throw outputCursor.invalid("\(width) weights per key but the node's mesh has \(targets) morph targets")
        }
      } else {
        guard output.count == keys * perKey else {
          throw outputCursor.invalid(
            "\(output.count) values for \(keys) keys; \(interpolation) needs \(keys * perKey)")
        }
      }
      if let problem = budget.spend(tracks: width, keys: width * keys) { throw channel.invalid(problem) }
      for (i, v) in output.values.enumerated() where !v.isFinite {
        throw outputCursor.invalid("value \(i / width / perKey) is not finite")
      }

      // Tracks in Blender's order, each from a component of glTF's (Y up) with its sign.
      var layout: [(component: Int, sign: Float, label: String, role: QuaternionRole.Component?)]
      switch property {
      case "translation" where width == 3, "scale" where width == 3, "rotation" where width == 4:
        layout = (0..<width).map { c in
          let blender = BlenderChannel.gltf(property, component: c)!
          return (c, Float(blender.factor), blender.label, property == "rotation" ? [.w, .x, .y, .z][blender.index] : nil)
        }
        // In Blender's order.
        layout.sort { BlenderChannel.gltf(property, component: $0.component)!.index < BlenderChannel.gltf(property, component: $1.component)!.index }
      case "weights":
        // (The channel's node was read above: its morphs are known.)
        var targetNames: [String] = []
        if case .node(let node, _) = what {
          targetNames = (try? morphs(of: node, nodes: nodes, root: root, shared: &shared)?.names) ?? []
        }
        layout = (0..<width).map { c in
          (c, 1, c < targetNames.count ? "Value (\(targetNames[c]))" : "Weight [\(c)]", nil)
        }
      default:
        // A pointer (beside a node's properties): the pointer below its group, by component.
        let rest = labelBase.hasPrefix(group + "/") ? String(labelBase.dropFirst(group.count + 1)) : labelBase
        layout = (0..<width).map { c in (c, 1, width == 1 ? rest : rest + "[\(c)]", nil) }
      }
      var built: [FCurve] = []
      // The channel's own jobs (a suffix of one list of every job so far was a walk over all of
      // it for each channel).
      var jobs: [KeyJob] = []
      for (index, item) in layout.enumerated() {
        var curve = FCurve(dataPath: dataPath, index: path == "pointer" && !isNodeProperty(what) ? item.component : index)
        curve.label = item.label
        curve.group = group
        if let role = item.role { curve.quaternion = QuaternionRole(component: role) }
        built.append(curve)
        jobs.append(
          KeyJob(
            times: times, frames: frames, values: output.values, width: width, component: item.component, sign: item.sign,
            interpolation: interpolation, channel: channelIndex, target: what))
      }
      if let other = replaced {
        // The later channel wins: the earlier one's tracks go, once every channel is read (only
        // now that this one has been read: a later channel that cannot be read leaves the
        // earlier one in place).
        replacedNotes.add("\(other): \(labelBase) is animated again by \(channel.path), which wins")
      }
      seen[what] = channel.path
      winner[what] = channelIndex
      if let g = groupIndex[group] {
        byGroup[g].tracks += built
        byGroup[g].jobs += jobs
      } else {
        groupIndex[group] = byGroup.count
        byGroup.append((group, built, jobs))
      }
      } catch {
        // Past the file's budget nothing more is read: that refuses the file, not the channel.
        if budget.exhausted || accessors.refusesFile { throw error }
        notes.append("\(channel.path): " + (error.path.isEmpty || error.path == channel.path ? "" : error.path + ": ") + error.message)
        continue
      }
    }
    // Without the tracks of channels a later one replaced (left in place as they were read, so
    // that replacing is not a walk over every track so far for each channel).
    var tracks: [FCurve] = []
    var kept: [KeyJob] = []
    for (_, built, jobs) in byGroup {
      for (track, job) in zip(built, jobs) where winner[job.target] == job.channel {
        tracks.append(track)
        kept.append(job)
      }
    }
    let ordered = kept
    // The keys of each track, on every core when there are many.
    let total = ordered.reduce(0) { $0 + $1.times.count }
    Parallel.forEach(&tracks, jobs: Parallel.jobs(forKeys: total)) { track, i in
      let job = ordered[i]
      track.keyframes = makeKeys(
        times: job.times, frames: job.frames, values: job.values, width: job.width, component: job.component,
        interpolation: job.interpolation, fps: fps, sign: job.sign)
    }
    notes += replacedNotes.finished { "… and \($0) more channels that a later channel animates again, which wins" }
    return (tracks, ordered.map(\.channel), notes)
  }

  /// Why a time accessor's times cannot be frames (said at the sampler that reads them).
  struct FramesProblem: Error {
    let message: String
  }

  /// The frames of time accessor `index` (its `times`) at `fps`, checked: times finite, not
  /// negative and increasing, and frames that fit 32-bit floats and increase too. Worked out
  /// once per accessor (`cache`), problem or frames.
  private static func frames(
    of index: Int, times: [Float], fps: Double, cache: inout [Int: Result<[Float], FramesProblem>]
  ) -> Result<[Float], FramesProblem> {
    if let done = cache[index] { return done }
    let result = Result { () throws(FramesProblem) -> [Float] in
      var previous = -Float.infinity
      for (k, t) in times.enumerated() {
        guard t.isFinite, t >= 0 else {
          throw FramesProblem(message: "time \(k) is \(t) s; times must be finite and not negative")
        }
        guard t > previous else {
          throw FramesProblem(message: "time \(k) (\(t) s) does not come after time \(k - 1) (\(previous) s); times must increase")
        }
        previous = t
      }
      // Frames are 32-bit floats: each must be finite and after the one before.
      var made: [Float] = []
      made.reserveCapacity(times.count)
      var lastFrame = -Float.infinity
      for (k, t) in times.enumerated() {
        let frame = SecondsToFrames.frame(Double(t), fps: fps)
        guard frame.isFinite, frame > lastFrame else {
          throw FramesProblem(
            message: "time \(k) (\(t) s) is frame \(Double(t) * fps) at \(JSONCursor.show(fps)) fps, which "
              + (frame.isFinite ? "does not come after the frame before it in 32-bit floats" : "does not fit a 32-bit float")
              + "; choose another --fps")
        }
        lastFrame = frame
        made.append(frame)
      }
      return made
    }
    cache[index] = result
    return result
  }

  /// What one track's keys are made from.
  private struct KeyJob: Sendable {
    let times: [Float]
    /// `times` as frames (`SecondsToFrames`).
    let frames: [Float]
    let values: [Float]
    let width: Int
    let component: Int
    /// −1 where Blender's axis points the other way (glTF's Z is Blender's −Y).
    let sign: Float
    let interpolation: String
    /// The index of the channel it comes from, in its animation, and what that animates.
    let channel: Int
    let target: Target
  }

  /// Whether a channel animates a node's translation, rotation, scale or weights.
  private static func isNodeProperty(_ target: Target) -> Bool {
    if case .node = target { return true }
    return false
  }

  /// Blender's data path of a node's property, as Blender's glTF importer makes the node an
  /// object: `objects["Cube"].location`, `rotation_quaternion`, `scale`; morph weights stay
  /// `objects["Cube"].weights` (Blender's shape key values, one per target).
  static func blenderPath(_ property: String, node: Int, nodes: NodeNames) -> String {
    let blender = ["translation": "location", "rotation": "rotation_quaternion", "scale": "scale"][property] ?? property
    return ObjectChannels.dataPath(owner: nodes[node], property: blender)
  }

  /// What channels read of a file beyond their own animation, read once for the whole file
  /// however many channels and animations read it again: a channel left out after reading it,
  /// or one of a few keys, makes nothing a limit counts.
  struct SharedReads {
    /// Each time accessor's frames, or why its times cannot be frames.
    var frames: [Int: Result<[Float], FramesProblem>] = [:]
    /// Each node's mesh's morph targets (`nil`: the node has no mesh).
    var nodeMorphs: [Int: Result<Morphs?, ActionDecodingError>] = [:]
    /// Each mesh's morph targets.
    var meshMorphs: [Int: Result<Morphs, ActionDecodingError>] = [:]
    /// The file's `meshes`.
    var meshes: Result<[JSONCursor]?, ActionDecodingError>?
  }

  /// A mesh's morph targets: how many (`nil` when the mesh has neither `weights` nor targets
  /// in its first primitive), and their names (`mesh.extras.targetNames`, as Blender's
  /// importer names the shape keys: as many as there are targets, or none).
  struct Morphs {
    let targets: Int?
    let names: [String]
  }

  /// The morph targets of node `node`'s mesh, or `nil` when it has no mesh.
  private static func morphs(
    of node: Int, nodes: NodeNames, root: JSONCursor, shared: inout SharedReads
  ) throws(ActionDecodingError) -> Morphs? {
    if let done = shared.nodeMorphs[node] { return try done.get() }
    do throws(ActionDecodingError) {
      var found: Morphs?
      if let meshCursor = try nodes.nodes[node].member("mesh") {
        let mesh = try meshCursor.integer()
        let listed = shared.meshes ?? Result { () throws(ActionDecodingError) in try root.member("meshes")?.elements() }
        shared.meshes = listed
        guard let meshes = try listed.get(), mesh < meshes.count else {
          throw meshCursor.invalid("mesh \(mesh) does not exist")
        }
        found = try morphs(ofMesh: mesh, meshes[mesh], shared: &shared)
      }
      shared.nodeMorphs[node] = .success(found)
      return found
    } catch {
      shared.nodeMorphs[node] = .failure(error)
      throw error
    }
  }

  /// The morph targets of mesh `index` (`mesh`).
  private static func morphs(
    ofMesh index: Int, _ mesh: JSONCursor, shared: inout SharedReads
  ) throws(ActionDecodingError) -> Morphs {
    if let done = shared.meshMorphs[index] { return try done.get() }
    let result = Result { () throws(ActionDecodingError) -> Morphs in
      var targets: Int?
      if let weights = try mesh.member("weights") {
        targets = try weights.elements().count
      } else if let primitive = try mesh.member("primitives")?.elements().first, let list = try primitive.member("targets") {
        targets = try list.elements().count
      }
      let names = (try? mesh.member("extras")?.member("targetNames")?.elements(prefix: targets ?? Int.max)) ?? nil
      var kept: [String] = []
      for name in names ?? [] {
        let text = name.isString ? try name.name() : ""
        kept.append(text)
      }
      return Morphs(targets: targets, names: kept)
    }
    shared.meshMorphs[index] = result
    return try result.get()
  }

  /// The keys of component `component`: values laid out per key as `width` numbers (three
  /// blocks of `width` per key for CUBICSPLINE: in-tangents, values, out-tangents), at `frames`
  /// (`times` as `SecondsToFrames` makes them). LINEAR and STEP keys are stored compactly
  /// (`SampledKeys`: the frames shared with every track of the same times, the values).
  static func makeKeys(
    times: [Float], frames: [Float], values: [Float], width: Int, component c: Int, interpolation: String,
    fps: Double, sign: Float = 1
  ) -> Keyframes {
    let n = times.count
    if interpolation != "CUBICSPLINE" {
      let column = [Float](unsafeUninitializedCapacity: n) { buffer, count in
        values.withUnsafeBufferPointer { values in
          for k in 0..<n { buffer[k] = sign * values[k * width + c] }
        }
        count = n
      }
      let mode: Interpolation = interpolation == "STEP" ? .constant : .linear
      return Keyframes(sampled: SampledKeys(frames: frames, values: column, interpolation: mode))
    }
    var keys: [Keyframe] = []
    keys.reserveCapacity(n)
    for k in 0..<n {
      let t = Double(times[k])
      let value = sign * values[(3 * k + 1) * width + c]
      var key = Keyframe(frame: frames[k], value: value)
      key.interpolation = .bezier
      // Hermite tangents (value per second) as Bézier handles a third of each interval out.
      let inTangent = Double(sign * values[(3 * k) * width + c])
      let outTangent = Double(sign * values[(3 * k + 2) * width + c])
      let (before, after) = HermiteHandles.intervals(times.lazy.map(Double.init), k)
      key.handleLeftType = .free
      key.handleRightType = .free
      (key.handleLeft, key.handleRight) = HermiteHandles.handles(
        time: t, value: Double(value), before: before, after: after, inSlope: inTangent, outSlope: outTangent,
        framesPerUnit: fps)
      keys.append(key)
    }
    return Keyframes(keys)
  }
}

extension GLTFImporter {
  /// The members of the root object `referencedFiles` reads: the others are read through
  /// unmade, as the importer reads them (a huge `extras` is no reason to miss the buffers).
  static let referenceMembers: Set<String> = ["buffers", "images"]

  /// The JSON of `container`, the members `keeping` of its root made; a syntax error of a
  /// .glb names the byte rather than the JSON's line:column.
  static func parse(_ container: GLTFContainer, keeping: Set<String>) throws(ActionDecodingError) -> JSONNode {
    do {
      return try JSONNode.parse(container.json, keeping: keeping)
    } catch {
      // Syntax errors carry line:column of the JSON; in a .glb give the byte instead.
      var e = error
      if let base = container.jsonOffset, let line = e.line, let column = e.column {
        e.byteOffset = base + Self.offset(ofLine: line, column: column, in: container.json)
        e.line = nil
        e.column = nil
      }
      throw e
    }
  }

  /// The files a glTF at `path` names (buffers' and images' `uri`s that are not `data:`),
  /// joined to its folder: a run that reads the glTF must not replace them.
  /// - Throws: naming the file, when it is read as glTF but its container or JSON cannot be
  ///   read: the files it names are not known, so the run is refused rather than let an output
  ///   replace one of them. A file that cannot be opened, or is read as another kind, names none.
  static func referencedFiles(ofInputAt path: String) throws(ActionDecodingError) -> [String] {
    guard let bytes = try? FileSystem.readBytes(path: path, limit: Limits.inputBytes) else { return [] }
    let result = bytes.withUnsafeBufferPointer { buffer -> Result<[String], ActionDecodingError> in
      guard InputKind.detect(buffer, path: path) == .gltf else { return .success([]) }
      let container: GLTFContainer
      let tree: JSONNode
      do throws(ActionDecodingError) {
        container = try GLTFContainer(buffer)
        tree = try parse(container, keeping: referenceMembers)
      } catch {
        var e = error
        e.file = path
        return .failure(e)
      }
      let root = JSONCursor(root: tree, source: JSONSource(bytes: container.json, containerOffset: container.jsonOffset))
      let folder = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
      var files: [String] = []
      for list in ["buffers", "images"] {
        for item in ((try? root.member(list)?.elements()) ?? nil) ?? [] {
          guard let uri = (try? item.member("uri")?.string()) ?? nil, !uri.hasPrefix("data:"),
            let decoded = DecodeContext.percentDecoded(uri), !decoded.hasPrefix("/")
          else { continue }
          files.append(folder + decoded)
        }
      }
      return .success(files)
    }
    return try result.get()
  }
}
