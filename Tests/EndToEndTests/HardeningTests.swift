import AnimplotCanvas
import AnimplotGolden
import AnimplotTestSupport
import Foundation
import Testing

/// Issue 10's findings, one test each, by category: each asserts the exit code, the one-line
/// message, and that no file appeared or changed.
@Suite("hardening, end to end")
struct HardeningTests {
  let ball = "Examples/bouncing-ball.json"

  /// The names in `dir`, sorted.
  func names(_ dir: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
  }

  // MARK: Options

  @Test(arguments: [
    (["eval", "--at", "1e39"], "--at: '1e39' does not fit a 32-bit float"),
    (["eval", "--range", "1e308:1e308"], "--range: '1e308:1e308' does not fit a 32-bit float"),
    (["eval", "--range", "0:10:1e39"], "--range: '0:10:1e39' does not fit a 32-bit float"),
    (["graph", "--current-frame", "1e39"], "--current-frame: '1e+39' does not fit a 32-bit float"),
    (["graph", "--frames=-1e39:0"], "--frames: '-1e39:0' does not fit a 32-bit float"),
    (["graph", "--values=0:4e38"], "--values: '0:4e38' does not fit a 32-bit float"),
  ])
  func aNumberThatDoesNotFitAFloatIsRefusedAsInAFile(arguments: [String], message: String) throws {
    let dir = try CLI.temporaryDirectory()
    let out = dir.appendingPathComponent(arguments[0] == "eval" ? "v.csv" : "g.png").path
    let r = try CLI.run([arguments[0], ball] + arguments.dropFirst() + ["-o", out])
    #expect(r.status == 2)
    #expect(r.stderr.hasPrefix("animplot: " + message), "\(r.stderr)")
    #expect(r.stderr.split(separator: "\n").count == 1)
    #expect(try names(dir).isEmpty)
  }

  @Test(arguments: [
    (["grpah", "x.json", "-o", "x.png"], "unknown command 'grpah'; did you mean 'graph'?"),
    (["dopesheat", "x.json"], "unknown command 'dopesheat'; did you mean 'dopesheet'?"),
    (["help", "nonsense"], "unknown command 'nonsense' (see 'animplot --help')"),
    (["help", "evl"], "unknown command 'evl'; did you mean 'eval'?"),
  ])
  func anUnknownVerbIsAnErrorWithASuggestion(arguments: [String], message: String) throws {
    let r = try CLI.run(arguments)
    #expect(r.status == 2)
    #expect(r.stderr.hasPrefix("animplot: " + message), "\(r.stderr)")
    #expect(r.stdout.isEmpty)
  }

  @Test func helpOfAVerbStillWorks() throws {
    let r = try CLI.run(["help", "eval"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.contains("--range"))
  }

  // MARK: Outputs

  @Test func aFileOutputsFolderMustExist() throws {
    let dir = try CLI.temporaryDirectory()
    let out = dir.appendingPathComponent("missing/deeper/g.png").path
    let r = try CLI.run(["graph", ball, "-o", out])
    #expect(r.status == 2)
    #expect(
      r.stderr == "animplot: -o \(out): the folder \(dir.path)/missing/deeper does not exist; "
        + "create it, or end -o with / to write into a new folder\n")
    #expect(try names(dir).isEmpty, "no folder made")
  }

