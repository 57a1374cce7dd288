import AnimplotTestSupport
import Foundation
import Testing

/// Issue 25: modifier evaluation was unbounded (20 Noise modifiers at depth 32767 took a graph
/// 85 s). Octaves that cannot change the result are no longer computed, and what is left is
/// weighed before evaluating and held to `Limits.modifierSteps`: refused with one line naming
/// the file, the channel, the modifier and the limit, exit 2, nothing written.
extension HardeningRoundTwoTests {
  /// One location channel with `count` Noise modifiers of `settings`.
  static func noiseStack(_ count: Int, _ settings: String, blender: String = "5.0") -> String {
    let noise = #"{"type": "noise", "settings": {"# + settings + "}}"
    return #"{"animplot": 1, "blender": "\#(blender)", "tracks": [{"dataPath": "location", "index": 0, "#
      + #""keyframes": [{"frame": 1, "value": 0}, {"frame": 100, "value": 1}], "modifiers": ["#
      + Array(repeating: noise, count: count).joined(separator: ", ") + "]}]}"
  }

  /// The finding: at the greatest depth with Blender's default lacunarity 2 the frequency
  /// overflows by the 128th octave and the noise is NaN from there, so 129 octaves a modifier
  /// are computed, not 32,768: the graph is drawn (the curve, NaN everywhere, is not).
  @Test func deepNoiseOfTheDefaultLacunarityIsDrawn() throws {
    let dir = try CLI.temporaryDirectory()
    try write(Self.noiseStack(20, #""depth": 32767, "useLegacyNoise": false"#), to: dir.appendingPathComponent("noise20.json"))
    let r = try CLI.run(["graph", "noise20.json", "-o", "out.png"], in: dir)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(try names(dir) == ["noise20.json", "out.png"])
  }

  /// A lacunarity near 1 keeps every octave: 20 modifiers of 32,769 steps, evaluated at the
  /// 3,603 frames a 1600-px graph samples, are refused before any is evaluated, by every verb
  /// that evaluates, and by the server.
  @Test func deepNoiseThatKeepsEveryOctaveIsRefused() throws {
    let dir = try CLI.temporaryDirectory()
    try write(
      Self.noiseStack(20, #""depth": 32767, "lacunarity": 1.0001, "useLegacyNoise": false"#),
      to: dir.appendingPathComponent("deep.json"))
    let channel = #"deep.json: channel "X Location" ("location[0]"), modifiers[0] (a Noise of depth 32767, 32768 octaves): "#
      + "its modifiers take 655380 steps an evaluation"
    let graph = try CLI.run(["graph", "deep.json", "-o", "out.png"], in: dir)
    expectOneLineError(graph, channel + " and it is evaluated 3603 times; the modifiers of every channel would take 2361334140 steps, more than the limit of 250000000")
    #expect(graph.stderr.contains("; lower the modifier's depth or points"), "\(graph.stderr)")
    let runs: [[String]] = [
      ["graph", "deep.json", "--format", "json", "-o", "out.json"],
      ["graph", "deep.json", "-o", "out.html"],
      ["play", "deep.json", "-o", "out.apng"],
      ["eval", "deep.json", "--range", "1:1000", "-o", "out.csv"],
      ["path", "deep.json", "-o", "path.png"],
      ["preview", "deep.json", "-o", "stage.apng"],
    ]
    for run in runs {
      expectOneLineError(try CLI.run(run, in: dir), channel)
    }
    #expect(try names(dir) == ["deep.json"])
    // `serve`: a 400 with the same line.
    let server = try LocalServer(binary: CLI.binary, ["serve", "deep.json", "--port", "0"], in: dir)
    defer { server.stop() }
    for path in ["/api/eval?range=1:1000", "/api/render/graph.png"] {
      let answer = try server.request("GET", path)
      #expect(answer.status == 400, "\(path): \(answer.text)")
      #expect(answer.text.contains("modifiers[0] (a Noise of depth 32767, 32768 octaves)"), "\(path): \(answer.text)")
    }
  }

  /// One location channel with an Envelope of `points` control points from frame 1000 on:
  /// counted at a step each, but the frames of a graph of the keys (1 to 100) all lie before
  /// the first, where the Envelope looks at that point alone, so drawing it is quick.
  static func envelope(points: Int) -> String {
    let point = (0..<points).map { #"{"frame": \#(1000 + $0), "min": 0, "max": 1}"# }.joined(separator: ", ")
    return #"{"animplot": 1, "tracks": [{"dataPath": "location", "index": 0, "#
      + #""keyframes": [{"frame": 1, "value": 0}, {"frame": 100, "value": 1}], "#
      + #""modifiers": [{"type": "envelope", "settings": {"controlPoints": ["# + point + "]}}]}]}"
  }

  /// A graph at the limit is drawn; one step more an evaluation is refused: 69,386 steps at
  /// the 3,603 frames a 1600-px graph evaluates are 249,997,758.
  @Test func aGraphAtTheLimitIsDrawn() throws {
    let dir = try CLI.temporaryDirectory()
    try write(Self.envelope(points: 69_385), to: dir.appendingPathComponent("at.json"))
    try write(Self.envelope(points: 69_386), to: dir.appendingPathComponent("over.json"))
    let at = try CLI.run(["graph", "at.json", "-o", "at.png"], in: dir)
    #expect(at.status == 0, "\(at.stderr)")
    expectOneLineError(
      try CLI.run(["graph", "over.json", "-o", "over.png"], in: dir),
      "over.json: channel \"X Location\" (\"location[0]\"), modifiers[0] (an Envelope of 69386 control points): its modifiers take 69387 steps an evaluation and it is evaluated 3603 times; the modifiers of every channel would take 250001361 steps, more than the limit of 250000000")
    #expect(try names(dir) == ["at.json", "at.png", "over.json"])
  }

  /// `edit`: `sample` and `insert_keyframe` evaluate the curves they key, within the same
  /// limit over the whole run (a `sample` over 1000 frames of the deep stack above).
  @Test func editEvaluationsAreBounded() throws {
    let dir = try CLI.temporaryDirectory()
    try write(
      Self.noiseStack(20, #""depth": 32767, "lacunarity": 1.0001, "useLegacyNoise": false"#)
        .replacingOccurrences(of: #"{"frame": 100, "value": 1}"#, with: #"{"frame": 1001, "value": 1}"#),
      to: dir.appendingPathComponent("deep.json"))
    let r = try CLI.run(["edit", "deep.json", "--op", #"{"op": "select_all"}"#, "--op", #"{"op": "sample"}"#, "-o", "out.json"], in: dir)
    expectOneLineError(r, "--op #2: sample would take the edit past 250000000 steps of modifier evaluation, animplot's limit for one run: channel \"X Location\" (\"location[0]\"), modifiers[0] (a Noise of depth 32767, 32768 octaves): its modifiers take 655380 steps an evaluation and it is evaluated 999 times")
    #expect(try names(dir) == ["deep.json"])
  }
}
