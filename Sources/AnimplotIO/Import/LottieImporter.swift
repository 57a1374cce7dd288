import AnimplotCore
import AnimplotPlatform

/// Lottie (Bodymovin JSON) layer transforms as an action (docs/import.md,
/// "Lottie (Bodymovin JSON and `.lottie` archives)").
///
/// Every animated transform property of every layer (anchor, position, split position, scale,
/// rotation, opacity, 3-D rx/ry/rz/orientation, skew) is a track per dimension, grouped by the
/// layer path (precomp layers and parents: `Comp/Body/Arm`); position, scale, rotation and
/// opacity as Blender's channels of that object (`X Location`; `BlenderChannel.lottie`). Frames are the root
/// composition's (`fr`; the scene range `ip`…`op`). A segment's `o`/`i` easing (per dimension)
/// is the exact Bézier whose handles sit at those fractions of the segment; hold keys are
/// constant; old `e`-style keys read too. Spatial position segments (`to`/`ti`) move along a
/// curve at an eased arc length, which no per-axis F-curve equals: they are sampled every
/// frame, as lottie-web measures arc length (150 chords), and the label says so.
enum LottieImporter {
  /// How a layer's frames map to the root composition's: root = offset + scale × local, or a
  /// time remap (`tm`) whose inverse is not affine, so its properties are sampled.
  struct TimeMap {
    var offset = 0.0
    var scale = 1.0
    /// The root frames a remapped layer is seen at, and the local frame of each.
    var remap: Remap?

    func root(_ local: Double) -> Double { offset + scale * local }
  }

  /// The local frames of a layer under a time remap at every root frame sampled (`nil` where
  /// it is not seen): a remap (`tm`) of the frames of the layer around it, or the time of a
  /// precomp inside a remapped one. Worked out once, when a track under it is first sampled,
  /// and shared by every track under it: a track's samples read them rather than evaluate
  /// the chain of remaps above them again.
  final class Remap {
    enum Step {
      /// A precomp's layer's start and stretch (`st`, `sr`) inside a remapped precomp.
      case shift(start: Double, stretch: Double)
      /// A time remap: the layer's frame is `keys`' first number at the frame of the layer
      /// around it (from `outer`, or `offset` and `scale` from the root's) × `fr`.
      case timeRemap(Keys, offset: Double, scale: Double, fr: Double)
    }

    let outer: Remap?
    let step: Step
    private var frames: [Double?]?

    init(outer: Remap?, step: Step) {
      self.outer = outer
      self.step = step
    }

    /// The remaps of the chain (this one and those around it) not worked out yet.
    var pending: Int { frames == nil ? 1 + (outer?.pending ?? 0) : 0 }

    /// The local frame at root frame `range.lowerBound + i` for every `i` in `0...count`
    /// (those around it worked out first); weigh `pending` remaps before.
    func localFrames(range: ClosedRange<Double>, count: Int) -> [Double?] {
      if let frames { return frames }
      let parent = outer?.localFrames(range: range, count: count)
      let made = (0...count).map { i -> Double? in
        switch step {
        case .shift(let st, let sr):
          return parent?[i].map { ($0 - st) / sr }
        case .timeRemap(let keys, let offset, let scale, let fr):
          let parentFrame: Double
          if let parent {
            guard let f = parent[i] else { return nil }
            parentFrame = f
          } else {
            parentFrame = (range.lowerBound + Double(i) - offset) / scale
          }
          return keys.value(at: parentFrame, component: 0) * fr
        }
      }
      frames = made
      return made
    }
  }

  static func decode(_ bytes: UnsafeBufferPointer<UInt8>, context: DecodeContext) throws(ActionDecodingError)
    -> ActionDocument
  {
    var spent = Spent()
    return try decode(bytes, context: context, spent: &spent)
  }

  /// What the animations of one file made before this one (a `.lottie` archive's animations
  /// share one budget: its limits are the file's, not each animation's).
  struct Spent {
    var budget = ImportBudget()
    var instances = 0
    var walked = 0
  }

