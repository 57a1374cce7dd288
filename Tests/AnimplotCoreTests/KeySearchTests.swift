@testable import AnimplotCore
import PropertyBased
import Testing

/// The fast key search (branch-free, unrolled up to 64 keys, a loop above) must agree with
/// Blender's search wherever it answers, for every curve size.
@Suite("Key search")
struct KeySearchTests {
  @Test("the fast search agrees with Blender's search, 1 to 300 keys")
  func fastSearchAgreesWithBlendersSearch() {
    var random = Xoshiro(seed: (2026, 11, 22, 1))  // seeded, so a failure reproduces
    var answered = 0
    for count in 1...300 {
      // Increasing frames, some closer together than the on-key threshold.
      var frames: [Float] = []
      var frame = Float(random.next() % 7) - 3
      for _ in 0..<count {
        frames.append(frame)
        frame += random.next() % 5 == 0 ? 0.00003 : Float(random.next() % 2000 + 1) / 100
      }
      let keys = frames.map { Keyframe(frame: $0, value: 0) }
      keys.withUnsafeBufferPointer { buffer in
        var probes: [Float] = frames.flatMap { [$0, $0 - 0.00005, $0 + 0.00005, $0.nextUp, $0 + 0.4] }
        for _ in 0..<200 {
          probes.append(frames[0] + Float(random.next() % 1_000_000) / 1_000_000 * (frames[count - 1] - frames[0]))
        }
        for f in probes where f > frames[0] && f < frames[count - 1] {
          guard let fast = KeyInterpolator.fastSearch(buffer, f) else { continue }
          let blender = KeyInterpolator.search(buffer, f)
          #expect(fast == blender, "\(count) keys, frame \(f)")
          answered += 1
        }
      }
    }
    #expect(answered > 100_000)
  }
}