  @Test func aFolderOutputMakesItsFolder() throws {
    let dir = try CLI.temporaryDirectory()
    let r = try CLI.run(["graph", ball, "--width", "64", "--height", "64", "-o", dir.path + "/new/"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(try names(dir.appendingPathComponent("new")) == ["bouncing-ball.png"])
  }

  @Test func aClosedStandardOutputEndsQuietly() throws {
    // `animplot eval ... | head -1`: the reader goes away after one line (9.6 million values,
    // under Limits.evaluatedValues).
    let process = Process()
    process.executableURL = CLI.binary
    process.arguments = ["eval", ball, "--range", "0:1600000"]
    process.currentDirectoryURL = CLI.repository
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    _ = out.fileHandleForReading.readData(ofLength: 64)
    try out.fileHandleForReading.close()
    let errors = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationReason == .exit && process.terminationStatus == 0)
    #expect(String(decoding: errors, as: UTF8.self) == "")
  }

  @Test(arguments: [SIGTERM, SIGINT])
  func aSignalLeavesNoTemporaryFile(signal: Int32) throws {
    // Many outputs into one folder are staged as temporary files beside their places and
    // put in place together at the end: a signal meanwhile must remove them.
    let dir = try CLI.temporaryDirectory()
    let inputs = try (0..<400).map { i -> String in
      let path = dir.appendingPathComponent("in\(i).json").path
      try FileManager.default.copyItem(atPath: CLI.repository.appendingPathComponent(ball).path, toPath: path)
      return path
    }
    let out = dir.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
    // Spawned with default signal handling: the test runner's own (ignored or blocked
    // signals) would be inherited through Foundation's Process.
    let pid = try spawnWithDefaultSignals(
      [CLI.binary.path, "graph"] + inputs + ["--width", "400", "--height", "300", "-o", out.path + "/"])
    var sawTemporary = false
    for _ in 0..<3000 {
      if try names(out).contains(where: { $0.hasSuffix(".tmp") }) {
        sawTemporary = true
        break
      }
      usleep(2000)
    }
    #expect(sawTemporary, "the run ended before a temporary file was seen")
    kill(pid, signal)
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    #expect(status & 0x7F == signal, "ended by the signal, not exit \(status >> 8)")
    let left = try names(out)
    #expect(left.isEmpty, "left: \(left.prefix(3))")
  }

  /// Starts `arguments` with every signal at its default and none blocked (`Spawn`).
  func spawnWithDefaultSignals(_ arguments: [String]) throws -> pid_t { try Spawn.withDefaultSignals(arguments) }

  // MARK: check

  /// A case folder with one passing case, `a.json` and its reference `a.png`.
  func caseFolder() throws -> URL {
    let dir = try CLI.temporaryDirectory()
    let cases = dir.appendingPathComponent("cases")
    try FileManager.default.createDirectory(at: cases, withIntermediateDirectories: false)
    try FileManager.default.copyItem(
      atPath: CLI.repository.appendingPathComponent(ball).path, toPath: cases.appendingPathComponent("a.json").path)
    try Data("graph --width 64 --height 48\n".utf8).write(to: cases.appendingPathComponent("a.args"))
    let r = try CLI.run(["check", cases.path, "--record", "missing"], in: dir)
    #expect(r.status == 1, "recorded: \(r.stdout)")
    return cases
  }

  @Test(arguments: [("--report", "a.json"), ("--junit", "a.png"), ("--junit", "a.args"), ("--report", "./a.png")])
  func aReportOverAFileOfTheRunIsRefused(option: String, file: String) throws {
    let cases = try caseFolder()
    let before = try Data(contentsOf: cases.appendingPathComponent(file))
    let r = try CLI.run(["check", cases.path, option, file], in: cases)
    #expect(r.status == 2)
    #expect(r.stderr == "animplot: \(option) \(file): that is a file of the case folder \(cases.path); choose another path\n")
    #expect(try Data(contentsOf: cases.appendingPathComponent(file)) == before)
  }

  @Test func aReportOverAReferenceStillToBeRecordedIsRefused() throws {
    let cases = try caseFolder()
    try FileManager.default.copyItem(
      at: cases.appendingPathComponent("a.json"), to: cases.appendingPathComponent("b.json"))
    let r = try CLI.run(["check", cases.path, "--junit", cases.path + "/b.png"])
    #expect(r.status == 2)
    #expect(r.stderr.contains("that is a file of the case folder"), "\(r.stderr)")
    #expect(!FileManager.default.fileExists(atPath: cases.appendingPathComponent("b.png").path))
  }

  @Test func entriesThatAreNotFilesAreReportedAndNotRead() throws {
    let cases = try caseFolder()
    #expect(mkfifo(cases.appendingPathComponent("pipe.json").path, 0o644) == 0)
    try FileManager.default.createSymbolicLink(
      atPath: cases.appendingPathComponent("gone.json").path, withDestinationPath: "nowhere.json")
    try FileManager.default.createSymbolicLink(
      atPath: cases.appendingPathComponent("zero.json").path, withDestinationPath: "/dev/zero")
    // Artifacts of its own: the default folder, in the working directory, is other tests' too.
    let artifacts = try CLI.temporaryDirectory().appendingPathComponent("artifacts").path
    let r = try CLI.run(["check", cases.path, "--record", "never", "--artifacts", artifacts])
    #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
    #expect(
      r.stdout == """
        SKIPPED gone.json: a dangling symbolic link, left out
        SKIPPED pipe.json: a FIFO, left out
        SKIPPED zero.json: a character device, left out
        1 passed, 0 failed

        """)
  }

