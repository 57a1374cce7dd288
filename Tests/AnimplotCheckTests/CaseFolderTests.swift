import AnimplotCheck
import AnimplotGolden
import Foundation
import Testing

/// Case discovery: inputs, references, options, subfolders, orphans and the folder's errors.
@Suite struct CaseFolderTests {
  static func scan(_ folder: TemporaryFolder, skipping: [String] = []) throws -> CaseFolder {
    try CaseFolder.scan(
      root: folder.path, inputExtensions: ["json"], skipping: skipping, requestedKind: requestedKind)
  }

  /// Stands for the command line's parser: `--format K` asks for kind K, `bad` is refused;
  /// the paths it was called with are recorded.
  static func requestedKind(_ path: String, _ text: String) -> Result<ReferenceKind?, CaseOptionsProblem> {
    if text.contains("bad") { return .failure(CaseOptionsProblem("bad options")) }
    for kind in ReferenceKind.allCases where text.hasSuffix("--format " + kind.suffix.dropFirst()) {
      return .success(kind)
    }
    return .success(nil)
  }

  @Test func casesByReferenceSortedWithSubfolders() throws {
    let f = try TemporaryFolder([
      "ball.json": "{}", "ball.png": "", "ball.args": "graph --width 480 --height 270",
      "b/a.json": "{}", "b/a.svg": "", "b/a.png": "",
      "new.json": "{}",
      "vector.json": "{}", "vector.args": "graph --format svg",
      "layout.json": "{}", "layout.args": "dopesheet --format layout.json", "layout.layout.json": "{}",
      "list.json": "{}", "list.displaylist.txt": "",
      "README.md": "ignored", "notes.txt": "ignored",
    ])
    defer { f.remove() }
    let folder = try Self.scan(f)
    #expect(
      folder.cases.map(\.id) == [
        "b/a.png", "b/a.svg", "ball.png", "layout.layout.json", "list.displaylist.txt", "new.png",
        "vector.svg",
      ])
    #expect(folder.orphans.isEmpty)
    let ball = folder.cases[2]
    #expect(ball.name == "ball")
    #expect(ball.inputPath == f.path + "/ball.json")
    #expect(ball.referencePath == f.path + "/ball.png")
    #expect(ball.argumentsPath == f.path + "/ball.args")
    #expect(ball.referenceExists)
    let a = folder.cases[0]
    #expect(a.name == "b/a" && a.inputPath == f.path + "/b/a.json" && a.argumentsPath == nil)
    let new = folder.cases[5]
    #expect(new.kind == .png && !new.referenceExists)
    let vector = folder.cases[6]
    #expect(vector.kind == .svg && !vector.referenceExists)
    #expect(folder.cases[3].kind == .layoutJSON && folder.cases[3].referenceExists)
  }

  @Test func valuesReferencesAndMasksGoWithTheirCase() throws {
    let f = try TemporaryFolder([
      "ball.json": "{}", "ball.png": "", "ball.values.csv": "frame,a\n", "ball.mask.png": "",
      "list.json": "{}", "list.args": "graph --format displaylist.txt", "list.values.csv": "",
      "plain.json": "{}",
      "gone.values.csv": "", "gone.mask.png": "",
    ])
    defer { f.remove() }
    let folder = try CaseFolder.scan(
      root: f.path, inputExtensions: ["json", "csv"], requestedKind: Self.requestedKind)
    // A values table is a reference, not a CSV input; it goes with any kind the options ask for.
    #expect(folder.cases.map(\.id) == ["ball.png", "ball.values.csv", "list.displaylist.txt", "list.values.csv", "plain.png"])
    #expect(folder.cases[0].valuesPath == f.path + "/ball.values.csv")
    #expect(folder.cases[0].maskPath == f.path + "/ball.mask.png")
    #expect(folder.cases[4].valuesPath == nil && folder.cases[4].maskPath == nil)
    #expect(folder.orphans == ["gone.mask.png", "gone.values.csv"])
    // With --values, every input gets one.
    let every = try CaseFolder.scan(
      root: f.path, inputExtensions: ["json", "csv"], values: true, requestedKind: Self.requestedKind)
    #expect(every.cases.map(\.id).contains("plain.values.csv"))
    #expect(every.cases.first { $0.id == "plain.values.csv" }?.referenceExists == false)
  }

  @Test func orphansAreReferencesAndOptionsWithoutInput() throws {
    let f = try TemporaryFolder([
      "kept.json": "{}", "kept.png": "",
      "old.png": "", "old.svg": "", "gone.args": "graph", "sub/lost.layout.json": "{}",
    ])
    defer { f.remove() }
    let folder = try Self.scan(f)
    #expect(folder.cases.map(\.id) == ["kept.png"])
    #expect(folder.orphans == ["gone.args", "old.png", "old.svg", "sub/lost.layout.json"])
  }

  @Test func hiddenAndSkippedFoldersAreLeftOut() throws {
    let f = try TemporaryFolder([
      "a.json": "{}", ".hidden.json": "{}", ".git/x.json": "{}",
      "out/a.actual.png": "", "out/a.expected.png": "",
    ])
    defer { f.remove() }
    // The artifacts folder, reached by another spelling of its path, is skipped.
    let folder = try Self.scan(f, skipping: [f.path + "/./out/"])
    #expect(folder.cases.map(\.id) == ["a.png"])
    #expect(folder.orphans.isEmpty)
    // Not skipped, its artifacts are orphans.
    #expect(try Self.scan(f).orphans == ["out/a.actual.png", "out/a.expected.png"])
  }

  @Test func symbolicLinksAreFollowedOnce() throws {
    let f = try TemporaryFolder(["real/a.json": "{}"])
    defer { f.remove() }
    try FileManager.default.createSymbolicLink(atPath: f.path("link"), withDestinationPath: "real")
    try FileManager.default.createSymbolicLink(atPath: f.path("real/loop"), withDestinationPath: "..")
    let folder = try Self.scan(f)
    // `link` is reached first in sorted order; `real` is then the same folder.
    #expect(folder.cases.map(\.id) == ["link/a.png"])
  }

  @Test func everyProblemIsReported() throws {
    let f = try TemporaryFolder([
      "twin.json": "{}", "twin.gltf": "{}",
      "bad.json": "{}", "bad.args": "graph bad",
      "clash.json": "{}", "clash.args": "graph --format svg", "clash.png": "",
    ])
    defer { f.remove() }
    do {
      _ = try CaseFolder.scan(
        root: f.path, inputExtensions: ["json", "gltf"], requestedKind: Self.requestedKind)
      Issue.record("no error")
    } catch {
      let p = f.path
      #expect(
        error.problems == [
          "\(p)/bad.args: bad options",
          "\(p)/clash.png: \(p)/clash.args asks for a .svg reference, clash.svg; remove one",
          "\(p)/twin.gltf and \(p)/twin.json: two inputs for the case twin; rename one",
        ])
    }
  }

  @Test func aMissingFolderIsAnError() {
    #expect(throws: CaseFolderError(problems: ["/nonexistent/cases/: not a folder"])) {
      try CaseFolder.scan(root: "/nonexistent/cases/", inputExtensions: ["json"])
    }
  }

  @Test func trailingSlashIsOptional() throws {
    let f = try TemporaryFolder(["a.json": "{}"])
    defer { f.remove() }
    let folder = try CaseFolder.scan(root: f.path + "/", inputExtensions: ["json"])
    #expect(folder.root == f.path + "/")
    #expect(folder.cases[0].inputPath == f.path + "/a.json")
  }
}
