import AnimplotCairo
import AnimplotCanvas
import AnimplotGolden
import AnimplotTestSupport
import Foundation
import Testing

/// pixelmatch v7.2.0's own test suite (`test/test.js` of mapbox/pixelmatch), run through
/// `ImageComparison` with pixelmatch's options mapped to animplot's: every case's count of
/// differing pixels, and its diff image within 1 in every channel (animplot rounds the faded
/// grey, pixelmatch's suite truncates it).
///
/// The fixtures are not in the repository: fetch pixelmatch's `test/fixtures/` at tag v7.2.0
/// into a folder and name it in `ANIMPLOT_PIXELMATCH`.
@Suite(.requires(PixelmatchFixtures.requirement)) struct PixelmatchSuiteTests {
  /// One `diffTest(...)` line of test.js, its options mapped.
  struct Case: Sendable, CustomTestStringConvertible {
    var first: String
    var second: String
    var diff: String
    /// pixelmatch's `threshold` (its default 0.1 when not given).
    var threshold = 0.1
    var alpha = ImageComparison.defaultAlpha
    var mask = false
    /// pixelmatch's `diffColor` (red) and `diffColorAlt` (`diffColor` when not given).
    var diffColor = DiffColors.RGB.red
    var diffColorAlt: DiffColors.RGB?
    var aaColor = DiffColors.RGB.yellow
    /// The count test.js expects.
    var expected: Int

    var testDescription: String { "\(first) to \(second), \(diff)" }

    var style: DiffImageStyle {
      DiffImageStyle(
        colors: DiffColors(darker: diffColorAlt ?? diffColor, lighter: diffColor, antialiased: aaColor),
        alpha: alpha, mask: mask)
    }
  }

  static let cases: [Case] = [
    Case(first: "1a", second: "1b", diff: "1diff", threshold: 0.05, expected: 143),
    Case(first: "1a", second: "1b", diff: "1diffdefaultthreshold", expected: 106),
    Case(first: "1a", second: "1b", diff: "1diffmask", threshold: 0.05, mask: true, expected: 143),
    Case(first: "1a", second: "1a", diff: "1emptydiffmask", threshold: 0, mask: true, expected: 0),
    Case(
      first: "2a", second: "2b", diff: "2diff", threshold: 0.05, alpha: 0.5,
      diffColor: DiffColors.RGB(255, 0, 255), aaColor: DiffColors.RGB(0, 192, 0), expected: 12437),
    Case(first: "3a", second: "3b", diff: "3diff", threshold: 0.05, expected: 212),
    Case(first: "4a", second: "4b", diff: "4diff", threshold: 0.05, expected: 36049),
    Case(first: "5a", second: "5b", diff: "5diff", threshold: 0.05, expected: 6),
    Case(first: "6a", second: "6b", diff: "6diff", threshold: 0.05, expected: 51),
    Case(first: "6a", second: "6a", diff: "6empty", threshold: 0, expected: 0),
    Case(first: "7a", second: "7b", diff: "7diff", diffColorAlt: DiffColors.RGB(0, 255, 0), expected: 2448),
    Case(first: "8a", second: "5b", diff: "8diff", threshold: 0.05, expected: 32896),
  ]

  /// The comparison test.js makes: pixelmatch 7's default checkerboard, AA pixels excused.
  static func compare(_ c: Case) throws -> (ImageComparison, diffDistance: Int) {
    let folder = try #require(PixelmatchFixtures.folder)
    func image(_ name: String) throws -> RGBAImage {
      try ImageFile.read(path: folder.appendingPathComponent(name + ".png").path)
    }
    let options = try DiffOptions(
      metric: .perceptual(threshold: c.threshold, includeAntialiased: false), pixelBudget: .pixels(0),
      checkerboard: true)
    let comparison = ImageComparison(expected: try image(c.first), actual: try image(c.second), options: options)
    let drawn = comparison.diffImage(style: c.style)
    let expected = try image(c.diff)
    try #require(drawn.width == expected.width && drawn.height == expected.height)
    let distance = zip(drawn.pixels, expected.pixels).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
    return (comparison, distance)
  }

  @Test(arguments: cases) func suiteCase(_ c: Case) throws {
    let (comparison, distance) = try Self.compare(c)
    print(
      "pixelmatch \(c.diff): pixelmatch \(c.expected), animplot \(comparison.result.differingPixels), "
        + "diff image max channel difference \(distance)")
    #expect(comparison.result.differingPixels == c.expected)
    #expect(distance <= 1)
  }
}

/// The folder `ANIMPLOT_PIXELMATCH` names: pixelmatch's fixtures, fetched by hand.
enum PixelmatchFixtures {
  static let variable = "ANIMPLOT_PIXELMATCH"

  static var folder: URL? {
    guard let path = ProcessInfo.processInfo.environment[variable], !path.isEmpty else { return nil }
    return URL(fileURLWithPath: path)
  }

  static let requirement = Requirement(
    what: "pixelmatch v7.2.0's test fixtures",
    missing: folder.map { "\($0.path)/1a.png not found" } ?? "\(variable) is not set",
    howToRun: "fetch mapbox/pixelmatch's test/fixtures at v7.2.0 and run with \(variable)=/path/to/fixtures",
    isMet: folder.map { FileManager.default.fileExists(atPath: $0.appendingPathComponent("1a.png").path) } ?? false,
    requiredInCI: false)
}

/// pixelmatch 7's checkerboard test, which needs no fixture.
@Suite struct CheckerboardBlendingTests {
  @Test func halfTransparentBlackAgainstGrey() throws {
    // Visually identical over white; over the checkerboard's dark squares they differ.
    let first = RGBAImage(width: 1, height: 1, fill: (0, 0, 0, 128))
    let second = RGBAImage(width: 1, height: 1, fill: (127, 127, 127, 255))
    func count(checkerboard: Bool) throws -> Int {
      let options = try DiffOptions(
        metric: .perceptual(threshold: 0.1, includeAntialiased: false), pixelBudget: .pixels(0),
        checkerboard: checkerboard)
      return ImageComparison(expected: first, actual: second, options: options).result.differingPixels
    }
    #expect(try count(checkerboard: false) == 0)
    #expect(try count(checkerboard: true) == 1)
  }
}
