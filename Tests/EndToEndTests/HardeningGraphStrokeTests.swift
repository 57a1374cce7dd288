import AnimplotTestSupport
import Foundation
import Testing

/// A Graph Editor's drawing work beyond curves × columns: curves that cross the plot in every
/// pixel column (a Generator's sine of a period shorter than a frame, sampled every half pixel)
/// are drawn as bands, and the bands, strokes, key vertices and handles a raster would draw are
/// weighed before it is drawn.
extension HardeningRoundTwoTests {
  /// `count` tracks of two keys over frames 1 to 100,000, each a Generator's sine of a period
  /// shorter than a frame (an adversarial tester's 2.3 KB file for 8: past a minute at 8192 ×
  /// 8192).
  func sines(_ count: Int) -> String {
    let tracks = (0..<count).map { i in
      #"{"dataPath": "location", "index": \#(i % 3), "label": "c\#(i)", "modifiers": [{"type": "fnGenerator", "#
        + #""settings": {"functionType": "sin", "amplitude": 1, "phaseMultiplier": \#(1 + i % 7)}}], "#
        + #""keyframes": [{"frame": 1, "value": 0}, {"frame": 100000, "value": 1}]}"#
    }
    return #"{"animplot": 1, "actions": [{"name": "A", "frameStart": 1, "frameEnd": 100000, "tracks": ["#
      + tracks.joined(separator: ", ") + "]}]}"
  }

  /// `count` channels of `frames` samples alternating between 0 and 1: every segment crosses
  /// the plot.
  func sawtooth(_ count: Int, frames: Int) -> String {
    let values = (0..<frames).map { $0 % 2 == 0 ? "0" : "1" }.joined(separator: ",")
    return "{\"timeline\": [" + (0..<frames).map(String.init).joined(separator: ",") + "], \"channels\": {"
      + (0..<count).map { "\"c\($0)\": [\(values)]" }.joined(separator: ", ") + "}}"
  }

  /// Eight such sines are drawn (as bands). A hundred curves that cross the plot at every key,
  /// across 8192 × 8192, would fill more than 5 billion device pixels: refused before any is
  /// drawn, nothing written.
  @Test func curvesCrossingThePlotInEveryColumnAreDrawnAsBandsOrRefused() throws {
    let dir = try CLI.temporaryDirectory()
    try write(sines(8), to: dir.appendingPathComponent("eight.json"))
    try write(sawtooth(100, frames: 10_000), to: dir.appendingPathComponent("hundred.json"))
    let drawn = try CLI.run(["graph", "eight.json", "-o", "eight.png", "--width", "2000", "--height", "400"], in: dir)
    #expect(drawn.status == 0, "\(drawn.stderr)")
    let refused = try CLI.run(["graph", "hundred.json", "-o", "hundred.png", "--width", "8192", "--height", "8192"], in: dir)
    expectOneLineError(
      refused,
      "device pixels with curves that cross the plot in every pixel column, more than 4000000000; show fewer channels")
    #expect(try names(dir) == ["eight.json", "eight.png", "hundred.json"])
  }
}
