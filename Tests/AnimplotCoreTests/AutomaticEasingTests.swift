import AnimplotCore
import Testing

/// `Interpolation.automaticEasing` states the rule evaluation applies to `Easing.auto`.
@Suite("Automatic Easing")
struct AutomaticEasingTests {
  static func curve(_ interpolation: Interpolation, _ easing: Easing) -> FCurve {
    var first = Keyframe(frame: 1, value: 0)
    first.interpolation = interpolation
    first.easing = easing
    return FCurve(dataPath: "x", keyframes: [first, Keyframe(frame: 21, value: 1)]).recalculated()
  }

  @Test(arguments: Interpolation.allCases.filter(\.isEasing))
  func autoEvaluatesAsTheEasingItNames(interpolation: Interpolation) throws {
    let resolved = try #require(interpolation.automaticEasing)
    let auto = Self.curve(interpolation, .auto), named = Self.curve(interpolation, resolved)
    for i in 0...80 {
      let frame = 1 + Float(i) / 4
      #expect(auto.value(at: frame).bitPattern == named.value(at: frame).bitPattern, "\(interpolation) at \(frame)")
    }
    // And not as the other end (the two differ somewhere inside the segment).
    let other: Easing = resolved == .easeIn ? .easeOut : .easeIn
    let opposite = Self.curve(interpolation, other)
    #expect((0...80).contains { auto.value(at: 1 + Float($0) / 4) != opposite.value(at: 1 + Float($0) / 4) })
  }

  @Test func blendersRule() {
    #expect([Interpolation.back, .bounce, .elastic].allSatisfy { $0.automaticEasing == .easeOut })
    #expect([Interpolation.sine, .quad, .cubic, .quart, .quint, .expo, .circ].allSatisfy { $0.automaticEasing == .easeIn })
    #expect([Interpolation.constant, .linear, .bezier].allSatisfy { $0.automaticEasing == nil })
  }
}
