import AnimplotCairo
import AnimplotPlots
import AnimplotRender
import ArgumentParser

/// Device scale, theme and PNG compression: the options the verbs of their own layout (play,
/// preview, gallery, morph) share with the editors' `PictureOptions`.
public struct LookOptions: ParsableArguments, Sendable {
  public init() {}

  @Option(parsing: .unconditional, help: "Device pixels per pixel (2 for HiDPI).")
  public var scale: Double = 1

  @Option(help: "Colour theme: blender (Blender's dark theme; 'dark' says the same) or light (for documents and print).")
  public var theme: Theme = .blender

  @Option(
    name: .customLong("png-compression"),
    help: "PNG compression: fast, default or small (from 1,000,000 pixels up, default compresses as fast does).")
  public var pngCompression: PNGCompression = .default

  public func validate() throws {
    guard scale > 0 && scale <= 8 && scale.isFinite else {
      throw ValidationError("--scale must be greater than 0 and at most 8, not \(scale)")
    }
  }

  /// Scale and compression.
  public var settings: RenderSettings { RenderSettings(scale: scale, pngCompression: pngCompression) }
}

extension PictureOptions {
  /// Refuses a `--width` or `--height` (`name`) outside 16 … `maximumSide` pixels.
  public static func checkSide(_ name: String, _ value: Int?) throws {
    guard let value else { return }
    guard value >= 16 && value <= maximumSide else {
      throw ValidationError("\(name) must be from 16 to \(maximumSide) pixels, not \(value)")
    }
  }
}
