import AnimplotTestSupport
import Foundation
import Testing

/// A seventh adversarial trial, on a release build: drawing work that some paths did not weigh
/// (`play --view graph`, the interactive HTML, a preview's shapes), a picture refused only after
/// its work, an output written through a link planted in `-o FOLDER/`, frames left mixed by a
/// signal, and errors that did not name the input.
extension HardeningRoundTwoTests {
  static let trialBall = CLI.repository.appendingPathComponent("Examples/bouncing-ball.json").path

  // MARK: Drawing work

  /// A hundred curves that cross the plot at every key, across 8192 × 8192: `graph` refused
  /// them, `play --view graph` drew them as its still layer (45 s for 200 sines of a period
  /// shorter than a frame, 870 MB): refused alike before any picture, as an APNG and as a
  /// folder of frames (not made).
  @Test func aPlayedGraphEditorIsWeighedAsAGraphIs() throws {
    let dir = try CLI.temporaryDirectory()
    try write(sawtooth(100, frames: 10_000), to: dir.appendingPathComponent("hundred.json"))
    let big = ["--width", "8192", "--height", "8192", "--frames", "1:2"]
    for output in ["p.apng", "frames/"] {
      let refused = try CLI.run(["play", "hundred.json", "-o", output] + big, in: dir)
      expectOneLineError(refused, "hundred.json: the Graph Editor would fill ")
      expectOneLineError(
        refused,
        "device pixels with curves that cross the plot in every pixel column, more than 4000000000; show fewer channels")
    }
    #expect(try names(dir) == ["hundred.json"])
  }

  /// 100,000 keys whose free handles reach far above and below: every handle line crosses half
  /// of an 8192-pixel plot, 800 million device rows. `graph` refused them as a PNG; as an
  /// interactive HTML page (its layers are PNGs) they were drawn: refused alike.
  @Test func anInteractiveGraphEditorIsWeighedAsAGraphIs() throws {
    let dir = try CLI.temporaryDirectory()
    let keys = (0..<100_000).map { i in
      #"{"frame": \#(i), "value": 0, "interpolation": "bezier", "handleLeftType": "free", "handleRightType": "free", "#
        + #""handleLeft": [\#(Double(i) - 0.3), -1000], "handleRight": [\#(Double(i) + 0.3), 1000]}"#
    }
    try write(
      #"{"animplot": 1, "frameStart": 0, "frameEnd": 99999, "tracks": [{"dataPath": "location", "index": 0, "keyframes": ["#
        + keys.joined(separator: ",") + "]}]}", to: dir.appendingPathComponent("reach.json"))
    let big = ["--width", "8192", "--height", "8192", "--handles", "all"]
    for output in ["g.png", "g.html"] {
      expectOneLineError(
        try CLI.run(["graph", "reach.json", "-o", output] + big, in: dir),
        "reach.json: the Graph Editor's curves and handles would be stroked across ")
    }
    #expect(try names(dir) == ["reach.json"])
  }

  /// `count` objects that move over frames 1 to `frames` (`still`: by a thousandth of a unit,
  /// so that the view is framed by their shapes, which then fill it).
  /// A closed outline of 4,096 points (a circle with 40 waves).
  var wavyShape: String {
    "M" + (0..<4096).map { i in
      let a = Double(i) / 4096 * 2 * Double.pi, r = 1 + 0.3 * sin(40 * a)
      return "\(Int(100 * r * cos(a))) \(Int(100 * r * sin(a)))"
    }.joined(separator: " L") + " Z"
  }

  func movingObjects(_ count: Int, frames: Int, still: Bool = false) -> String {
    let tracks = (0..<count).flatMap { k in
      (0..<3).map { i in
        #"{"dataPath": "objects[\"O\#(k)\"].location", "index": \#(i), "keyframes": [{"frame": 1, "value": 0}, "#
          + #"{"frame": \#(frames), "value": \#(still ? 0.001 * Double(k) : Double((k + 1) * (i + 1)))}]}"#
      }
    }
    return #"{"animplot": 1, "frameStart": 1, "frameEnd": \#(frames), "tracks": ["# + tracks.joined(separator: ", ") + "]}"
  }

