import Foundation
import Testing

/// Every verb as a `check` case: recorded, passing, then failing after a change, with the
/// failure said as the verb's output is compared (frames, pixels, keys by row).
@Suite("check: a case of every verb")
struct CheckVerbCasesTests {
  struct Verb: Sendable, CustomTestStringConvertible {
    var name: String
    /// The case's `NAME.args`, and whether it has the bouncing ball as input.
    var args: String
    var input = true
    /// The reference recorded.
    var reference: String
    /// The change that makes the case fail: new `NAME.args`, or the input's key at 39.5 moved.
    var changedArgs: String?
    /// What the FAIL line says.
    var failure: String
    var testDescription: String { name }
  }

  static let verbs: [Verb] = [
    Verb(
      name: "play", args: "play --width 160 --height 90 --frames 1:6", reference: "c.apng",
      changedArgs: "play --width 160 --height 90 --frames 1:6 --theme light",
      failure: "differ: 6 of 6 frames differ, first frame 1: differ: "),
    Verb(
      name: "play-key-moved", args: "play --width 160 --height 90 --frames 20:45 --step 5", reference: "c.apng",
      failure: "differ: 6 of 6 frames differ, first frame 1: differ: "),
    Verb(
      name: "preview", args: "preview --width 120 --height 80 --frames 30:50 --step 5", reference: "c.apng",
      failure: "differ: 5 of 5 frames differ, first frame 1: differ: "),
    Verb(
      name: "preview-filmstrip", args: "preview --filmstrip 3 --width 120 --height 80", reference: "c.png",
      changedArgs: "preview --filmstrip 3 --width 120 --height 80 --shape star", failure: "differ: "),
    Verb(
      name: "gallery", args: "gallery --only quad,back --width 600", input: false, reference: "c.png",
      changedArgs: "gallery --only quad,back --width 600 --theme light", failure: "differ: "),
    Verb(
      name: "morph", args: "morph --from square --to star --frames 4 --size 60", input: false, reference: "c.png",
      changedArgs: "morph --from square --to heart --frames 4 --size 60", failure: "differ: "),
    Verb(
      name: "morph-animation", args: "morph --from square --to star --frames 4 --size 60 --format apng", input: false,
      reference: "c.apng", changedArgs: "morph --from square --to heart --frames 4 --size 60 --format apng",
      failure: "differ: 4 of 4 frames differ, first frame 1: differ: "),
    Verb(
      name: "morph-curve", args: "morph --from square --to star --frames 4 --size 60 --channel 'Z Location'",
      reference: "c.png", failure: "differ: "),
    Verb(name: "path", args: "path --width 320 --height 200", reference: "c.png", failure: "differ: "),
    Verb(
      name: "edit", args: "edit --select 'location[2]:3' --translate 2,0", reference: "c.edited.json",
      failure: "differ: channel location[2]: key at frame 39.5 → 40.5 (handleLeft, handleRight changed)"),
    Verb(
      name: "dopesheet", args: "dopesheet --format json", reference: "c.layout.json",
      failure: "differ: row 'Z Location' (location[2]): key at frame 39.5 → 40.5"),
    Verb(
      name: "graph-layout", args: "graph --format json --width 800 --height 450", reference: "c.layout.json",
      failure: "differ: row 'Z Location' (location[2]): key at frame 39.5 → 40.5 (center changed)"),
  ]