  /// The top-level members the importer reads: the others (fonts, chars, markers, metadata...)
  /// are read through unmade (`JSONNode.parse`).
  static let readMembers: Set<String> = ["fr", "nm", "ip", "op", "assets", "layers"]

  static func decode(_ bytes: UnsafeBufferPointer<UInt8>, context: DecodeContext, spent: inout Spent)
    throws(ActionDecodingError) -> ActionDocument
  {
    let root = JSONCursor(
      root: try JSONNode.parse(bytes, keeping: readMembers), source: JSONSource(bytes: bytes, containerOffset: nil))
    let fr = try root.required("fr").number()
    guard fr > 0 else { throw try root.required("fr").invalid("fr must be above 0, found \(fr)") }
    var action = Action(name: try root.member("nm")?.name() ?? context.stem)
    action.fps = fr
    let ip = try root.member("ip")?.frame()
    let op = try root.member("op")?.frame()
    action.frameStart = ip
    action.frameEnd = op.map { max($0, ip ?? $0) }
    var assets: [String: JSONCursor] = [:]
    for asset in try root.member("assets")?.elements() ?? [] {
      if let id = try asset.member("id")?.string(), try asset.member("layers") != nil { assets[id] = asset }
    }
    var builder = Builder(
      assets: assets, fr: fr, range: (ip ?? 0)...(max(op ?? 0, ip ?? 0)), file: context.file, budget: spent.budget,
      instances: spent.instances,
      walked: spent.walked)
    try builder.layers(try root.required("layers"), prefix: "", time: TimeMap(), depth: 0)
    spent = Spent(budget: builder.budget, instances: builder.instances, walked: builder.walked)
    action.tracks = builder.tracks
    if action.tracks.isEmpty, let error = builder.firstError { throw error }
    guard !action.tracks.isEmpty else { throw root.invalid("the animation has no animated layer transform") }
    var document = ActionDocument(actions: [action])
    document.warnings = builder.warnings.finished { more in
      var summary = ActionDecodingError(.invalid("… and \(more) more properties left out; the rest is read"))
      summary.file = context.file
      return summary.description
    }
    document.selectEveryCurve()
    document.finish(recalculate: context.recalculate)
    return document
  }


  struct Builder {
    let assets: [String: JSONCursor]
    let fr: Double
    let range: ClosedRange<Double>
    /// Names the file in warnings.
    let file: String
    var tracks: [FCurve] = []
    /// The tracks and keys made so far (`ImportBudget`).
    var budget = ImportBudget()
    /// Layers instantiated so far: a precomp used twice is walked twice, so a chain of
    /// precomps of two layers each doubles per level (20 levels of a 9 KB file were 2²⁰).
    var instances = 0
    /// Layer paths used so far: a precomp used by several layers of one name, or two layers
    /// of one name, make a path again, and the later ones get ` (2)`, ` (3)` ... so that each
    /// is its own group and object.
    var pathsUsed: [String: Int] = [:]
    /// Properties left out, why and which: the first few said, the others counted.
    var warnings = WarningRun()
    var firstError: ActionDecodingError?

    /// The most layer instances one file may make (`Limits`-style: one place, in the README).
    static let maximumInstances = 100_000
    /// The JSON values of the layer lists walked so far, each once per use
    /// (`Limits.lottieWalkedValues`), and those of each list, counted once (by its offset).
    var walked = 0
    var listValues: [Int: Int] = [:]

    static let properties: [(key: String, name: String, axes: [String])] = [
      ("a", "Anchor", ["X", "Y", "Z"]), ("p", "Position", ["X", "Y", "Z"]), ("s", "Scale", ["X", "Y", "Z"]),
      ("r", "Rotation", []), ("o", "Opacity", []), ("rx", "X Rotation", []), ("ry", "Y Rotation", []),
      ("rz", "Z Rotation", []), ("or", "Orientation", ["X", "Y", "Z"]), ("sk", "Skew", []), ("sa", "Skew Axis", []),
    ]

