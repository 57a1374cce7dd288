import Foundation
import Testing

/// Inputs found by an adversarial review: each used to crash, hang or clobber a file.
/// Every one must now end with exit 0 or a one-line error and exit 2.
@Suite("animplot with hostile inputs")
struct RobustnessTests {
  let ball = "Examples/bouncing-ball.json"

  static func oneLineError(_ r: CLI.Result) -> Bool {
    r.status == 2 && r.stderr.hasPrefix("animplot: ") && r.stderr.filter { $0 == "\n" }.count == 1
  }

  @Test func anOutputEqualToAnInputIsRefusedAndTheInputIsKept() throws {
    let dir = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let input = dir.appendingPathComponent("ball.json")
    try FileManager.default.copyItem(at: CLI.repository.appendingPathComponent(ball), to: input)
    let before = try Data(contentsOf: input)
    for arguments in [
      ["recalc", "ball.json", "-o", "ball.json"],
      ["recalc", "ball.json", "-o", "./ball.json"],
      ["eval", "ball.json", "--at", "1", "-o", "ball.json"],
      ["graph", "ball.json", "-o", "ball.json"],
    ] {
      let r = try CLI.run(arguments, in: dir)
      #expect(Self.oneLineError(r), "\(arguments): \(r.status) \(r.stderr)")
      #expect(r.stderr.contains("ball.json"), "\(r.stderr)")
      #expect(try Data(contentsOf: input) == before, "\(arguments) changed its input")
    }
  }

  @Test(arguments: [
    ["eval", "Examples/bouncing-ball.json", "--range", "1:1e30"],
    ["eval", "Examples/bouncing-ball.json", "--range", "1:10:0"],
    ["eval", "Examples/bouncing-ball.json", "--at", "0x10"],
    ["eval", "Examples/bouncing-ball.json", "--at", "nan"],
    ["eval", "Examples/bouncing-ball.json", "--at", "inf"],
  ])
  func framesThatCannotBeListedAreOneLineErrors(_ arguments: [String]) throws {
    let r = try CLI.run(arguments)
    #expect(Self.oneLineError(r), "\(arguments): \(r.status) \(r.stderr)")
  }

  @Test func aHugeCurrentFrameDrawsInsteadOfTrapping() throws {
    let dir = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    for verb in ["timeline", "graph"] {
      let out = dir.appendingPathComponent("\(verb).png").path
      let r = try CLI.run([verb, ball, "--current-frame", "1e19", "-o", out])
      #expect(r.status == 0, "\(verb): \(r.stderr)")
      #expect(FileManager.default.fileExists(atPath: out))
    }
  }

  @Test func aFullStandardOutputIsAnErrorNotASilentSuccess() throws {
    guard FileManager.default.isWritableFile(atPath: "/dev/full") else { return }
    let process = Process()
    process.executableURL = CLI.binary
    process.arguments = ["eval", ball, "--channels", "X Location"]
    process.currentDirectoryURL = CLI.repository
    process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
    let err = Pipe()
    process.standardError = err
    try process.run()
    let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 2, "\(message)")
    #expect(message.contains("standard output"), "\(message)")
  }

  @Test func aByteOrderMarkIsSkipped() throws {
    let r = try CLI.run(
      ["eval", "-", "--at", "30"],
      stdin: "\u{FEFF}" + #"{"timeline": [0, 60], "channels": {"offset": [100, 160]}, "interpolation": "linear"}"#)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout == "frame,offset\n30,130\n")
  }

  @Test func aPathologicalChannelPatternAnswersQuickly() throws {
    // Exponential backtracking took minutes on this; the two-pointer matcher is linear.
    let pattern = String(repeating: "*a", count: 40) + "b"
    let r = try CLI.run(["eval", ball, "--at", "1", "--channels", pattern])
    #expect(r.status == 2, "\(r.stderr)")
    #expect(r.stderr.contains("no channel matches"), "\(r.stderr)")
  }
}
