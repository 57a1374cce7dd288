/// The names of a case's artifact files, relative to the artifacts folder: the reference,
/// the output and their difference, beside the case's name.
///
/// `ball.png` → `ball.expected.png`, `ball.actual.png`, `ball.diff.png`;
/// `ball.svg` → rasters `ball.svg.expected.png`, `ball.svg.actual.png`, `ball.svg.diff.png`
/// and the SVG drawn now, `ball.actual.svg`;
/// `ball.layout.json` → `ball.expected.layout.json`, `ball.actual.layout.json`,
/// `ball.layout.json.diff` (a unified diff); display lists likewise; `ball.values.csv` →
/// `ball.expected.values.csv`, `ball.actual.values.csv` and `ball.values.csv.diff` (the table
/// of the channels that moved); `ball.apng` → the first frame that differs,
/// `ball.apng.expected.png`, `ball.apng.actual.png`, `ball.apng.diff.png`, and the animation
/// drawn now, `ball.actual.apng`; `ball.edited.json` → `ball.expected.edited.json`,
/// `ball.actual.edited.json`, `ball.edited.json.diff`.
package struct ArtifactNames: Sendable, Hashable {
  package var expected: String
  package var actual: String
  package var diff: String
  /// For SVG cases, the SVG drawn now (the three others are rasters).
  package var actualSource: String?

  /// The names for `checkCase`.
  package init(for checkCase: CheckCase) {
    let name = checkCase.name
    let suffix = checkCase.kind.suffix
    switch checkCase.kind {
    case .png:
      expected = name + ".expected.png"
      actual = name + ".actual.png"
      diff = name + ".diff.png"
    case .svg:
      expected = name + ".svg.expected.png"
      actual = name + ".svg.actual.png"
      diff = name + ".svg.diff.png"
      actualSource = name + ".actual.svg"
    case .animation:
      // The first frame that differs, and the animation drawn now.
      expected = name + ".apng.expected.png"
      actual = name + ".apng.actual.png"
      diff = name + ".apng.diff.png"
      actualSource = name + ".actual.apng"
    case .layoutJSON, .displayList, .values, .edited:
      expected = name + ".expected" + suffix
      actual = name + ".actual" + suffix
      diff = name + suffix + ".diff"
    }
  }

  /// Every name, in a fixed order.
  package var all: [String] { [expected, actual, diff] + (actualSource.map { [$0] } ?? []) }
}
