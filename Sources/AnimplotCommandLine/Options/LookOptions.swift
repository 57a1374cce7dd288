import AnimplotCairo
import AnimplotPlots
import AnimplotRender
import ArgumentParser

/// `--scale` and `--theme`: every verb that draws.
package struct ScaleAndThemeOptions: ParsableArguments, Sendable {
  package init() {}

  @Option(parsing: .unconditional, help: "Device pixels per pixel (2 for HiDPI; default: 1).", transform: decimalOption)
  package var scale: Double = 1

  @Option(
    name: .customLong("theme"),
    help: ArgumentHelp(
      "Colour theme: blender (Blender's dark theme; 'dark' says the same) or light (for documents and print).",
      valueName: "blender|light"))
  package var themeArgument = ThemeArgument(.blender)

  /// `--theme`.
  package var theme: Theme { themeArgument.theme }

  package func validate() throws {
    guard scale > 0 && scale <= 8 && scale.isFinite else {
      throw ValidationError("--scale must be greater than 0 and at most 8, not \(scale)")
    }
  }
}

/// Device scale, theme and PNG compression: the options the verbs of their own layout (play,
/// preview, gallery, morph) share with the editors' `PictureOptions`.
package struct LookOptions: ParsableArguments, Sendable {
  package init() {}

  @OptionGroup package var scaleAndTheme: ScaleAndThemeOptions

  /// `--scale`: device pixels per pixel.
  package var scale: Double { scaleAndTheme.scale }
  /// `--theme`.
  package var theme: Theme { scaleAndTheme.theme }

  @OptionGroup package var encoding: EncodingOptions

  /// Scale, compression and SVG text.
  package var settings: RenderSettings { encoding.settings(scale: scale) }
}

/// How the files are written: `--png-compression` and `--svg-text`, in every verb that writes
/// PNG or SVG.
package struct EncodingOptions: ParsableArguments, Sendable {
  package init() {}

  @Option(
    name: .customLong("png-compression"),
    help: ArgumentHelp(
      "PNG compression: fast, default or small (from 1,000,000 pixels up, default compresses as fast does).",
      valueName: "fast|default|small"))
  package var pngCompression: PNGCompression = .default

  @Flag(
    name: .customLong("svg-text"),
    help: "SVG: write text as <text> elements in the bundled font (DejaVu Sans), which can be selected and searched, at the same places; without it, as glyph outlines, the same in every viewer.")
  package var svgText = false

  /// The settings at `scale`.
  package func settings(scale: Double) -> RenderSettings {
    RenderSettings(scale: scale, pngCompression: pngCompression, svgText: svgText)
  }
}

extension PictureChecks {
  /// Refuses a `--width` or `--height` (`name`) outside 16 … `maximumSide` pixels.
  package static func checkSide(_ name: String, _ value: Int?) throws {
    guard let value else { return }
    guard value >= 16 && value <= maximumSide else {
      throw ValidationError("\(name) must be from 16 to \(maximumSide) pixels, not \(value)")
    }
  }
}