  @Test func aReferenceOfOddShapeFailsItsCaseOnly() throws {
    let cases = try caseFolder()
    try FileManager.default.copyItem(
      at: cases.appendingPathComponent("a.json"), to: cases.appendingPathComponent("b.json"))
    try Data(PNGFile.blank(width: 65536, height: 1)).write(to: cases.appendingPathComponent("b.png"))
    let r = try CLI.run(["check", cases.path, "--record", "never", "--artifacts", cases.path + "/../artifacts"])
    #expect(r.status == 1, "\(r.stderr)")
    #expect(r.stdout.contains("b.png: "), "\(r.stdout)")
    #expect(r.stdout.hasSuffix("1 passed, 1 failed\nartifacts of the failing cases: \(cases.path)/../artifacts/\n"), "\(r.stdout)")
  }

  @Test func aReferenceThatIsASymbolicLinkIsNotRecordedThrough() throws {
    let cases = try caseFolder()
    let victim = cases.deletingLastPathComponent().appendingPathComponent("victim.png")
    try Data("mine".utf8).write(to: victim)
    try FileManager.default.copyItem(
      at: cases.appendingPathComponent("a.json"), to: cases.appendingPathComponent("j.json"))
    try FileManager.default.createSymbolicLink(
      atPath: cases.appendingPathComponent("j.png").path, withDestinationPath: victim.path)
    let r = try CLI.run(["check", cases.path, "--record", "all"])
    #expect(r.status == 1)
    #expect(r.stdout.contains("j.png: a symbolic link; references are recorded only as files in the case folder"), "\(r.stdout)")
    #expect(try Data(contentsOf: victim) == Data("mine".utf8))
  }

