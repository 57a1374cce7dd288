import AnimplotCanvas
import AnimplotCore
import Foundation
@testable import AnimplotPlots
import Testing

/// What the Graph Editor does to draw mocap-size curves fast: value ranges shared between the
/// components of a quaternion, markers left out as bits, dense segments summed up per device
/// pixel column.
@Suite("Dense curves")
struct DenseCurveTests {
  /// A rotation of four linear tracks and a location track, `count` keys each, one a frame.
  static func action(keys count: Int) -> Action {
    var tracks = QuaternionRole.Component.allCases.enumerated().map { c, component in
      var curve = FCurve(dataPath: "rotation_quaternion", index: c)
      curve.quaternion = QuaternionRole(component: component)
      curve.keyframes = Keyframes((0..<count).map { k in
        var key = Keyframe(frame: Float(k), value: Float(sin(Double(k) * 0.37 + Double(c))))
        key.interpolation = .linear
        return key
      })
      return curve
    }
    var location = FCurve(dataPath: "location")
    location.keyframes = Keyframes((0..<count).map { Keyframe(frame: Float($0), value: Float(sin(Double($0) * 0.11))) })
    tracks.append(location)
    return Action(name: "Walk", tracks: tracks).recalculated()
  }

  @Test func valueRangesAsOneCurveAtATime() {
    let tracks = Self.action(keys: 300).tracks
    let one = tracks.map { CurvePath.valueRange(of: $0) }
    #expect(CurvePath.valueRanges(of: tracks, parallel: false) == one)
    #expect(CurvePath.valueRanges(of: tracks, parallel: true) == one)
    // A component alone (its set's others hidden) still has its range.
    #expect(CurvePath.valueRanges(of: [tracks[2]], parallel: false) == [one[2]])
  }

  @Test func keyMask() {
    var mask = KeyMask(capacity: 130)
    for i in [0, 63, 64, 129] { mask.insert(i) }
    #expect((0..<130).filter(mask.contains) == [0, 63, 64, 129])
    #expect(!KeyMask().contains(0))
    #expect(KeyMask.every.contains(1_000_000))
  }

  /// 2,000 keys across 500 pixels: four to a pixel column.
  @Test func denseSegmentsSummedUpPerDevicePixel() {
    let track = Self.action(keys: 2000).tracks[4]
    let viewport = Viewport(frames: 0...1999, values: -1...1, rect: Rect(x: 0, y: 0, width: 500, height: 200))
    let atTwo = CurvePath.path(track, viewport: viewport, deviceScale: 2).elements.count
    let atOne = CurvePath.path(track, viewport: viewport, deviceScale: 1).elements.count
    // At scale 2 two segments share a half-pixel column: drawn exactly, one element each.
    #expect(atTwo == 2000)
    // At scale 1 four share a device pixel: at most four elements a column (from its first
    // point, to its lowest and highest and on to its last).
    #expect(atOne < 1600)
    #expect(CurvePath.path(track, viewport: viewport).elements.count == atTwo)
  }
}
