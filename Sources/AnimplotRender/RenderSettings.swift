import AnimplotCairo

/// How a picture becomes bytes, whatever the view: device scale, PNG compression and SVG text.
public struct RenderSettings: Sendable, Hashable {
  /// Device pixels per logical pixel (2 for HiDPI); from above 0 to 8.
  public var scale: Double
  /// PNG speed against size.
  public var pngCompression: PNGCompression
  /// SVG text as `<text>` elements in the bundled font, selectable and searchable
  /// (`CairoCanvas.svgText`); `false`, the default: glyph outlines.
  public var svgText: Bool

  public init(scale: Double = 1, pngCompression: PNGCompression = .default, svgText: Bool = false) {
    self.scale = scale
    self.pngCompression = pngCompression
    self.svgText = svgText
  }
}
