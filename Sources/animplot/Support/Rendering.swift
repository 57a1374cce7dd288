import AnimplotCairo
import AnimplotCanvas

/// Draws a picture with the backend its format needs and returns the file's bytes.
enum Rendering {
  /// Renders `draw` at `width`×`height` logical pixels, as a picture or a display list.
  /// - Throws: `CLIError` naming `output` when the backend fails or `format` is not a picture.
  static func render(
    format: OutputFormat, width: Int, height: Int, scale: Double, compression: PNGCompressionOption,
    output: String, _ draw: (any Canvas) -> Void
  ) throws -> [UInt8] {
    let cairoFormat: CairoCanvas.Format
    switch format {
    case .displaylist:
      let canvas = RecordingCanvas(size: Size(Double(width), Double(height)))
      draw(canvas)
      return Array(canvas.displayList.utf8)
    case .png: cairoFormat = .png
    case .svg: cairoFormat = .svg
    case .pdf: cairoFormat = .pdf
    case .json: throw CLIError("\(output): json is a layout, not a picture")
    }
    let compressionSetting: PNGCompression =
      switch compression {
      case .fast: .fast
      case .default: .default
      case .small: .small
      }
    do {
      let canvas = try CairoCanvas(
        width: width, height: height, scale: scale, format: cairoFormat, pngCompression: compressionSetting)
      draw(canvas)
      return try canvas.finish()
    } catch {
      throw CLIError("\(output): cannot render: \(error)")
    }
  }
}
