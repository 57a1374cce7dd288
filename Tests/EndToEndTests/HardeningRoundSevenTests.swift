import Foundation
import Testing

/// `check` and `merge` after the seventh adversarial trial: what a merge reads is bounded, and
/// refused before it is parsed; a report's folder is checked before any case runs; a name that
/// is not UTF-8 fails the run; an animation reference is weighed before it is decoded.
@Suite("check and merge: the seventh trial")
struct HardeningRoundSevenTests {
  typealias Cases = CheckCommandTests.Cases

  /// A summary of one run of three passing cases, `whole.json`, in `c`'s folder.
  func summary(in c: Cases) throws -> URL {
    _ = try c.check()
    #expect(try c.check(["--json", "whole.json"]).status == 0)
    return c.root.appendingPathComponent("whole.json")
  }

  /// A million cases of 238 bytes each took merge 2.1 GB: the cases of the summaries, all
  /// together, are counted before each is parsed, and refused past `Limits.summaryCases`.
  @Test func mergeCountsTheCasesBeforeParsing() throws {
    let c = try Cases()
    defer { c.remove() }
    let whole = try summary(in: c)
    // The elements are only counted: what they are is never read.
    func cases(_ n: Int) -> String {
      "{\"format\": \"animplot-check-summary\", \"version\": 1, \"cases\": ["
        + Array(repeating: "0", count: n).joined(separator: ",") + "]}"
    }
    try Data(cases(100_001).utf8).write(to: c.root.appendingPathComponent("many.json"))
    var r = try CLI.run(["merge", "many.json", "--report", "out.html"], in: c.root)
    #expect(r.status == 2)
    #expect(
      r.stderr
        == "animplot: many.json: cases: more than 100000; merge reads at most 100000 cases, all its summaries together: split the run into smaller ones (--filter)\n")
    // With the cases of the summaries before it.
    try Data(cases(99_998).utf8).write(to: c.root.appendingPathComponent("more.json"))
    r = try CLI.run(["merge", whole.lastPathComponent, "more.json", "--report", "out.html"], in: c.root)
    #expect(r.status == 2)
    #expect(r.stderr.hasPrefix("animplot: more.json: cases: more than 99997 (the summaries before it hold 3); "), "\(r.stderr)")
    #expect(!FileManager.default.fileExists(atPath: c.root.appendingPathComponent("out.html").path))
  }

  /// Summaries are held read and their images written again: their bytes together are
  /// bounded by `Limits.summaryBytes`, a file past it refused before it is read.
  @Test func mergeBoundsTheBytesOfTheSummaries() throws {
    let c = try Cases()
    defer { c.remove() }
    let big = c.root.appendingPathComponent("big.json")
    #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
    let handle = try FileHandle(forWritingTo: big)
    try handle.truncate(atOffset: (128 << 20) + 1)
    try handle.close()
    let r = try CLI.run(["merge", "big.json"], in: c.root)
    #expect(r.status == 2)
    #expect(
      r.stderr
        == "animplot: big.json: more than 134217728 bytes; merge reads at most 128 MiB of summaries, all together: split the run into smaller ones (--filter)\n")
  }

  /// Bytes that are not UTF-8 in a summary are refused at their place (they were read as
  /// U+FFFD, and written back into the reports).
  @Test func mergeRefusesBytesThatAreNotUTF8() throws {
    let c = try Cases()
    defer { c.remove() }
    var bytes = Array(try Data(contentsOf: try summary(in: c)))
    let folder = Array("\"folder\": \"cases\"".utf8)
    let at = try #require((0...(bytes.count - folder.count)).first { Array(bytes[$0..<($0 + folder.count)]) == folder })
    bytes[at + folder.count - 2] = 0xFF
    try Data(bytes).write(to: c.root.appendingPathComponent("bad.json"))
    let r = try CLI.run(["merge", "bad.json"], in: c.root)
    #expect(r.status == 2, "\(r.stdout)")
    #expect(r.stderr.hasPrefix("animplot: bad.json: not JSON (line "), "\(r.stderr)")
    #expect(r.stderr.hasSuffix(": invalid UTF-8 in a string)\n"), "\(r.stderr)")
  }

  /// A report whose folder does not exist was refused after every case had run (and its
  /// references were recorded); it is refused first now, as an artifacts folder over a file.
  @Test func outputsWhoseFolderCannotBeWrittenAreRefusedFirst() throws {
    let c = try Cases()
    defer { c.remove() }
    try Data("a file".utf8).write(to: c.root.appendingPathComponent("file"))
    for (arguments, message) in [
      (["--report", "nodir/r.html"], "--report nodir/r.html: the folder nodir does not exist; make it first"),
      (["--junit", "file/j.xml"], "--junit file/j.xml: file is not a folder; make it first"),
      (["--json", "nodir/deeper/s.json"], "--json nodir/deeper/s.json: the folder nodir/deeper does not exist; make it first"),
    ] {
      let r = try c.check(arguments)
      #expect(r.status == 2, "\(arguments)")
      #expect(r.stdout.isEmpty, "\(r.stdout)")
      #expect(r.stderr == "animplot: \(message)\n")
    }
    let r = try CLI.run(
      ["check", "cases", "--artifacts", "file/art"], in: c.root, environment: CheckCommandTests.local)
    #expect(r.status == 2)
    #expect(r.stderr == "animplot: --artifacts file/art: file is not a folder; check makes the artifacts folder, but not over a file\n")
    // Nothing was drawn, so nothing recorded.
    for name in ["pass.png", "fail.png", "new.png"] { #expect(!c.exists(name), "\(name)") }
  }

  /// A case folder's entry whose name is not UTF-8 was SKIPPED and the run passed: it is an
  /// error now, before anything is drawn.
  @Test func anEntryWhoseNameIsNotUTF8FailsTheRun() throws {
    let c = try Cases()
    defer { c.remove() }
    var path = Array((c.cases + "/caf").utf8CString.dropLast()) + [CChar(bitPattern: 0xE9)] + Array(".json".utf8CString)
    let fd = path.withUnsafeMutableBufferPointer { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
    try #require(fd >= 0)
    close(fd)
    let r = try c.check()
    #expect(r.status == 2, "\(r.stdout)")
    #expect(
      r.stderr
        == "animplot: cases/caf\\xE9.json: a name that is not UTF-8 text; animplot reads every path as UTF-8: rename it (or give it a name starting with '.' to leave it out)\n")
    #expect(!c.exists("pass.png"))
  }

  /// An APNG reference of 33 frames of 8192 × 8192 (past `Limits.animationPixels`) is refused
  /// before a frame is decoded (100 such frames took 2 s each).
  @Test func anAnimationReferenceIsWeighedBeforeItIsDecoded() throws {
    let c = try Cases()
    defer { c.remove() }
    try c.add("anim", options: "play --width 64 --height 48 --frames 1:2")
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
      let body = Array(type.utf8) + data
      return be(data.count) + body + be(Int(crc32(body)))
    }
    var apng: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    apng += chunk("IHDR", be(8192) + be(8192) + [8, 6, 0, 0, 0])
    apng += chunk("acTL", be(33) + be(0))
    for i in 0..<33 {
      apng += chunk("fcTL", be(i) + be(8192) + be(8192) + be(0) + be(0) + [0, 1, 0, 10, 0, 0])
    }
    apng += chunk("IDAT", [0x78, 0x9C]) + chunk("IEND", [])
    try Data(apng).write(to: c.file("anim.apng"))
    let r = try c.check(["--only", "anim", "--record", "never"])
    #expect(r.status == 1, "\(r.stderr)")
    #expect(
      r.stdout.hasPrefix(
        "ERROR anim.apng: cases/anim.apng: 33 frames of 8192×8192 pixels, more than the 2147483648 pixels of all the frames of one animation animplot compares; record a shorter or smaller animation\n"),
      "\(r.stdout)")
  }

  /// `--artifacts` naming the case folder itself said "no cases".
  @Test func theCaseFolderIsNoArtifactsFolder() throws {
    let c = try Cases()
    defer { c.remove() }
    for folder in ["cases", "cases/", "./cases/../cases"] {
      let r = try CLI.run(["check", "cases", "--artifacts", folder], in: c.root, environment: CheckCommandTests.local)
      #expect(r.status == 2)
      #expect(
        r.stderr
          == "animplot: --artifacts \(folder): that is the case folder cases itself, where artifacts would be taken for references: use a folder outside it, or a hidden one inside (the default .animplot-artifacts)\n")
    }
  }

  /// Four bytes, big-endian.
  func be(_ n: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: n >> (24 - 8 * $0)) } }

  /// PNG's CRC-32.
  func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return crc ^ 0xFFFF_FFFF
  }
}
