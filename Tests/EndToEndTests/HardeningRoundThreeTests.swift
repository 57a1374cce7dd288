import AnimplotTestSupport
import Foundation
import Testing

/// What was left of issue 25: `eval` bounded by its values, an input whose handles overflow
/// blamed as the input, places in `--op` messages that are the user's text, `--svg-text` in
/// animated SVGs. Each asserts the exit code, the one-line message and that nothing was written.
extension HardeningRoundTwoTests {
  /// An action of six channels (location and rotation, two keys each).
  static let sixChannels: String = {
    let tracks = ["location", "rotation_euler"].flatMap { path in
      (0..<3).map { i in
        "{\"dataPath\": \"\(path)\", \"index\": \(i), \"keyframes\": [{\"frame\": 1, \"value\": 0}, {\"frame\": 50, \"value\": \(i + 1)}]}"
      }
    }
    return "{\"animplot\": 1, \"tracks\": [" + tracks.joined(separator: ", ") + "]}"
  }()

  /// Ten million frames of six channels (60 million values, 1.85 GB held by `serve`): refused
  /// before the table is made; one channel of them, at every 100th frame, is evaluated.
  @Test func evalIsBoundedByFramesTimesChannels() throws {
    let dir = try CLI.temporaryDirectory()
    try Data(Self.sixChannels.utf8).write(to: dir.appendingPathComponent("six.json"))
    for format in ["csv", "json"] {
      let r = try CLI.run(["eval", "six.json", "--range", "0:9999999", "--format", format, "-o", "out.\(format)"], in: dir)
      expectOneLineError(
        r,
        "six.json: 10000000 frames of 6 channels are 60000000 values, more than 10000000 per call; give fewer frames (--at, --range) or channels (--channels)")
    }
    // Just past the bound.
    expectOneLineError(try CLI.run(["eval", "six.json", "--range", "0:1666666"], in: dir), "1666667 frames of 6 channels")
    #expect(try names(dir) == ["six.json"])
    let one = try CLI.run(["eval", "six.json", "--channels", "location[0]", "--range", "0:1666666:100"], in: dir)
    #expect(one.status == 0, "\(one.stderr)")
  }

