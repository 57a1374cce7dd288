import AnimplotCanvas
import AnimplotGolden
import AnimplotTestSupport
import Foundation
import Testing

/// An adversarial review's findings on reading inputs and on error lines, one test each, run
/// through the binary: bounded reads of non-PNG and non-action streams, `diff -o` past the
/// image limit, user text in error lines, palette indices past PLTE.
@Suite("diff and input safety, end to end")
struct DiffSafetyTests {
  /// Runs `script` with `/bin/sh -c` in `directory`, the binary's path in `$A`.
  func shell(_ script: String, in directory: URL, environment: [String: String] = [:]) throws -> CLI.Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script]
    process.currentDirectoryURL = directory
    var merged = ProcessInfo.processInfo.environment
    merged["A"] = CLI.binary.path
    for (name, value) in environment { merged[name] = value }
    process.environment = merged
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CLI.Result(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }

  func folderWithImages() throws -> URL {
    let dir = try CLI.temporaryDirectory()
    try Data(PNGFile.blank(width: 2, height: 2)).write(to: dir.appendingPathComponent("a.png"))
    try Data(PNGFile.blank(width: 2, height: 2)).write(to: dir.appendingPathComponent("b.png"))
    return dir
  }

  // MARK: Bounded reads

  /// Under an 800 MB address-space limit, reading /dev/zero up to the 1 GiB input limit
  /// aborted (exit 134); a PNG input now stops at its first 8 bytes.
  @Test(arguments: [
    ("\"$A\" diff a.png - < /dev/zero", "animplot: <stdin>: not a PNG image (no PNG signature)\n"),
    ("\"$A\" diff - a.png < /dev/zero", "animplot: <stdin>: not a PNG image (no PNG signature)\n"),
    ("\"$A\" diff /dev/zero a.png", "animplot: /dev/zero: not a PNG image (no PNG signature)\n"),
    ("\"$A\" diff a.png b.png --mask /dev/zero", "animplot: --mask /dev/zero: not a PNG image (no PNG signature)\n"),
  ])
  func aNonPNGStreamIsRefusedAtItsSignature(script: String, message: String) throws {
    let dir = try folderWithImages()
    let r = try shell(Sanitizer.addressSpaceLimit(kilobytes: 800_000) + script, in: dir)
    #expect(r.status == 2, "\(r.stderr)")
    #expect(r.stderr == message)
  }

  /// An action input that no kind of input can begin (a zero byte) is refused at its first byte.
  @Test(arguments: ["graph - -o z.png", "eval -", "dopesheet - -o z.png"])
  func aZeroStreamIsRefusedAsAnAction(verb: String) throws {
    let dir = try CLI.temporaryDirectory()
    let r = try shell(Sanitizer.addressSpaceLimit(kilobytes: 800_000) + "\"$A\" \(verb) < /dev/zero", in: dir)
    #expect(r.status == 2, "\(r.stderr)")
    #expect(r.stderr.hasPrefix("animplot: -: cannot tell what kind of input this is"), "\(r.stderr)")
    #expect(r.stderr.split(separator: "\n").count == 1)
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
  }

  /// An endless stream of text that starts like an action is read until memory runs out,
  /// which is a one-line error (exit 2) rather than an abort (exit 134); the release binary
  /// aborted here when the optimiser removed the memory probe (`ANIMPLOT_BINARY` runs these
  /// tests on it).
  @Test(.disabled(if: Sanitizer.name != nil, Sanitizer.skipReason))
  func runningOutOfMemoryWhileReadingIsAnError() throws {
    let dir = try CLI.temporaryDirectory()
    let r = try shell("ulimit -v 400000; yes '{' | \"$A\" graph - -o z.png", in: dir)
    #expect(r.status == 2, "\(r.stderr)")
    #expect(r.stderr == "animplot: -: cannot read: Cannot allocate memory\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
  }

  /// A text stream that sends a NUL byte (`{` then /dev/zero) is read no further than the
  /// chunk that has it: the decoder's error, at once, not a gigabyte read.
  @Test func aTextStreamStopsAtItsFirstNULChunk() throws {
    let dir = try CLI.temporaryDirectory()
    let r = try shell(Sanitizer.addressSpaceLimit(kilobytes: 200_000) + "(printf '{'; cat /dev/zero) | \"$A\" graph - -o z.png", in: dir)
    #expect(r.status == 2, "\(r.stderr)")
    #expect(r.stderr == "animplot: -:1:2: invalid JSON: expected a string key\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
  }

  /// A stream that starts as a PNG is still read up to the input limit.
  @Test func aPNGStreamStopsAtTheInputLimit() throws {
    let dir = try folderWithImages()
    let r = try shell(
      "(printf '\\211PNG\\r\\n\\032\\n'; cat /dev/zero) | \"$A\" diff - a.png", in: dir,
      environment: ["ANIMPLOT_MAX_INPUT": "1M"])
    #expect(r.status == 2)
    #expect(
      r.stderr == "animplot: <stdin>: cannot read: it is larger than animplot's input limit, 1 MiB "
        + "(set ANIMPLOT_MAX_INPUT to raise it)\n")
  }

  // MARK: diff -o past the image limit

  /// 9000×10 against 10×9000: the padded diff image (9000×9000) passes the pixel limit, so
  /// -o is refused rather than writing the 10×10 overlap.
  @Test(arguments: [false, true])
  func aPaddedDiffImagePastTheLimitIsRefused(sideBySide: Bool) throws {
    let dir = try CLI.temporaryDirectory()
    try Data(PNGFile.blank(width: 9000, height: 10)).write(to: dir.appendingPathComponent("wide.png"))
    try Data(PNGFile.blank(width: 10, height: 9000)).write(to: dir.appendingPathComponent("tall.png"))
    let r = try CLI.run(
      ["diff", "wide.png", "tall.png", "-o", "d.png"] + (sideBySide ? ["--side-by-side"] : []), in: dir)
    #expect(r.status == 2, "\(r.stderr)")
    #expect(
      r.stderr == "animplot: -o d.png: the 9000×9000 diff image (both images padded to the larger width and "
        + "height) passes animplot's image limit of 67108864 pixels (8192×8192); compare without -o\n")
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("d.png").path))
  }

  /// Without -o the comparison still runs; its worst window lies beyond the overlap, every
  /// pixel of it differing (it was a 10×10 window of the overlap, with none).
  @Test func theWorstWindowPastTheLimitCountsThePaddedArea() throws {
    let dir = try CLI.temporaryDirectory()
    try Data(PNGFile.blank(width: 9000, height: 10)).write(to: dir.appendingPathComponent("wide.png"))
    try Data(PNGFile.blank(width: 10, height: 9000)).write(to: dir.appendingPathComponent("tall.png"))
    let r = try CLI.run(["diff", "wide.png", "tall.png", "--format", "json"], in: dir)
    #expect(r.status == 1, "\(r.stderr)")
    #expect(r.stdout.contains("\"worstWindow\":{\"size\":16,\"x\":10,\"y\":0,\"pixels\":256}"), "\(r.stdout)")
  }

  // MARK: User text in error lines

  func actionWithKey(_ key: String) throws -> (URL, URL) {
    let dir = try CLI.temporaryDirectory()
    var text = try String(contentsOfFile: CLI.repository.appendingPathComponent("Examples/bouncing-ball.json").path, encoding: .utf8)
    text = "{\"" + key + "\": 1, " + text.drop { $0 != "{" }.dropFirst()
    let input = dir.appendingPathComponent("in.json")
    try Data(text.utf8).write(to: input)
    return (dir, input)
  }

  /// A 100,000-character unknown key was echoed whole (a 100 KB line); it is cut at 80.
  @Test func aHugeUnknownKeyIsCutInTheMessage() throws {
    let (dir, input) = try actionWithKey(String(repeating: "k", count: 100_000))
    let r = try CLI.run(["eval", input.path], in: dir)
    #expect(r.status == 2)
    #expect(r.stderr.contains("unknown field \"" + String(repeating: "k", count: 80) + "…\""), "\(r.stderr.prefix(300))")
    #expect(r.stderr.utf8.count < 400, "\(r.stderr.utf8.count) bytes")
  }

  /// A zero-width space or a bidirectional control in a key is shown, so the key does not
  /// read as the field it imitates.
  @Test(arguments: [("\u{200B}dataPath", "\\u{200B}dataPath"), ("data\u{202E}Path", "data\\u{202E}Path"),
    ("\u{301}x", "\\u{301}x")])
  func anInvisibleCharacterInAKeyIsEscaped(key: String, shown: String) throws {
    let (dir, input) = try actionWithKey(key)
    let r = try CLI.run(["eval", input.path], in: dir)
    #expect(r.status == 2)
    #expect(r.stderr.contains("unknown field \"\(shown)\""), "\(r.stderr)")
  }

  // MARK: Palette indices

  /// A palette PNG whose pixels use an index past the end of its PLTE was read as black.
  @Test func aPaletteIndexPastPLTEIsAnInvalidPNG() throws {
    let dir = try folderWithImages()
    try Data(PalettePNG.make(width: 2, height: 1, bitDepth: 8, palette: 1, rows: [[0, 0, 5]]))
      .write(to: dir.appendingPathComponent("bad.png"))
    let r = try CLI.run(["diff", "bad.png", "a.png"], in: dir)
    #expect(r.status == 2)
    #expect(r.stderr == "animplot: bad.png: corrupt PNG file: palette index 5 past the end of the PLTE chunk's 1 colour\n")
  }

  /// Packed indices: 2 bits at width 5 leave 6 padding bits, which are not pixels; Adam7's
  /// passes of a 2×1 image are one pixel each.
  struct PaletteCase: Sendable {
    var depth: UInt8, width: Int, colours: Int, interlaced: Bool, rows: [[UInt8]], problem: String?
  }

  @Test(arguments: [
    PaletteCase(depth: 2, width: 5, colours: 3, interlaced: false, rows: [[0, 0b00_01_10_10, 0b01_111111]], problem: nil),
    PaletteCase(
      depth: 2, width: 5, colours: 3, interlaced: false, rows: [[0, 0b00_01_10_11, 0b01_000000]],
      problem: "palette index 3 past the end of the PLTE chunk's 3 colours"),
    PaletteCase(depth: 4, width: 3, colours: 2, interlaced: false, rows: [[0, 0x01, 0x1F]], problem: nil),
    PaletteCase(depth: 1, width: 9, colours: 1, interlaced: false, rows: [[0, 0x00, 0x7F]], problem: nil),
    PaletteCase(
      depth: 1, width: 9, colours: 1, interlaced: false, rows: [[0, 0x00, 0x80]],
      problem: "palette index 1 past the end of the PLTE chunk's 1 colour"),
    PaletteCase(depth: 8, width: 2, colours: 2, interlaced: true, rows: [[0, 1], [0, 0]], problem: nil),
    PaletteCase(
      depth: 8, width: 2, colours: 2, interlaced: true, rows: [[0, 1], [0, 2]],
      problem: "palette index 2 past the end of the PLTE chunk's 2 colours"),
  ])
  func paletteIndicesAreCheckedPixelByPixel(_ c: PaletteCase) throws {
    let (depth, width, colours, interlaced, rows, problem) = (c.depth, c.width, c.colours, c.interlaced, c.rows, c.problem)
    let dir = try CLI.temporaryDirectory()
    try Data(
      PalettePNG.make(
        width: width, height: 1, bitDepth: depth, palette: colours, rows: rows, interlaced: interlaced)
    ).write(to: dir.appendingPathComponent("p.png"))
    let r = try CLI.run(["diff", "p.png", "p.png"], in: dir)
    if let problem {
      #expect(r.status == 2)
      #expect(r.stderr == "animplot: p.png: corrupt PNG file: \(problem)\n")
    } else {
      #expect(r.status == 0, "\(r.stderr)")
    }
  }
}

