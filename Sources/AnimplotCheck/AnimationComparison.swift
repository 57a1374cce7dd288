import AnimplotCairo
import AnimplotCanvas
import AnimplotGolden
import AnimplotPlatform

/// A comparison of an animated PNG reference (`NAME.apng`: `play`, `preview`, `morph`) with the
/// animation drawn now, frame by frame: each picture as a viewer composes it, compared with
/// the comparison's budgets, then the frame count, delays and loop count.
///
/// Frames are composed and compared one pair at a time; only the first frame that differs is
/// kept, with its comparison, to show.
package struct AnimationComparison: Sendable {
  /// Frames in the reference and in the output.
  package var expectedFrames: Int
  package var actualFrames: Int
  /// Frames (of those both have) that differ beyond the budgets.
  package var differingFrames: Int
  /// The first frame that differs (0-based), its comparison and the two pictures as PNG.
  package var first: (index: Int, comparison: ImageComparison, expectedPNG: [UInt8], actualPNG: [UInt8])?
  /// Whether the delays (of the frames both have) and the loop counts are the same.
  package var timingMatches: Bool

  /// Compares the animations `expected` and `actual`.
  /// - Throws: `ReferenceComparisonError` when either does not decode.
  package init(
    expected: [UInt8], actual: [UInt8], options: DiffOptions, ignoring: IgnoredPixels, label: String
  ) throws(ReferenceComparisonError) {
    var old: APNGFrames
    var new: APNGFrames
    do {
      old = try APNGFrames(expected)
    } catch {
      throw .reference("\(label): \(error)")
    }
    do {
      new = try APNGFrames(actual)
    } catch {
      throw .output("\(label) (actual): \(error)")
    }
    // Weighed before any frame is decoded: each is composed and compared whole.
    let weighed: [(APNGFrames, String, (String) -> ReferenceComparisonError)] = [
      (old, label, ReferenceComparisonError.reference), (new, label + " (actual)", ReferenceComparisonError.output),
    ]
    for (frames, which, error) in weighed {
      let (pixels, over) = frames.width.multipliedReportingOverflow(by: frames.height)
      let (total, overAll) = pixels.multipliedReportingOverflow(by: frames.count)
      guard over || overAll || total > Limits.animationPixels else { continue }
      throw error(
        "\(which): \(frames.count) frames of \(frames.width)×\(frames.height) pixels, more than the \(Limits.animationPixels) pixels of all the frames of one animation animplot compares; record a shorter or smaller animation")
    }
    expectedFrames = old.count
    actualFrames = new.count
    timingMatches = old.plays == new.plays && zip(old.delays, new.delays).allSatisfy { $0 == $1 }
    differingFrames = 0
    var index = 0
    while true {
      let a: RGBAImage?
      let b: RGBAImage?
      do {
        a = try old.nextPicture()
      } catch {
        throw .reference("\(label): frame \(index + 1): \(error)")
      }
      do {
        b = try new.nextPicture()
      } catch {
        throw .output("\(label) (actual): frame \(index + 1): \(error)")
      }
      guard let a, let b else { break }
      if let mask = ignoring.mask, (mask.width, mask.height) != (a.width, a.height) {
        throw .output(
          "the mask: \(mask.width)×\(mask.height) pixels, but the reference \(label) is \(a.width)×\(a.height); the mask must be its size")
      }
      if a != b {
        let comparison = ImageComparison(expected: a, actual: b, options: options, ignoring: ignoring)
        if !comparison.result.passed {
          differingFrames += 1
          if first == nil {
            first = (index, comparison, ImageFile.pngBytes(a), ImageFile.pngBytes(b))
          }
        }
      }
      index += 1
    }
  }

  /// Whether every frame matches within the budgets, with as many frames and the same timing.
  package var passed: Bool { differingFrames == 0 && expectedFrames == actualFrames && timingMatches }

  /// One line: `match: 48 frames` or `differ: 3 of 48 frames, first frame 12: differ: …`.
  package var summary: String {
    func frames(_ n: Int) -> String { "\(n) frame\(n == 1 ? "" : "s")" }
    if passed { return "match: \(frames(expectedFrames)) within the budgets" }
    var parts: [String] = []
    if expectedFrames != actualFrames {
      parts.append("\(frames(actualFrames)), the reference has \(expectedFrames)")
    }
    if let first {
      let compared = min(expectedFrames, actualFrames)
      parts.append(
        "\(differingFrames) of \(compared) frames differ, first frame \(first.index + 1): \(first.comparison.summary)")
    } else if !timingMatches {
      parts.append("the frames match but their delays or loop count differ")
    }
    return "differ: " + parts.joined(separator: "; ")
  }
}
