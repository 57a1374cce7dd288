import AnimplotCairo
import AnimplotCanvas
import Foundation
import AnimplotGolden
import Testing

/// `animplot diff` end to end: the built binary, its exit codes, its output and its files.
@Suite struct DiffCommandTests {
  /// The CLI built by `swift build` / `swift test` in this package.
  static let binary = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent(".build/debug/animplot")

  struct Run {
    var status: Int32
    var stdout: Data
    var stderr: String
    var text: String { String(decoding: stdout, as: UTF8.self) }
  }

  static func animplot(_ arguments: [String]) throws -> Run {
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus, stdout: stdout,
      stderr: String(decoding: stderr, as: UTF8.self))
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
    #expect(FileManager.default.isExecutableFile(atPath: Self.binary.path), "run swift build first")
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
    #expect(run.text == "differ: size 400×200 vs 400×201\n")
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
    #expect(try ImageFile.read(path: f.path("sbs.png")) == comparison.sideBySideImage())
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
}
