import AnimplotCore

/// Bézier handles of a key between cubic Hermite (or weighted) segments, the one identity every
/// importer maps through (docs/import.md, "Hermite and eased segments are Bézier segments"): a
/// Hermite segment of duration d with slope m is the Bézier whose handle sits `w · d` out along
/// the slope, `w` a third (or the weight).
enum HermiteHandles {
  /// The intervals to the neighbours of key `k` among increasing `times`; an end key borrows
  /// the interval on its other side (a single key: 1).
  static func intervals<C: RandomAccessCollection<Double>>(_ times: C, _ k: Int) -> (before: Double, after: Double)
  where C.Index == Int {
    let t = times
    let n = t.count
    let before = k > 0 ? t[k] - t[k - 1] : (n > 1 ? t[1] - t[0] : 1)
    let after = k + 1 < n ? t[k + 1] - t[k] : (n > 1 ? t[k] - t[k - 1] : 1)
    return (before, after)
  }

  /// The first key (track, key) of `tracks` whose handles do not fit 32-bit floats: a tangent
  /// near the float limit overflows, and such a key could neither be evaluated nor written.
  /// With `bezierOnly`, only tracks whose first key is Bézier are looked at (an importer's
  /// linear and constant keys have handles a frame either side of a finite key: finite).
  static func firstOverflow(in tracks: [FCurve], bezierOnly: Bool = false) -> (track: Int, key: Int)? {
    for (t, track) in tracks.enumerated() where !bezierOnly || track.keyframes.first?.interpolation == .bezier {
      // Sampled keys' vector handles lie within three times their largest frame or value of
      // zero (a mirrored end's neighbour is 2·p2 − p3): under 1e38, none overflows, and the
      // keys need not be made to tell (10 million took 200 ms).
      if let sampled = track.keyframes.sampled, largestMagnitude(sampled.frames) < 1e38,
        largestMagnitude(sampled.values) < 1e38
      {
        continue
      }
      if let k = track.keyframes.firstIndex(where: { !isFinite($0) }) { return (t, k) }
    }
    return nil
  }

  /// The largest magnitude of `numbers` (NaN when one is NaN; 0 for none).
  static func largestMagnitude(_ numbers: [Float]) -> Float {
    var largest: Float = 0
    for x in numbers where !(abs(x) <= largest) {
      if x.isNaN { return .nan }
      largest = abs(x)
    }
    return largest
  }

  static func isFinite(_ key: Keyframe) -> Bool {
    key.handleLeft.frame.isFinite && key.handleLeft.value.isFinite && key.handleRight.frame.isFinite
      && key.handleRight.value.isFinite
  }

  /// What is wrong with such a key.
  static let overflowMessage = "its tangents put its handles beyond 32-bit floats (±3.4e38)"

  /// What is wrong with a key whose segment to the next overflows though its handles fit.
  static let segmentOverflowMessage =
    "its tangents make the segment to the next key overflow 32-bit floats (±3.4e38) where it is evaluated"

  /// The left and right handles of a key at `time` (in the source's unit) with `value`.
  /// - Parameters:
  ///   - inSlope, outSlope: value per time unit on each side.
  ///   - inWeight, outWeight: the handle's fraction of its interval; `nil`: a third.
  ///   - framesPerUnit: frames per time unit (fps for seconds, 1 for frames).
  static func handles(
    time: Double, value: Double, before: Double, after: Double, inSlope: Double, outSlope: Double,
    inWeight: Double? = nil, outWeight: Double? = nil, framesPerUnit: Double
  ) -> (left: CurvePoint, right: CurvePoint) {
    let left = inWeight.map { before * $0 } ?? before / 3
    let right = outWeight.map { after * $0 } ?? after / 3
    return (
      CurvePoint(frame: Float((time - left) * framesPerUnit), value: Float(value - left * inSlope)),
      CurvePoint(frame: Float((time + right) * framesPerUnit), value: Float(value + right * outSlope))
    )
  }
}

/// Frames from times in seconds.
enum SecondsToFrames {
  /// How near a whole frame a time must land to be that frame: 3.70833 s at 24 fps is
  /// 88.99992, which a 32-bit time cannot say more exactly, and means frame 89.
  static let wholeFrameTolerance = 1e-4

  /// `seconds × fps` as a 32-bit frame, the whole frame it means when within
  /// `wholeFrameTolerance` of one.
  static func frame(_ seconds: Double, fps: Double) -> Float {
    let exact = seconds * fps
    let whole = exact.rounded()
    return abs(exact - whole) <= wholeFrameTolerance && whole.magnitude < 1e15 ? Float(whole) : Float(exact)
  }
}
