import AnimplotCanvas
import AnimplotGolden
import AnimplotTestSupport
import Foundation
import Testing

/// The summary line and the JSON object.
@Suite struct DiffReportTests {
  static let shifted = ImageComparison(
    expected: TestImages.curve(), actual: TestImages.curve(shift: 1), options: .perceptual)

  @Test func summaryOfADifference() {
    #expect(
      Self.shifted.summary
        == "differ: 495 pixels (0.6188%), 839 antialiased, worst 16×16 window 57 px at (24,133), "
        + "bbox 0,39–399,161, RMS 14.84; exceeds max 0.1% of pixels and max 24 px per window")
  }

  @Test func summaryOfToleratedDifferences() throws {
    let white = RGBAImage(width: 2000, height: 1100, fill: (255, 255, 255, 255))
    var dotted = white
    dotted.set(10, 20, (0, 0, 0, 255))
    let c = ImageComparison(
      expected: white, actual: dotted,
      options: try DiffOptions(metric: .exact, pixelBudget: .pixels(5)))
    #expect(
      c.summary
        == "match: 1 pixel (<0.0001%), worst 16×16 window 1 px at (0,5), bbox 10,20–10,20, RMS 0.17"
    )
  }

  @Test func jsonHoldsTheSameFacts() throws {
    let text = Self.shifted.json(expectedPath: "a \"quoted\"\nname\\é.png", actualPath: "b.png")
    #expect(!text.contains("\n"))
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(object["match"] as? Bool == false)
    #expect(object["identical"] as? Bool == false)
    #expect(object["metric"] as? String == "perceptual")
    #expect(object["threshold"] as? Double == 0.1)
    #expect(object["differingPixels"] as? Int == 495)
    #expect(object["antialiasedPixels"] as? Int == 839)
    #expect(object["comparedPixels"] as? Int == 80_000)
    #expect(abs((object["differingPercent"] as? Double ?? 0) - 0.61875) < 1e-12)
    let expected = try #require(object["expected"] as? [String: Any])
    #expect(expected["path"] as? String == "a \"quoted\"\nname\\é.png")
    #expect(expected["width"] as? Int == 400 && expected["height"] as? Int == 200)
    let window = try #require(object["worstWindow"] as? [String: Int])
    #expect(window == ["size": 16, "x": 24, "y": 133, "pixels": 57])
    let box = try #require(object["boundingBox"] as? [String: Int])
    #expect(box == ["minX": 0, "minY": 39, "maxX": 399, "maxY": 161])
    #expect(object["maxDiffRatio"] as? Double == 0.001)
    #expect(object["maxWindowPixels"] as? Int == 24)
    #expect(object["violations"] as? [String] == ["pixels", "window"])
    #expect(object["summary"] as? String == Self.shifted.summary)
  }

  @Test func jsonOfIdenticalImages() throws {
    let image = TestImages.curve(width: 10, height: 10)
    let text = ImageComparison(expected: image, actual: image, options: .exact).json()
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(object["match"] as? Bool == true)
    #expect(object["worstWindow"] is NSNull && object["boundingBox"] is NSNull)
    #expect(object["maxWindowPixels"] is NSNull)
    #expect(object["maxDiffPixels"] as? Int == 0)
    #expect(object["violations"] as? [String] == [])
    #expect((object["expected"] as? [String: Any])?["path"] == nil)
  }
}
