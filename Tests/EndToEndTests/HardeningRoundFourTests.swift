import AnimplotTestSupport
import Foundation
import Testing

/// A third adversarial trial's findings: work bounded by what the input decides (tracks of an
/// action, curves of an interactive page, objects × pictures of a preview, keys of a written
/// action file). Each asserts the exit code, the one-line message and that nothing was written.
extension HardeningRoundTwoTests {
  /// 100,001 channels in one action, in either form: refused at the first one past the limit
  /// (a Graph Editor of 300,000 took 40 s).
  @Test func anActionHoldsAtMostTheImportLimitOfTracks() throws {
    let dir = try CLI.temporaryDirectory()
    let n = 100_001
    let compact = "{\"timeline\": [0, 1], \"channels\": {" + (0..<n).map { "\"c\($0)\": [0, 1]" }.joined(separator: ", ") + "}}"
    try write(compact, to: dir.appendingPathComponent("compact.json"))
    let format1 =
      "{\"animplot\": 1, \"tracks\": ["
      + (0..<n).map { "{\"dataPath\": \"c\($0)\", \"keyframes\": [{\"frame\": 0, \"value\": 0}]}" }.joined(separator: ", ") + "]}"
    try write(format1, to: dir.appendingPathComponent("tracks.json"))
    expectOneLineError(
      try CLI.run(["graph", "compact.json", "-o", "c.png"], in: dir),
      "compact.json:1:1788925: channels: more than 100000 channels, animplot's limit for one action file")
    expectOneLineError(
      try CLI.run(["graph", "tracks.json", "-o", "t.png"], in: dir),
      "tracks.json:1:6488918: tracks[100000]: more than 100000 tracks, animplot's limit for one action file")
    #expect(try names(dir) == ["compact.json", "tracks.json"])
  }

  /// An interactive Graph Editor draws a layer per curve: 257 curves are refused before the
  /// first is drawn (2,000 took 45 s); fewer chosen with --channels are drawn.
  @Test func anInteractiveGraphEditorHasAtMost256Curves() throws {
    let dir = try CLI.temporaryDirectory()
    let csv = "frame," + (0..<257).map { "c\($0)" }.joined(separator: ",") + "\n"
      + (0..<2).map { row in "\(row)," + (0..<257).map { _ in "\(row)" }.joined(separator: ",") }.joined(separator: "\n") + "\n"
    try write(csv, to: dir.appendingPathComponent("wide.csv"))
    expectOneLineError(
      try CLI.run(["graph", "wide.csv", "-o", "w.html"], in: dir),
      "wide.csv: an interactive Graph Editor draws each curve as a layer of its own: 257 curves are more than 256; show fewer with --channels or --hide"
    )
    #expect(try names(dir) == ["wide.csv"])
    let few = try CLI.run(["graph", "wide.csv", "--channels", "c1*", "--width", "320", "--height", "180", "-o", "w.html"], in: dir)
    #expect(few.status == 0, "\(few.stderr)")
  }

  /// 1,000 objects over 600 pictures (600,000 objects × pictures): refused before a picture
  /// is drawn; one of them, with --object, is previewed.
  @Test func aPreviewIsBoundedByObjectsTimesPictures() throws {
    let dir = try CLI.temporaryDirectory()
    let tracks = (0..<1000).map {
      "{\"dataPath\": \"objects[\\\"o\($0)\\\"].location\", \"index\": 0, \"keyframes\": [{\"frame\": 1, \"value\": 0}, {\"frame\": 600, \"value\": \($0 % 7)}]}"
    }
    try write(
      "{\"animplot\": 1, \"frameStart\": 1, \"frameEnd\": 600, \"tracks\": [" + tracks.joined(separator: ", ") + "]}",
      to: dir.appendingPathComponent("crowd.json"))
    expectOneLineError(
      try CLI.run(["preview", "crowd.json", "-o", "p.apng"], in: dir),
      "crowd.json: the preview would draw 1000 objects in 600 pictures, more than 500000 objects × pictures; show one with --object NAME, or give a shorter --frames or a larger --step"
    )
    #expect(try names(dir) == ["crowd.json"])
    let one = try CLI.run(
      ["preview", "crowd.json", "--object", "o3", "--frames", "1:20", "--width", "160", "--height", "90", "-o", "p.apng"], in: dir)
    #expect(one.status == 0, "\(one.stderr)")
  }

