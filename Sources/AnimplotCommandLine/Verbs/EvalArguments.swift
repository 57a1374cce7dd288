import AnimplotRender
import AnimplotText
import ArgumentParser

/// `eval`: the channels' values at frames.
package struct EvalArguments: VerbArguments {
  package init() {}

  @Argument(help: InputFilesHelp.one)
  package var input: String

  @OptionGroup package var inputOptions: InputOptions<FirstActionHelp>

  @Option(parsing: .unconditional, help: ArgumentHelp("Frames to evaluate at, comma-separated (e.g. 1,2.5,10 or -5,0).", valueName: "frames"))
  package var at: String?

  @Option(parsing: .unconditional, help: ArgumentHelp("Frames START to END every STEP (default 1), e.g. 1:120, 0:10:0.5 or -10:10.", valueName: "start:end[:step]"))
  package var range: String?

  @OptionGroup package var outputOptions: OutputOptions<EvaluationView>

  package var inputs: [String] {
    get { [input] }
    set { input = newValue.first ?? "" }
  }

  package func validate() throws {
    if let at { _ = try FrameList.parse(at: at) }
    if let range { _ = try FrameList.parse(range: range) }
  }

  package func view() throws -> EvaluationView {
    guard at != nil || range != nil else { return EvaluationView() }
    var frames: [Double] = []
    if let at { frames += try FrameList.parse(at: at) }
    if let range { frames += try FrameList.parse(range: range) }
    return EvaluationView(frames: frames)
  }
}

/// Parsing of `--at` and `--range`.
package enum FrameList {
  /// The most frames one call evaluates, to catch a mistyped step.
  package static let limit = EvaluationView.maximumFrames

  package static func parse(at text: String) throws -> [Double] {
    try text.split(separator: ",", omittingEmptySubsequences: false).map { item in
      guard let v = decimalNumber(item.trimmingCharacters(in: " ")) else {
        throw ValidationError("--at: '\(item)' is not a frame number (expected e.g. 1,2.5,10)")
      }
      try checkFits(v, option: "--at", text: String(item))
      return v
    }
  }

  /// Refuses a number the model cannot store: frames and values are 32-bit floats, in a file
  /// or on the command line alike.
  package static func checkFits(_ v: Double, option: String, text: String) throws {
    guard Float(v).isFinite else {
      throw ValidationError(
        "\(option): '\(text)' does not fit a 32-bit float, as frames and values are stored (at most ±3.4e38)")
    }
  }

  /// The frames START:END[:STEP]; `source` names where they come from in errors.
  package static func parse(range text: String, source: String = "--range") throws -> [Double] {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { decimalNumber($0.trimmingCharacters(in: " ")) }
    guard parts.count == 2 || parts.count == 3, parts.allSatisfy({ $0 != nil }) else {
      throw ValidationError("\(source): '\(text)' is not START:END or START:END:STEP (e.g. 1:120 or 0:10:0.5)")
    }
    let start = parts[0]!, end = parts[1]!
    let step = parts.count == 3 ? parts[2]! : 1
    for v in [start, end, step] { try checkFits(v, option: source, text: text) }
    guard step > 0 else { throw ValidationError("\(source): STEP must be greater than 0 in '\(text)'") }
    guard end >= start else { throw ValidationError("\(source): END is before START in '\(text)'") }
    guard let frames = EvaluationView.frames(from: start, to: end, step: step) else {
      let count = EvaluationView.frameCount(from: start, to: end, step: step)
      throw ValidationError(
        "\(source): '\(text)' gives \(formatNumber(count)) frames; at most \(limit) per call (use --range with a larger STEP)")
    }
    // 0:1:0.1 gives 0.3, not 0 + 3 × 0.1 = 0.30000000000000004: each frame is rounded to the
    // decimals written (when none is in exponent notation).
    let pieces = text.split(separator: ":")
    guard !text.contains(where: { $0 == "e" || $0 == "E" }) else { return frames }
    let decimals = pieces.map { piece in piece.split(separator: ".", maxSplits: 1).dropFirst().first?.count ?? 0 }.max() ?? 0
    guard decimals > 0, decimals <= 15 else { return frames }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    return frames.map { frame in
      let scaled = frame * scale
      return abs(scaled) < 9e15 ? scaled.rounded() / scale : frame
    }
  }
}