  /// A shape of 4,096 points on 3 objects over 9,999 pictures (102 s) is refused by its
  /// points; 300 objects whose shapes fill most of the view over 400 pictures (35 billion
  /// device pixels; 300 pictures took 23 s) by the pixels they cover. Nothing is written.
  @Test func aPreviewIsWeighedByItsShapesPointsAndPixels() throws {
    let dir = try CLI.temporaryDirectory()
    try write(movingObjects(3, frames: 9999), to: dir.appendingPathComponent("three.json"))
    try write(movingObjects(300, frames: 400, still: true), to: dir.appendingPathComponent("still.json"))
    let shape = wavyShape
    let refused = try CLI.run(["preview", "three.json", "-o", "p.apng", "--shape", shape], in: dir)
    expectOneLineError(refused, "three.json: the preview would draw a shape of ")
    expectOneLineError(refused, "points on 3 objects in 9999 pictures, more than 50000000 points × objects × pictures")
    for output in ["p.apng", "frames/"] {
      expectOneLineError(
        try CLI.run(["preview", "still.json", "-o", output], in: dir),
        "still.json: the preview's shapes would cover ")
    }
    #expect(try names(dir) == ["still.json", "three.json"])
  }

  /// A filmstrip's cells are weighed as a preview's pictures are (it was weighed by none of the
  /// preview's bounds: 100 cells of 150 objects with a shape of 3,444 points were drawn).
  @Test func aFilmstripIsWeighedAsAPreviewIs() throws {
    let dir = try CLI.temporaryDirectory()
    try write(movingObjects(150, frames: 100), to: dir.appendingPathComponent("many.json"))
    let shape = wavyShape
    let refused = try CLI.run(["preview", "many.json", "--filmstrip", "100", "--shape", shape, "-o", "f.png"], in: dir)
    expectOneLineError(refused, "many.json: the preview would draw a shape of ")
    expectOneLineError(refused, "points on 150 objects in 100 pictures, more than 50000000 points × objects × pictures")
    #expect(try names(dir) == ["many.json"])
  }

  // MARK: Size first

