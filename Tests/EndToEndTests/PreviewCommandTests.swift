import AnimplotCanvas
import AnimplotGolden
import Foundation
import Testing

/// `animplot preview` as a user runs it.
@Suite("animplot preview")
struct PreviewCommandTests {
  static let ball = CLI.repository.appendingPathComponent("Examples/blender-bouncing-ball.json").path
  static let small = ["--width", "320", "--height", "200", "--frames", "1:40", "--step", "13"]

  @Test("an APNG of the stage, a folder of frames, a filmstrip: the frames are the stage at each frame")
  func outputs() throws {
    let root = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let apng = root.appendingPathComponent("ball.apng")
    var r = try CLI.run(["preview", Self.ball, "--shape", "heart", "-o", apng.path] + Self.small)
    #expect(r.status == 0, "\(r.stderr)")
    let bytes = [UInt8](try Data(contentsOf: apng))
    let actl = bytes.firstRange(of: Array("acTL".utf8))!.upperBound
    #expect(Array(bytes[actl..<(actl + 8)]) == [0, 0, 0, 4, 0, 0, 0, 0], "frames 1, 14, 27, 40; looping")
    #expect(try PNGCheck.accepts(apng), "pngcheck refused the APNG")
    r = try CLI.run(["preview", Self.ball, "--shape", "heart", "-o", root.appendingPathComponent("frames").path + "/"] + Self.small)
    #expect(r.status == 0, "\(r.stderr)")
    let frames = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("frames").path).sorted()
    #expect(frames == ["0001.png", "0002.png", "0003.png", "0004.png"])
    // The shape moves: the frames differ.
    let first = try ImageFile.read(path: root.appendingPathComponent("frames/0001.png").path)
    let second = try ImageFile.read(path: root.appendingPathComponent("frames/0002.png").path)
    #expect(first.width == 320 && first != second)

    let strip = root.appendingPathComponent("strip.pdf")
    r = try CLI.run(["preview", Self.ball, "--filmstrip", "5", "--columns", "5", "--theme", "light", "-o", strip.path] + Self.small)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(try Data(contentsOf: strip).starts(with: Data("%PDF".utf8)))
    let stripPNG = root.appendingPathComponent("strip.png")
    #expect(try CLI.run(["preview", Self.ball, "--filmstrip", "5", "-o", stripPNG.path] + Self.small).status == 0)
    let image = try ImageFile.read(path: stripPNG.path)
    #expect(image.width == 4 * 320 + 3 * 6 && image.height == 2 * 200 + 6, "4 columns, 2 rows, 6 px apart")
  }

  @Test("mistakes: exit 2, one line, nothing written")
  func mistakes() throws {
    let root = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let empty = root.appendingPathComponent("empty.json")
    try Data(#"{"animplot": 1, "name": "E", "tracks": [{"dataPath": "hide_render", "keyframes": [{"frame": 1, "value": 0}]}]}"#.utf8)
      .write(to: empty)
    let cases: [([String], String)] = [
      ([Self.ball, "-o", "x.png"], "add --animated"),
      ([Self.ball, "-o", "x.apng", "--shape", "blob"], "--shape"),
      ([Self.ball, "-o", "x.apng", "--shape", "M0 0 L1 x"], "--shape"),
      ([Self.ball, "-o", "x.apng", "--columns", "3"], "--columns is an option of --filmstrip"),
      ([Self.ball, "-o", "x.apng", "--filmstrip", "0"], "--filmstrip"),
      ([Self.ball, "-o", "x.apng", "--step", "0.0001"], "more than 9999"),
      ([Self.ball, "--filmstrip", "3", "-o", "x.apng"], "does not write .apng"),
      ([Self.ball, "--filmstrip", "3", "--loop", "2", "-o", "x.png"], "not of --filmstrip"),
      ([Self.ball, "-o", "x.apng", "--shape", "M0 0 l1e308 0 l1e308 0 l0 1 z"], "beyond ±1e+100"),
      ([empty.path, "-o", "x.apng"], "no transform channels"),
    ]
    for (arguments, message) in cases {
      let r = try CLI.run(["preview"] + arguments, in: root)
      #expect(r.status == 2, "\(arguments)")
      #expect(r.stderr.contains(message), "\(arguments): \(r.stderr)")
      #expect(r.stderr.split(separator: "\n").count == 1, "\(arguments): \(r.stderr)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["empty.json"])
  }
}
