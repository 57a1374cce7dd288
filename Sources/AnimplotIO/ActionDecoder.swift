import AnimplotCore
import AnimplotPlatform
import AnimplotText

/// What a file of format 1 holds: one action, or several (`{"actions": [...]}`).
public struct ActionDocument: Sendable, Equatable {
  public var actions: [Action]
  /// Whether the file used the multi-action form.
  public var isMultiAction: Bool
  /// Whether the keys are taken exactly as stored (`"recalculate": false` at the top of the
  /// file, as Blender reads a saved file), with no handle recalculation on load.
  public var keysAsStored = false

  /// Parts of the file left out because something in them is wrong that the rest does not
  /// need (a broken channel, an animation whose accessor is empty): one located line each, for
  /// standard error. Empty for a file read whole.
  public var warnings: [String] = []
  /// Animations of the file that could not be read, by their number in the file (counting
  /// them all), with why: `action(named:)` names the error when asked for one of them.
  public var skipped: [SkippedAction] = []

  /// An animation of the file left out, and why.
  public struct SkippedAction: Sendable, Equatable {
    /// Its number among the file's animations, from 0.
    public var index: Int
    /// Its name, if it has one.
    public var name: String?
    public var error: ActionDecodingError

    public init(index: Int, name: String?, error: ActionDecodingError) {
      self.index = index
      self.name = name
      self.error = error
    }
  }

  public init(actions: [Action], isMultiAction: Bool = false) {
    self.actions = actions
    self.isMultiAction = isMultiAction
  }

  /// The action called `name` (or, failing that, at position `name` counted from 0), or the
  /// first one when `name` is `nil`.
  /// - Throws: `ActionDecodingError` listing the names there are.
  public func action(named name: String?) throws(ActionDecodingError) -> Action {
    guard let name else {
      guard let first = actions.first else { throw ActionDecodingError(.invalid("the file holds no action")) }
      return first
    }
    if let match = actions.first(where: { $0.name == name }) { return match }
    // An animation that could not be read, asked for: its error.
    if let broken = skipped.first(where: { $0.name == name || String($0.index) == name }) { throw broken.error }
    // A number picks by position (glTF animations are often unnamed), counting those left out.
    if let index = Int(name), name.allSatisfy(\.isASCII) {
      let count = actions.count + skipped.count
      guard index >= 0, index < count else {
        throw ActionDecodingError(
          .invalid("no action (or animation) number \(index): the file has \(count), numbered 0 to \(count - 1)"),
          path: "actions")
      }
      return actions[index - skipped.filter { $0.index < index }.count]
    }
    // Named, at most twenty of them (a file may hold thousands).
    var names = actions.prefix(20).map { $0.name.count > 80 ? String($0.name.prefix(80)) + "…" : $0.name }
    if actions.count > 20 { names.append("… (\(actions.count) in all; or a number from 0 to \(actions.count - 1))") }
    throw ActionDecodingError(.unknownValue(name, accepted: names), path: "actions")
  }
}

extension ActionDocument {
  /// Every quaternion set complete (four tracks of a data path, one per component).
  /// - Throws: `ActionDecodingError` at the first track of an incomplete set.
  public func validateQuaternions() throws(ActionDecodingError) {
    for (a, action) in actions.enumerated() {
      guard let problem = action.quaternionProblem() else { continue }
      let path = (isMultiAction ? "actions[\(a)]." : "") + "tracks[\(problem.track)].quaternion"
      throw ActionDecodingError(.invalid(problem.message), path: path)
    }
  }