    mutating func layers(_ list: JSONCursor, prefix: String, time: TimeMap, depth: Int) throws(ActionDecodingError) {
      guard depth < 32 else { throw list.invalid("precomps nested deeper than 32 levels (or a precomp that contains itself)") }
      let layerList = try list.elements()
      instances += layerList.count
      guard instances <= Self.maximumInstances else {
        throw list.invalid(
          "precomps instantiate more than \(Self.maximumInstances) layers (a precomp used by several layers counts each time)")
      }
      // Weighed before it is walked: what a walk visits is the list's values, whatever of
      // them makes tracks (a precomp's nested precomps are weighed as they are walked).
      let values = listValues[list.node.offset] ?? Self.values(of: list.node)
      listValues[list.node.offset] = values
      walked += values
      guard walked <= Limits.lottieWalkedValues else {
        throw list.invalid(
          "the layers walked hold more than \(Limits.lottieWalkedValues) JSON values, animplot's limit for one import (a precomp's layers are walked again for each layer that uses it)")
      }
      // Layer names by `ind`, for parent paths.
      var byIndex: [Int: (name: String, parent: Int?)] = [:]
      for (i, layer) in layerList.enumerated() {
        let name = try layer.member("nm")?.name() ?? "Layer \(i)"
        if let ind = try layer.member("ind")?.integer(in: Int(Int32.min)...Int(Int32.max)) {
          byIndex[ind] = (name, try layer.member("parent")?.integer(in: Int(Int32.min)...Int(Int32.max)))
        }
      }
      for (i, layer) in layerList.enumerated() {
        var name = try layer.member("nm")?.name() ?? "Layer \(i)"
        // Parents first: `Body/Arm`.
        var parent = try layer.member("parent")?.integer(in: Int(Int32.min)...Int(Int32.max))
        var hops = 0
        while let p = parent, let found = byIndex[p], hops < 64 {
          name = found.name + "/" + name
          // Bounded as it grows: 64 parents of long names would make a path of 64 names.
          try Self.bound(prefix.utf8.count + name.utf8.count, at: layer, what: "the layer's path (its precomps and parents)")
          parent = found.parent
          hops += 1
        }
        var path = prefix + name
        let uses = pathsUsed[path, default: 0] + 1
        pathsUsed[path] = uses
        if uses > 1 { path += " (\(uses))" }
        try Self.bound(path.utf8.count, at: layer, what: "the layer's path (its precomps and parents)")
        if let ks = try layer.member("ks") {
          for (key, label, axes) in Self.properties {
            guard let property = try ks.member(key) else { continue }
            if key == "p", try property.member("s").map({ c throws(ActionDecodingError) in try c.bool() }) == true {
              for (axis, sub) in ["x", "y", "z"].enumerated() {
                guard let split = try property.member(sub) else { continue }
                try add(
                  split, path: path, dataPath: path + ".p." + sub, label: "Position " + ["X", "Y", "Z"][axis], axes: [],
                  time: time, blender: { _ in BlenderChannel.lottie("p", component: axis) })
              }
              continue
            }
            try add(
              property, path: path, dataPath: path + "." + key, label: label, axes: axes, time: time,
              blender: { BlenderChannel.lottie(key, component: $0) })
          }
        }
        // Shape layers: the animated properties of their items (group transforms, ellipses,
        // rectangles, strokes, fills ...), labelled by the items' names.
        if let shapes = try layer.member("shapes") {
          try shapeItems(shapes, path: path, time: time, depth: 0)
        }
        // A precomp layer: its composition's layers, in its time.
        if try layer.member("ty")?.integer(in: Int(Int32.min)...Int(Int32.max)) == 0,
          let ref = try layer.member("refId")?.string(), let asset = assets[ref]
        {
          let st = try layer.member("st")?.number() ?? 0
          let sr = try layer.member("sr")?.number() ?? 1
          guard sr != 0 else { throw try layer.required("sr").invalid("sr (time stretch) must not be 0") }
          var inner = TimeMap(offset: time.root(st), scale: time.scale * sr)
          if let outer = time.remap {
            // Inside a remapped precomp: this layer's local frame from the outer one.
            inner.remap = Remap(outer: outer, step: .shift(start: st, stretch: sr))
          }
          if let tm = try layer.member("tm"), try Builder.isAnimated(tm) {
            // Time remap: child frame = tm(parent frame) × fr (lottie-web subtracts the
            // layer's st from the frame and from tm's key times alike, so it cancels);
            // sampled at every root frame.
            inner.remap = Remap(
              outer: time.remap, step: .timeRemap(try Keys.decode(tm), offset: time.offset, scale: time.scale, fr: fr))
          }
          try layers(try asset.required("layers"), prefix: path + "/", time: inner, depth: depth + 1)
        }
      }
    }

