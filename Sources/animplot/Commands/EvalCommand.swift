import AnimplotPlatform
import AnimplotCore
import AnimplotIO
import ArgumentParser
import AnimplotText

/// `animplot eval`: the curves' values at frames, as Blender's `fcurve.evaluate` gives them.
struct Eval: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "eval",
    abstract: "Print the channels' values at frames, exactly as Blender evaluates them.",
    discussion: """
      Frames come from --at and/or --range (default: every frame of the scene range). \
      Values are Blender's 32-bit results printed with enough digits to round-trip a Double, \
      the text Blender's Python prints for fcurve.evaluate().
      """)

  @Argument(help: "The input file (action JSON or the compact form); '-' reads standard input.")
  var input: String

  @OptionGroup var selection: ActionSelection

  @Option(help: ArgumentHelp("Frames to evaluate at, comma-separated (e.g. 1,2.5,10; write --at=-5,0 for negative frames).", valueName: "frames"))
  var at: String?

  @Option(help: ArgumentHelp("Frames START to END every STEP (default 1), e.g. 1:120, 0:10:0.5 or --range=-10:10.", valueName: "start:end[:step]"))
  var range: String?

  @Option(help: "Output format: csv or json.")
  var format: EvalFormat = .csv

  @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
  var output: String = "-"

  func validate() throws {
    if let at { _ = try FrameList.parse(at: at) }
    if let range { _ = try FrameList.parse(range: range) }
  }

  func run() throws {
    let action = try selection.load(input)
    var frames: [Double] = []
    if let at { frames += try FrameList.parse(at: at) }
    if let range { frames += try FrameList.parse(range: range) }
    if at == nil && range == nil {
      let scene = action.sceneRange
      frames = try FrameList.parse(range: "\(scene.lowerBound):\(scene.upperBound)", source: "\(input): the scene range")
    }
    let floatFrames = frames.map { Float($0) }
    let columns = action.tracks.map { $0.values(at: floatFrames) }
    let text: String
    switch format {
    case .csv: text = EvalOutput.csv(frames: frames, tracks: action.tracks, columns: columns)
    case .json: text = EvalOutput.json(frames: frames, tracks: action.tracks, columns: columns)
    }
    try Outputs.refuseOverwriting([input], with: output)
    try OutputFile.write(text, to: output)
  }
}

enum EvalFormat: String, ExpressibleByArgument, CaseIterable {
  case csv, json
}

/// Parsing of `--at` and `--range`.
enum FrameList {
  /// The most frames one call evaluates, to catch a mistyped step.
  static let limit = 10_000_000

  static func parse(at text: String) throws -> [Double] {
    try text.split(separator: ",", omittingEmptySubsequences: false).map { item in
      guard let v = decimal(item) else {
        throw ValidationError("--at: '\(item)' is not a frame number (expected e.g. 1,2.5,10)")
      }
      return v
    }
  }

  /// A finite number written in decimal (Swift's `Double(_:)` also takes hex, `nan`, `inf`).
  static func decimal(_ text: Substring) -> Double? {
    let t = text.trimmingCharacters(in: " ")
    guard !t.isEmpty, t.allSatisfy({ "0123456789+-.eE".contains($0) }), let v = Double(t), v.isFinite else {
      return nil
    }
    return v
  }

  /// The frames START:END[:STEP]; `source` names where they come from in errors.
  static func parse(range text: String, source: String = "--range") throws -> [Double] {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(decimal)
    guard parts.count == 2 || parts.count == 3, parts.allSatisfy({ $0 != nil }) else {
      throw ValidationError("\(source): '\(text)' is not START:END or START:END:STEP (e.g. 1:120 or 0:10:0.5)")
    }
    let start = parts[0]!, end = parts[1]!
    let step = parts.count == 3 ? parts[2]! : 1
    guard step > 0 else { throw ValidationError("\(source): STEP must be greater than 0 in '\(text)'") }
    guard end >= start else { throw ValidationError("\(source): END is before START in '\(text)'") }
    let count = ((end - start) / step + 1e-9).rounded(.down) + 1
    guard count.isFinite, count <= Double(limit) else {
      throw ValidationError(
        "\(source): '\(text)' gives \(formatNumber(count)) frames; at most \(limit) per call (use --range with a larger STEP)")
    }
    return (0..<Int(count)).map { start + Double($0) * step }
  }
}

extension Substring {
  func trimmingCharacters(in set: Character) -> String {
    var s = self
    while s.first == set { s = s.dropFirst() }
    while s.last == set { s = s.dropLast() }
    return String(s)
  }
}

/// The CSV and JSON forms of `eval`'s results (SPEC §2.1).
enum EvalOutput {
  static func csv(frames: [Double], tracks: [FCurve], columns: [[Float]]) -> String {
    var out = "frame"
    for t in tracks { out += "," + csvField(t.displayLabel) }
    out += "\n"
    out.reserveCapacity(frames.count * (8 + 20 * tracks.count))
    for (row, frame) in frames.enumerated() {
      out += formatNumber(frame)
      for column in columns { out += "," + formatNumber(Double(column[row])) }
      out += "\n"
    }
    return out
  }

  static func json(frames: [Double], tracks: [FCurve], columns: [[Float]]) -> String {
    var out = "{\"frames\": [" + frames.map(formatNumber).joined(separator: ", ") + "],\n \"tracks\": ["
    for (i, t) in tracks.enumerated() {
      out += i == 0 ? "\n  " : ",\n  "
      out += "{\"dataPath\": " + jsonStringLiteral(t.dataPath) + ", \"index\": \(t.index), \"label\": "
        + jsonStringLiteral(t.displayLabel) + ", \"values\": ["
        + columns[i].map { $0.isFinite ? formatNumber(Double($0)) : "null" }.joined(separator: ", ") + "]}"
    }
    return out + "\n ]}\n"
  }

  static func csvField(_ s: String) -> String {
    guard s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return s }
    return "\"" + s.replacing("\"", with: "\"\"") + "\""
  }
}