  /// An import of more keys than one action file holds (4,100,000 from a CSV of 41 columns)
  /// is refused before any text is made (9 million took 3.4 GB to write a file animplot could
  /// not read back); with --channels it is written.
  @Test func importWritesNoMoreKeysThanAnActionFileHolds() throws {
    let dir = try CLI.temporaryDirectory()
    var csv = "frame," + (0..<41).map { "c\($0)" }.joined(separator: ",") + "\n"
    let zeros = String(repeating: ",0", count: 41)
    for row in 0..<100_000 { csv += "\(row)\(zeros)\n" }
    try write(csv, to: dir.appendingPathComponent("long.csv"))
    expectOneLineError(
      try CLI.run(["import", "long.csv", "-o", "long.json"], in: dir),
      "long.csv: its actions hold 4100000 keys, more than the 4000000 one action file animplot writes holds; keep fewer with --channels or --action"
    )
    #expect(try names(dir) == ["long.csv"])
    let some = try CLI.run(["import", "long.csv", "--channels", "c1", "-o", "long.json"], in: dir)
    #expect(some.status == 0, "\(some.stderr)")
  }

  /// An action file holds at most 10 million keys, counted as they are read: the compact form
  /// makes a key of two bytes ("0,"), so a 97 MB file made 45 million (2.4 GB) and a 187 MB one
  /// aborted. Two channels of 5,000,001 are refused at the second's last value, in every verb.
  @Test func anActionFileHoldsAtMostTheImportLimitOfKeys() throws {
    let dir = try CLI.temporaryDirectory()
    let zeros = "[" + String(repeating: "0,", count: 5_000_000) + "0]"
    try write("{\"timeline\": \(zeros), \"channels\": {\"a\": \(zeros), \"b\": \(zeros)}}", to: dir.appendingPathComponent("k.json"))
    for verb in [["info", "k.json"], ["eval", "k.json", "--at", "1"], ["dopesheet", "k.json", "-o", "d.png"]] {
      expectOneLineError(
        try CLI.run(verb, in: dir),
        "k.json:1:30000046: channels.b[4999999]: more than 10000000 keys, animplot's limit for one action file")
    }
    #expect(try names(dir) == ["k.json"])
  }

  /// A Dope Sheet lays out at most 4 million rows, key columns, holds and interpolation lines,
  /// counted as its rows are made: twelve channels of 200,001 equal keys are 400,002 marks a
  /// row, so the tenth row (of fourteen) stops it (a million holds took 1.5 GB to draw, three
  /// million aborted).
  @Test func aDopeSheetIsStoppedAtTheRowPastItsMarks() throws {
    let dir = try CLI.temporaryDirectory()
    let zeros = "[" + String(repeating: "0,", count: 200_000) + "0]"
    let frames = "[" + (0...200_000).map(String.init).joined(separator: ",") + "]"
    let channels = (0..<12).map { "\"c\($0)\": \(zeros)" }.joined(separator: ", ")
    try write("{\"timeline\": \(frames), \"channels\": {\(channels)}}", to: dir.appendingPathComponent("h.json"))
    expectOneLineError(
      try CLI.run(["dopesheet", "h.json", "-o", "d.png"], in: dir),
      "h.json: the Dope Sheet would hold more than 4000000 rows, keys, holds and interpolation lines (4000020 when it was stopped); show fewer channels (--channels)"
    )
    #expect(try names(dir) == ["h.json"])
    let some = try CLI.run(["dopesheet", "h.json", "--channels", "c1", "-o", "d.png"], in: dir)
    #expect(some.status == 0, "\(some.stderr)")
  }

  /// 100,001 markers: refused at the first past the limit (a million took every editor 20 s).
  @Test func anActionHoldsAtMost100000Markers() throws {
    let dir = try CLI.temporaryDirectory()
    let markers = (0...100_000).map { "{\"frame\": \($0 % 1000), \"name\": \"m\"}" }.joined(separator: ", ")
    try write(
      "{\"animplot\": 1, \"markers\": [\(markers)], \"tracks\": [{\"dataPath\": \"a\", \"keyframes\": [{\"frame\": 0, \"value\": 0}]}]}",
      to: dir.appendingPathComponent("marked.json"))
    expectOneLineError(
      try CLI.run(["graph", "marked.json", "-o", "m.png"], in: dir),
      "markers[100000]: more than 100000 markers, animplot's limit for one action file")
    #expect(try names(dir) == ["marked.json"])
  }
}