  /// A morph too large to draw is refused before its outlines are resampled and aligned (3.4 s
  /// for 100,000 points): the size is weighed first, so a flat timing curve, found while the
  /// morph is made, is not what is said.
  @Test func aMorphTooLargeIsRefusedBeforeItIsMade() throws {
    let dir = try CLI.temporaryDirectory()
    try write(
      #"{"animplot": 1, "frameStart": 1, "frameEnd": 10, "tracks": [{"dataPath": "t", "index": 0, "keyframes": "#
        + #"[{"frame": 1, "value": 0}, {"frame": 10, "value": 0}]}]}"#, to: dir.appendingPathComponent("flat.json"))
    let common = ["morph", "--from", "circle", "--to", "star", "--curve", "flat.json", "--channel", "t*", "--size", "4096"]
    expectOneLineError(
      try CLI.run(common + ["--frames", "1", "--scale", "2", "-o", "m.png"], in: dir),
      "morph: cannot render: a 4120×4142 PNG at scale 2.0 has more than 67108864 device pixels")
    expectOneLineError(
      try CLI.run(common + ["--frames", "200", "-o", "m.apng"], in: dir),
      "morph: 200 pictures of 4120×4142 device pixels are 3413008000 pixels")
    #expect(try names(dir) == ["flat.json"])
  }

  // MARK: Outputs

  /// `graph -o out/` of several inputs wrote an output through a symbolic link planted in the
  /// folder, replacing the file it names: refused as `play`'s frames are, nothing written.
  @Test func anOutputThatIsALinkIsRefused() throws {
    let dir = try CLI.temporaryDirectory()
    let outside = dir.appendingPathComponent("notes.txt")
    try Data("my notes".utf8).write(to: outside)
    for name in ["a.json", "b.json"] {
      try FileManager.default.copyItem(atPath: Self.trialBall, toPath: dir.appendingPathComponent(name).path)
    }
    let out = dir.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(
      atPath: out.appendingPathComponent("b.png").path, withDestinationPath: "../notes.txt")
    expectOneLineError(
      try CLI.run(["graph", "a.json", "b.json", "-o", "out/", "--width", "64", "--height", "48"], in: dir),
      "-o out/: out/b.png is a symbolic link, not an output of an earlier run; remove it or choose another folder")
    #expect(try String(contentsOf: outside, encoding: .utf8) == "my notes")
    #expect(try names(out) == ["b.png"])
  }

  /// Errors of `play` and `preview` into a folder of frames name the input, as into a file.
  @Test func frameFolderErrorsNameTheInput() throws {
    let dir = try CLI.temporaryDirectory()
    try FileManager.default.copyItem(atPath: Self.trialBall, toPath: dir.appendingPathComponent("ball.json").path)
    for verb in ["play", "preview"] {
      let r = try CLI.run([verb, "ball.json", "--frames", "1:20000", "-o", "frames/"], in: dir)
      expectOneLineError(r, "ball.json: ")
      #expect(r.stderr.hasPrefix("animplot: ball.json: "), "\(r.stderr)")
    }
    #expect(try names(dir) == ["ball.json"])
  }

  // MARK: Signals

  /// A signal while the frames of a run are renamed into place over an earlier run's left old
  /// and new frames mixed, and the earlier ones kept aside as `.NNNN.png.PID.kept`: the
  /// renames are a held section now, so the folder is whole (every frame new) or unchanged,
  /// and nothing is left beside the frames. The signal is sent once a kept frame is seen (the
  /// renames under way); a run that ended before one was seen is tried again.
  @Test(arguments: [SIGTERM, SIGINT])
  func aSignalWhileFramesArePutInPlaceLeavesThemWholeOrUnchanged(signal: Int32) throws {
    let dir = try CLI.temporaryDirectory()
    let frames = dir.appendingPathComponent("frames"), newer = dir.appendingPathComponent("newer")
    let play = ["play", Self.trialBall, "--frames", "1:9999", "--width", "32", "--height", "24"]
    #expect(try CLI.run(play + ["--view", "timeline", "-o", newer.path + "/"]).status == 0)
    let new = try folderContents(of: newer)
    var interrupted = false
    for _ in 0..<40 where !interrupted {
      try? FileManager.default.removeItem(at: frames)
      #expect(try CLI.run(play + ["-o", frames.path + "/"]).status == 0)
      let old = try folderContents(of: frames)
      #expect(old.count == 9999 && old != new)
      let pid = try Spawn.withDefaultSignals([CLI.binary.path] + play + ["--view", "timeline", "-o", frames.path + "/"])
      var status: Int32 = 0
      while waitpid(pid, &status, WNOHANG) == 0 {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: frames.path)) ?? []
        if names.contains(where: { $0.hasSuffix(".kept") }) {
          kill(pid, signal)
          waitpid(pid, &status, 0)
          interrupted = true
          break
        }
      }
      guard interrupted else { continue }
      #expect(status & 0x7F == signal, "ended by the signal, not exit \(status >> 8)")
      let left = try folderContents(of: frames)
      #expect(left == old || left == new, "frames mixed: \(left.keys.filter { left[$0] != new[$0] }.count) not new")
      let others = try names(frames).filter { !($0.count == 8 && $0.hasSuffix(".png")) }
      #expect(others.isEmpty, "left: \(others.prefix(3))")
    }
    #expect(interrupted, "no run was seen putting its frames in place")
  }

  /// Every file of `folder` and its bytes.
  func folderContents(of folder: URL) throws -> [String: Data] {
    var all: [String: Data] = [:]
    for name in try names(folder) { all[name] = try Data(contentsOf: folder.appendingPathComponent(name)) }
    return all
  }
}