    /// The JSON values of `node`, itself and all it holds.
    static func values(of node: JSONNode) -> Int {
      switch node.value {
      case .object(let members): members.reduce(1) { $0 + values(of: $1.value) }
      case .array(let elements): elements.reduce(1) { $0 + values(of: $1) }
      default: 1
      }
    }

    /// `a: 1`, or (old exporters write no `a`) `k` a list of keyframe objects with `t`.
    static func isAnimated(_ property: JSONCursor) throws(ActionDecodingError) -> Bool {
      if let a = try property.member("a"), a.isNumber { return try a.number() == 1 }
      guard let k = try property.member("k"), k.isArray, let first = try k.elements().first, first.isObject else {
        return false
      }
      return try first.member("t") != nil
    }

    static let shapeProperties: [String: String] = [
      "p": "Position", "a": "Anchor", "s": "Scale", "r": "Rotation", "o": "Opacity", "sk": "Skew",
      "sa": "Skew Axis", "w": "Width", "c": "Color", "e": "End", "t": "Type", "pt": "Points", "ir": "Inner Radius",
      "or": "Outer Radius", "is": "Inner Roundness", "os": "Outer Roundness", "d": "Direction",
    ]

    /// Every animated number property of shape items, recursing into groups (`it`).
    mutating func shapeItems(_ list: JSONCursor, path: String, time: TimeMap, depth: Int) throws(ActionDecodingError) {
      guard depth < 64 else { throw list.invalid("shape groups nested deeper than 64 levels") }
      for (i, item) in try list.elements().enumerated() where item.isObject {
        let type = try item.member("ty").flatMap { c throws(ActionDecodingError) in c.isString ? try c.string() : nil } ?? ""
        let name = try item.member("nm").flatMap { c throws(ActionDecodingError) in c.isString ? try c.name() : nil } ?? "\(type) \(i)"
        let itemPath = type == "tr" ? path : path + "/" + name
        try Self.bound(itemPath.utf8.count, at: item, what: "the shape item's path (its layer and groups)")
        if let children = try item.member("it") { try shapeItems(children, path: itemPath, time: time, depth: depth + 1) }
        for (key, property) in try item.members() where key != "it" && property.isObject {
          guard try Self.isAnimated(property), let k = try property.member("k"), let first = try k.elements().first
          else { continue }
          // Numbers only: shape paths (`sh`) and gradients hold other values.
          var value = try first.member("s")
          if value == nil { value = try first.member("e") }
          guard let value else { continue }
          var numeric = value.isNumber
          if value.isArray, let e = try value.elements().first { numeric = e.isNumber }
          guard numeric else { continue }
          let label = (type == "tr" ? "Transform " : "") + (Self.shapeProperties[key] ?? key)
          let axes = ["p", "a", "s"].contains(key) ? ["X", "Y", "Z"] : key == "c" ? ["R", "G", "B", "A"] : []
          // A group's transform (`tr`) moves the group as a layer's moves the layer.
          try add(
            property, path: itemPath, dataPath: itemPath + "." + (type == "tr" ? "transform." : "") + key, label: label,
            axes: axes, time: time, blender: { type == "tr" ? BlenderChannel.lottie(key, component: $0) : nil })
        }
      }
    }

    /// Refuses a path built from names (a layer's, a shape item's, a data path) of more than
    /// `Limits.nameBytes` bytes: each name is bounded, but nested precomps, parents and groups
    /// join dozens of them, and every track holds its path.
    static func bound(_ bytes: Int, at place: JSONCursor, what: String) throws(ActionDecodingError) {
      guard bytes <= Limits.nameBytes else {
        throw place.invalid(
          "\(what) is more than \(Limits.nameBytes) bytes, animplot's limit for one name; shorten the names")
      }
    }

