import AnimplotTestSupport
import Foundation
import Testing

/// `animplot gallery` through the built binary: no input, the formats, standard output, the
/// size, --only and its errors (exit 2, one line, nothing written).
@Suite("gallery through the binary")
struct GalleryCommandTests {
  @Test func writesAPNGOfNaturalSize() throws {
    let dir = try CLI.temporaryDirectory()
    let out = dir.appendingPathComponent("gallery.png")
    let r = try CLI.run(["gallery", "-o", out.path])
    try #require(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.isEmpty && r.stderr.isEmpty)
    let png = try Data(contentsOf: out)
    // 3 columns of 190 px and a label column; 15 rows of 130 px, 4 section headings.
    #expect(pngSize(png).map { [$0.0, $0.1] } == [726, 2174])
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["gallery.png"])
  }

  @Test func sizeScaleThemeAndOnly() throws {
    let dir = try CLI.temporaryDirectory()
    let out = dir.appendingPathComponent("g.png")
    let r = try CLI.run([
      "gallery", "-o", out.path, "--only", "Quad, back", "--theme", "light", "--scale", "2", "--width", "600",
      "--height", "700",
    ])
    try #require(r.status == 0, "\(r.stderr)")
    #expect(pngSize(try Data(contentsOf: out)).map { [$0.0, $0.1] } == [1200, 1400])
  }

  @Test func otherFormatsAndStandardOutput() throws {
    let dir = try CLI.temporaryDirectory()
    let svg = dir.appendingPathComponent("g.svg"), list = dir.appendingPathComponent("g.txt")
    #expect(try CLI.run(["gallery", "-o", svg.path, "--only", "sine"]).status == 0)
    #expect(try String(contentsOf: svg, encoding: .utf8).contains(#"width="726px""#))
    #expect(try CLI.run(["gallery", "-o", list.path, "--only", "linear"]).status == 0)
    let text = try String(contentsOf: list, encoding: .utf8)
    #expect(text.hasPrefix("canvas 726 ") && text.contains("Linear"))
    let r = try CLI.run(["gallery", "-o", "-", "--format", "displaylist", "--only", "linear"])
    #expect(r.status == 0 && r.stdout == text)
  }

  @Test(arguments: [
    (["--only", "quad,bezir"], "--only: unknown interpolation 'bezir' (did you mean 'bezier'?); expected names from constant, linear, bezier, sine, quad, cubic, quart, quint, expo, circ, back, bounce, elastic"),
    (["--only", ""], "--only: unknown interpolation ''"),
    (["--width", "3"], "--width must be from 16"),
    (["Examples/bouncing-ball.json"], "unexpected argument"),
  ])
  func badUsageWritesNothing(arguments: [String], message: String) throws {
    let dir = try CLI.temporaryDirectory()
    let out = dir.appendingPathComponent("g.png")
    let r = try CLI.run(["gallery", "-o", out.path] + arguments)
    #expect(r.status == 2)
    #expect(r.stderr.hasPrefix("animplot: ") && r.stderr.contains(message), "\(r.stderr)")
    #expect(r.stderr.split(separator: "\n").count == 1)
    #expect(r.stdout.isEmpty)
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
  }

  @Test func missingOutputOrFolder() throws {
    let r = try CLI.run(["gallery"])
    #expect(r.status == 2 && r.stderr.contains("missing -o"))
    let dir = try CLI.temporaryDirectory()
    let s = try CLI.run(["gallery", "-o", dir.appendingPathComponent("none/g.png").path])
    #expect(s.status == 2 && s.stderr.contains("does not exist"))
    let t = try CLI.run(["gallery", "-o", dir.appendingPathComponent("g.jpg").path])
    #expect(t.status == 2 && t.stderr.contains("cannot tell the format"), "\(t.stderr)")
  }

  @Test func sameBytesTwice() throws {
    let dir = try CLI.temporaryDirectory()
    let a = dir.appendingPathComponent("a.png"), b = dir.appendingPathComponent("b.png")
    #expect(try CLI.run(["gallery", "-o", a.path]).status == 0)
    #expect(try CLI.run(["gallery", "-o", b.path]).status == 0)
    #expect(try Data(contentsOf: a) == Data(contentsOf: b))
  }
}