  /// A warning for each object `rotationModes` names that its action does not have (neither
  /// the action's own object nor an owner a data path names): a misspelt name would otherwise
  /// turn nothing, silently. The first few of the whole file are said, the others counted
  /// (`WarningRun`).
  func unusedRotationModes(file: String?) -> [String] {
    var warnings = WarningRun()
    for (a, action) in actions.enumerated() where !action.rotationModes.isEmpty {
      var objects: Set<String> = [action.object?.name ?? action.name]
      for track in action.tracks {
        if let owner = ObjectChannels.owner(of: track.dataPath)?.owner { objects.insert(owner) }
      }
      for (name, _) in action.rotationModesByName where !objects.contains(name) {
        var warning = ActionDecodingError(
          .invalid(
            "\(messageQuoted(name)) is no object of the action (neither its own nor one its data paths name); its mode is not used"),
          path: (isMultiAction ? "actions[\(a)]." : "") + "rotationModes")
        warning.file = file
        warnings.add(warning.description)
      }
    }
    return warnings.finished { more in
      var summary = ActionDecodingError(
        .invalid("… and \(more) more objects that are no object of their action; their modes are not used"),
        path: "rotationModes")
      summary.file = file
      return summary.description
    }
  }

  /// Every action follows `version`'s rules where Blender versions differ (`--blender`).
  public mutating func setBlender(_ version: BlenderVersion) {
    for a in actions.indices { actions[a].blender = version }
  }

  /// Keys in frame order in every track (equal frames allowed, as Blender keeps them after a
  /// snap): what a file taken as stored must hold, since nothing sorts it.
  /// - Throws: `ActionDecodingError` at the first key before its predecessor.
  public func validateKeyOrder() throws(ActionDecodingError) {
    for (a, action) in actions.enumerated() {
      for (t, track) in action.tracks.enumerated() {
        for k in track.keyframes.indices.dropFirst() where track.keyframes[k].frame < track.keyframes[k - 1].frame {
          let path = (isMultiAction ? "actions[\(a)]." : "") + "tracks[\(t)].keyframes[\(k)]"
          throw ActionDecodingError(
            .invalid(
              "frame \(track.keyframes[k].frame) comes before the previous key's \(track.keyframes[k - 1].frame); with \"recalculate\": false keys must be in frame order"),
            path: path)
        }
      }
    }
  }

  /// What is wrong with a key whose handles, made as Blender makes them, do not fit 32-bit floats.
  package static let overflowingHandles = "its handles overflow 32-bit floats (values near ±3.4e38)"

  /// The place (`tracks[2].keyframes[5]`, after `actions[1].` in a multi-action document) of
  /// the first key whose handles do not fit 32-bit floats: Blender's arithmetic overflows for
  /// keys near ±3e38, and such a key can be neither evaluated nor written back.
  package func firstOverflowingKey() -> String? {
    for (a, action) in actions.enumerated() {
      if let (t, k) = HermiteHandles.firstOverflow(in: action.tracks) {
        return (isMultiAction ? "actions[\(a)]." : "") + "tracks[\(t)].keyframes[\(k)]"
      }
    }
    return nil
  }

  /// Handles recalculated as Blender's `fcurve.update()` (when `recalculate`) and quaternion
  /// components coupled: what every decoder does last.
  public mutating func finish(recalculate: Bool) {
    for a in actions.indices {
      if recalculate {
        actions[a].recalculate()
      } else {
        actions[a] = actions[a].coupled()
      }
    }
  }
}

/// Decodes the action format (docs/format.md): single and multi-action files and the compact form,
/// with Blender's defaults and precise errors.
public enum ActionDecoder {
  /// Decodes UTF-8 JSON bytes.
  /// - Parameters:
  ///   - bytes: the file's bytes (a byte order mark is skipped).
  ///   - file: the name errors should give for the input.
  ///   - recalculate: apply Blender's `fcurve.update()` to every track (the default, as on
  ///     load in Blender); `false` keeps the keys exactly as written.
  ///   - form: the form the file must have; `nil` takes either.
  public static func decode(
    _ bytes: UnsafeBufferPointer<UInt8>, file: String? = nil, recalculate: Bool = true,
    form: Form? = nil
  ) throws(ActionDecodingError) -> ActionDocument {
    try decode(bytes, file: file, recalculate: recalculate, form: form, keyLimit: Limits.importedKeys)
  }

