import Foundation
import Testing

/// `graph --ghost OTHER`: the curves of another file drawn under the live ones, as Blender's
/// ghost curves.
@Suite("graph --ghost, end to end")
struct GhostCurveTests {
  static let ball = CLI.repository.appendingPathComponent("Examples/bouncing-ball.json").path

  /// The bouncing ball with its second bounce's apex one unit higher.
  static func movedBall(in dir: URL) throws -> String {
    var text = try String(contentsOfFile: ball, encoding: .utf8)
    let apex = "\"frame\": 39.5, \"value\": 2.25"
    #expect(text.contains(apex))
    text = text.replacingOccurrences(of: apex, with: "\"frame\": 39.5, \"value\": 3.25")
    let path = dir.appendingPathComponent("moved.json").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test("a values CSV and the file it was evaluated from give the same ghosts; ghosts change the picture")
  func valuesAndActionsGhostAlike() throws {
    let dir = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }
    let moved = try Self.movedBall(in: dir)
    #expect(try CLI.run(["eval", Self.ball, "-o", path("ball.values.csv")]).status == 0)
    let size = ["--width", "480", "--height", "270"]
    for (name, ghost) in [("none.png", []), ("csv.png", ["--ghost", path("ball.values.csv")]), ("json.png", ["--ghost", Self.ball])] {
      let run = try CLI.run(["graph", moved, "-o", path(name)] + size + ghost)
      #expect(run.status == 0, "\(run.stderr)")
    }
    let none = try Data(contentsOf: URL(fileURLWithPath: path("none.png")))
    let csv = try Data(contentsOf: URL(fileURLWithPath: path("csv.png")))
    let json = try Data(contentsOf: URL(fileURLWithPath: path("json.png")))
    #expect(csv == json)
    #expect(csv != none)
  }

  @Test(arguments: [
    (["--ghost", "missing.csv"], "animplot: \(ball): --ghost missing.csv: cannot read: No such file or directory\n"),
    (["--ghost", "-"],
     "animplot: --ghost -: the ghost curves must come from a file, not standard input (see 'animplot graph --help')\n"),
  ])
  func badGhosts(options: [String], message: String) throws {
    let dir = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let run = try CLI.run(["graph", Self.ball, "-o", "out.png"] + options, in: dir)
    #expect(run.status == 2)
    #expect(run.stderr == message)
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.png").path))
  }

  /// The ghost file is read by the run: no output may replace it.
  @Test func theGhostIsNoOutput() throws {
    let dir = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let ghost = dir.appendingPathComponent("g.json").path
    try FileManager.default.copyItem(atPath: Self.ball, toPath: ghost)
    let before = try Data(contentsOf: URL(fileURLWithPath: ghost))
    for output in ["g.json", "./g.json"] {
      let run = try CLI.run(["graph", Self.ball, "--ghost", "g.json", "-o", output, "--format", "json"], in: dir)
      #expect(run.status == 2)
      #expect(run.stderr == "animplot: -o \(output): that is the input g.json; choose another output\n")
    }
    let run = try CLI.run(["graph", Self.ball, "--ghost", "g.json", "-o", dir.path + "/", "--format", "json"], in: dir)
    #expect(run.status == 0, "a folder output beside the ghost, named after the input, is fine: \(run.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: ghost)) == before)
  }
}
