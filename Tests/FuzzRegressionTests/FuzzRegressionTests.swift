import AnimplotFuzzTargets
import AnimplotIO
import Foundation
import Testing

/// Every input the fuzzers found a fault with (`make fuzz`), kept in Crashers/decode,
/// Crashers/png and one folder per importer (Crashers/gltf, lottie, unity, csv), replayed
/// through the same targets: each must now end without a trap.
@Suite("fuzz findings")
struct FuzzRegressionTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Crashers")

  static func files(_ target: String) -> [String] {
    let dir = folder.appendingPathComponent(target)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
    return names.filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted().map { dir.appendingPathComponent($0).path }
  }

  @Test(arguments: files("decode"))
  func decodeFinding(path: String) throws {
    FuzzTargets.decodeAndDraw(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
  }

  /// The importers' fuzzers (fuzz-import): the folder names the kind.
  @Test(arguments: ["gltf", "lottie", "unity", "csv"].flatMap { kind in files(kind).map { (kind, $0) } })
  func importFinding(kind: String, path: String) throws {
    let inputKind = try #require(InputKind.named(kind))
    FuzzTargets.importAndDraw(Array(try Data(contentsOf: URL(fileURLWithPath: path))), kind: inputKind)
  }

  @Test(arguments: files("png"))
  func pngFinding(path: String) throws {
    FuzzTargets.decodeAndDiff(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
  }

  /// The targets themselves on small inputs of every kind, so that they stay runnable.
  @Test func theTargetsRunOnEveryKind() {
    for kind in 0...7 {
      FuzzTargets.decodeAndDraw([UInt8(kind)] + Array(#"{"animplot": 1, "tracks": [{"dataPath": "x", "keyframes": [{"frame": 1, "value": 2}]}]}"#.utf8))
    }
    FuzzTargets.decodeAndDiff([0, 0])
    for kind in InputKind.all {
      FuzzTargets.importAndDraw(Array("frame,x\n1,2\n".utf8), kind: kind)
    }
  }
}