  /// Decodes UTF-8 JSON bytes of at most `keyLimit` keys (`Limits.importedKeys`; tests give
  /// fewer), counted as they are read.
  static func decode(
    _ bytes: UnsafeBufferPointer<UInt8>, file: String?, recalculate: Bool, form: Form?, keyLimit: Int
  ) throws(ActionDecodingError) -> ActionDocument {
    var reader = JSONReader(afterByteOrderMark: bytes)
    var count = FileCount(limit: keyLimit)
    do throws(ActionDecodingError) {
      var document = try TopLevel.decode(&reader, form: form, count: &count)
      try reader.expectEnd()
      try document.validateQuaternions()
      if document.keysAsStored { try document.validateKeyOrder() }
      document.finish(recalculate: recalculate && !document.keysAsStored)
      // Handles made from values near the float limit overflow: refused here, for every verb
      // (the glTF importer refuses them at the channel), rather than drawn or evaluated as NaN.
      if recalculate && !document.keysAsStored, let path = document.firstOverflowingKey() {
        throw ActionDecodingError(.invalid(ActionDocument.overflowingHandles), path: path)
      }
      document.warnings += document.unusedRotationModes(file: file)
      return document
    } catch {
      var e = error
      e.file = file
      throw e
    }
  }

  /// Decodes UTF-8 JSON bytes.
  public static func decode(
    _ bytes: [UInt8], file: String? = nil, recalculate: Bool = true, form: Form? = nil
  ) throws(ActionDecodingError) -> ActionDocument {
    let result = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(ActionDecodingError) in
        try decode(buffer, file: file, recalculate: recalculate, form: form)
      }
    }
    return try result.get()
  }

  /// Decodes JSON text.
  public static func decode(
    _ text: String, file: String? = nil, recalculate: Bool = true
  ) throws(ActionDecodingError) -> ActionDocument {
    try decode(Array(text.utf8), file: file, recalculate: recalculate)
  }
}

/// Runs `body` and prefixes any error's path with `component`.
@inline(__always)
func within<T>(_ component: @autoclosure () -> String, _ body: () throws(ActionDecodingError) -> T)
  throws(ActionDecodingError) -> T
{
  do { return try body() } catch { throw error.prefixed(component()) }
}

/// The members an object of the format may have: an enum whose cases are named exactly as the
/// members, so a decoder switches over names, never over positions.
protocol JSONFields: CaseIterable, Hashable, Sendable, RawRepresentable<String> where AllCases == [Self] {
  /// The cases and their names, computed once per type: declare it as
  /// `static let table = FieldTable<Self>()`.
  static var table: FieldTable<Self> { get }
}

/// The cases of a `JSONFields` enum in order, with their names as UTF-8 for matching keys.
struct FieldTable<Field: JSONFields>: Sendable {
  let cases: [Field]
  let names: [[UInt8]]

  init() {
    cases = Field.allCases
    names = cases.map { Array($0.rawValue.utf8) }
  }
}

extension JSONFields {
  /// The position of `self` in `allCases`.
  var position: Int { Self.table.cases.firstIndex(of: self)! }
}

/// Bookkeeping of which members an object had: duplicates and missing required ones.
struct FieldSet<Field: JSONFields> {
  private var seen: UInt64 = 0

  /// Marks the member at `position` seen; throws on a repeat.
  mutating func mark(_ position: Int, _ reader: JSONReader, at key: JSONReader.Key) throws(ActionDecodingError) {
    let bit: UInt64 = 1 << UInt64(position)
    if seen & bit != 0 {
      throw reader.error(.duplicateField(Field.table.cases[position].rawValue), at: key.start)
    }
    seen |= bit
  }

  /// Whether the object had `field`.
  func has(_ field: Field) -> Bool { seen & (1 << UInt64(field.position)) != 0 }
}

extension JSONReader {
  /// Reads an object whose members are named by the cases of `Field`: an unknown or repeated
  /// member is an error at its key, and `body` reads each member's value, with errors prefixed
  /// by the member's name. Returns the object's offset and the members seen.
  @inline(__always)
  mutating func readFields<Field: JSONFields>(
    _ type: Field.Type, _ body: (inout JSONReader, Field) throws(ActionDecodingError) -> Void
  ) throws(ActionDecodingError) -> (start: Int, seen: FieldSet<Field>) {
    skipWhitespace()
    let start = offset
    var seen = FieldSet<Field>()
    try beginObject()
    while let key = try nextKey() {
      let table = Field.table
      guard let position = match(key, table.names) else {
        let name = try keyString(key)
        let nearest = Suggestion.nearest(to: name, among: table.cases.map(\.rawValue))
        throw error(.unknownField(name, suggestion: nearest), at: key.start)
      }
      try seen.mark(position, self, at: key)
      let field = table.cases[position]
      try within(field.rawValue) { () throws(ActionDecodingError) in try body(&self, field) }
    }
    return (start, seen)
  }

