import AnimplotTestSupport
import Foundation
import Testing

@Suite("animplot graph, end to end")
struct GraphCommandTests {
  let ball = "Examples/bouncing-ball.json"

  func bytes(_ path: URL) throws -> Data { try Data(contentsOf: path) }

  @Test(arguments: ["png", "svg", "pdf", "txt"])
  func writesEachFormatDeterministically(ext: String) throws {
    let dir = try CLI.temporaryDirectory()
    let a = dir.appendingPathComponent("a.\(ext)"), b = dir.appendingPathComponent("b.\(ext)")
    for out in [a, b] {
      let r = try CLI.run(["graph", ball, "-o", out.path, "--width", "640", "--height", "360"])
      #expect(r.status == 0, "\(r.stderr)")
      #expect(r.stdout.isEmpty && r.stderr.isEmpty)
    }
    let first = try bytes(a)
    #expect(first.count > 1000)
    #expect(first == (try bytes(b)), "two processes, same bytes")
    let magic: [String: [UInt8]] = ["png": [0x89, 0x50, 0x4E, 0x47], "svg": Array("<?xml".utf8), "pdf": Array("%PDF".utf8), "txt": Array("canvas".utf8)]
    #expect(Array(first.prefix(magic[ext]!.count)) == magic[ext]!)
  }

  @Test func pngSizeFollowsWidthHeightAndScale() throws {
    let dir = try CLI.temporaryDirectory()
    let out = dir.appendingPathComponent("hidpi.png")
    let r = try CLI.run(["graph", ball, "-o", out.path, "--width", "300", "--height", "200", "--scale", "2"])
    #expect(r.status == 0, "\(r.stderr)")
    let data = try bytes(out)
    #expect(pngSize(data)! == (600, 400))
  }

  @Test func standardOutput() throws {
    let r = try CLI.run(["graph", ball, "-o", "-", "--format", "svg", "--width", "200", "--height", "100"])
    #expect(r.status == 0)
    #expect(r.stdout.hasPrefix("<?xml"))
  }

  @Test func severalInputsRenderIntoAFolder() throws {
    let dir = try CLI.temporaryDirectory()
    let second = dir.appendingPathComponent("second.json")
    try #"{"timeline": [0, 10], "channels": {"x": [0, 1]}}"#.write(to: second, atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("out")
    let r = try CLI.run(["graph", ball, second.path, "-o", out.path + "/", "--width", "320", "--height", "180"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["bouncing-ball.png", "second.png"])
  }

  @Test func aBadInputAmongSeveralWritesNothing() throws {
    let dir = try CLI.temporaryDirectory()
    let bad = dir.appendingPathComponent("bad.json")
    try #"{"tracks": 3}"#.write(to: bad, atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("out")
    let r = try CLI.run(["graph", ball, bad.path, "-o", out.path + "/"])
    #expect(r.status == 2)
    #expect(r.stderr == "animplot: \(bad.path):1:12: tracks: expected an array, found a number\n")
    #expect(!FileManager.default.fileExists(atPath: out.path))
  }

  @Test(arguments: [
    (["--width", "0"], "--width must be from 16 to 16384 pixels, not 0"),
    (["--height", "99999"], "--height must be from 16 to 16384 pixels, not 99999"),
    (["--scale", "0"], "--scale must be greater than 0 and at most 8, not 0.0"),
    (["--scale", "abc"], "--scale 'abc': expected a decimal number"),
    (["--theme", "solarized"], "--theme 'solarized': expected blender or light"),
    (["--frames", "10:5"], "--frames: the end must be greater than the start in '10:5'"),
    (["--frames", "a:b"], "--frames: 'a:b' is not START:END"),
    (["--values", "1"], "--values: '1' is not START:END"),
    (["--handles", "some"], "--handles 'some': expected selected, all or none"),
    (["--key-shape", "star"], "--key-shape 'star': expected round or diamond"),
    (["--colors", "pastel"], "--colors 'pastel': expected auto or rainbow"),
    (["--format", "jpeg"], "--format jpeg is not available here; use png, svg, pdf, displaylist, json or html"),
    (["--format", "svg"], "names a .png file but --format asks for svg; make them agree"),
    (["--input-format", "fbx"], "--input-format 'fbx': expected animplot, compact, gltf, csv, unity or lottie"),
    (["--input-format", "gltf"], "Examples/bouncing-ball.json:1:1: missing required field \"asset\""),
    (["--png-compression", "max"], "--png-compression 'max': expected fast, default or small"),
    (["--current-frame", "x"], "--current-frame 'x': expected a decimal number"),
    (["--channels", "nothing*"], "no channel matches 'nothing*'"),
    (["--action", "Nope"], #"unknown value "Nope"; expected one of BouncingBall"#),
  ])
  func badOptionValuesExitTwoAndWriteNothing(extra: [String], message: String) throws {
    let dir = try CLI.temporaryDirectory()
    let out = dir.appendingPathComponent("out.png")
    let r = try CLI.run(["graph", ball, "-o", out.path] + extra)
    #expect(r.status == 2, "\(extra)")
    #expect(r.stderr.contains(message), "\(r.stderr)")
    #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out.path))
  }

  @Test func outputProblems() throws {
    var r = try CLI.run(["graph", ball])
    #expect(r.status == 2)
    #expect(r.stderr.contains("missing -o OUTPUT"))
    r = try CLI.run(["graph", ball, "-o", "/tmp/x.gif"])
    #expect(r.status == 2)
    #expect(r.stderr.contains("cannot tell the format from the extension"))
    r = try CLI.run(["graph", ball, ball, "-o", "/tmp/x.png"])
    #expect(r.status == 2)
    #expect(r.stderr.contains("several inputs need a folder"))
    let dir = try CLI.temporaryDirectory()
    let file = dir.appendingPathComponent("file")
    try "x".write(to: file, atomically: true, encoding: .utf8)
    r = try CLI.run(["graph", ball, "-o", file.path + "/sub/x.png"])
    #expect(r.status == 2)
    #expect(r.stderr == "animplot: -o \(file.path)/sub/x.png: \(file.path) is not a folder\n", "\(r.stderr)")
    // A file's missing folder is not made (issue 10): only -o FOLDER/ makes one.
    let nested = dir.appendingPathComponent("a/b/c.png")
    r = try CLI.run(["graph", ball, "-o", nested.path, "--width", "100", "--height", "60"])
    #expect(r.status == 2)
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("a").path))
  }
}
