import AnimplotGolden
import Foundation
import Testing

/// `--header` of `graph` and `dopesheet`: Blender's editor header above the editor, the picture
/// 26 px taller and the editor below it drawn exactly as without the header.
@Suite("--header")
struct HeaderFlagTests {
  static let ball = "Examples/blender-bouncing-ball.json"

  /// The PNG `arguments` draw at `scale` (`play`: its first frame).
  static func picture(
    _ arguments: [String], scale: String, height: Int = 333
  ) throws -> (width: Int, height: Int, pixels: [UInt8]) {
    let root = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let folder = arguments.first == "play"
    var out = root.appendingPathComponent(folder ? "frames/" : "out.png")
    let r = try CLI.run(
      arguments + [Self.ball, "--width", "700", "--height", "\(height)", "--scale", scale, "-o", out.path + (folder ? "/" : "")])
    if folder { out = out.appendingPathComponent("0001.png") }
    #expect(r.status == 0, "\(r.stderr)")
    let image = try ImageFile.read(path: out.path)
    return (image.width, image.height, image.pixels)
  }

  @Test(
    "the header's rows above, the editor's pixels unchanged below",
    arguments: [("graph", "1", 26), ("graph", "1.05", 27), ("dopesheet", "1.05", 27), ("dopesheet", "2", 52), ("graph", "1.5", 39)])
  func headerAbove(verb: String, scale: String, rows: Int) throws {
    let plain = try Self.picture([verb], scale: scale)
    let headed = try Self.picture([verb, "--header"], scale: scale)
    #expect(headed.width == plain.width && headed.height == plain.height + rows)
    let stride = plain.width * 4
    #expect(Array(headed.pixels[(rows * stride)...]) == plain.pixels, "the editor moves down, unchanged")
    // The header is Blender's #353535 where nothing is drawn (the dark theme), below its top edge.
    let x = plain.width - 4, y = rows / 2
    let i = (y * plain.width + x) * 4
    #expect(Array(headed.pixels[i..<i + 3]) == [0x35, 0x35, 0x35])
  }

  @Test("where the picture's rounding gives the header a row more, Blender's 27 rows lie below the area's edge")
  func extraRowOnTop() throws {
    // 26 × 1.05 = 27.3: above an editor 900 high the picture has 28 rows more, above 333 27.
    let blender = try Self.picture(["graph", "--header"], scale: "1.05")
    let taller = try Self.picture(["graph", "--header"], scale: "1.05", height: 900)
    let plain = try Self.picture(["graph"], scale: "1.05", height: 900)
    #expect(taller.height == plain.height + 28 && blender.width == taller.width)
    let stride = taller.width * 4
    #expect(Array(taller.pixels[stride..<(28 * stride)]) == Array(blender.pixels[0..<(27 * stride)]))
    #expect(Array(taller.pixels[0..<stride]) == Array(blender.pixels[0..<stride]), "the top row: the area's edge")
    #expect(Array(taller.pixels[(28 * stride)...]) == plain.pixels)
  }

  @Test("play --header: every frame has the header, the editor below as without it", arguments: ["graph", "dopesheet"])
  func play(view: String) throws {
    let plain = try Self.picture(["play", "--view", view, "--frames", "10:11"], scale: "1.05")
    let headed = try Self.picture(["play", "--view", view, "--frames", "10:11", "--header"], scale: "1.05")
    #expect(headed.height == plain.height + 27)
    #expect(Array(headed.pixels[(27 * plain.width * 4)...]) == plain.pixels)
  }

  @Test("play --view timeline --header is refused: the Timeline has its own header")
  func timelineRefused() throws {
    let r = try CLI.run(["play", Self.ball, "--view", "timeline", "--header", "-o", "/dev/null/x.png"])
    #expect(r.status == 2 && r.stderr.contains("--header: the Timeline draws its own header"), "\(r.stderr)")
  }

  @Test("graph --help and dopesheet --help tell of --header", arguments: ["graph", "dopesheet"])
  func help(verb: String) throws {
    let r = try CLI.run([verb, "--help"])
    #expect(r.status == 0 && r.stdout.contains("--header") && r.stdout.contains("editor header"), "\(r.stdout)")
  }

  @Test("the README tells of --header")
  func documented() throws {
    let readme = try String(contentsOf: CLI.repository.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(readme.contains("`--header`"))
  }
}