    /// The tracks of one property (`{a, k}`), when it is animated.
    /// A layer's transform component that Blender has (`blender` says where it goes) becomes
    /// that channel of the object named by the layer's path (`objects["Body/Arm"].location`),
    /// its values and handles multiplied by the channel's factor.
    mutating func add(
      _ property: JSONCursor, path: String, dataPath: String, label: String, axes: [String], time: TimeMap,
      blender: (Int) -> BlenderChannel? = { _ in nil }
    ) throws(ActionDecodingError) {
      // A property that cannot be read is left out with a warning (the rest of the file does
      // not need it); `decode` refuses the file when nothing else could be read.
      // (Not indented once more, so that the property's code reads as before.)
      let first = tracks.count
      // A data path past the limit refuses the file, as a layer's path does (a property's
      // key is any member's name).
      var pathTooLong = false
      do throws(ActionDecodingError) {
      guard try Self.isAnimated(property) else { return }
      let keys = try Keys.decode(property)
      guard !keys.frames.isEmpty else { return }
      let width = keys.width
      defer {
        // One property's tracks in Blender's order (Y before Z where the axes were swapped).
        tracks[first...].sort { $0.dataPath == $1.dataPath && $0.index < $1.index }
      }
      for d in 0..<width {
        let target = blender(d)
        var curve =
          target.map { FCurve(dataPath: ObjectChannels.dataPath(owner: path, property: $0.property), index: $0.index) }
          ?? FCurve(dataPath: dataPath, index: d)
        do throws(ActionDecodingError) {
          try Self.bound(curve.dataPath.utf8.count, at: property, what: "the property's data path")
        } catch {
          pathTooLong = true
          throw error
        }
        let axis = d < axes.count ? " " + axes[d] : (width > 1 ? " [\(d)]" : "")
        var text = target?.label ?? label + axis
        var frames: [Keyframe]
        if let remap = time.remap {
          let count = sampleCount
          if let problem = budget.spend(tracks: 1, keys: count + 1) { throw property.invalid(problem) }
          // The remaps above it not worked out yet, weighed before they are.
          if let problem = budget.spend(remappedFrames: remap.pending * (count + 1)) { throw property.invalid(problem) }
          let local = remap.localFrames(range: range, count: count)
          frames = sampled(range: range, local: local) { keys.value(at: $0, component: d) }
          text += " (time-remapped, sampled)"
        } else {
          guard let made = keys.keyframes(component: d, time: time, limit: budget.remainingKeys) else {
            throw property.invalid(ImportBudget.tooManyKeys)
          }
          if let problem = budget.spend(tracks: 1, keys: made.count) { throw property.invalid(problem) }
          frames = made
          if keys.hasSpatial && (dataPath.hasSuffix(".p") || dataPath.hasSuffix(".a")) {
            text += " (path sampled)"
          }
        }
        if let bad = frames.firstIndex(where: { !$0.frame.isFinite || !$0.value.isFinite }) {
          throw property.invalid("key \(bad) lands on frame \(frames[bad].frame) with value \(frames[bad].value), which do not fit 32-bit floats")
        }
        if let factor = target?.factor, factor != 1 {
          for k in frames.indices { frames[k].scaleValues(by: factor) }
        }
        if let bad = frames.firstIndex(where: { !HermiteHandles.isFinite($0) }) {
          throw property.invalid("key \(bad): its easing puts its handles beyond 32-bit floats (±3.4e38)")
        }
        curve.label = text
        curve.group = path
        curve.keyframes = Keyframes(frames)
        tracks.append(curve)
      }
      } catch {
        // Past the file's budget nothing more is read: that refuses the file, not the property.
        if budget.exhausted || pathTooLong { throw error }
        // Left out whole: the dimensions read before the one that failed go too.
        tracks.removeSubrange(first...)
        firstError = firstError ?? error
        var located = error
        located.file = file
        warnings.add("\(located.description) (\(path): \(label) left out; the rest is read)")
      }
    }

    /// The root frames a time-remapped property is sampled at are `range.lowerBound + i`, for
    /// every `i` in `0...sampleCount` (at most 100,001 frames).
    var sampleCount: Int { max(Int(min((range.upperBound - range.lowerBound).rounded(.up), 100_000)), 0) }

