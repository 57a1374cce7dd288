import AnimplotCairo

/// How a picture becomes bytes, whatever the view: device scale and PNG compression.
public struct RenderSettings: Sendable, Hashable {
  /// Device pixels per logical pixel (2 for HiDPI); from above 0 to 8.
  public var scale: Double
  /// PNG speed against size.
  public var pngCompression: PNGCompression

  public init(scale: Double = 1, pngCompression: PNGCompression = .default) {
    self.scale = scale
    self.pngCompression = pngCompression
  }
}