  /// Reads an array, calling `body` for each element (given its index) with errors prefixed by
  /// `[index]`.
  @inline(__always)
  mutating func readElements(_ body: (inout JSONReader, Int) throws(ActionDecodingError) -> Void)
    throws(ActionDecodingError)
  {
    try beginArray()
    var index = 0
    while try nextElement() {
      try within("[\(index)]") { () throws(ActionDecodingError) in try body(&self, index) }
      index += 1
    }
  }
}

// MARK: - Scalars with validation

extension JSONReader {
  /// A number that must be finite as a `Float` (Blender stores 32-bit floats).
  mutating func readFloat() throws(ActionDecodingError) -> Float {
    skipWhitespace()
    let at = offset
    let d = try readNumber()
    let f = Float(d)
    guard f.isFinite else { throw error(.nonFinite(String(describing: d)), at: at) }
    return f
  }

  /// A finite number.
  mutating func readFiniteDouble() throws(ActionDecodingError) -> Double {
    skipWhitespace()
    let at = offset
    let d = try readNumber()
    guard d.isFinite else { throw error(.nonFinite(String(describing: d)), at: at) }
    return d
  }

  /// A frame of the scene (`frameStart`, `frameEnd`, `currentFrame`): a finite number that
  /// fits a 32-bit float, as every frame does (README, the schema), kept as written.
  mutating func readFrameDouble() throws(ActionDecodingError) -> Double {
    skipWhitespace()
    let at = offset
    let d = try readNumber()
    guard Float(d).isFinite else { throw error(.nonFinite(String(describing: d)), at: at) }
    return d
  }

  /// A whole number within `range`.
  mutating func readInteger(in range: ClosedRange<Int>) throws(ActionDecodingError) -> Int {
    skipWhitespace()
    let at = offset
    let d = try readNumber()
    guard d == d.rounded(), d >= Double(range.lowerBound), d <= Double(range.upperBound) else {
      throw error(.invalid("expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(d)"), at: at)
    }
    return Int(d)
  }

  /// An enum spelled canonically, case-insensitively or in Blender's RNA form.
  mutating func readEnum<E: FileSpelledEnum>(_ type: E.Type) throws(ActionDecodingError) -> E {
    skipWhitespace()
    let at = offset
    if let raw = try rawUnescapedString(), let value = E(foldedMatching: raw) { return value }
    offset = at
    let text = try readString()
    guard let value = E(spelling: text) else {
      throw error(.unknownValue(text, accepted: E.spellings), at: at)
    }
    return value
  }

  /// `[frame, value]`.
  mutating func readPoint() throws(ActionDecodingError) -> CurvePoint {
    skipWhitespace()
    let at = offset
    var point = CurvePoint(frame: 0, value: 0)
    var count = 0
    try readElements { (r, i) throws(ActionDecodingError) in
      guard i < 2 else { throw r.error(.invalid("expected [frame, value]: two numbers"), at: at) }
      let number = try r.readFloat()
      if i == 0 { point.frame = number } else { point.value = number }
      count += 1
    }
    guard count == 2 else { throw error(.invalid("expected [frame, value]: two numbers"), at: at) }
    return point
  }

  /// A `#rrggbb` (or `#rrggbbaa`) colour string.
  mutating func readHexColor() throws(ActionDecodingError) -> CurveColor {
    skipWhitespace()
    let at = offset
    let text = try readString()
    guard let color = CurveColor(hex: text) else {
      throw error(.invalid("expected a colour \"#rrggbb\", found \(messageQuoted(text))"), at: at)
    }
    return color
  }
}
