import AnimplotCairo
import AnimplotCanvas
import AnimplotGolden
import AnimplotTestSupport
import Foundation
import Testing

/// `animplot diff` end to end: the built binary, its exit codes, its output and its files.
@Suite struct DiffCommandTests {
  /// What a run of the binary printed: its exit status, standard output, standard error.
  struct DiffRun {
    var status: Int32
    var stdout: Data
    var stderr: String
    var text: String { String(decoding: stdout, as: UTF8.self) }
  }

  /// Runs the binary under test (`Repository.binary`: `$ANIMPLOT_BINARY`, else the debug build,
  /// then the release one) with `arguments` (`Run`).
  static func animplot(_ arguments: [String], stdin: Data? = nil, in directory: URL? = nil) throws -> DiffRun {
    let run = try Run.of(Repository.binary, arguments, stdin: stdin ?? Data(), in: directory)
    return DiffRun(status: run.status, stdout: run.stdout, stderr: run.errors)
  }

  /// A fresh folder holding the test images as PNG files.
  struct Folder {
    let url: URL
    init() throws {
      url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "animplot-diff-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      try write(TestImages.curve(), "curve.png")
      try write(TestImages.curve(shift: 1), "shifted.png")
      try write(TestImages.curve(ink: (46, 43, 40), background: (252, 253, 255)), "tinted.png")
      try write(TestImages.curve(height: 201), "taller.png")
      let bytes = ImageFile.pngBytes(TestImages.curve())
      try Data(bytes.prefix(bytes.count / 2)).write(to: url.appendingPathComponent("truncated.png"))
      try Data("not an image\n".utf8).write(to: url.appendingPathComponent("text.png"))
    }
    func write(_ image: RGBAImage, _ name: String) throws {
      try Data(ImageFile.pngBytes(image)).write(to: url.appendingPathComponent(name))
    }
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: path(name)) }
    func remove() { try? FileManager.default.removeItem(at: url) }
  }

  @Test func binaryIsBuilt() {
    #expect(FileManager.default.isExecutableFile(atPath: Repository.binary.path), "run swift build first")
  }

  @Test func identicalImagesExitZero() throws {
    let f = try Folder()
    defer { f.remove() }
    let run = try Self.animplot(["diff", f.path("curve.png"), f.path("curve.png")])
    #expect(run.status == 0)
    #expect(run.text == "match: identical (400×200)\n")
    #expect(run.stderr.isEmpty)
  }

  @Test func shiftedCurveExitsOneInBothModes() throws {
    let f = try Folder()
    defer { f.remove() }
    let exact = try Self.animplot(["diff", f.path("curve.png"), f.path("shifted.png")])
    #expect(exact.status == 1)
    #expect(exact.text.hasPrefix("differ: 1506 pixels (1.8825%), worst 16×16 window 60 px"))
    #expect(exact.stderr.isEmpty)
    let perceptual = try Self.animplot([
      "diff", "--perceptual", f.path("curve.png"), f.path("shifted.png"),
    ])
    #expect(perceptual.status == 1)
    #expect(perceptual.text.hasSuffix("; exceeds max 0.1% of pixels and max 24 px per window\n"))
  }

  @Test func slightTintPassesPerceptuallyOnly() throws {
    let f = try Folder()
    defer { f.remove() }
    #expect(try Self.animplot(["diff", f.path("curve.png"), f.path("tinted.png")]).status == 1)
    let run = try Self.animplot(["diff", "--perceptual", f.path("curve.png"), f.path("tinted.png")])
    #expect(run.status == 0)
    #expect(run.text == "match: 0 pixels (0%), RMS 2.08\n")
  }

  @Test func budgetsFromTheCommandLine() throws {
    let f = try Folder()
    defer { f.remove() }
    let a = f.path("curve.png")
    let b = f.path("shifted.png")
    #expect(try Self.animplot(["diff", a, b, "--max-diff-pixels", "1506"]).status == 0)
    #expect(try Self.animplot(["diff", a, b, "--max-diff-pixels", "1505"]).status == 1)
    #expect(try Self.animplot(["diff", a, b, "--max-diff-ratio", "0.02"]).status == 0)
    #expect(
      try Self.animplot(["diff", a, b, "--max-diff-ratio", "0.02", "--max-window-pixels", "59"])
        .status == 1)
    #expect(
      try Self.animplot([
        "diff", a, b, "--perceptual", "--include-aa", "--max-diff-ratio", "1",
        "--max-window-pixels", "60",
      ]).status == 0)
    #expect(
      try Self.animplot([
        "diff", a, b, "--perceptual", "--threshold", "1", "--max-window-pixels", "0",
      ]).status == 0)
  }

  @Test func otherSizeExitsOneAndStillDrawsTheDiff() throws {
    let f = try Folder()
    defer { f.remove() }
    let run = try Self.animplot([
      "diff", f.path("curve.png"), f.path("taller.png"), "-o", f.path("diff.png"),
    ])
    #expect(run.status == 1)
    #expect(run.text.hasPrefix("differ: size 400×200 vs 400×201; 1758 pixels (2.1866%), "), "\(run.text)")
    let diff = try ImageFile.read(path: f.path("diff.png"))
    #expect(diff.width == 400 && diff.height == 201)
  }

  @Test func diffImageAndSideBySide() throws {
    let f = try Folder()
    defer { f.remove() }
    let run = try Self.animplot([
      "diff", "--perceptual", f.path("curve.png"), f.path("shifted.png"), "-o", f.path("diff.png"),
    ])
    #expect(run.status == 1)
    let comparison = ImageComparison(
      expected: TestImages.curve(), actual: TestImages.curve(shift: 1), options: .perceptual)
    #expect(try ImageFile.read(path: f.path("diff.png")) == comparison.diffImage())
    let sbs = try Self.animplot([
      "diff", "--perceptual", f.path("curve.png"), f.path("shifted.png"), "-o", f.path("sbs.png"),
      "--side-by-side",
    ])
    #expect(sbs.status == 1)
    #expect(
      try ImageFile.read(path: f.path("sbs.png"))
        == comparison.sideBySideImage(
          expectedName: f.path("curve.png"), actualName: f.path("shifted.png")))
  }

  @Test func diffImageToStandardOutputPutsTheSummaryOnStandardError() throws {
    let f = try Folder()
    defer { f.remove() }
    let run = try Self.animplot(["diff", f.path("curve.png"), f.path("shifted.png"), "-o", "-"])
    #expect(run.status == 1)
    #expect(try PNGDecoder.decode(bytes: Array(run.stdout)).width == 400)
    #expect(run.stderr.hasPrefix("differ: 1506 pixels"))
  }

  @Test func jsonFormat() throws {
    let f = try Folder()
    defer { f.remove() }
    let run = try Self.animplot([
      "diff", f.path("curve.png"), f.path("shifted.png"), "--format", "json",
    ])
    #expect(run.status == 1)
    let object = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
    #expect(object["match"] as? Bool == false)
    #expect(object["differingPixels"] as? Int == 1506)
    #expect((object["actual"] as? [String: Any])?["path"] as? String == f.path("shifted.png"))
  }

  @Test(arguments: [
    ("missing.png", ": cannot read: No such file or directory"),
    ("truncated.png", ": truncated PNG file (it ends before its IEND chunk)"),
    ("text.png", ": not a PNG image (no PNG signature)"),
    ("", ": cannot read: Is a directory"),
  ])
  func unreadableInputExitsTwoNamingTheFile(name: String, message: String) throws {
    let f = try Folder()
    defer { f.remove() }
    let bad = name.isEmpty ? f.url.path : f.path(name)
    let run = try Self.animplot(["diff", f.path("curve.png"), bad, "-o", f.path("diff.png")])
    #expect(run.status == 2)
    #expect(run.text.isEmpty)
    #expect(run.stderr == "animplot: \(bad)\(message)\n")
    #expect(!f.exists("diff.png"))
  }

  @Test(arguments: [
    (
      ["--perceptual", "--threshold", "1.5"],
      "--threshold: threshold must be between 0 and 1, not 1.5"
    ),
    (["--threshold", "0.2"], "--threshold applies only with --perceptual"),
    (["--include-aa"], "--include-aa applies only with --perceptual"),
    (
      ["--max-diff-pixels", "-3"],
      "--max-diff-pixels: differing-pixel budget must be 0 or more, not -3"
    ),
    (
      ["--max-diff-ratio", "2"],
      "--max-diff-ratio: differing-pixel ratio must be between 0 and 1, not 2.0"
    ),
    (
      ["--max-diff-pixels", "1", "--max-diff-ratio", "0.1"],
      "--max-diff-pixels and --max-diff-ratio cannot be used together"
    ),
    (["--window", "0"], "--window: window size must be at least 1 pixel, not 0"),
    (
      ["--max-window-pixels", "-1"],
      "--max-window-pixels: window budget must be 0 or more pixels, not -1"
    ),
  ])
  func badOptionsExitTwoAndWriteNothing(options: [String], message: String) throws {
    let f = try Folder()
    defer { f.remove() }
    let run = try Self.animplot(
      ["diff", f.path("curve.png"), f.path("shifted.png"), "-o", f.path("diff.png")] + options)
    #expect(run.status == 2)
    #expect(run.stderr == "animplot: \(message)\n")
    #expect(!f.exists("diff.png"))
  }

  @Test func sideBySideNeedsAnOutput() throws {
    let f = try Folder()
    defer { f.remove() }
    let run = try Self.animplot([
      "diff", f.path("curve.png"), f.path("shifted.png"), "--side-by-side",
    ])
    #expect(run.status == 2)
    #expect(run.stderr == "animplot: --side-by-side needs -o DIFF.png\n")
  }

  @Test func unparsableValuesExitTwo() throws {
    let f = try Folder()
    defer { f.remove() }
    for options in [
      ["--threshold", "abc", "--perceptual"], ["--format", "xml"], ["--window", "1.5"],
    ] {
      let run = try Self.animplot(["diff", f.path("curve.png"), f.path("shifted.png")] + options)
      #expect(run.status == 2)
      #expect(run.stderr.hasPrefix("animplot: ") && run.stderr.filter { $0 == "\n" }.count == 1)
    }
  }

  // MARK: 16-bit files, output formats, ignored pixels, colours

  /// A 16-bit RGB file of the curve (each 8-bit value v as v·257), with the low byte of one
  /// sample changed by `change`.
  static func sixteenBitCurve(change: Int = 0) -> [UInt8] {
    let curve = TestImages.curve(width: 40, height: 20)
    var samples = stride(from: 0, to: curve.pixels.count, by: 4).flatMap { i in
      (0..<3).map { Int(curve.pixels[i + $0]) * 257 }
    }
    samples[(7 * 40 + 9) * 3 + 1] ^= change  // green of pixel (9, 7): its low byte only
    return PNGFixture(width: 40, height: 20, colorType: .rgb, bitDepth: 16, samples: samples)
      .encode()
  }

  @Test func sixteenBitFilesDifferingInALowByteDiffer() throws {
    let f = try Folder()
    defer { f.remove() }
    try Data(Self.sixteenBitCurve()).write(to: f.url.appendingPathComponent("a16.png"))
    try Data(Self.sixteenBitCurve(change: 1)).write(to: f.url.appendingPathComponent("b16.png"))
    try f.write(TestImages.curve(width: 40, height: 20), "a8.png")
    let exact = try Self.animplot(["diff", f.path("a16.png"), f.path("b16.png")])
    #expect(exact.status == 1)
    #expect(exact.text.hasPrefix("differ: 1 pixel (0.125%), worst 16×16 window 1 px"))
    #expect(exact.text.contains("bbox 9,7–9,7"))
    let same = try Self.animplot(["diff", f.path("a16.png"), f.path("a16.png")])
    #expect(same.status == 0 && same.text == "match: identical (40×20)\n")
    // An 8-bit file equals its exact widening to 16 bits, not a file one step away.
    #expect(try Self.animplot(["diff", f.path("a8.png"), f.path("a16.png")]).status == 0)
    #expect(try Self.animplot(["diff", f.path("a8.png"), f.path("b16.png")]).status == 1)
    let perceptual = try Self.animplot(["diff", "--perceptual", f.path("a16.png"), f.path("b16.png")])
    #expect(perceptual.status == 0)
    #expect(perceptual.text == "match: 0 pixels (0%), RMS 0.00; 16-bit samples compared at 8 bits\n")
    let help = try Self.animplot(["diff", "--help"])
    #expect(help.text.contains("16-bit samples are scaled to 8 bits"))
  }

  @Test(arguments: ["d.gif", "d.GIF", "d.svg", "d.jpg"])
  func diffImageFormatsOtherThanPNGAreRefused(name: String) throws {
    let f = try Folder()
    defer { f.remove() }
    let run = try Self.animplot(["diff", f.path("curve.png"), f.path("shifted.png"), "-o", f.path(name)])
    #expect(run.status == 2)
    #expect(run.stderr == "animplot: -o \(f.path(name)): diff writes a PNG image; name it .png\n")
    #expect(run.text.isEmpty)
    #expect(!f.exists(name))
  }

  @Test func eitherImageMayComeFromStandardInput() throws {
    let f = try Folder()
    defer { f.remove() }
    let shifted = try Data(contentsOf: f.url.appendingPathComponent("shifted.png"))
    let second = try Self.animplot(["diff", f.path("curve.png"), "-"], stdin: shifted)
    #expect(second.status == 1 && second.text.hasPrefix("differ: 1506 pixels"))
    let first = try Self.animplot(["diff", "-", f.path("shifted.png")], stdin: shifted)
    #expect(first.status == 0 && first.text == "match: identical (400×200)\n")
  }

  @Test func ignoreAndMaskLeavePixelsOut() throws {
    let f = try Folder()
    defer { f.remove() }
    // The shifted curve differs from column 0 to 399; ignoring two bands leaves the middle.
    let run = try Self.animplot([
      "diff", f.path("curve.png"), f.path("shifted.png"), "--ignore", "0,0,100,200",
      "--ignore", "300,0,100,200", "-o", f.path("diff.png"), "--format", "json",
    ])
    #expect(run.status == 1)
    let object = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
    #expect(object["ignoredPixels"] as? Int == 40_000)
    #expect(object["comparedPixels"] as? Int == 40_000)
    let box = try #require(object["boundingBox"] as? [String: Int])
    #expect(box["minX"] == 100 && box["maxX"] == 299)
    let diff = try ImageFile.read(path: f.path("diff.png"))
    #expect(diff.pixel(1, 0) == [150, 150, 160, 255])  // hatched: ignored
    #expect(diff.pixel(101, 0) == [255, 255, 255, 255])  // compared, unchanged

    // A mask covering everything: nothing is compared, so nothing differs.
    try f.write(RGBAImage(width: 400, height: 200, fill: (255, 255, 255, 255)), "all.png")
    let masked = try Self.animplot(["diff", f.path("curve.png"), f.path("shifted.png"), "--mask", f.path("all.png")])
    #expect(masked.status == 0)
    #expect(masked.text == "match: 0 pixels (0%), 80000 ignored, RMS 0.00\n")
    // A black mask leaves everything compared.
    try f.write(RGBAImage(width: 400, height: 200, fill: (0, 0, 0, 255)), "none.png")
    let unmasked = try Self.animplot(["diff", f.path("curve.png"), f.path("shifted.png"), "--mask", f.path("none.png")])
    #expect(unmasked.status == 1 && unmasked.text.hasPrefix("differ: 1506 pixels"))
  }

  @Test func diffColoursFromTheCommandLine() throws {
    let f = try Folder()
    defer { f.remove() }
    func colours(_ options: [String]) throws -> Set<[UInt8]> {
      let run = try Self.animplot(
        ["diff", f.path("curve.png"), f.path("shifted.png"), "-o", f.path("c.png")] + options)
      #expect(run.status == 1)
      let image = try ImageFile.read(path: f.path("c.png"))
      return Set(stride(from: 0, to: image.pixels.count, by: 4).map { Array(image.pixels[$0..<$0 + 4]) })
    }
    let standard = try colours([])
    #expect(standard.contains([255, 0, 0, 255]) && standard.contains([0, 0, 255, 255]))
    // --diff-color alone paints every difference, as pixelmatch's diffColor does.
    let one = try colours(["--diff-color", "cd2cc9"])
    #expect(one.contains([0xCD, 0x2C, 0xC9, 255]))
    #expect(!one.contains([255, 0, 0, 255]) && !one.contains([0, 0, 255, 255]))
    let two = try colours(["--diff-color", "#cd2cc9", "--diff-color-alt", "00aa00"])
    #expect(two.contains([0xCD, 0x2C, 0xC9, 255]) && two.contains([0, 0xAA, 0, 255]))
    let aa = try Self.animplot([
      "diff", "--perceptual", f.path("curve.png"), f.path("shifted.png"), "-o", f.path("aa.png"),
      "--aa-color", "00ffff",
    ])
    #expect(aa.status == 1)
    let aaImage = try ImageFile.read(path: f.path("aa.png"))
    #expect(stride(from: 0, to: aaImage.pixels.count, by: 4).contains { Array(aaImage.pixels[$0..<$0 + 4]) == [0, 255, 255, 255] })
  }

  @Test(arguments: [
    (["--ignore", "1,2,3"], "--ignore 1,2,3: expected X,Y,W,H, four whole numbers (left, top, width, height in pixels)"),
    (["--ignore", "a,b,c,d"], "--ignore a,b,c,d: expected X,Y,W,H, four whole numbers (left, top, width, height in pixels)"),
    (["--ignore", "-1,0,5,5"], "--ignore -1,0,5,5: X and Y must be 0 or more"),
    (["--ignore", "0,0,0,5"], "--ignore 0,0,0,5: width and height must be at least 1 pixel"),
    (["--ignore", "400,0,5,5"], "--ignore 400,0,5,5: the rectangle starts outside the 400×200 images"),
    (["--mask", "missing.png"], "--mask missing.png: cannot read: No such file or directory"),
    (["--mask", "small.png"], "--mask small.png: 40×20 pixels, but the expected image curve.png is 400×200; the mask must be its size"),
    (["--mask", "-"], "--mask -: the mask must be a file, not standard input"),
    (["--diff-color", "red"], "--diff-color red: expected a colour as six hexadecimal digits, RRGGBB (ff00ff)"),
    (["--diff-color-alt", "12345"], "--diff-color-alt 12345: expected a colour as six hexadecimal digits, RRGGBB (ff00ff)"),
    (["--aa-color", "#12345g"], "--aa-color #12345g: expected a colour as six hexadecimal digits, RRGGBB (ff00ff)"),
  ])
  func badIgnoreMaskAndColourValuesExitTwo(options: [String], message: String) throws {
    let f = try Folder()
    defer { f.remove() }
    try f.write(TestImages.curve(width: 40, height: 20), "small.png")
    let run = try Self.animplot(
      ["diff", "curve.png", "shifted.png", "-o", "diff.png"] + options, in: f.url)
    #expect(run.status == 2)
    #expect(run.stderr == "animplot: \(message)\n")
    #expect(run.text.isEmpty)
    #expect(!f.exists("diff.png"))
  }

  @Test func coloursNeedAnOutput() throws {
    let f = try Folder()
    defer { f.remove() }
    let run = try Self.animplot(["diff", f.path("curve.png"), f.path("shifted.png"), "--aa-color", "00ffff"])
    #expect(run.status == 2)
    #expect(run.stderr == "animplot: --aa-color changes the diff image; it needs -o DIFF.png\n")
  }

  /// pixelmatch's options by its meanings: --diff-color-alt marks where ACTUAL is darker,
  /// --alpha fades the grey, --diff-mask leaves only the differing pixels.
  @Test func pixelmatchDiffImageOptions() throws {
    let f = try Folder()
    defer { f.remove() }
    // A white image with a black 3×3 square; the actual one makes one pixel of it lighter
    // and one white pixel black.
    var expected = RGBAImage(width: 8, height: 8, fill: (255, 255, 255, 255))
    for y in 2..<5 { for x in 2..<5 { expected.set(x, y, (0, 0, 0, 255)) } }
    var actual = expected
    actual.set(3, 3, (200, 200, 200, 255))
    actual.set(6, 6, (0, 0, 0, 255))
    try f.write(expected, "e.png")
    try f.write(actual, "a.png")
    func diff(_ options: [String]) throws -> RGBAImage {
      let run = try Self.animplot(["diff", f.path("e.png"), f.path("a.png"), "-o", f.path("d.png")] + options)
      #expect(run.status == 1, "\(run.stderr)")
      return try ImageFile.read(path: f.path("d.png"))
    }
    let alt = try diff(["--diff-color-alt", "00ff00"])
    #expect(alt.pixel(6, 6) == [0, 255, 0, 255])  // darker: the alternative colour
    #expect(alt.pixel(3, 3) == [0, 0, 255, 255])  // lighter: --diff-color's default, blue
    let both = try diff(["--diff-color", "ff00ff", "--diff-color-alt", "00ff00"])
    #expect(both.pixel(3, 3) == [255, 0, 255, 255] && both.pixel(6, 6) == [0, 255, 0, 255])
    let faded = try diff(["--alpha", "0.5"])
    #expect(faded.pixel(2, 2) == [128, 128, 128, 255])  // 255 − 255·0.5, rounded
    let mask = try diff(["--diff-mask"])
    #expect(mask.pixel(2, 2) == [0, 0, 0, 0] && mask.pixel(0, 0) == [0, 0, 0, 0])
    #expect(mask.pixel(6, 6) == [255, 0, 0, 255])
  }

  @Test(arguments: [
    (["--alpha", "2", "-o", "d.png"], "--alpha 2.0: expected an opacity between 0 and 1"),
    (["--checkerboard"], "--checkerboard applies only with --perceptual"),
    (["--diff-mask"], "--diff-mask changes the diff image; it needs -o DIFF.png"),
    (["--diff-mask", "--side-by-side", "-o", "d.png"],
     "--diff-mask draws the diff alone, on a transparent background; leave out --side-by-side"),
  ])
  func badPixelmatchOptionsExitTwo(options: [String], message: String) throws {
    let f = try Folder()
    defer { f.remove() }
    let run = try Self.animplot(["diff", "curve.png", "shifted.png"] + options, in: f.url)
    #expect(run.status == 2)
    #expect(run.stderr == "animplot: \(message)\n")
    #expect(!f.exists("d.png"))
  }

  @Test func sideBySideShowsTheWorstWindowEnlarged() throws {
    let f = try Folder()
    defer { f.remove() }
    let run = try Self.animplot([
      "diff", f.path("curve.png"), f.path("shifted.png"), "-o", f.path("sbs.png"), "--side-by-side",
    ])
    #expect(run.status == 1)
    let sbs = try ImageFile.read(path: f.path("sbs.png"))
    // Three 400-pixel panels and two separators; 20 + 200 + 2 + 20 + the 32-pixel crop at 8×.
    #expect(sbs.width == 1204 && sbs.height == 20 + 200 + 2 + 20 + 32 * 8)
  }
}