/// Hand-made palette PNGs (colour type 3), IDAT stored uncompressed.
enum PalettePNG {
  /// `rows`: each a filter byte and the packed indices; `palette` colours, shades of red.
  static func make(width: Int, height: Int, bitDepth: UInt8, palette: Int, rows: [[UInt8]], interlaced: Bool = false) -> [UInt8] {
    var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    out += chunk("IHDR", be(UInt32(width)) + be(UInt32(height)) + [bitDepth, 3, 0, 0, interlaced ? 1 : 0])
    out += chunk("PLTE", (0..<palette).flatMap { [UInt8(255 - $0), 0, 0] })
    let raw = rows.flatMap { $0 }
    var z: [UInt8] = [0x78, 0x01, 0x01, UInt8(raw.count & 0xFF), UInt8(raw.count >> 8)]
    z += [UInt8(~raw.count & 0xFF), UInt8((~raw.count >> 8) & 0xFF)]
    z += raw
    var a: UInt32 = 1, b: UInt32 = 0
    for byte in raw {
      a = (a + UInt32(byte)) % 65521
      b = (b + a) % 65521
    }
    z += be(b << 16 | a)
    out += chunk("IDAT", z)
    out += chunk("IEND", [])
    return out
  }

  static func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let body = Array(type.utf8) + data
    var c: UInt32 = 0xFFFF_FFFF
    for byte in body {
      c ^= UInt32(byte)
      for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }
    return be(UInt32(data.count)) + body + be(~c)
  }
}