  /// A file whose handles overflow once recalculated (keys near ±3.4e38): `edit` names the
  /// file and the key, not the edit, and writes nothing.
  @Test func editOfAFileWhoseHandlesOverflowBlamesTheFile() throws {
    let dir = try CLI.temporaryDirectory()
    try Data(#"{"tracks": [{"dataPath": "a", "keyframes": [{"frame": 1e20, "value": 0}, {"frame": 3e38, "value": -3e38}]}]}"#.utf8)
      .write(to: dir.appendingPathComponent("far.json"))
    for edit in [["--select", "all"], ["--op", #"{"op": "select_all"}"#]] {
      let r = try CLI.run(["edit", "far.json"] + edit + ["-o", "out.json"], in: dir)
      expectOneLineError(r, "animplot: far.json: tracks[0].keyframes[1]: its handles overflow 32-bit floats")
      #expect(!r.stderr.contains("the edit"), "\(r.stderr)")
    }
    // In a file of several actions, the action too.
    let two = #"{"animplot": 1, "actions": [{"name": "A", "tracks": [{"dataPath": "a", "keyframes": [{"frame": 1, "value": 0}]}]}, {"name": "B", "tracks": [{"dataPath": "a", "keyframes": [{"frame": 1e20, "value": 0}, {"frame": 3e38, "value": -3e38}]}]}]}"#
    try Data(two.utf8).write(to: dir.appendingPathComponent("two.json"))
    expectOneLineError(
      try CLI.run(["edit", "two.json", "--select", "all", "-o", "out.json"], in: dir),
      "two.json: actions[1].tracks[0].keyframes[1]: its handles overflow")
    #expect(try names(dir) == ["far.json", "two.json"])
    // `serve --edit` alike: the file is refused as it is read, naming the file and the key.
    expectOneLineError(
      try CLI.run(["serve", "far.json", "--port", "0", "--edit"], in: dir),
      "animplot: far.json: tracks[0].keyframes[1]: its handles overflow 32-bit floats")
  }

  /// Keys whose auto handles overflow once made as Blender makes them are refused as the file
  /// is read, by every verb alike: `eval` printed `nan`, and `graph` and `dopesheet` drew the
  /// file, while `recalc`, `import` and `edit` refused it.
  @Test func everyVerbRefusesAFileWhoseAutoHandlesOverflow() throws {
    let dir = try CLI.temporaryDirectory()
    let keys = [("0", "3e+38"), ("1", "-3e+38"), ("2", "3e+38"), ("3", "-3.4e+38")].map { frame, value in
      #"{"frame": \#(frame), "value": \#(value), "interpolation": "bezier", "handleLeftType": "auto", "handleRightType": "auto"}"#
    }
    try Data(#"{"animplot": 1, "tracks": [{"dataPath": "a", "keyframes": [\#(keys.joined(separator: ", "))]}]}"#.utf8)
      .write(to: dir.appendingPathComponent("au.json"))
    let verbs = [
      ["eval", "au.json", "--at", "0.5"], ["eval", "au.json", "--at", "0.5,1.5", "-o", "ev.json"],
      ["graph", "au.json", "-o", "g.png"], ["graph", "au.json", "--format", "json", "-o", "g.json"],
      ["dopesheet", "au.json", "-o", "d.png"], ["info", "au.json"], ["recalc", "au.json", "-o", "r.json"],
      ["import", "au.json", "-o", "i.json"], ["edit", "au.json", "--select", "all", "-o", "e.json"],
    ]
    for verb in verbs {
      expectOneLineError(
        try CLI.run(verb, in: dir), "animplot: au.json: tracks[0].keyframes[1]: its handles overflow 32-bit floats (values near ±3.4e38)")
    }
    #expect(try names(dir) == ["au.json"])
  }

  /// `--op` is read inside a script's list: its messages place the error in the user's text
  /// (line 1 of a one-line option, not the list's end), and a text that closes the list is
  /// refused as not one operation.
  @Test(arguments: [
    (#"{"op": "delete""#, "--op #1:1:16: invalid JSON: unterminated object: expected '}'"),
    ("", "--op #1:1:1: invalid JSON: unexpected end of input"),
    (#"{"op": "delete"}]}"#, "--op #1:1:17: invalid JSON: unexpected data after the top-level value"),
    (#"{"op": "delete"}], "scene": {"frame_current": 40}, "x": ["#, "--op #1:1:17: invalid JSON: unexpected data after the top-level value"),
    (#"{"op": "delete"}, {"op": "bogus"}"#, "--op #1:1:17: invalid JSON: unexpected data after the top-level value"),
    ("[1]", "--op #1: expected one operation, a JSON object such as {\"op\": \"delete\"}; found an array"),
    (#"{"op": "translate", "delta": [1]}"#, "--op #1:1:30: delta: expected [frame, value]: two numbers"),
    ("{\"op\": \"translate\",\n \"delta\": [1, \"a\"]}", "--op #1:2:15: delta[1]: expected a number, found a string"),
  ])
  func opMessagesArePlacedInTheUsersText(op: String, message: String) throws {
    let dir = try CLI.temporaryDirectory()
    let r = try CLI.run(["edit", CLI.repository.appendingPathComponent("Examples/edit-curve.json").path, "--op", op, "-o", "out.json"], in: dir)
    expectOneLineError(r, message)
    #expect(try names(dir).isEmpty)
  }

  /// `--svg-text` in the animated SVG of `preview` and `play` (it was left out silently): the
  /// still layer's text and each frame's as `<text>`, no glyph outlines; without it, unchanged.
  @Test(arguments: [["preview"], ["play", "--frames", "1:4"]])
  func animatedSVGWritesText(verb: [String]) throws {
    let dir = try CLI.temporaryDirectory()
    let ball = CLI.repository.appendingPathComponent("Examples/bouncing-ball.json").path
    let outlines = try CLI.run([verb[0], ball] + verb.dropFirst() + ["-o", "a.svg"], in: dir)
    let text = try CLI.run([verb[0], ball] + verb.dropFirst() + ["-o", "t.svg", "--svg-text"], in: dir)
    #expect(outlines.status == 0 && text.status == 0, "\(outlines.stderr) \(text.stderr)")
    let a = try String(contentsOf: dir.appendingPathComponent("a.svg"), encoding: .utf8)
    let t = try String(contentsOf: dir.appendingPathComponent("t.svg"), encoding: .utf8)
    #expect(!a.contains("<text") && a.contains("<symbol"))
    #expect(t.contains("<text xml:space=\"preserve\""))
    #expect(!t.contains("<symbol") && !t.contains("glyph"), "every glyph became text")
    #expect(t.contains("<animate attributeName=\"display\""), "still animated")
    // One <text> for each group of glyphs (the frames' glyphs are shared, renamed).
    let groups = a.matches(of: #/<g style="fill:[^"]*">\n(?: *<use xlink:href="#[^"]*glyph[^"]*" x="[^"]*" y="[^"]*"/>\n)+</g>/#)
    #expect(!groups.isEmpty && SVGTextTests.texts(t).count == groups.count)
    let parsed = try Run.python(["-c", "import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])", dir.appendingPathComponent("t.svg").path])
    #expect(parsed.status == 0, "\(parsed.errors)")
  }
}
