import AnimplotCore
import AnimplotIO
import AnimplotPlatform
import AnimplotText
import ArgumentParser

/// `info`: what a file holds, without drawing it: its kind, its actions (objects, frame rate,
/// the keys' range, the scene range) and their channels (label, data path, keys,
/// interpolations, modifiers), as text or JSON.
package struct InfoArguments: ParsableArguments {
  package init() {}

  @Argument(help: InputFilesHelp.one)
  package var input: String

  @OptionGroup package var inputFormatOption: InputFormatOption

  @Option(parsing: .unconditional, help: ArgumentHelp(
    "Frames per second for inputs that count in seconds (default: 24 for glTF and CSV with a time column, the clip's sample rate for Unity).",
    valueName: "fps"), transform: decimalOption)
  package var fps: Double?

  @Option(help: ArgumentHelp("text or json.", valueName: "text|json"), transform: { $0.lowercased() })
  package var format: String = "text"

  @Option(name: .shortAndLong, help: ArgumentHelp("Output file, '-' for standard output.", valueName: "output"))
  package var output: String = "-"

  package func validate() throws {
    guard ["text", "json"].contains(format) else {
      throw ValidationError("--format \(format): expected text or json")
    }
    if let fps, !(fps > 0 && fps <= 1_000_000) {
      throw ValidationError("--fps \(fps): expected a number of frames per second above 0 (at most 1000000)")
    }
  }

  /// Reads the input and writes what it holds.
  /// - Throws: `CLIError` for a bad input or output.
  package func run() throws {
    let document: ActionDocument
    let kind: InputKind?
    do throws(ActionDecodingError) {
      let bytes = try ActionFile.readBytes(input)
      let path = input == "-" ? nil : input
      kind = inputFormatOption.kind ?? bytes.withUnsafeBufferPointer { InputKind.detect($0, path: path) }
      document = try InputKind.decode(bytes, file: input, path: path, kind: kind, options: ImportOptions(fps: fps))
    } catch {
      throw CLIError(error.description)
    }
    for warning in document.warnings { Terminal.error(warning) }
    let info = FileInfo(file: input, kind: kind, document: document)
    let text = format == "json" ? info.json() : info.text()
    try OutputPlan.refuseOverwriting([input], with: output)
    // Standard output too: a write that fails (a full device, a file-size limit) is an error.
    try OutputFile.write(text, to: output)
  }
}

