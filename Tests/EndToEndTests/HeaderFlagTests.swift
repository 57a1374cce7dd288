import AnimplotGolden
import Foundation
import Testing

/// `--header` of `graph` and `dopesheet`: Blender's editor header above the editor, the picture
/// 26 px taller and the editor below it drawn exactly as without the header.
@Suite("--header")
struct HeaderFlagTests {
  static let ball = "Examples/blender-bouncing-ball.json"

  /// The PNG `arguments` draw at `scale`.
  static func picture(_ arguments: [String], scale: String) throws -> (width: Int, height: Int, pixels: [UInt8]) {
    let root = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let out = root.appendingPathComponent("out.png")
    let r = try CLI.run(arguments + [Self.ball, "--width", "700", "--height", "333", "--scale", scale, "-o", out.path])
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
