import Foundation
import Testing

/// `--no-scrollbars` of `graph`, `dopesheet` and `play`: Blender's scrollbars are drawn with the
/// channel list unless turned off.
@Suite("--no-scrollbars")
struct ScrollbarFlagTests {
  static let ball = "Examples/bouncing-ball.json"
  /// Blender's thumb colour in the dark theme.
  static let thumb = "color=#545454"

  /// The display list `arguments` draw, as text.
  static func displayList(_ arguments: [String]) throws -> String {
    let root = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let out = root.appendingPathComponent("out.txt")
    let r = try CLI.run(arguments + [Self.ball, "--width", "600", "--height", "300", "-o", out.path])
    #expect(r.status == 0, "\(r.stderr)")
    return try String(contentsOf: out, encoding: .utf8)
  }

  static func thumbs(_ list: String) -> Int {
    list.split(separator: "\n").filter { $0.hasPrefix("fill ") && $0.hasSuffix(thumb) }.count
  }

  @Test("graph and dopesheet: drawn by default, hidden by --no-scrollbars", arguments: ["graph", "dopesheet"])
  func flag(verb: String) throws {
    let shown = try Self.displayList([verb])
    let hidden = try Self.displayList([verb, "--no-scrollbars"])
    #expect(Self.thumbs(shown) >= Self.thumbs(hidden) + 1)
    #expect(try Self.thumbs(Self.displayList([verb, "--no-channel-list"])) == 0, "no list, no scrollbars")
  }

  @Test("play refuses --no-scrollbars for the Timeline")
  func playTimeline() throws {
    let root = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let out = root.appendingPathComponent("x.apng")
    let r = try CLI.run(["play", CLI.repository.appendingPathComponent(Self.ball).path, "-o", out.path, "--view", "timeline", "--no-scrollbars"], in: root)
    #expect(r.status == 2 && r.stderr.contains("the Timeline has no scrollbars"), "\(r.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out.path))
  }
}
