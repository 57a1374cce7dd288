import AnimplotCanvas
import AnimplotCore
import AnimplotGolden
import AnimplotRender
import Foundation
import SnapshotTesting

/// A picture decoded for comparison, or why it could not be.
enum RGBAImageResult {
  case image(RGBAImage)
  case failure(String)
}

/// Rendering and decoding for the strategies, whose snapshot functions cannot throw: a snapshot
/// that cannot be rendered is the error's message, and the strategies' diffing never lets it
/// match (`Diffing.refusingFailedRenders`), whatever the reference, so the test fails in every
/// record mode through swift-snapshot-testing's own reporting (Swift Testing's or XCTest's,
/// whichever runs the test).
enum Rendered {
  /// What a snapshot that could not be rendered begins with.
  static let failurePrefix = "animplot could not render the snapshot: "

  /// The bytes of `view` of `actions` in `format`, or the error's message as UTF-8.
  static func bytes<View: PlotView>(
    _ actions: [Action], view: View, format: OutputFormat, settings: RenderSettings = RenderSettings()
  ) -> [UInt8] {
    do {
      return try Renderer(settings: settings).render(actions, view: view, as: format, name: "the snapshot")
    } catch {
      return Array((failurePrefix + "\(error)").utf8)
    }
  }

  /// The message of a snapshot that could not be rendered; `nil` for a rendered one.
  static func failure(in snapshot: some Collection<UInt8>) -> String? {
    guard snapshot.starts(with: failurePrefix.utf8) else { return nil }
    return String(decoding: snapshot.prefix(2000), as: UTF8.self)
  }

  /// The pixels of PNG bytes, or a message naming `which` (the reference or the snapshot).
  static func decode(_ bytes: some Collection<UInt8>, _ which: String) -> RGBAImageResult {
    if let failure = failure(in: bytes) { return .failure(failure) }
    do {
      return .image(try ImageFile.decode(pngBytes: Array(bytes), path: which))
    } catch {
      return .failure("\(error)")
    }
  }
}

extension Diffing {
  /// `diffing`, except that a snapshot that could not be rendered never matches: its message is
  /// the failure, whatever the reference.
  static func refusingFailedRenders(_ diffing: Diffing, bytes: @escaping (Value) -> [UInt8]) -> Diffing {
    .diff(toData: diffing.toData, fromData: diffing.fromData) { old, new in
      if let message = Rendered.failure(in: bytes(new)) { return (message, []) }
      return diffing.diffV2(old, new)
    }
  }
}
