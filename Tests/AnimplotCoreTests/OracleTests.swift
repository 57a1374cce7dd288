import AnimplotCore
import AnimplotTestSupport
import Testing

/// Every curve and action channel of Blender's oracle, recalculated and evaluated.
@Suite("Blender 3.4 oracle", .needs(SharedFolder.oracle))
struct OracleTests {
  static let cases = Oracle.curves + Oracle.actionChannels

  @Test("the oracle holds 460 curves and 36 action channels")
  func oracleComplete() {
    #expect(Oracle.curves.count == 460)
    #expect(Oracle.actionChannels.count == 36)
  }

  @Test("handles after update() match Blender")
  func handles() {
    var failures: [String] = []
    for c in Self.cases {
      let curve = c.curve.recalculated()
      guard curve.keyframes.count == c.expectedKeys.count else {
        failures.append("\(c.id): \(curve.keyframes.count) keys, expected \(c.expectedKeys.count)")
        continue
      }
      for (i, (key, want)) in zip(curve.keyframes, c.expectedKeys).enumerated() {
        let pairs: [(String, CurvePoint, CurvePoint)] = [
          ("co", key.point, want.point), ("left", key.handleLeft, want.left),
          ("right", key.handleRight, want.right),
        ]
        for (name, got, exp) in pairs
        where !Oracle.handleMatches(got.frame, exp.frame) || !Oracle.handleMatches(got.value, exp.value) {
          failures.append("\(c.id) [\(c.category)] key \(i) \(name): got \(got), want \(exp)")
        }
      }
    }
    #expect(failures.isEmpty, "\(failures.count) handle mismatches:\n\(failures.prefix(40).joined(separator: "\n"))")
  }

  @Test("values match fcurve.evaluate()")
  func values() {
    var failures: [String] = []
    var samples = 0
    var exact = 0
    for c in Self.cases {
      let curve = c.curve.recalculated()
      for (frame, want) in zip(c.frames, c.values) {
        samples += 1
        let got = curve.value(at: frame)
        if got == want { exact += 1 }
        if !Oracle.valueMatches(got, want) {
          failures.append("\(c.id) [\(c.category)] f=\(frame): got \(got), want \(want)")
        }
      }
    }
    #expect(samples > 90_000)
    print("oracle: \(samples - failures.count)/\(samples) samples within tolerance, \(exact) bit-identical to Blender")
    #expect(failures.isEmpty, "\(failures.count) of \(samples) samples differ:\n\(failures.prefix(40).joined(separator: "\n"))")
  }

  @Test("batch evaluation gives Blender's values too")
  func batchValues() {
    var failures: [String] = []
    var exact = 0
    var samples = 0
    for c in Self.cases {
      let curve = c.curve.recalculated()
      // Sorted (the cursor path) and reversed (the search path).
      for frames in [c.frames, c.frames.reversed()] {
        let got = curve.values(at: frames)
        let want = Dictionary(zip(c.frames, c.values), uniquingKeysWith: { a, _ in a })
        for (frame, value) in zip(frames, got) {
          samples += 1
          if value == want[frame] { exact += 1 }
          if !Oracle.valueMatches(value, want[frame]!) {
            failures.append("\(c.id) f=\(frame): got \(value), want \(want[frame]!)")
          }
        }
      }
    }
    print("oracle batch: \(exact)/\(samples) bit-identical to Blender")
    #expect(failures.isEmpty, "\(failures.count) differ:\n\(failures.prefix(20).joined(separator: "\n"))")
  }
}
