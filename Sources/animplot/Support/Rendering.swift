import CairoCanvas
import Canvas

/// Draws a picture with the backend its format needs and returns the file's bytes.
enum Rendering {
  /// Renders `draw` at `width`×`height` logical pixels.
  /// - Throws: `CLIError` naming `output` when the backend fails.
  static func render(
    format: OutputFormat, width: Int, height: Int, scale: Double, compression: PNGCompressionOption,
    output: String, _ draw: (any Canvas) -> Void
  ) throws -> [UInt8] {
    if format == .displaylist {
      let canvas = RecordingCanvas(size: Size(Double(width), Double(height)))
      draw(canvas)
      return Array(canvas.displayList.utf8)
    }
    let cairoFormat: CairoCanvas.Format = format == .svg ? .svg : format == .pdf ? .pdf : .png
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
