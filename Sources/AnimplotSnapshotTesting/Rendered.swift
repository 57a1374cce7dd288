import AnimplotCanvas
import AnimplotCore
import AnimplotGolden
import AnimplotRender
import Testing
import XCTest

/// A picture decoded for comparison, or why it could not be.
enum RGBAImageResult {
  case image(RGBAImage)
  case failure(String)
}

/// Rendering and decoding for the strategies, whose snapshot functions cannot throw: a
/// failure to render is recorded as a failure of the running test (Swift Testing's or
/// XCTest's), so the test fails whatever the record mode; the snapshot is then the message, so
/// that it cannot match a real reference either.
enum Rendered {
  /// The bytes of `view` of `actions` in `format`, or the error's message as UTF-8.
  static func bytes<View: PlotView>(
    _ actions: [Action], view: View, format: OutputFormat, settings: RenderSettings = RenderSettings()
  ) -> [UInt8] {
    do {
      return try Renderer(settings: settings).render(actions, view: view, as: format, name: "the snapshot")
    } catch {
      let message = "animplot could not render the snapshot: \(error)"
      fail(message)
      return Array(message.utf8)
    }
  }

  /// Records `message` as a failure of the running test.
  static func fail(_ message: String) {
    if Test.current != nil {
      Issue.record(Comment(rawValue: message))
    } else {
      XCTFail(message)
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