  @Test(arguments: verbs)
  func passesThenFails(_ verb: Verb) throws {
    let folder = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let ball = try String(contentsOf: CLI.repository.appendingPathComponent("Examples/bouncing-ball.json"), encoding: .utf8)
    if verb.input { try ball.write(to: folder.appendingPathComponent("c.json"), atomically: true, encoding: .utf8) }
    try verb.args.write(to: folder.appendingPathComponent("c.args"), atomically: true, encoding: .utf8)
    let artifacts = folder.appendingPathComponent(".animplot-artifacts").path
    let recorded = try CLI.run(["check", folder.path, "--record", "missing", "--artifacts", artifacts])
    #expect(recorded.status == 1 && recorded.stdout.contains("RECORDED \(verb.reference): new reference recorded"), "\(recorded.stdout)\(recorded.stderr)")
    let reference = try Data(contentsOf: folder.appendingPathComponent(verb.reference))
    let passed = try CLI.run(["check", folder.path, "--artifacts", artifacts])
    #expect(passed.status == 0 && passed.stdout == "1 passed, 0 failed\n", "\(passed.stdout)\(passed.stderr)")

    if let changed = verb.changedArgs {
      try changed.write(to: folder.appendingPathComponent("c.args"), atomically: true, encoding: .utf8)
    } else {
      // One key moved: Z Location's at frame 39.5, to 40.5.
      let moved = ball.replacingOccurrences(of: "\"frame\": 39.5", with: "\"frame\": 40.5")
      #expect(moved != ball)
      try moved.write(to: folder.appendingPathComponent("c.json"), atomically: true, encoding: .utf8)
    }
    let failed = try CLI.run(["check", folder.path, "--record", "never", "--artifacts", artifacts])
    #expect(failed.status == 1, "\(failed.stdout)\(failed.stderr)")
    #expect(failed.stdout.hasPrefix("FAIL \(verb.reference): \(verb.failure)"), "\(failed.stdout)")
    // Nothing recorded over the reference.
    #expect(try Data(contentsOf: folder.appendingPathComponent(verb.reference)) == reference)
    if verb.reference.hasSuffix(".apng") {
      // The first differing frame, and the whole animation drawn now.
      let stem = verb.reference.dropLast(".apng".count)
      for name in ["\(stem).apng.expected.png", "\(stem).apng.actual.png", "\(stem).apng.diff.png", "\(stem).actual.apng"] {
        #expect(FileManager.default.fileExists(atPath: artifacts + "/" + name), "\(name)")
      }
    }
  }

  /// A folder of cases with the ball as `b.json`, and a way to give `b` its options and check
  /// the folder.
  struct BallCase {
    static let ball = CLI.repository.appendingPathComponent("Examples/bouncing-ball.json")
    let folder: URL

    init() throws {
      folder = try CLI.temporaryDirectory()
      try FileManager.default.copyItem(at: Self.ball, to: file("b.json"))
    }

    func file(_ name: String) -> URL { folder.appendingPathComponent(name) }

    /// `check` of the folder (`--record never` unless told), with `options` as `b.args`.
    func check(_ options: String, record: String = "never", in directory: URL? = nil) throws -> CLI.Result {
      try (options + "\n").write(to: file("b.args"), atomically: true, encoding: .utf8)
      return try CLI.run(["check", folder.path, "--record", record], in: directory)
    }
  }

