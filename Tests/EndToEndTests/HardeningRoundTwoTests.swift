import AnimplotGolden
import AnimplotTestSupport
import Foundation
import Testing

/// Issue 25's classes, one test each: numbers a file can hold that trapped, inputs that decide
/// an allocation or a loop, outputs that are inputs, partial outputs. Each asserts the exit
/// code, the one-line message, and that nothing was written.
@Suite("hardening, second round, end to end")
struct HardeningRoundTwoTests {
  typealias Cases = CheckCommandTests.Cases

  /// The names in `dir`, sorted.
  func names(_ dir: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
  }

  func write(_ text: String, to url: URL) throws { try Data(text.utf8).write(to: url) }

  func expectOneLineError(_ r: CLI.Result, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(r.status == 2, "\(r.stderr)", sourceLocation: sourceLocation)
    #expect(r.stderr.hasPrefix("animplot: ") && r.stderr.contains(message), "\(r.stderr)", sourceLocation: sourceLocation)
    #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)", sourceLocation: sourceLocation)
  }

  // MARK: Crashes on numbers a file can hold

  /// Shard summaries whose figures no run can have (negative, or beyond any image), or whose
  /// shard count would make `merge` list a hundred million shards.
  @Test func mergeRefusesImpossibleFiguresAndShardCounts() throws {
    let c = try Cases()
    defer { c.remove() }
    _ = try c.check()
    try c.write("graph --width 240 --height 135 --current-frame 60", "fail.args")
    for index in 1...2 { _ = try c.check(["--record", "never", "--shard", "\(index)/2", "--json", "s\(index).json"]) }
    let text = try String(contentsOf: c.root.appendingPathComponent("s1.json"), encoding: .utf8)
      + String(contentsOf: c.root.appendingPathComponent("s2.json"), encoding: .utf8)
    #expect(text.contains("\"differingPixels\""), "a failing case with figures")
    func mutated(_ file: String, _ change: (inout [String: Any]) -> Void) throws -> String {
      var root = try #require(
        try JSONSerialization.jsonObject(with: Data(contentsOf: c.root.appendingPathComponent(file))) as? [String: Any])
      change(&root)
      let name = "bad-\(UUID().uuidString).json"
      try JSONSerialization.data(withJSONObject: root).write(to: c.root.appendingPathComponent(name))
      return name
    }
    /// Sets `key` of the figures of the first case with figures.
    func figure(_ key: String, _ value: Any) -> (inout [String: Any]) -> Void {
      { root in
        var cases = root["cases"] as! [[String: Any]]
        for i in cases.indices where cases[i]["figures"] != nil {
          var figures = cases[i]["figures"] as! [String: Any]
          figures[key] = value
          cases[i]["figures"] = figures
          break
        }
        root["cases"] = cases
      }
    }
    let withFigures = text.components(separatedBy: "\"format\"")[1].contains("\"differingPixels\"") ? "s1.json" : "s2.json"
    let other = withFigures == "s1.json" ? "s2.json" : "s1.json"
    for (change, message) in [
      (figure("differingPixels", -1), ".differingPixels: expected a whole number from 0 to"),
      (figure("comparedPixels", 1e300), ".comparedPixels: expected a whole number from 0 to"),
      (figure("rms", -1), ".rms: expected a number from 0 to"),
      (figure("rms", 1e300), ".rms: expected a number from 0 to"),
      (figure("expectedSize", [-1, 5]), ".expectedSize[0]: expected a whole number from 0 to"),
      ({ $0["seconds"] = 1e300 }, "seconds: expected a number from 0 to"),
      ({ $0["seconds"] = -5 }, "seconds: expected a number from 0 to"),
    ] as [((inout [String: Any]) -> Void, String)] {
      let bad = try mutated(withFigures, change)
      let r = try CLI.run(["merge", other, bad, "--report", "out.html", "--junit", "out.xml"], in: c.root)
      expectOneLineError(r, message)
      #expect(r.stderr.hasPrefix("animplot: \(bad): "), "\(r.stderr)")
      #expect(!FileManager.default.fileExists(atPath: c.root.appendingPathComponent("out.html").path))
    }
    // Every shard of a run of 100,000,000 (or Int.max) shards: refused at once, not listed.
    for count in ["100000000", "9223372036854775807"] {
      let a = try mutated("s1.json") { $0["shard"] = "1/\(count)" }
      let b = try mutated("s2.json") { $0["shard"] = "2/\(count)" }
      let started = Date()
      let r = try CLI.run(["merge", a, b], in: c.root)
      expectOneLineError(r, "\(a): shard: '1/\(count)': N must be at most 10000")
      #expect(Date().timeIntervalSince(started) < 10)
    }
    let r = try c.check(["--shard", "1/10001"])
    expectOneLineError(r, "N must be at most 10000")
  }

  /// A timing curve whose keys are near 1e30: the captions' frames are spelled, not turned
  /// into integers.
  @Test func morphCaptionsOfFramesBeyondIntegers() throws {
    let dir = try CLI.temporaryDirectory()
    let input = dir.appendingPathComponent("far.json")
    try write(
      """
      {"animplot": 1, "frameStart": 1e30, "frameEnd": 2e30, "tracks": [{"dataPath": "location", "index": 0,
       "keyframes": [{"frame": 1e30, "value": 0}, {"frame": 2e30, "value": 1}]}]}
      """, to: input)
    for format in ["png", "displaylist"] {
      let out = dir.appendingPathComponent("m.\(format == "png" ? "png" : "txt")").path
      let r = try CLI.run([
        "morph", "--from", "square", "--to", "star", "--curve", input.path, "--channel", "location*",
        "--format", format, "-o", out,
      ])
      #expect(r.status == 0, "\(r.stderr)")
      if format == "displaylist" {
        let list = try String(contentsOfFile: out, encoding: .utf8)
        #expect(list.contains("frame 1e+30 → 0.00"), "\(list.prefix(400))")
        #expect(list.contains("frame 1.5e+30"), "\(list.prefix(400))")
      }
    }
  }

  // MARK: Work decided by the input

  /// A million samples jumping across the picture: refused before drawing (minutes of
  /// stroking otherwise); a path retracing one loop many times draws it once, quickly.
  @Test func pathDrawingIsBoundedByItsPiecesNotItsSamples() throws {
    let dir = try CLI.temporaryDirectory()
    // Two channels of 100,000 keys, one per frame, of pseudo-random values: every sample jumps.
    var seed: UInt64 = 1
    func next() -> Double {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(seed >> 11) / Double(1 << 53)
    }
    func track(_ index: Int, _ value: (Int) -> Double, count: Int) -> String {
      "{\"dataPath\": \"location\", \"index\": \(index), \"keyframes\": ["
        + (0..<count).map { "{\"frame\": \($0), \"value\": \(value($0))}" }.joined(separator: ",") + "]}"
    }
    let n = 100_000
    let chaotic = dir.appendingPathComponent("chaotic.json")
    try write(
      "{\"animplot\": 1, \"frameStart\": 0, \"frameEnd\": \(n - 1), \"tracks\": [\(track(0, { _ in next() }, count: n)), \(track(2, { _ in next() }, count: n))]}",
      to: chaotic)
    let started = Date()
    let r = try CLI.run(["path", chaotic.path, "-o", dir.appendingPathComponent("c.png").path])
    expectOneLineError(r, "more than 50000 (its samples jump across the picture); give a shorter --frames range or a larger --step")
    #expect(Date().timeIntervalSince(started) < 30)
    // The same number of keys going round seven points: drawn, each segment once.
    let loop = dir.appendingPathComponent("loop.json")
    try write(
      "{\"animplot\": 1, \"frameStart\": 0, \"frameEnd\": \(n - 1), \"tracks\": [\(track(0, { Double($0 % 7) }, count: n)), \(track(2, { Double($0 % 7 * $0 % 5) }, count: n))]}",
      to: loop)
    let drawn = try CLI.run(["path", loop.path, "-o", dir.appendingPathComponent("l.png").path])
    #expect(drawn.status == 0, "\(drawn.stderr)")
    #expect(try names(dir) == ["chaotic.json", "l.png", "loop.json"])
  }

  /// Runs `script` with `/bin/sh -c` in `directory`, the binary's path in `$A`.
  func shell(_ script: String, in directory: URL) throws -> CLI.Result {
    let run = try Run.of(
      URL(fileURLWithPath: "/bin/sh"), ["-c", script], in: directory, environment: ["A": CLI.binary.path])
    return CLI.Result(status: run.status, stdout: run.output, stderr: run.errors)
  }

  /// A channel pattern over a 50 MB data path: matched in place (it was copied into arrays of
  /// 16-byte characters, 2.4 GB for the three names of one track). Such a name is now refused
  /// as it is read (`Limits.nameBytes`), within the same address space.
  @Test func aChannelPatternOverHugeNamesAllocatesNoCopies() throws {
    let dir = try CLI.temporaryDirectory()
    let path = String(repeating: "a", count: 50_000_000)
    try write(
      "{\"animplot\": 1, \"tracks\": [{\"dataPath\": \"\(path)\", \"index\": 0, \"keyframes\": [{\"frame\": 1, \"value\": 0}]},"
        + " {\"dataPath\": \"location\", \"index\": 0, \"keyframes\": [{\"frame\": 1, \"value\": 0}, {\"frame\": 9, \"value\": 1}]}]}",
      to: dir.appendingPathComponent("long.json"))
    let r = try shell(
      Sanitizer.addressSpaceLimit(kilobytes: 1_200_000) + "\"$A\" eval long.json --channels 'loc*' --at 5", in: dir)
    expectOneLineError(r, "long.json:1:41: tracks[0].dataPath: a name of more than 1024 bytes, animplot's limit for one name")
  }

  /// `dopesheet --format json` of more keys than a layout lists: refused before the text is
  /// made (2 million keys passed 2 GB).
  @Test func aDopeSheetLayoutOfTooManyKeysIsRefused() throws {
    let dir = try CLI.temporaryDirectory()
    let keys = (0..<100_000).map { "{\"frame\": \($0), \"value\": 0}" }.joined(separator: ",")
    try write(
      "{\"animplot\": 1, \"tracks\": [{\"dataPath\": \"location\", \"index\": 0, \"keyframes\": [\(keys)]}]}",
      to: dir.appendingPathComponent("many.json"))
    let r = try CLI.run(["dopesheet", "many.json", "--format", "json", "-o", "d.json"], in: dir)
    expectOneLineError(r, " rows, keys, holds and interpolation lines, more than 500000; show fewer channels (--channels) or frames (--frames)")
    #expect(try names(dir) == ["many.json"])
  }

  /// Layout references that a few megabytes make huge: nested a million deep (laid out, a
  /// terabyte of indentation), or millions of lines (each split line and edit costs bytes):
  /// each fails its case, quickly, with a diff of bounded length.
  @Test func hostileLayoutReferencesFailTheirCaseOnly() throws {
    let c = try Cases()
    defer { c.remove() }
    for (name, reference, message) in [
      ("deep", String(repeating: "[", count: 1_000_000) + String(repeating: "]", count: 1_000_000), "differ: 1 line removed"),
      ("tall", String(repeating: "x\n", count: 8_500_000), "more than 8000000 lines, so not compared line by line"),
      ("long", String(repeating: "x\n", count: 100_000), "differ: 100000 lines removed"),
    ] {
      try c.add(name, options: "dopesheet --width 200 --height 100 --format json")
      try c.write(reference, "\(name).layout.json")
      let started = Date()
      let r = try c.check(["--record", "never", "--filter", name])
      #expect(r.status == 1, "\(r.stderr)")
      #expect(r.stdout.contains("FAIL \(name).layout.json: ") && r.stdout.contains(message), "\(r.stdout)")
      #expect(Date().timeIntervalSince(started) < 30, "\(name)")
      if name == "long" {
        let diff = try String(contentsOfFile: c.artifacts + "/long.layout.json.diff", encoding: .utf8)
        #expect(diff.hasSuffix("(the diff is cut after 20000 lines)\n"), "\(diff.suffix(200))")
      }
    }
  }

  // MARK: No output is an input

  /// A `.gltf` beside its external buffer `data.json` and the images it names.
  func gltfWithExternalFiles() throws -> URL {
    let dir = try CLI.temporaryDirectory()
    let floats: [Float] = [0, 1, 2] + [0, 0, 0, 1, 2, 3, 0, 1, 0]
    let bytes = floats.flatMap { f in withUnsafeBytes(of: f.bitPattern.littleEndian) { Array($0) } }
    try Data(bytes).write(to: dir.appendingPathComponent("data.json"))
    try write("an image", to: dir.appendingPathComponent("tex.png"))
    try write("another", to: dir.appendingPathComponent("anim.apng"))
    try write(
      """
      {"asset": {"version": "2.0"}, "nodes": [{"name": "Cube"}],
       "buffers": [{"byteLength": 48, "uri": "data.json"}], "images": [{"uri": "tex.png"}, {"uri": "anim%2Eapng"}],
       "bufferViews": [{"buffer": 0, "byteLength": 12}, {"buffer": 0, "byteOffset": 12, "byteLength": 36}],
       "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "SCALAR"},
                     {"bufferView": 1, "componentType": 5126, "count": 3, "type": "VEC3"}],
       "animations": [{"samplers": [{"input": 0, "output": 1}],
                       "channels": [{"sampler": 0, "target": {"node": 0, "path": "translation"}}]}]}
      """, to: dir.appendingPathComponent("scene.gltf"))
    return dir
  }

  @Test(arguments: [
    (["import", "scene.gltf", "-o", "data.json"], "-o data.json: that is data.json, which the input scene.gltf refers to"),
    (["graph", "scene.gltf", "-o", "./tex.png"], "-o ./tex.png: that is tex.png, which the input scene.gltf refers to"),
    (["dopesheet", "scene.gltf", "--format", "json", "-o", "data.json"], "-o data.json: that is data.json, which the input"),
    (["play", "scene.gltf", "-o", "anim.apng"], "-o anim.apng: that is anim.apng, which the input scene.gltf refers to"),
    (["play", "scene.gltf", "-o", "frames/"], "-o frames/0001.png: that is data.json, which the input scene.gltf refers to"),
    (["eval", "scene.gltf", "-o", "tex.png"], "-o tex.png: that is tex.png, which the input scene.gltf refers to"),
  ])
  func noOutputReplacesAFileTheInputRefersTo(arguments: [String], message: String) throws {
    let dir = try gltfWithExternalFiles()
    try FileManager.default.createDirectory(at: dir.appendingPathComponent("frames"), withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("frames/0001.png").path, withDestinationPath: "../data.json")
    let files = ["anim.apng", "data.json", "scene.gltf", "tex.png"]
    let before = try files.map { try Data(contentsOf: dir.appendingPathComponent($0)) }
    let r = try CLI.run(arguments, in: dir)
    expectOneLineError(r, message)
    #expect(try files.map { try Data(contentsOf: dir.appendingPathComponent($0)) } == before)
    #expect(try names(dir) == ["anim.apng", "data.json", "frames", "scene.gltf", "tex.png"])
    #expect(try names(dir.appendingPathComponent("frames")) == ["0001.png"])
    // The same run to another output reads them.
    if arguments[0] == "import" { #expect(try CLI.run(["import", "scene.gltf", "-o", "out.json"], in: dir).status == 0) }
  }

  /// A glTF whose `extras` (never read) holds more JSON values than `Limits.jsonValues`
  /// (10,000,000) still names its buffer: listed by a parse of the whole JSON, it passed the
  /// limit, no file was named, and `graph -o` replaced the buffer the glTF reads.
  @Test func aGLTFWithHugeExtrasStillProtectsItsBuffer() throws {
    let dir = try CLI.temporaryDirectory()
    let floats: [Float] = [0, 1, 2] + [0, 0, 0, 1, 2, 3, 0, 1, 0]
    let buffer = Data(floats.flatMap { f in withUnsafeBytes(of: f.bitPattern.littleEndian) { Array($0) } })
    try buffer.write(to: dir.appendingPathComponent("b.png"))
    var text = """
      {"asset": {"version": "2.0"}, "nodes": [{"name": "Cube"}],
       "buffers": [{"byteLength": 48, "uri": "b.png"}],
       "bufferViews": [{"buffer": 0, "byteLength": 12}, {"buffer": 0, "byteOffset": 12, "byteLength": 36}],
       "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "SCALAR"},
                     {"bufferView": 1, "componentType": 5126, "count": 3, "type": "VEC3"}],
       "animations": [{"samplers": [{"input": 0, "output": 1}],
                       "channels": [{"sampler": 0, "target": {"node": 0, "path": "translation"}}]}],
       "extras": [
      """
    text += String(repeating: "0,", count: 10_000_000) + "0]}"
    try write(text, to: dir.appendingPathComponent("scene.gltf"))
    let r = try CLI.run(["graph", "scene.gltf", "-o", "b.png"], in: dir)
    expectOneLineError(r, "-o b.png: that is b.png, which the input scene.gltf refers to")
    #expect(try Data(contentsOf: dir.appendingPathComponent("b.png")) == buffer)
    #expect(try names(dir) == ["b.png", "scene.gltf"])
  }

  /// A glTF whose JSON cannot be read refuses the run before any output: the files it names
  /// are unknown.
  @Test func aGLTFWhoseJSONCannotBeReadRefusesTheRun() throws {
    let dir = try CLI.temporaryDirectory()
    try write(#"{"asset": {"version": "2.0"}, "buffers": [{"uri": "b.png"}], "#, to: dir.appendingPathComponent("scene.gltf"))
    let r = try CLI.run(["graph", "scene.gltf", "-o", "out.png"], in: dir)
    expectOneLineError(r, "scene.gltf:")
    #expect(try names(dir) == ["scene.gltf"])
  }

  // MARK: Partial outputs

  /// A FIFO where a frame goes is refused before anything is drawn (opening it blocked).
  @Test func aFIFOAmongTheFramesIsRefusedAtOnce() throws {
    let dir = try CLI.temporaryDirectory()
    #expect(mkfifo(dir.appendingPathComponent("0002.png").path, 0o644) == 0)
    let started = Date()
    let r = try CLI.run(["play", CLI.repository.appendingPathComponent("Examples/bouncing-ball.json").path, "--frames", "1:4", "-o", dir.path + "/"])
    expectOneLineError(r, "/0002.png is a FIFO, not a frame of an earlier run; remove it or choose another folder")
    #expect(Date().timeIntervalSince(started) < 20)
    #expect(try names(dir) == ["0002.png"])
  }

  /// A file-size limit (SIGXFSZ, ulimit -f) is a write error like a full device: the run
  /// says so, and leaves the folder as it was (the earlier run's frames, no temporary file,
  /// no new folder).
  @Test(.disabled(if: Sanitizer.name == "thread", Sanitizer.fileSizeLimitSkipReason))
  func aFileSizeLimitLeavesTheFramesAsTheyWere() throws {
    let dir = try CLI.temporaryDirectory()
    let ball = CLI.repository.appendingPathComponent("Examples/bouncing-ball.json").path
    let first = try CLI.run(["play", ball, "--frames", "1:5", "--width", "100", "--height", "60", "-o", "frames/"], in: dir)
    #expect(first.status == 0, "\(first.stderr)")
    let frames = dir.appendingPathComponent("frames")
    let before = try names(frames).map { try Data(contentsOf: frames.appendingPathComponent($0)) }
    // The new frames are bigger than 30 KB; the earlier ones are not.
    let r = try shell("ulimit -f 60; \"$A\" play '\(ball)' --frames 1:5 -o frames/", in: dir)
    expectOneLineError(r, "/0001.png: cannot write: File too large")
    #expect(try names(frames).map { try Data(contentsOf: frames.appendingPathComponent($0)) } == before)
    let single = try shell("ulimit -f 20; \"$A\" graph '\(ball)' -o new/sub/", in: dir)
    expectOneLineError(single, "new/sub/bouncing-ball.png: cannot write: File too large")
    #expect(try names(dir) == ["frames"], "no temporary file, no new folder")
  }

  /// Ctrl-C while a run writes into folders it made (`-o new/sub/`) takes them back.
  @Test func aSignalTakesBackTheFoldersARunMade() throws {
    let dir = try CLI.temporaryDirectory()
    let pid = try HardeningTests().spawnWithDefaultSignals([
      CLI.binary.path, "play", CLI.repository.appendingPathComponent("Examples/bouncing-ball.json").path,
      "--frames", "1:400", "--width", "1200", "--height", "800", "-o", dir.path + "/new/sub/",
    ])
    var sawFolder = false
    for _ in 0..<5000 {
      if FileManager.default.fileExists(atPath: dir.path + "/new/sub") {
        sawFolder = true
        break
      }
      usleep(1000)
    }
    #expect(sawFolder, "the run ended before its folder was made")
    kill(pid, SIGINT)
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    #expect(status & 0x7F == SIGINT, "ended by the signal, not exit \(status >> 8)")
    let left = try names(dir)
    #expect(left.isEmpty, "left: \(left)")
  }

  // MARK: The newcomer's items

  /// `-o -` with standard output a terminal: binary formats are refused (as gzip does), text
  /// is written. Run under `script`, which gives the command a terminal.
  @Test(arguments: [
    (["graph", "Examples/bouncing-ball.json", "-o", "-"], "-o -: standard output is a terminal, and png is binary; redirect it (> out.png) or name a file"),
    (["play", "Examples/bouncing-ball.json", "--frames", "1:3", "-o", "-"], "-o -: standard output is a terminal, and apng is binary"),
    (["graph", "Examples/bouncing-ball.json", "--format", "pdf", "-o", "-"], "and pdf is binary"),
    (["gallery", "-o", "-"], "and png is binary"),
  ])
  func binaryOutputToATerminalIsRefused(arguments: [String], message: String) throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else {
      print("skipped: needs /usr/bin/script (util-linux) to give the command a terminal")
      return
    }
    let command = (["\"$A\""] + arguments.map { "'\($0)'" }).joined(separator: " ")
    let r = try shell("script -qec \"\(command.replacingOccurrences(of: "\"", with: "\\\""))\" /dev/null", in: CLI.repository)
    #expect(r.stdout.contains("animplot: -o -: ") && r.stdout.contains(message), "\(r.stdout.prefix(300))")
    #expect(!r.stdout.contains("PNG"), "no PNG bytes on the terminal")
    // Text to a terminal is fine.
    let text = try shell("script -qec \"\\\"$A\\\" eval Examples/bouncing-ball.json --at 1\" /dev/null", in: CLI.repository)
    #expect(text.stdout.contains("frame,"), "\(text.stdout.prefix(300))")
  }

  /// `gallery --width 100` cut every cell off and exited 0: refused, saying the narrowest.
  @Test func aGalleryTooNarrowForItsCellsIsRefused() throws {
    let dir = try CLI.temporaryDirectory()
    let r = try CLI.run(["gallery", "--width", "100", "-o", dir.appendingPathComponent("g.png").path])
    expectOneLineError(r, "--width 100: the gallery needs at least 426 pixels (row labels and three cells of 90)")
    #expect(try names(dir).isEmpty)
    #expect(try CLI.run(["gallery", "--width", "426", "--only", "bezier", "-o", dir.appendingPathComponent("g.png").path]).status == 0)
  }

  /// Every pixel of the editors' pictures is opaque at every scale: at 1.05 the channel
  /// list's edge, the last column and the last row had alpha 170-243 (light lines on a page).
  @Test(arguments: ["graph", "dopesheet", "timeline", "play"])
  func everyPixelIsOpaqueAtFractionalScales(verb: String) throws {
    let dir = try CLI.temporaryDirectory()
    let ball = CLI.repository.appendingPathComponent("Examples/bouncing-ball.json").path
    for scale in ["1", "1.05", "1.25", "1.5", "2"] {
      let out = dir.path + "/\(verb)-\(scale)" + (verb == "play" ? "/" : ".png")
      var arguments = [verb, ball, "--scale", scale, "-o", out]
      if verb == "play" { arguments += ["--frames", "20:22"] }
      let r = try CLI.run(arguments)
      #expect(r.status == 0, "\(r.stderr)")
      let files = verb == "play" ? try names(URL(fileURLWithPath: out)).map { out + $0 } : [out]
      #expect(!files.isEmpty)
      for file in files {
        let image = try ImageFile.decode(pngBytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: file))), path: file)
        var partial: [(Int, Int, UInt8)] = []
        for i in stride(from: 3, to: image.pixels.count, by: 4) where image.pixels[i] != 255 {
          let p = i / 4
          partial.append((p % image.width, p / image.width, image.pixels[i]))
          if partial.count == 5 { break }
        }
        #expect(partial.isEmpty, "\(verb) at \(scale): pixels (x, y, alpha) \(partial)")
      }
    }
  }

  /// `eval` of an action without tracks printed 250 bare frame numbers; `play --keys-only
  /// --step 2` ignored --step; `import` required -o while eval and recalc write to standard
  /// output.
  @Test func evalOfNoTracksKeysOnlyWithStepAndImportToStandardOutput() throws {
    let dir = try CLI.temporaryDirectory()
    try write(#"{"animplot": 1, "frameStart": 1, "frameEnd": 250, "tracks": []}"#, to: dir.appendingPathComponent("empty.json"))
    expectOneLineError(try CLI.run(["eval", "empty.json"], in: dir), "empty.json: the action has no tracks to evaluate")
    let ball = CLI.repository.appendingPathComponent("Examples/bouncing-ball.json").path
    let r = try CLI.run(["play", ball, "--keys-only", "--step", "2", "-o", "k.apng"], in: dir)
    expectOneLineError(r, "--keys-only shows one picture per key; --step does not apply, give one or the other")
    #expect(try names(dir) == ["empty.json"])
    let imported = try CLI.run(["import", ball], in: dir)
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stdout.hasPrefix("{") && imported.stdout.contains("\"tracks\""), "\(imported.stdout.prefix(200))")
  }

  /// `diff --diff-color red` without -o complained about -o before the bad colour.
  @Test func aBadColourIsSaidBeforeAMissingOutput() throws {
    let dir = try CLI.temporaryDirectory()
    let ball = CLI.repository.appendingPathComponent("Fixtures/bouncing-ball.png").path
    expectOneLineError(
      try CLI.run(["diff", ball, ball, "--diff-color", "red"], in: dir),
      "--diff-color red: expected a colour as six hexadecimal digits, RRGGBB (ff00ff)")
    expectOneLineError(
      try CLI.run(["diff", ball, ball, "--diff-color", "ff0000"], in: dir), "--diff-color changes the diff image; it needs -o DIFF.png")
  }

  /// `play -o frames/` over an earlier, longer run: refused, offering --clean, which removes
  /// the earlier numbered frames beyond the new ones and nothing else.
  @Test func cleanRemovesOnlyTheEarlierRunsFrames() throws {
    let dir = try CLI.temporaryDirectory()
    let ball = CLI.repository.appendingPathComponent("Examples/bouncing-ball.json").path
    let small = ["--width", "100", "--height", "60"]
    #expect(try CLI.run(["play", ball, "--frames", "1:5", "-o", "f/"] + small, in: dir).status == 0)
    try write("mine", to: dir.appendingPathComponent("f/notes.txt"))
    let refused = try CLI.run(["play", ball, "--frames", "1:3", "-o", "f/"] + small, in: dir)
    expectOneLineError(refused, "-o f/: holds 0004.png and 1 more frames beyond the 3 written now; add --clean to remove them")
    let cleaned = try CLI.run(["play", ball, "--frames", "1:3", "--clean", "-o", "f/"] + small, in: dir)
    #expect(cleaned.status == 0, "\(cleaned.stderr)")
    #expect(try names(dir.appendingPathComponent("f")) == ["0001.png", "0002.png", "0003.png", "notes.txt"])
    expectOneLineError(
      try CLI.run(["play", ball, "--clean", "-o", "a.apng"] + small, in: dir), "--clean removes the frames of an earlier run in -o FOLDER/")
  }

  /// --clean decides before anything is written: a folder in the name of a frame beyond the
  /// new ones is refused, and the earlier frames are left exactly as they were (they were
  /// replaced, and some removed, before the refusal).
  @Test func cleanLeavesTheFolderAsItWasWhenItCannotRemove() throws {
    let dir = try CLI.temporaryDirectory()
    let ball = CLI.repository.appendingPathComponent("Examples/bouncing-ball.json").path
    let small = ["--width", "100", "--height", "60"]
    #expect(try CLI.run(["play", ball, "--frames", "1:6", "-o", "f/"] + small, in: dir).status == 0)
    let f = dir.appendingPathComponent("f")
    try FileManager.default.removeItem(at: f.appendingPathComponent("0006.png"))
    try FileManager.default.createDirectory(at: f.appendingPathComponent("0006.png"), withIntermediateDirectories: false)
    let before = try (1...5).map { try Data(contentsOf: f.appendingPathComponent(String(format: "%04d.png", $0))) }
    let refused = try CLI.run(["play", ball, "--frames", "1:3", "--width", "120", "--height", "70", "--clean", "-o", "f/"], in: dir)
    expectOneLineError(refused, "-o f/: f/0006.png is a folder, not a frame of an earlier run")
    let after = try (1...5).map { try Data(contentsOf: f.appendingPathComponent(String(format: "%04d.png", $0))) }
    #expect(after == before)
  }
}
