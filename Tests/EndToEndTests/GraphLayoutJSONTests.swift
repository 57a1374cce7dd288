import AnimplotTestSupport
import Foundation
import Testing

/// `animplot graph --format json`, run as a user runs it: for every fixture (with its options)
/// and example, at scales 1, 1.05 and 2, with and without the header, the layout is valid
/// against docs/graph-layout.schema.json, the same bytes twice, and says what the PNG's size is.
@Suite("graph --format json")
struct GraphLayoutJSONTests {
  /// Every fixture with its `NAME.args` options, and the examples with the defaults.
  static func cases() throws -> [(name: String, arguments: [String])] {
    let fixtures = CLI.repository.appendingPathComponent("Fixtures")
    var cases: [(String, [String])] = []
    // Inputs only: `NAME.layout.json` and `NAME.edited.json` are other cases' references.
    for file in try FileManager.default.contentsOfDirectory(atPath: fixtures.path).sorted()
    where file.hasSuffix(".json") && !file.hasSuffix(".layout.json") && !file.hasSuffix(".edited.json") {
      let name = String(file.dropLast(5))
      let args = (try? String(contentsOf: fixtures.appendingPathComponent(name + ".args"), encoding: .utf8)) ?? "graph"
      let words = args.split(separator: "\n").filter { !$0.hasPrefix("#") }.joined(separator: " ")
        .split(separator: " ").map(String.init)
      // Cases of other verbs (eval) are not the Graph Editor's.
      if let verb = words.first, verb != "graph" { continue }
      // The options after the verb, without the picture's --format.
      var options: [String] = []
      var skip = false
      for word in words.dropFirst() {
        if skip {
          skip = false
        } else if word == "--format" {
          skip = true
        } else {
          options.append(word)
        }
      }
      cases.append((name, ["Fixtures/" + file] + options))
    }
    for example in ["bouncing-ball.json", "blender-bouncing-ball.json", "blender-four-actions.json", "hop.glb"] {
      cases.append((example, ["Examples/" + example, "--width", "800", "--height", "450"]))
    }
    return cases
  }

  /// The cases, found once (their files are the repository's).
  static let all: [(name: String, arguments: [String])] = (try? cases()) ?? []

  @Test(.requires(JSONSchema.validator), arguments: all.map(\.name))
  func validStableAndSized(name: String) throws {
    let arguments = try #require(Self.all.first { $0.name == name }).arguments
    var documents: [String] = []
    for scale in ["1", "1.05", "2"] {
      for header in [[], ["--header"]] {
        let run = arguments + ["--scale", scale, "--format", "json"] + header
        let layout = try CLI.run(["graph"] + run)
        #expect(layout.status == 0, "\(name) \(run): \(layout.stderr)")
        if scale == "1.05" && !header.isEmpty {
          #expect(try CLI.run(["graph"] + run).stdout == layout.stdout, "\(name) \(run): not the same bytes twice")
        }
        // The picture's size is the PNG's.
        let picture = try #require(
          try JSONSerialization.jsonObject(with: Data(layout.stdout.utf8)) as? [String: Any])["picture"] as? [String: Any]
        let png = try CLI.temporaryDirectory().appendingPathComponent("p.png")
        #expect(try CLI.run(["graph"] + arguments + ["--scale", scale] + header + ["-o", png.path]).status == 0)
        let size = try #require(pngSize(try Data(contentsOf: png)))
        #expect(picture?["width"] as? Int == size.width && picture?["height"] as? Int == size.height, "\(name) \(run)")
        documents.append(layout.stdout)
      }
    }
    let verdicts = try JSONSchema.validate(documents, schema: "docs/graph-layout.schema.json")
    for (i, verdict) in verdicts.enumerated() {
      #expect(verdict == nil, "\(name), document \(i): \(String(describing: verdict))")
    }
    #expect(Self.all.count >= 8)
  }

  @Test func printsToStandardOutputAndWritesAFile() throws {
    let printed = try CLI.run(["graph", "Examples/bouncing-ball.json", "--format", "json"])
    #expect(printed.status == 0 && printed.stdout.hasPrefix("{\n  \"picture\": {"), "\(printed.stderr)")
    let dir = try CLI.temporaryDirectory()
    let file = dir.appendingPathComponent("layout.json")
    #expect(try CLI.run(["graph", "Examples/bouncing-ball.json", "-o", file.path]).status == 0)
    #expect(try String(contentsOf: file, encoding: .utf8) == printed.stdout)
    let help = try CLI.run(["graph", "--help"])
    #expect(help.stdout.contains("json (.json)") && help.stdout.contains("docs/graph-json.md"))
  }
}

extension GraphLayoutJSONTests {
  /// More keys than a layout lists (500,000): one line saying so, exit 2, nothing written; with
  /// fewer frames shown, the layout is listed.
  @Test func aLayoutTooLargeIsRefused() throws {
    let dir = try CLI.temporaryDirectory()
    let input = dir.appendingPathComponent("many.json")
    let count = 520_000
    let frames = (0..<count).map(String.init).joined(separator: ",")
    let values = (0..<count).map { String($0 % 7) }.joined(separator: ",")
    try Data("{\"timeline\": [\(frames)], \"channels\": {\"a\": [\(values)]}, \"interpolation\": \"linear\"}".utf8)
      .write(to: input)
    let out = dir.appendingPathComponent("layout.json")
    let refused = try CLI.run(["graph", input.path, "--format", "json", "-o", out.path])
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("more than 500000") && refused.stderr.contains("--frames"), "\(refused.stderr)")
    #expect(refused.stderr.split(separator: "\n").count == 1)
    #expect(!FileManager.default.fileExists(atPath: out.path))
    let fewer = try CLI.run(["graph", input.path, "--format", "json", "--frames", "0:1000", "-o", out.path])
    #expect(fewer.status == 0, "\(fewer.stderr)")
  }
}