/// What `info` reports of a file.
package struct FileInfo {
  let file: String
  let kind: InputKind?
  let document: ActionDocument

  package init(file: String, kind: InputKind?, document: ActionDocument) {
    self.file = file
    self.kind = kind
    self.document = document
  }

  /// Blender's name of an interpolation (`BEZIER`, `CONSTANT`).
  static func name(_ interpolation: Interpolation) -> String { "\(interpolation)".uppercased() }

  /// A modifier's type, as Blender names it (`CYCLES`).
  static func name(_ modifier: Modifier) -> String { "\(modifier.type)".uppercased() }

  /// A rotation mode, as Blender names it (`YXZ`, `QUATERNION`).
  static func name(_ mode: RotationMode) -> String { "\(mode)".uppercased() }

  static func interpolations(_ track: FCurve) -> [String] {
    var seen: [Interpolation] = []
    // The last key's interpolation shapes no segment.
    for key in track.keyframes.dropLast() where !seen.contains(key.interpolation) { seen.append(key.interpolation) }
    if seen.isEmpty, let only = track.keyframes.first { seen = [only.interpolation] }
    return seen.map(name)
  }

  static func objects(_ action: Action) -> [String] {
    ObjectChannels.of([action]).map(\.name)
  }

  package func json() -> String {
    let actions = document.actions.map { action -> String in
      let keys = action.keyRange
      let scene = action.sceneRange
      let channels = action.tracks.map { track -> String in
        jsonObject([
          ("label", jsonStringLiteral(track.displayLabel)),
          ("group", track.group.map(jsonStringLiteral) ?? "null"),
          ("dataPath", jsonStringLiteral(track.dataPath)),
          ("index", String(track.index)),
          ("keys", String(track.keyframes.count)),
          ("interpolations", jsonArray(Self.interpolations(track).map(jsonStringLiteral))),
          ("modifiers", jsonArray(track.modifiers.map { jsonStringLiteral(Self.name($0)) })),
          ("muted", track.muted ? "true" : "false"),
        ])
      }
      return jsonObject([
        ("name", jsonStringLiteral(action.name)),
        ("object", action.object.map { jsonStringLiteral($0.name) } ?? "null"),
        ("objects", jsonArray(Self.objects(action).map(jsonStringLiteral))),
        (
          "rotationModes",
          jsonObject(action.rotationModesByName.map { ($0.name, jsonStringLiteral(Self.name($0.mode))) })
        ),
        ("fps", jsonNumber(action.fps)),
        ("frameRange", keys.map { jsonArray([jsonNumber($0.lowerBound), jsonNumber($0.upperBound)]) } ?? "null"),
        ("sceneRange", jsonArray([jsonNumber(scene.lowerBound), jsonNumber(scene.upperBound)])),
        ("channels", jsonArray(channels)),
      ])
    }
    let root = jsonObject([
      ("file", jsonStringLiteral(file)),
      ("kind", kind.map { jsonStringLiteral($0.name) } ?? "null"),
      ("actions", jsonArray(actions)),
      (
        "skipped",
        jsonArray(
          document.skipped.map {
            jsonObject([
              ("index", String($0.index)), ("name", $0.name.map(jsonStringLiteral) ?? "null"),
              ("error", jsonStringLiteral($0.error.description)),
            ])
          })
      ),
    ])
    return (prettyJSON(root) ?? root) + "\n"
  }

  /// The text form. Names are shown as they are unless they hold control or invisible
  /// characters, which are escaped (`shownName`): a file's names never reach the terminal raw.
  package func text() -> String {
    var lines: [String] = []
    let count = document.actions.count
    lines.append("\(shownName(file)): \(kind?.summary ?? "unknown kind"), \(count) action\(count == 1 ? "" : "s")")
    for (a, action) in document.actions.enumerated() {
      let keys = action.keyRange.map { "keys \(formatNumber($0.lowerBound))–\(formatNumber($0.upperBound))" } ?? "no keys"
      let scene = action.sceneRange
      lines.append("")
      lines.append(
        "[\(a)] \(shownName(action.name)): \(formatNumber(action.fps)) fps, \(keys), scene \(formatNumber(scene.lowerBound))–\(formatNumber(scene.upperBound)), \(action.tracks.count) channel\(action.tracks.count == 1 ? "" : "s")")
      lines.append(
        "    objects: "
          + Self.objects(action).map { name in
            shownName(name) + (action.rotationModes[name].map { " (\(Self.name($0)))" } ?? "")
          }
          .joined(separator: ", "))
      var group: String?? = .none
      for track in action.tracks {
        if group != .some(track.group) {
          group = .some(track.group)
          lines.append("    " + (track.group.map(shownName) ?? "(no group)"))
        }
        var line = "      \(shownName(track.displayLabel))  \(shownName(track.address))  \(track.keyframes.count) key\(track.keyframes.count == 1 ? "" : "s")"
        let interpolations = Self.interpolations(track)
        if !interpolations.isEmpty { line += "  " + interpolations.joined(separator: ", ") }
        if !track.modifiers.isEmpty { line += "  modifiers: " + track.modifiers.map(Self.name).joined(separator: ", ") }
        if track.muted { line += "  (muted)" }
        lines.append(line)
      }
    }
    for skipped in document.skipped {
      lines.append("")
      lines.append("(animation \(skipped.index) \(skipped.name.map(shownName) ?? "") left out: \(skipped.error.description))")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