  @Test func aReferenceReachedThroughAFolderLinkIsNotRecorded() throws {
    let cases = try caseFolder()
    let elsewhere = cases.deletingLastPathComponent().appendingPathComponent("elsewhere")
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: false)
    try FileManager.default.copyItem(
      at: cases.appendingPathComponent("a.json"), to: elsewhere.appendingPathComponent("e.json"))
    try FileManager.default.createSymbolicLink(
      atPath: cases.appendingPathComponent("ext").path, withDestinationPath: elsewhere.path)
    let r = try CLI.run(["check", cases.path, "--record", "all"])
    #expect(r.status == 1)
    #expect(r.stdout.contains("ext/e.png: reached through a link"), "\(r.stdout)")
    #expect(try names(elsewhere) == ["e.json"])
  }

  @Test func aReferenceReachedThroughALinkToAFolderInsideIsNotRecorded() throws {
    let cases = try caseFolder()
    let sub = cases.appendingPathComponent("sub")
    try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: false)
    try FileManager.default.copyItem(at: cases.appendingPathComponent("a.json"), to: sub.appendingPathComponent("c.json"))
    try FileManager.default.createSymbolicLink(atPath: cases.appendingPathComponent("inside").path, withDestinationPath: "sub")
    let r = try CLI.run(["check", cases.path, "--record", "all"])
    #expect(r.stdout.contains("inside/c.png: reached through a link"), "\(r.stdout)")
    #expect(r.status == 1)
    #expect(try names(sub) == ["c.json"], "nothing written through the link")
  }

  @Test func aReferenceThatIsAFIFOIsNotRecordedInto() throws {
    let cases = try caseFolder()
    try FileManager.default.copyItem(
      at: cases.appendingPathComponent("a.json"), to: cases.appendingPathComponent("f.json"))
    #expect(mkfifo(cases.appendingPathComponent("f.png").path, 0o644) == 0)
    let r = try CLI.run(["check", cases.path, "--record", "missing"])
    #expect(r.status == 1)
    #expect(r.stdout.contains("f.png: not a regular file; references are recorded only as files in the case folder"), "\(r.stdout)")
  }

  @Test func aFailedPutInPlaceLeavesNoTemporaryFileBehind() throws {
    let dir = try CLI.temporaryDirectory()
    let out = dir.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
    var inputs: [String] = []
    for name in ["a", "b", "c"] {
      let path = dir.appendingPathComponent(name + ".json").path
      try FileManager.default.copyItem(atPath: CLI.repository.appendingPathComponent(ball).path, toPath: path)
      inputs.append(path)
    }
    // The first output is a link to a full device: refused before anything is staged (it was
    // written through, and the two staged after it had to be removed).
    try FileManager.default.createSymbolicLink(atPath: out.appendingPathComponent("a.png").path, withDestinationPath: "/dev/full")
    let r = try CLI.run(["graph"] + inputs + ["--width", "64", "--height", "64", "-o", out.path + "/"])
    #expect(r.status == 2)
    #expect(r.stderr.contains("a.png is a symbolic link, not an output of an earlier run"), "\(r.stderr)")
    #expect(try names(out) == ["a.png"])
  }

  @Test func aLoopOfSymbolicLinksIsNotReplaced() throws {
    let dir = try CLI.temporaryDirectory()
    let one = dir.appendingPathComponent("one.png").path, two = dir.appendingPathComponent("two.png").path
    try FileManager.default.createSymbolicLink(atPath: one, withDestinationPath: "two.png")
    try FileManager.default.createSymbolicLink(atPath: two, withDestinationPath: "one.png")
    let r = try CLI.run(["graph", ball, "--width", "64", "--height", "64", "-o", one])
    #expect(r.status == 2)
    #expect(r.stderr == "animplot: \(one): cannot write: Too many levels of symbolic links\n", "\(r.stderr)")
    var info = stat()
    #expect(lstat(one, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK, "still a link")
  }

  @Test func aPNGPastThePixelLimitIsRefusedBeforeItIsDrawn() throws {
    let dir = try CLI.temporaryDirectory()
    let out = dir.appendingPathComponent("big.png").path
    let r = try CLI.run(["graph", ball, "--width", "16384", "--height", "16384", "--scale", "1.99", "-o", out])
    #expect(r.status == 2)
    #expect(r.stderr.contains("a 16384×16384 PNG at scale 1.99 has more than 67108864 device pixels"), "\(r.stderr)")
    #expect(try names(dir).isEmpty)
  }

  /// Keys far from zero whose handles still fit 32-bit floats are drawn (their handles are
  /// worked out from squared distances, so keys further apart than about 1.8e19 overflow, and
  /// are refused by every verb alike: `everyVerbRefusesAFileWhoseAutoHandlesOverflow`).
  @Test(arguments: ["graph", "dopesheet", "timeline"])
  func keysFarFromZeroAreDrawn(verb: String) throws {
    let dir = try CLI.temporaryDirectory()
    let input = dir.appendingPathComponent("far.json")
    try Data(#"{"tracks": [{"dataPath": "a", "keyframes": [{"frame": 1e20, "value": 0}, {"frame": 1.01e20, "value": -1e18}]}]}"#.utf8)
      .write(to: input)
    let r = try CLI.run([verb, input.path, "--width", "200", "--height", "120", "-o", dir.appendingPathComponent("far.png").path])
    #expect(r.status == 0, "\(r.stderr)")
  }

  @Test func lottiePrecompsThatMultiplyAreRefused() throws {
    // comp i holds two layers of comp i+1: 2^21 layer instances from 9 KB.
    var assets: [String] = []
    for i in 0..<20 {
      assets.append(#"{"id": "c\#(i)", "layers": [{"ty": 0, "refId": "c\#(i + 1)", "ks": {}}, {"ty": 0, "refId": "c\#(i + 1)", "ks": {}}]}"#)
    }
    assets.append(#"{"id": "c20", "layers": [{"ty": 4, "nm": "S", "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [0, 0]}, {"t": 10, "s": [5, 5]}]}}}]}"#)
    let json = #"{"v": "5.7.0", "fr": 24, "ip": 0, "op": 10, "w": 10, "h": 10, "assets": [\#(assets.joined(separator: ", "))], "layers": [{"ty": 0, "refId": "c0", "ks": {}}]}"#
    let dir = try CLI.temporaryDirectory()
    let input = dir.appendingPathComponent("fan.json")
    try Data(json.utf8).write(to: input)
    let r = try CLI.run(["eval", input.path, "--at", "1"])
    #expect(r.status == 2)
    #expect(r.stderr.contains("precomps instantiate more than 100000 layers"), "\(r.stderr)")
  }

  // MARK: Memory

  @Test func imagesWhoseUnionIsHugeAreComparedWithoutAllocatingIt() throws {
    let dir = try CLI.temporaryDirectory()
    let wide = dir.appendingPathComponent("wide.png"), tall = dir.appendingPathComponent("tall.png")
    try Data(PNGFile.blank(width: 65536, height: 1)).write(to: wide)
    try Data(PNGFile.blank(width: 1, height: 65536)).write(to: tall)
    // Compared without -o: the summary, no allocation of the 65536×65536 union.
    let r = try CLI.run(["diff", wide.path, tall.path])
    #expect(r.status == 1, "\(r.stderr)")
    #expect(r.stdout.hasPrefix("differ: size 65536×1 vs 1×65536"), "\(r.stdout)")
    // A diff image would be padded to the union, past the image limit: refused, nothing written
    // (it used to hold the common area only, against what the help promises).
    let out = dir.appendingPathComponent("d.png")
    let refused = try CLI.run(["diff", wide.path, tall.path, "-o", out.path])
    #expect(refused.status == 2, "\(refused.stderr)")
    #expect(refused.stderr.contains("image limit"), "\(refused.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out.path))
  }

  @Test(arguments: ["abc", "0", "-1", "9999999999G", "1.5G"])
  func aLimitThatIsNotASizeIsRefused(value: String) throws {
    let r = try CLI.run(["eval", ball, "--at", "1"], environment: ["ANIMPLOT_MAX_INPUT": value])
    #expect(r.status == 2)
    #expect(r.stderr.hasPrefix("animplot: ANIMPLOT_MAX_INPUT=\(value): expected a number of bytes"), "\(r.stderr)")
    #expect(r.stdout.isEmpty)
  }

  // An endless PNG input stopping at the input limit: DiffSafetyTests.aPNGStreamStopsAtTheInputLimit
  // (/dev/zero, no longer read past its first 8 bytes, is DiffSafetyTests' signature test).

  @Test func aHugeNameIsDrawnCutWithAnEllipsis() throws {
    let dir = try CLI.temporaryDirectory()
    var text = try String(contentsOfFile: CLI.repository.appendingPathComponent(ball).path, encoding: .utf8)
    // As long as a name may be (`Limits.nameBytes`), far past what is drawn.
    let long = String(repeating: "N", count: 1_024)
    text = text.replacingOccurrences(of: "\"name\": \"BouncingBall\"", with: "\"name\": \"\(long)\"")
    let input = dir.appendingPathComponent("long.json")
    try Data(text.utf8).write(to: input)
    for verb in ["graph", "dopesheet"] {
      let r = try CLI.run([verb, input.path, "-o", "-", "--format", "displaylist"])
      #expect(r.status == 0, "\(r.stderr)")
      let drawn = "\"" + String(repeating: "N", count: 199) + "…\""
      #expect(r.stdout.contains(drawn), "\(verb)")
      #expect(!r.stdout.contains(String(repeating: "N", count: 200)), "\(verb)")
    }
  }
}

/// Blank PNG files of any shape, through the library's encoder.
enum PNGFile {
  /// An opaque black image.
  static func blank(width: Int, height: Int) -> [UInt8] {
    ImageFile.pngBytes(RGBAImage(width: width, height: height, fill: (0, 0, 0, 255)))
  }

  static func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 255), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
}
