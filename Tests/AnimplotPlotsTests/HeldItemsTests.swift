import AnimplotCanvas
import AnimplotCore
import Foundation
@testable import AnimplotPlots
import Testing

/// What a Graph Editor's layout will hold, counted before it is made (`serve` weighs a hit
/// test's layout so), is what the made layout holds.
struct HeldItemsTests {
  /// Curves of every kind of segment: sparse and dense keys (dense at scale 1, not at 2), steps,
  /// eased segments inside and across the view's edges, keys on one frame, keys beyond the view
  /// on both sides, a curve drawn sampled (a modifier), one of modifiers alone, one of one key.
  static func action() -> Action {
    func track(_ label: String, _ keys: [Keyframe], modifiers: [Modifier] = []) -> FCurve {
      var curve = FCurve(dataPath: label)
      curve.keyframes = Keyframes(keys)
      curve.modifiers = modifiers
      return curve
    }
    func keys(_ frames: [Float], _ interpolation: (Int) -> Interpolation) -> [Keyframe] {
      frames.enumerated().map { i, frame in
        var key = Keyframe(frame: frame, value: Float(sin(Double(i) * 0.7)))
        key.interpolation = interpolation(i)
        return key
      }
    }
    let sparse = stride(from: Float(-40), through: 260, by: 20).map { $0 }
    let dense = (0..<3000).map { Float($0) * 0.1 }
    let interpolations: [Interpolation] = [.bezier, .linear, .constant, .sine, .elastic, .bounce]
    return Action(
      name: "Weighed",
      tracks: [
        track("bezier", keys(sparse) { _ in .bezier }),
        track("mixed", keys(sparse) { interpolations[$0 % interpolations.count] }),
        track("dense", keys(dense) { [.linear, .bezier, .constant][$0 / 700 % 3] }),
        track("denseEased", keys(dense) { $0 % 50 == 0 ? .quad : .linear }),
        track("eased", keys([-500, 30, 90, 2000]) { _ in .back }),
        track("oneFrame", keys([10, 10, 10, 40, 40]) { _ in .linear }),
        track("oneKey", keys([50]) { _ in .bezier }),
        track("sampled", keys([0, 100]) { _ in .bezier }, modifiers: [Modifier(.functionGenerator(FunctionGeneratorModifier()))]),
        track("modifiersAlone", [], modifiers: [Modifier(.noise(NoiseModifier()))]),
        // A sine of a period shorter than a frame: drawn as bands.
        track("banded", [], modifiers: [Modifier(.functionGenerator(FunctionGeneratorModifier(amplitude: 400, phaseMultiplier: 40)))]),
      ]
    ).recalculated()
  }

  @Test(arguments: [1.0, 2.0, 3.0])
  func pathElementsAreCountedBeforeTheyAreMade(scale: Double) {
    for (frames, width) in [(nil, 1600.0), (Optional(-10.0...120.0), 700.0), (Optional(95.0...96.0), 300.0)] {
      var options = GraphOptions()
      options.width = width
      options.frames = frames
      let editor = GraphEditor(action: Self.action(), options: options)
      let layout = editor.layout(scale: scale)
      var held = 0, banded = 0
      for (curve, laid) in zip(editor.curves, layout.curves) {
        let counted = CurvePath.elementCount(curve.track, viewport: editor.viewport, deviceScale: layout.scale)
        if laid.isBanded {
          // Drawn as bands (`CurveBands`), it keeps no path but its boxes (weighed once made,
          // `heldItems`).
          #expect(laid.path.isEmpty, "\(curve.track.dataPath) at \(scale)")
          held += laid.bands.count
          banded += 1
        } else {
          #expect(counted == laid.path.elements.count, "\(curve.track.dataPath) at \(scale) in \(String(describing: frames))")
          held += laid.path.elements.count
        }
      }
      // Boxes too: a banded curve keeps one a device column (1.5 times a sampled curve's
      // elements at scale 3), which the count made before weighed as elements.
      #expect(editor.heldPathElements(scale: scale) >= held)
      if frames == nil { #expect(banded >= 1, "no banded curve at \(scale)") }
    }
  }

  /// A curve drawn sampled holds two elements per logical pixel of the plot, whatever its keys.
  @Test func aSampledCurveHoldsTwoElementsAPixel() {
    var options = GraphOptions()
    options.width = 16384
    options.showChannelList = false
    let editor = GraphEditor(action: Action(name: "A", tracks: [Self.action().tracks[7]]), options: options)
    let elements = editor.heldPathElements(scale: 1)
    #expect(elements == Int((editor.viewport.rect.width / 0.5).rounded(.up)) + 1)
    #expect(elements > 32_000)
    #expect(editor.layout(scale: 1).heldItems >= elements)
  }
}
