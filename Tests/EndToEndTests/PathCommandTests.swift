import AnimplotTestSupport
import Foundation
import Testing

/// `animplot path` through the built binary: every format, the options, and bad usage (exit 2,
/// one line, no file).
@Suite("path through the binary")
struct PathCommandTests {
  static let ball = "Fixtures/bouncing-ball.json"

  @Test func writesEveryFormat() throws {
    let dir = try CLI.temporaryDirectory()
    for name in ["out.png", "out.svg", "out.pdf", "out.txt"] {
      let r = try CLI.run(["path", Self.ball, "-o", dir.appendingPathComponent(name).path])
      try #require(r.status == 0, "\(r.stderr)")
      #expect(r.stdout.isEmpty && r.stderr.isEmpty)
    }
    let png = try Data(contentsOf: dir.appendingPathComponent("out.png"))
    #expect(pngSize(png).map { [$0.0, $0.1] } == [1600, 900])
    #expect(try Data(contentsOf: dir.appendingPathComponent("out.pdf")).starts(with: Array("%PDF-".utf8)))
    let list = try String(contentsOf: dir.appendingPathComponent("out.txt"), encoding: .utf8)
    #expect(list.hasPrefix("canvas 1600 900\n"))
    #expect(list.contains(#""Front Orthographic""#) && list.contains(#""(23) BouncingBall""#))
  }

  @Test func optionsChangeThePicture() throws {
    let dir = try CLI.temporaryDirectory()
    func list(_ options: [String]) throws -> String {
      let out = dir.appendingPathComponent("l.txt")
      let r = try CLI.run(["path", Self.ball, "-o", out.path, "--width", "640", "--height", "360"] + options)
      try #require(r.status == 0, "\(r.stderr)")
      return try String(contentsOf: out, encoding: .utf8)
    }
    let base = try list([])
    #expect(try list(["--plane", "xy"]).contains(#""Top Orthographic""#))
    #expect(try list(["--plane", "yz"]).contains(#""Right Orthographic""#))
    #expect(try list(["--theme", "light"]).contains("color=#ffffff"))
    let part = try list(["--frames", "20:60", "--step", "0.5", "--current-frame", "30"])
    #expect(part != base && part.contains(#""(30) BouncingBall""#))
    #expect(part.contains(#""23""#) && !part.contains(#""68""#))  // keys within the frames only
    #expect(try list([]) == base)
  }

  @Test(arguments: [
    (["path", "Fixtures/compact.json", "--channels", "offset"], "Fixtures/compact.json: no location channels to trace; "),
    (["path", ball, "--plane", "xw"], "--plane 'xw': expected xz, xy or yz"),
    (["path", ball, "--step", "0"], "--step 0.0: expected a number of frames above 0"),
    (["path", ball, "--step", "1e-9"], "frames to sample, more than 5000000"),
    (["path", ball, "--frames", "9:3"], "--frames: the end must be greater than the start"),
  ])
  func badUsageExitsTwoWithOneLineAndNoFile(arguments: [String], message: String) throws {
    let dir = try CLI.temporaryDirectory()
    let r = try CLI.run(arguments + ["-o", dir.path + "/out.png"])
    #expect(r.status == 2)
    #expect(r.stdout.isEmpty)
    #expect(r.stderr.hasPrefix("animplot: ") && r.stderr.contains(message), "\(r.stderr)")
    #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
  }
}