    /// Linear keys at every root frame of `range` where the layer is seen (`local`, its frame
    /// there) and `value` of that frame is finite.
    func sampled(range: ClosedRange<Double>, local: [Double?], value: (Double) -> Double) -> [Keyframe] {
      var out: [Keyframe] = []
      for (i, frame) in local.enumerated() {
        let f = range.lowerBound + Double(i)
        guard let frame else { continue }
        let v = value(frame)
        guard v.isFinite else { continue }
        var key = Keyframe(frame: Float(f), value: Float(v))
        key.interpolation = .linear
        key.handleLeftType = .vector
        key.handleRightType = .vector
        key.type = .generated
        out.append(key)
      }
      return out
    }
  }

  /// A property's keyframes as Lottie stores them.
  struct Keys {
    struct Key {
      var t: Double
      var s: [Double]?
      var e: [Double]?
      var hold: Bool
      var o: (x: [Double], y: [Double])?
      var i: (x: [Double], y: [Double])?
      var to: [Double]?
      var ti: [Double]?
    }

    var keys: [Key]
    /// Each spatial segment's path (by its first key), measured once: a time remap evaluates
    /// the property at every frame.
    var paths: [SpatialPath?] = []
    var frames: [Double] { keys.map(\.t) }
    var width: Int { keys.compactMap { $0.s?.count ?? $0.e?.count }.max() ?? 0 }
    var hasSpatial: Bool { keys.contains { Self.isSpatial($0) } }

    static func isSpatial(_ k: Key) -> Bool {
      guard let to = k.to, let ti = k.ti else { return false }
      return (to + ti).contains { $0 != 0 }
    }

    static func decode(_ property: JSONCursor) throws(ActionDecodingError) -> Keys {
      let list = try property.required("k")
      var keys: [Key] = []
      guard list.isArray else { return Keys(keys: []) }
      for element in try list.elements() {
        guard element.isObject else { throw element.invalid("an animated property's keys are objects with \"t\"") }
        let t = try element.required("t").number()
        if let last = keys.last, t < last.t {
          throw try element.required("t").invalid("key time \(t) comes before \(last.t); keys must be in order")
        }
        func easing(_ name: String) throws(ActionDecodingError) -> (x: [Double], y: [Double])? {
          guard let c = try element.member(name) else { return nil }
          return (try c.required("x").numbers(), try c.required("y").numbers())
        }
        keys.append(
          Key(
            t: t, s: try element.member("s")?.numbers(), e: try element.member("e")?.numbers(),
            hold: (try element.member("h")?.number() ?? 0) == 1, o: try easing("o"), i: try easing("i"),
            to: try element.member("to")?.numbers(), ti: try element.member("ti")?.numbers()))
      }
      if let first = keys.first, first.s == nil {
        throw try list.elements()[0].invalid("the first key has no value \"s\"")
      }
      var made = Keys(keys: keys)
      // Each dimension is a track, and a spatial segment is measured over all of them.
      guard made.width <= Limits.lottieDimensions else {
        throw property.invalid(
          "keys of \(made.width) numbers; animplot reads properties of at most \(Limits.lottieDimensions) (a position has 2 or 3)")
      }
      made.paths = keys.indices.map { k in k + 1 < keys.count && isSpatial(keys[k]) ? made.measuredPath(k) : nil }
      return made
    }

    /// The value at the start of key `k` (its `s`, or the previous key's `e`).
    func start(_ k: Int) -> [Double] { keys[k].s ?? keys[k - 1].e ?? keys[k - 1].s ?? [0] }
    /// The value the segment from key `k` ends at (the next key's `s`, else `k`'s `e`).
    func end(_ k: Int) -> [Double] {
      if k + 1 < keys.count, let s = keys[k + 1].s { return s }
      return keys[k].e ?? start(k)
    }

