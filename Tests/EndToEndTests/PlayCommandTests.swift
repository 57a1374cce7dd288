import AnimplotCanvas
import AnimplotGolden
import AnimplotTestSupport
import Foundation
import Testing

/// `animplot play` as a user runs it: APNG, animated SVG and a folder of frames.
@Suite("animplot play")
struct PlayCommandTests {
  static let ball = "Examples/bouncing-ball.json"
  static let small = ["--width", "400", "--height", "220", "--frames", "1:25", "--step", "6"]

  static func bytes(_ url: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }

  @Test("an APNG that pngcheck accepts, with its frame count and loop count")
  func apng() throws {
    let root = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let out = root.appendingPathComponent("ball.apng")
    let r = try CLI.run(["play", Self.ball, "-o", out.path, "--loop", "2"] + Self.small)
    #expect(r.status == 0, "\(r.stderr)")
    let apng = try Self.bytes(out)
    // acTL right after IHDR: 5 frames, 2 plays.
    let actl = apng.firstRange(of: Array("acTL".utf8))!.upperBound
    #expect(Array(apng[actl..<(actl + 8)]) == [0, 0, 0, 5, 0, 0, 0, 2])
    #expect(apng.ranges(of: Array("fcTL".utf8)).count == 5)
    #expect(try PNGCheck.accepts(out), "pngcheck refused the APNG")
    // The same bytes with --animated into a .png, and twice the same.
    let png = root.appendingPathComponent("ball.png")
    #expect(try CLI.run(["play", Self.ball, "--animated", "-o", png.path, "--loop", "2"] + Self.small).status == 0)
    #expect(try Self.bytes(png) == apng)
  }

