import AnimplotTestSupport
import Foundation
import Testing

/// A fourth adversarial trial's findings: work that is the product of two bounded quantities
/// (pictures × pixels, curves × columns, layers × pixels), weighed before anything is drawn.
/// Each asserts the exit code, the one-line message and that nothing was written; the time
/// limits guard against the old behaviour (minutes of drawing), they measure nothing.
extension HardeningRoundTwoTests {
  /// One two-key channel over frames 1 to 100 (`simple.json`), and 16 or 25,000 of them.
  func channels(_ count: Int) -> String {
    "{\"timeline\": [0, 100], \"channels\": {" + (0..<count).map { "\"c\($0)\": [0, \($0 % 7)]" }.joined(separator: ", ") + "}}"
  }

  /// 40 pictures of 8192 × 8192 (2.7 billion device pixels, 100 took `play` 7 s and `preview`
  /// 35 s, 9,999 would take an hour): refused before the first picture, as an APNG and as a
  /// folder of frames (which is not made); an animated SVG draws the still layer once.
  @Test(.timeLimit(.minutes(3))) func anAnimationIsBoundedByPicturesTimesPixels() throws {
    let dir = try CLI.temporaryDirectory()
    try write(channels(1), to: dir.appendingPathComponent("simple.json"))
    let big = ["--width", "8192", "--height", "8192", "--frames", "1:40"]
    let message =
      "40 pictures of 8192×8192 device pixels are 2684354560 pixels, more than 2147483648 for one animation; give a shorter --frames or a larger --step, a smaller --width, --height or --scale, or write an animated SVG"
    expectOneLineError(try CLI.run(["play", "simple.json", "-o", "p.apng"] + big, in: dir), message)
    expectOneLineError(try CLI.run(["play", "simple.json", "-o", "frames/"] + big, in: dir), message)
    // Half the size at scale 2 is the same pixels.
    expectOneLineError(
      try CLI.run(
        ["play", "simple.json", "-o", "p.apng", "--width", "4096", "--height", "4096", "--scale", "2", "--frames", "1:40"],
        in: dir), message)
    #expect(try names(dir) == ["simple.json"])
  }

  /// The preview's animation is weighed the same way (40 pictures of the scene's frames).
  @Test(.timeLimit(.minutes(3))) func aPreviewIsBoundedByPicturesTimesPixels() throws {
    let dir = try CLI.temporaryDirectory()
    try write(
      "{\"animplot\": 1, \"frameStart\": 1, \"frameEnd\": 40, \"tracks\": [{\"dataPath\": \"location\", \"index\": 0, "
        + "\"keyframes\": [{\"frame\": 1, \"value\": 0}, {\"frame\": 40, \"value\": 5}]}]}",
      to: dir.appendingPathComponent("moving.json"))
    expectOneLineError(
      try CLI.run(["preview", "moving.json", "-o", "p.apng", "--width", "8192", "--height", "8192"], in: dir),
      "40 pictures of 8192×8192 device pixels are 2684354560 pixels, more than 2147483648 for one animation;")
    #expect(try names(dir) == ["moving.json"])
  }

  /// 25,000 curves across a 16,384-pixel picture (18.9 s; 100,000 of them over a minute):
  /// refused before any is stroked, for `graph` and for the still layer of `play --editor
  /// graph`.
  @Test(.timeLimit(.minutes(3))) func aGraphIsBoundedByCurvesTimesColumns() throws {
    let dir = try CLI.temporaryDirectory()
    try write(channels(25_000), to: dir.appendingPathComponent("wide.json"))
    let wide = ["--width", "16384", "--height", "400"]
    let message = "the Graph Editor would draw 25000 curves across "
    let advice = "more than 100000000; show fewer channels (--channels, --hide) or draw a narrower picture (--width, --scale)"
    for run in [
      try CLI.run(["graph", "wide.json", "-o", "g.png"] + wide, in: dir),
      try CLI.run(["play", "wide.json", "-o", "p.apng", "--frames", "0:1"] + wide, in: dir),
      try CLI.run(["play", "wide.json", "-o", "frames/", "--frames", "0:1"] + wide, in: dir),
      // A layout's JSON and a display list build every curve's path too.
      try CLI.run(["graph", "wide.json", "--format", "json", "-o", "g.json"] + wide, in: dir),
      try CLI.run(["graph", "wide.json", "-o", "g.displaylist"] + wide, in: dir),
    ] {
      expectOneLineError(run, message)
      #expect(run.stderr.contains(advice), "\(run.stderr)")
    }
    #expect(try names(dir) == ["wide.json"])
  }

  /// An interactive Graph Editor of 16 curves at 8192 × 8192: 18 layers, each a PNG of the
  /// whole picture (9.9 s and 16 MB; 256 of them would be minutes): refused before the layout.
  @Test(.timeLimit(.minutes(3))) func anInteractiveGraphEditorIsBoundedByLayersTimesPixels() throws {
    let dir = try CLI.temporaryDirectory()
    try write(channels(16), to: dir.appendingPathComponent("c.json"))
    expectOneLineError(
      try CLI.run(["graph", "c.json", "--format", "html", "--width", "8192", "--height", "8192", "-o", "h.html"], in: dir),
      "c.json: an interactive Graph Editor draws each curve as a layer of its own: 18 layers of 67108864 device pixels are 1207959552, more than 536870912; show fewer curves with --channels or --hide, or draw a smaller picture (--width, --height, --scale)"
    )
    #expect(try names(dir) == ["c.json"])
  }

  /// A case's options of more than 1 MiB (a `NAME.args` has no other bound, and every word
  /// is kept) are refused as the folder is read, naming the file.
  @Test func aCasesOptionsAreAtMostOneMebibyte() throws {
    let c = try Cases()
    defer { c.remove() }
    let line = "--ignore 0,0,10,10\n"
    try c.write("graph --width 240 --height 135\n" + String(repeating: line, count: (1 << 20) / line.utf8.count + 1), "pass.args")
    let r = try c.check()
    #expect(r.status == 2, "\(r.stderr)")
    #expect(
      r.stderr.contains(
        "pass.args: more than 1024 KiB of options; a case's options are a few lines (give fewer --ignore rectangles, or a mask)"),
      "\(r.stderr)")
  }

  /// ArgumentParser's parsing grows with the square of repeated options (16,000 words took
  /// 7.5 s, the 2 MB a command line holds would be an hour): more than 10,000 words, on the
  /// command line or in a case's options, are refused before they are parsed.
  @Test(.timeLimit(.minutes(3))) func aCommandHasAtMostTwoThousandWords() throws {
    let dir = try CLI.temporaryDirectory()
    try write(channels(2), to: dir.appendingPathComponent("c.json"))
    let hides = Array(repeating: ["--hide", "c0"], count: 1_000).flatMap { $0 }
    expectOneLineError(
      try CLI.run(["graph", "c.json", "-o", "g.png"] + hides, in: dir),
      "2004 words on the command line, more than 2000; give fewer options (a mask instead of many --ignore rectangles)")
    #expect(try names(dir) == ["c.json"])
    let c = try Cases()
    defer { c.remove() }
    try c.write("graph --width 240 --height 135\n" + String(repeating: "--hide c0\n", count: 1_000), "pass.args")
    let r = try c.check()
    #expect(r.status == 2, "\(r.stderr)")
    #expect(r.stderr.contains("pass.args: 2005 words of options, more than 2000"), "\(r.stderr)")
  }
}
