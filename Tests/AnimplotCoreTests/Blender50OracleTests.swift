import AnimplotCore
import AnimplotTestSupport
import Foundation
import Testing

/// The key oracle's inputs under Blender 5.0's rules against Blender 5.0.1's own answers
/// (`Blender50/curves-5.0.1.json`, made by `Blender50/make_key_oracle.py` with bpy 5.0.1):
/// handles after `update()` and `evaluate()` at every frame, bit for bit.
@Suite("Blender 5.0 key oracle", .needs(SharedFolder.oracle))
struct Blender50OracleTests {
  struct Answer: Decodable {
    var id: String
    var keys: [[Float]]
    var values: [Float]
  }

  struct Answers: Decodable {
    var curves: [Answer]
  }

  static let answers: [String: Answer] = {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Blender50/curves-5.0.1.json")
    guard let data = try? Data(contentsOf: url), let file = try? JSONDecoder().decode(Answers.self, from: data)
    else { return [:] }
    return Dictionary(uniqueKeysWithValues: file.curves.map { ($0.id, $0) })
  }()

  static func same(_ a: Float, _ b: Float) -> Bool { a.bitPattern == b.bitPattern || (a == 0 && b == 0) }

  @Test("every curve's handles and samples as Blender 5.0.1 computes them; 3.4 and 5.0 differ where Blender does")
  func keyOracle() {
    #expect(Self.answers.count == 460)
    var failures: [String] = []
    var samples = 0
    var differFrom34: [String] = []
    for c in Oracle.curves {
      guard let answer = Self.answers[c.id] else {
        failures.append("\(c.id): no answer")
        continue
      }
      var curve = c.curve
      curve.blender = .v5_0
      curve.recalculateHandles()
      let got = curve.keyframes.map {
        [$0.frame, $0.value, $0.handleLeft.frame, $0.handleLeft.value, $0.handleRight.frame, $0.handleRight.value]
      }
      if got.count != answer.keys.count || !zip(got, answer.keys).allSatisfy({ zip($0, $1).allSatisfy(Self.same) }) {
        failures.append("\(c.id) [\(c.category)] handles: got \(got), want \(answer.keys)")
      }
      for (frame, want) in zip(c.frames, answer.values) {
        samples += 1
        let value = curve.value(at: frame)
        if !Self.same(value, want) { failures.append("\(c.id) f=\(frame): got \(value), want \(want)") }
      }
      if zip(c.values, answer.values).contains(where: { !Self.same($0, $1) }) { differFrom34.append(c.id) }
    }
    print("Blender 5.0 key oracle: \(samples - failures.count)/\(samples) samples bit-identical; curves where 5.0.1 differs from 3.4.1: \(differFrom34)")
    let count = failures.count
    #expect(count == 0, "\(count) mismatches:\n\(failures.prefix(20).joined(separator: "\n"))")
    #expect(differFrom34 == ["c0437"])
  }
}