  @Test("a folder of frames: 0001.png … each the still picture at its frame")
  func folderOfFrames() throws {
    let root = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let r = try CLI.run(["play", Self.ball, "-o", root.appendingPathComponent("frames").path + "/"] + Self.small)
    #expect(r.status == 0, "\(r.stderr)")
    let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("frames").path).sorted()
    #expect(names == ["0001.png", "0002.png", "0003.png", "0004.png", "0005.png"])
    let still = root.appendingPathComponent("still.png")
    #expect(try CLI.run(["graph", Self.ball, "--width", "400", "--height", "220", "--current-frame", "13", "-o", still.path]).status == 0)
    #expect(try Self.bytes(root.appendingPathComponent("frames/0003.png")) == Self.bytes(still))
  }

  @Test("mistakes: exit 2, one line, nothing written")
  func mistakes() throws {
    let root = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let cases: [([String], String)] = [
      (["-o", "x.png"], "add --animated"),
      (["-o", "x.pdf"], "play does not write .pdf"),
      (["-o", "x.apng", "--step", "0"], "--step must be"),
      (["-o", "x.apng", "--frames", "0:100000000"], "more than 9999 pictures"),
      (["-o", "x.apng", "--view", "timeline", "--normalize"], "options of --view graph"),
      (["-o", "x.apng", "--loop", "-1"], "--loop"),
      (["-o", "frames/", "--format", "svg"], "folder of PNG frames"),
      (["-o", "x.apng", "--view", "timeline", "--no-channel-list"], "the Timeline has no channel list"),
      ([CLI.repository.appendingPathComponent(Self.ball).path, "-o", "x.apng"], "one input"),
    ]
    for (arguments, message) in cases {
      let r = try CLI.run(["play", CLI.repository.appendingPathComponent(Self.ball).path] + arguments, in: root)
      #expect(r.status == 2, "\(arguments)")
      #expect(r.stderr.contains(message), "\(arguments): \(r.stderr)")
      #expect(r.stderr.split(separator: "\n").count == 1, "\(arguments): \(r.stderr)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).isEmpty)
  }

  @Test("a frame never replaces the input: an input named like a frame, or a link there, is refused")
  func framesNeverReplaceTheInput() throws {
    let root = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let inside = root.appendingPathComponent("inside")
    try FileManager.default.createDirectory(at: inside, withIntermediateDirectories: true)
    let input = inside.appendingPathComponent("0001.png")
    try FileManager.default.copyItem(at: CLI.repository.appendingPathComponent(Self.ball), to: input)
    let before = try Data(contentsOf: input)
    for verb in ["play", "preview"] {
      let r = try CLI.run([verb, input.path, "--frames", "1:2", "-o", inside.path + "/"])
      #expect(r.status == 2 && r.stderr.contains("that is the input"), "\(verb): \(r.stderr)")
    }
    // Through a link: links/0001.png leads to the input.
    let links = root.appendingPathComponent("links")
    try FileManager.default.createDirectory(at: links, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(at: links.appendingPathComponent("0001.png"), withDestinationURL: input)
    let r = try CLI.run(["play", input.path, "--frames", "1:2", "-o", links.path + "/"])
    #expect(r.status == 2 && r.stderr.contains("that is the input"), "\(r.stderr)")
    #expect(try Data(contentsOf: input) == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: inside.path) == ["0001.png"])
    // An input named like a later frame is not taken for a stale frame to be emptied away.
    let later = inside.appendingPathComponent("0009.png")
    try FileManager.default.moveItem(at: input, to: later)
    let beside = try CLI.run(["play", later.path, "--frames", "1:2", "--width", "200", "--height", "100", "-o", inside.path + "/"])
    #expect(beside.status == 0, "\(beside.stderr)")
    #expect(try Data(contentsOf: later) == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: inside.path).sorted() == ["0001.png", "0002.png", "0009.png"])
  }

  @Test("--keys-only keeps a key on the range's bound (keys are 32-bit floats, bounds decimals)")
  func keysOnTheBounds() throws {
    let root = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let file = root.appendingPathComponent("keys.json")
    try Data(
      #"{"animplot": 1, "name": "K", "fps": 24, "frameStart": 1.3, "frameEnd": 10.1, "tracks": [{"dataPath": "location", "keyframes": [{"frame": 1.3, "value": 0}, {"frame": 5, "value": 1}, {"frame": 10.1, "value": 2}]}]}"#
        .utf8
    ).write(to: file)
    let out = root.appendingPathComponent("k.apng")
    let r = try CLI.run(["play", file.path, "--keys-only", "--width", "200", "--height", "100", "-o", out.path])
    #expect(r.status == 0, "\(r.stderr)")
    let apng = [UInt8](try Data(contentsOf: out))
    let actl = apng.firstRange(of: Array("acTL".utf8))!.upperBound
    #expect(apng[actl + 3] == 3, "three keys, three pictures")
  }

  @Test("a folder holding frames of an earlier, longer run is refused; --keys-only keeps the picture limit")
  func staleFramesAndKeyLimit() throws {
    let root = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let folder = root.appendingPathComponent("frames")
    #expect(try CLI.run(["play", Self.ball, "-o", folder.path + "/"] + Self.small).status == 0)
    let shorter = try CLI.run(["play", Self.ball, "-o", folder.path + "/", "--frames", "1:13", "--step", "6"] + Self.small.prefix(4))
    #expect(shorter.status == 2 && shorter.stderr.contains("holds 0004.png and 1 more frames beyond the 3 written now"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 5)
    // The same count again is fine (the frames are replaced).
    #expect(try CLI.run(["play", Self.ball, "-o", folder.path + "/"] + Self.small).status == 0)

    // 10,000 keys, one per frame: --keys-only would make 10,000 pictures.
    let keys = (1...10_000).map { #"{"frame": \#($0), "value": \#($0 % 7)}"# }.joined(separator: ",")
    let many = root.appendingPathComponent("many.json")
    try Data(#"{"animplot": 1, "name": "M", "tracks": [{"dataPath": "location", "keyframes": [\#(keys)]}]}"#.utf8).write(to: many)
    let r = try CLI.run(["play", many.path, "--keys-only", "-o", root.appendingPathComponent("k.apng").path])
    #expect(r.status == 2 && r.stderr.contains("--keys-only makes 10000 pictures, more than 9999"), "\(r.stderr)")
  }

  @Test(
    "the animated SVG in Chromium shows each frame's still picture at its time",
    .requires(Browser.requirement))
  func animatedSVGInChromium() throws {
    let root = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let animated = root.appendingPathComponent("ball.svg")
    #expect(try CLI.run(["play", Self.ball, "-o", animated.path] + Self.small).status == 0)
    func page(_ svg: URL, name: String, time: Double?) throws -> URL {
      var text = try String(contentsOf: svg, encoding: .utf8)
      if let end = text.range(of: "?>") { text = String(text[end.upperBound...]) }
      let script = time.map {
        "<script>var s=document.querySelector('svg');s.pauseAnimations();s.setCurrentTime(\($0));</script>"
      } ?? ""
      let html = root.appendingPathComponent(name + ".html")
      try Data("<!doctype html><html><body style=\"margin:0\">\(text)\(script)</body></html>".utf8).write(to: html)
      return html
    }
    // Frame 3 of 5 (frame 13), each shown 0.25 s: the middle of its time.
    let shot = try Browser.screenshot(page(animated, name: "animated", time: 0.625), in: root, width: 400, height: 220)
    var stills: [Double: RGBAImage] = [:]
    for frame in [7.0, 13.0] {
      let svg = root.appendingPathComponent("still\(Int(frame)).svg")
      #expect(
        try CLI.run(["graph", Self.ball, "--width", "400", "--height", "220", "--current-frame", "\(frame)", "-o", svg.path]).status == 0)
      stills[frame] = try Browser.screenshot(page(svg, name: "still\(Int(frame))", time: nil), in: root, width: 400, height: 220)
    }
    #expect(shot == stills[13], "Chromium shows frame 13 at 0.625 s")
    #expect(shot != stills[7], "and not frame 7")
  }
}