  /// A file a case's options name (`edit --ops`, `graph --ghost`) is a file of its folder: named
  /// relative to it (not to where check runs), never absolute, with `..` or through a symbolic
  /// link (each may lead out), and never opened unless a file (a FIFO blocked the run for good).
  @Test(arguments: [
    ("edit --ops", "", "script", "a script file"),
    ("graph --ghost", " --width 320 --height 180", "ghost file", "a file of curves"),
  ])
  func filesCasesNameAreFilesOfTheFolder(option: String, size: String, what: String, expected: String) throws {
    // A script is no case's input (.ops); a ghost file is one, a case of its own too.
    let ext = option.hasPrefix("edit") ? "ops" : "json"
    let c = try BallCase()
    defer { try? FileManager.default.removeItem(at: c.folder) }
    try FileManager.default.createDirectory(at: c.file("more"), withIntermediateDirectories: false)
    let named = option.hasPrefix("edit") ? Data(#"{"ops": [{"op": "select_all"}]}"#.utf8) : try Data(contentsOf: BallCase.ball)
    try named.write(to: c.file("more/f.\(ext)"))
    // Recorded from elsewhere, then checked: the file is found beside the case.
    let recorded = try c.check("\(option) more/f.\(ext)\(size)", record: "missing", in: CLI.repository)
    #expect(recorded.stdout.contains("RECORDED b."), "\(recorded.stdout)\(recorded.stderr)")
    let passed = try c.check("\(option) more/f.\(ext)\(size)", in: CLI.repository)
    #expect(passed.status == 0, "\(passed.stdout)\(passed.stderr)")
    #expect(mkfifo(c.file("more/fifo.\(ext)").path, 0o644) == 0)
    let fifo = try c.check("\(option) more/fifo.\(ext)\(size)")
    #expect(fifo.status != 0 && (fifo.stdout + fifo.stderr).contains("fifo.\(ext): a FIFO, not \(expected)"), "\(fifo.stdout)\(fifo.stderr)")
    try FileManager.default.createSymbolicLink(atPath: c.file("more/link.\(ext)").path, withDestinationPath: c.file("more/f.\(ext)").path)
    try FileManager.default.createSymbolicLink(atPath: c.file("away").path, withDestinationPath: c.file("more").path)
    for linked in ["more/link.\(ext)", "away/f.\(ext)"] {
      let refused = try c.check("\(option) \(linked)\(size)")
      #expect(
        refused.status != 0 && (refused.stdout + refused.stderr).contains("reached through a symbolic link"),
        "\(refused.stdout)\(refused.stderr)")
    }
    for outside in ["/etc/passwd", "../f.\(ext)", "more/../../f.\(ext)"] {
      let refused = try c.check("\(option) \(outside)")
      #expect(
        refused.status == 2 && refused.stderr.contains("a case's \(what) is a file of its folder, named relative to it"),
        "\(refused.stdout)\(refused.stderr)")
    }
  }

  /// An animation of more frames whose first frames are the same pictures: the counts are said.
  @Test func animationOfMoreFrames() throws {
    let folder = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let ball = try String(contentsOf: CLI.repository.appendingPathComponent("Examples/bouncing-ball.json"), encoding: .utf8)
    try ball.write(to: folder.appendingPathComponent("c.json"), atomically: true, encoding: .utf8)
    try "play --width 160 --height 90 --frames 1:8 --no-channel-list".write(
      to: folder.appendingPathComponent("c.args"), atomically: true, encoding: .utf8)
    let artifacts = folder.appendingPathComponent(".animplot-artifacts").path
    _ = try CLI.run(["check", folder.path, "--record", "missing", "--artifacts", artifacts])
    try "play --width 160 --height 90 --frames 1:10 --no-channel-list".write(
      to: folder.appendingPathComponent("c.args"), atomically: true, encoding: .utf8)
    let failed = try CLI.run(["check", folder.path, "--record", "never", "--artifacts", artifacts])
    #expect(failed.status == 1)
    // The first eight frames are the same pictures: only the count differs.
    #expect(failed.stdout.hasPrefix("FAIL c.apng: differ: 10 frames, the reference has 8\n0 passed, 1 failed\n"), "\(failed.stdout)")
  }

  /// A folder's `check.args` gives the verb; a case's `NAME.args` adds options, with or without
  /// the verb again; another verb is refused naming both files.
  @Test func folderDefaultsWithCaseOptions() throws {
    let folder = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let ball = CLI.repository.appendingPathComponent("Examples/bouncing-ball.json")
    for name in ["a", "b", "c"] {
      try FileManager.default.copyItem(at: ball, to: folder.appendingPathComponent("\(name).json"))
    }
    try "play --width 160 --height 90 --frames 1:4\n".write(
      to: folder.appendingPathComponent("check.args"), atomically: true, encoding: .utf8)
    try "--theme light\n".write(to: folder.appendingPathComponent("b.args"), atomically: true, encoding: .utf8)
    try "# play three frames, the folder's verb again\nplay --frames 1:3\n".write(
      to: folder.appendingPathComponent("c.args"), atomically: true, encoding: .utf8)
    let artifacts = folder.appendingPathComponent(".animplot-artifacts").path
    let recorded = try CLI.run(["check", folder.path, "--record", "missing", "--artifacts", artifacts])
    #expect(
      recorded.stdout.contains("RECORDED a.apng") && recorded.stdout.contains("RECORDED b.apng")
        && recorded.stdout.contains("RECORDED c.apng"), "\(recorded.stdout)\(recorded.stderr)")
    // c's --frames 1:3 wins over the folder's 1:4: three frames.
    try FileManager.default.removeItem(at: folder.appendingPathComponent("c.args"))
    let fewer = try CLI.run(["check", folder.path, "--record", "never", "--only", "c.apng", "--artifacts", artifacts])
    #expect(fewer.stdout.hasPrefix("FAIL c.apng: differ: 4 frames, the reference has 3"), "\(fewer.stdout)")
    try "graph --width 100\n".write(to: folder.appendingPathComponent("c.args"), atomically: true, encoding: .utf8)
    let other = try CLI.run(["check", folder.path])
    #expect(other.status == 2)
    #expect(other.stderr.contains("c.args: the verb 'graph' is not the one of ") && other.stderr.contains("check.args, 'play'"), "\(other.stderr)")
  }
}