    /// Key `key`'s easing of dimension `d`: `o` and `i` (linear when absent), x clamped to
    /// 0…1 as the format requires.
    static func easing(_ key: Key, _ d: Int) -> UnitBezier {
      UnitBezier(
        x1: min(max(component(key.o?.x ?? [0], d), 0), 1), y1: component(key.o?.y ?? [0], d),
        x2: min(max(component(key.i?.x ?? [1], d), 0), 1), y2: component(key.i?.y ?? [1], d))
    }

    static func component(_ list: [Double], _ d: Int) -> Double {
      d < list.count ? list[d] : (list.first ?? 0)
    }

    /// The keys of dimension `d` in the root's frames: eased segments as Bézier with the
    /// exact handles, linear ones (o.x = o.y, i.x = i.y) linear, holds constant, spatial ones
    /// sampled every frame (generated keys).
    /// `nil` when they would be more than `limit`.
    func keyframes(component d: Int, time: TimeMap, limit: Int) -> [Keyframe]? {
      // Counted before they are made: a few hundred spatial segments are millions of samples.
      var count = keys.count
      for k in keys.indices.dropLast() where !keys[k].hold && Self.isSpatial(keys[k]) {
        count += sampleCount(k)
        guard count <= limit else { return nil }
      }
      var out: [Keyframe] = []
      var pendingLeft: CurvePoint?
      for k in keys.indices {
        let key = keys[k]
        let t0 = time.root(key.t)
        let v0 = Self.component(start(k), d)
        let hasNext = k + 1 < keys.count
        let t1 = hasNext ? time.root(keys[k + 1].t) : t0
        let before = out.last.map { t0 - Double($0.frame) } ?? (hasNext ? t1 - t0 : 1)
        let after = hasNext ? t1 - t0 : before
        var frame = Keyframe(frame: Float(t0), value: Float(v0))
        frame.handleLeftType = .free
        frame.handleRightType = .free
        frame.interpolation = .linear
        frame.handleLeft = pendingLeft ?? CurvePoint(frame: Float(t0 - before / 3), value: Float(v0))
        frame.handleRight = CurvePoint(frame: Float(t0 + after / 3), value: Float(v0))
        pendingLeft = nil
        guard hasNext else {
          out.append(frame)
          break
        }
        let v1 = Self.component(end(k), d)
        if key.hold {
          frame.interpolation = .constant
          out.append(frame)
          continue
        }
        if Self.isSpatial(key) {
          out.append(frame)
          let path = spatialPath(k)
          for u in sampleFractions(k) {
            var sample = Keyframe(frame: Float(t0 + (t1 - t0) * u), value: Float(path.point(u)[safe: d] ?? v0))
            sample.interpolation = .linear
            sample.handleLeftType = .vector
            sample.handleRightType = .vector
            sample.type = .generated
            out.append(sample)
          }
          continue
        }
        let easing = Self.easing(key, d)
        let (ox, oy, ix, iy) = (easing.x1, easing.y1, easing.x2, easing.y2)
        if !(ox == oy && ix == iy) {
          let dv = v1 - v0
          frame.interpolation = .bezier
          frame.handleRight = CurvePoint(frame: Float(t0 + ox * (t1 - t0)), value: Float(v0 + oy * dv))
          pendingLeft = CurvePoint(frame: Float(t0 + ix * (t1 - t0)), value: Float(v0 + iy * dv))
        }
        out.append(frame)
      }
      return out
    }

    /// Where spatial segment `k` is sampled, as fractions of it: at every whole frame of the
    /// segment (in the layer's own frames, where lottie-web evaluates), at most 20,000, or
    /// eight even steps for a segment shorter than that.
    func sampleFractions(_ k: Int) -> [Double] {
      let local0 = keys[k].t, local1 = keys[k + 1].t
      var fractions: [Double] = []
      var f = (local0 + 1e-9).rounded(.up)
      if f == local0 { f += 1 }
      while f < local1 && fractions.count < 20_000 {
        fractions.append((f - local0) / (local1 - local0))
        f += 1
      }
      return fractions.count < 7 ? (1..<8).map { Double($0) / 8 } : fractions
    }

