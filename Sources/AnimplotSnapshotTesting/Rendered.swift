import AnimplotCanvas
import AnimplotCore
import AnimplotGolden
import AnimplotRender

/// A picture decoded for comparison, or why it could not be.
enum RGBAImageResult {
  case image(RGBAImage)
  case failure(String)
}

/// Rendering and decoding for the strategies, which cannot throw: a failure becomes the text
/// of the snapshot, so it shows in the test's failure message and never passes.
enum Rendered {
  /// The bytes of `view` of `actions` in `format`, or the error's message as UTF-8.
  static func bytes<View: PlotView>(
    _ actions: [Action], view: View, format: OutputFormat, settings: RenderSettings = RenderSettings()
  ) -> [UInt8] {
    do {
      return try Renderer(settings: settings).render(actions, view: view, as: format, name: "the snapshot")
    } catch {
      return Array("animplot could not render the snapshot: \(error)".utf8)
    }
  }

  /// The pixels of PNG bytes, or a message naming `which` (the reference or the snapshot).
  static func decode(_ bytes: some Collection<UInt8>, _ which: String) -> RGBAImageResult {
    let array = Array(bytes)
    do {
      return .image(try ImageFile.decode(pngBytes: array, path: which))
    } catch {
      let text = String(decoding: array.prefix(300), as: UTF8.self)
      return .failure(text.hasPrefix("animplot could not render") ? text : "\(error)")
    }
  }
}
