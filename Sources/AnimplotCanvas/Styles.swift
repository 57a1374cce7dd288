import AnimplotPlatform

/// How a path is stroked.
public struct StrokeStyle: Sendable, Hashable {
  public enum Cap: Sendable, Hashable { case butt, round, square }
  public enum Join: Sendable, Hashable { case miter, round, bevel }

  /// Line width in logical pixels.
  public var width: Double
  /// Dash pattern in logical pixels (on, off, …); empty for a solid line.
  public var dash: [Double]
  public var dashPhase: Double
  public var cap: Cap
  public var join: Join

  public init(
    width: Double = 1, dash: [Double] = [], dashPhase: Double = 0, cap: Cap = .butt,
    join: Join = .miter
  ) {
    self.width = width
    self.dash = dash
    self.dashPhase = dashPhase
    self.cap = cap
    self.join = join
  }
}

/// How text is drawn: the bundled font at a pixel size.
public struct TextStyle: Sendable, Hashable {
  /// Font size in logical pixels (the em size).
  public var size: Double
  public var color: Color
  /// A soft shadow drawn under the text, or none.
  public var shadow: TextShadow?
  /// Whether a baseline between device pixel rows stays there: the text is set on the row above
  /// and moved down by the fraction, its coverage sampled bilinearly, as Blender draws the text
  /// of a view that maps to its pixels at a scale other than 1:1 (the channel lists at a
  /// fractional UI scale). Otherwise the origin is rounded to the nearest device pixel.
  public var keepsFractionalBaseline: Bool

  public init(size: Double, color: Color, shadow: TextShadow? = nil, keepsFractionalBaseline: Bool = false) {
    self.size = size
    self.color = color
    self.shadow = shadow
    self.keepsFractionalBaseline = keepsFractionalBaseline
  }
}

/// A soft shadow under text, as Blender's font library draws one (`BLF_shadow`): the glyphs'
/// coverage blurred, moved and filled with `color`. Blender works in device pixels, so the
/// offset and the blur are in device pixels too: the same at every `--scale`.
public struct TextShadow: Sendable, Hashable {
  public var color: Color
  /// Rightward and downward offset, device pixels.
  public var dx: Int
  public var dy: Int
  /// Blender's blur level: 0 (sharp), 3 (a 3×3 kernel) or 5 (5×5).
  public var blur: Int

  public init(color: Color, dx: Int = 1, dy: Int = 1, blur: Int = 5) {
    self.color = color
    self.dx = dx
    self.dy = dy
    self.blur = blur
  }
}

/// Where a text's anchor point sits relative to the text.
public struct TextAnchor: Sendable, Hashable {
  public enum Horizontal: Sendable, Hashable { case left, center, right }
  public enum Vertical: Sendable, Hashable {
    /// The point is on the baseline.
    case baseline
    /// The point is half the height of the digit "0" above the baseline (Blender's labels).
    case middle
    /// The point is at the font's ascent above the baseline.
    case top
  }

  public var horizontal: Horizontal
  public var vertical: Vertical

  public init(_ horizontal: Horizontal = .left, _ vertical: Vertical = .baseline) {
    self.horizontal = horizontal
    self.vertical = vertical
  }
}

/// Measures text set in the bundled font, the same way for every backend, so that layout is
/// identical whether it is recorded, rasterised or written as SVG/PDF.
public protocol FontMetrics: Sendable {
  /// The advance width of `text` at `size` pixels (no kerning, as Cairo's `show_text`).
  func width(of text: String, size: Double) -> Double
  /// The font's ascent above the baseline at `size` pixels.
  func ascent(size: Double) -> Double
  /// The font's descent below the baseline at `size` pixels (positive).
  func descent(size: Double) -> Double
  /// The height of the digit "0" at `size` pixels (Blender centres labels with it).
  func digitHeight(size: Double) -> Double
}

/// Text as it is drawn: at most `Limits.drawnTextCharacters` Unicode scalars (a glyph each), a
/// longer text cut and ended with "…", so that a name of 100 MB in an input costs no more than
/// a long one. Counted in scalars, not characters: "a" and 50 million combining marks is one
/// character but 50 million glyphs. Every canvas draws, and every font measures, text through
/// `cut`.
package enum DrawnText {
  /// The text, or its first `Limits.drawnTextCharacters − 1` scalars and "…".
  package static func cut(_ text: String) -> String {
    // UTF-8 length bounds the scalar count from above, and is O(1) for native strings.
    guard text.utf8.count > Limits.drawnTextCharacters else { return text }
    let scalars = text.unicodeScalars
    var count = 0
    var end = scalars.startIndex
    while end < scalars.endIndex {
      if count == Limits.drawnTextCharacters {
        return String(String.UnicodeScalarView(scalars[..<scalars.index(before: end)])) + "…"
      }
      end = scalars.index(after: end)
      count += 1
    }
    return text
  }
}