    /// `sampleFractions(k).count`, without making them.
    func sampleCount(_ k: Int) -> Int {
      let local0 = keys[k].t, local1 = keys[k + 1].t
      var first = (local0 + 1e-9).rounded(.up)
      if first == local0 { first += 1 }
      let whole = local1 > first ? min(((local1 - first).rounded(.up)), 20_000) : 0
      return whole < 7 ? 7 : Int(whole)
    }

    /// Lottie's evaluation of dimension `d` at local frame `f` (for time remaps): hold,
    /// easing per dimension, spatial arc length. Only that dimension is worked out (a
    /// dimension past the value's is its first, as `component` reads it).
    func value(at f: Double, component d: Int) -> Double {
      guard let first = keys.first else { return 0 }
      if f <= first.t { return Self.component(start(0), d) }
      // The last key at or before f (by halves: a remap evaluates at every frame).
      var lo = 0, hi = keys.count - 1
      while lo < hi {
        let mid = (lo + hi + 1) / 2
        if keys[mid].t <= f { lo = mid } else { hi = mid - 1 }
      }
      let k = lo
      if k + 1 >= keys.count { return Self.component(keys[k].s ?? end(k - 1), d) }
      let key = keys[k]
      let s = start(k)
      if key.hold { return Self.component(s, d) }
      let e = end(k)
      let u = (f - key.t) / (keys[k + 1].t - key.t)
      if Self.isSpatial(key) { return spatialPath(k).point(u, component: d) }
      guard !s.isEmpty else { return 0 }
      let c = d < s.count ? d : 0
      return s[c] + (Self.component(e, c) - s[c]) * Self.easing(key, c).solve(u)
    }

    /// Segment `k`'s spatial path, measured as lottie-web measures it (150 chords), with its
    /// easing (component 0 of the handles).
    func spatialPath(_ k: Int) -> SpatialPath { paths[safe: k].flatMap { $0 } ?? measuredPath(k) }

    func measuredPath(_ k: Int) -> SpatialPath {
      let key = keys[k]
      let s = start(k), e = end(k)
      let n = s.count
      let to = (0..<n).map { Self.component(key.to ?? [0], $0) }
      let ti = (0..<n).map { Self.component(key.ti ?? [0], $0) }
      let ease = Self.easing(key, 0)
      func point(_ v: Double) -> [Double] {
        let a = (1 - v) * (1 - v) * (1 - v), b = 3 * (1 - v) * (1 - v) * v, c = 3 * (1 - v) * v * v, d = v * v * v
        return (0..<n).map { a * s[$0] + b * (s[$0] + to[$0]) + c * (Self.component(e, $0) + ti[$0]) + d * Self.component(e, $0) }
      }
      let samples = 150
      let points = (0..<samples).map { point(Double($0) / Double(samples - 1)) }
      var lengths: [Double] = []
      for i in 0..<(samples - 1) {
        var sum = 0.0
        for j in 0..<n { sum += (points[i + 1][j] - points[i][j]) * (points[i + 1][j] - points[i][j]) }
        lengths.append(sum.squareRoot())
      }
      return SpatialPath(points: points, lengths: lengths, ease: ease)
    }
  }

  /// A spatial segment's chords and easing.
  struct SpatialPath {
    let points: [[Double]]
    let lengths: [Double]
    let ease: UnitBezier

    /// The point at the eased arc-length fraction of time fraction `u`.
    func point(_ u: Double) -> [Double] {
      let fraction = ease.solve(u)
      let total = lengths.reduce(0, +)
      if total == 0 || fraction <= 0 { return points[0] }
      let target = total * fraction
      var accumulated = 0.0
      for (i, length) in lengths.enumerated() {
        if accumulated + length >= target {
          let f = length > 0 ? (target - accumulated) / length : 0
          return points[i].indices.map { points[i][$0] + (points[i + 1][$0] - points[i][$0]) * f }
        }
        accumulated += length
      }
      return points[points.count - 1]
    }

    /// Dimension `d` of `point(u)` (its first when it has fewer, as `Keys.component` reads it).
    func point(_ u: Double, component d: Int) -> Double {
      let point = point(u)
      return Keys.component(point, d)
    }
  }
}

extension Array {
  fileprivate subscript(safe i: Int) -> Element? { i >= 0 && i < count ? self[i] : nil }
}
