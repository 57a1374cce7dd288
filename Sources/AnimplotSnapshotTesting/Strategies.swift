import AnimplotCore
import AnimplotGolden
import AnimplotPlots
import AnimplotRender
import AnimplotText
import Foundation
import SnapshotTesting

// swift-snapshot-testing strategies for actions: pictures compared by pixels through
// AnimplotGolden, display lists and layouts compared as text, with that library's record
// modes (`withSnapshotTesting(record:)`, `SNAPSHOT_TESTING_RECORD`) and file layout
// (`__Snapshots__/TestFile/test.N.png`).
//
//     assertSnapshot(of: action, as: .graph(width: 480, height: 270))
//     assertSnapshot(of: action, as: .displayList)
//     assertSnapshot(of: action, as: .dopesheetLayout)

extension Snapshotting where Value == Action, Format == Data {
  /// The Graph Editor of the action as a PNG, compared pixel by pixel.
  /// - Parameters:
  ///   - options: what the Graph Editor shows (`width`/`height` override its size).
  ///   - width: the picture's width, logical pixels; `nil` keeps the options'.
  ///   - height: the picture's height; `nil` keeps the options'.
  ///   - settings: the device scale and PNG compression.
  ///   - comparison: exact (the default) or perceptual, with budgets (`DiffOptions`).
  public static func graph(
    _ options: GraphOptions = GraphOptions(), width: Double? = nil, height: Double? = nil,
    settings: RenderSettings = RenderSettings(), comparison: DiffOptions = .exact
  ) -> Snapshotting {
    var options = options
    if let width { options.width = width }
    if let height { options.height = height }
    return .picture(GraphView(options: options), settings: settings, comparison: comparison)
  }

  /// The Dope Sheet of the action as a PNG, compared pixel by pixel.
  public static func dopesheet(
    _ options: DopeSheetEditorOptions = DopeSheetEditorOptions(), settings: RenderSettings = RenderSettings(),
    comparison: DiffOptions = .exact
  ) -> Snapshotting {
    .picture(DopeSheetView(options: options), settings: settings, comparison: comparison)
  }

  /// The Timeline strip of the action as a PNG, compared pixel by pixel.
  public static func timeline(
    _ options: TimelineOptions = TimelineOptions(), settings: RenderSettings = RenderSettings(),
    comparison: DiffOptions = .exact
  ) -> Snapshotting {
    .picture(TimelineView(options: options), settings: settings, comparison: comparison)
  }

  /// Any view that draws a picture, as a PNG compared pixel by pixel.
  public static func picture<View: PlotView>(
    _ view: View, settings: RenderSettings = RenderSettings(), comparison: DiffOptions = .exact
  ) -> Snapshotting where View.Content: Drawable {
    Snapshotting<Data, Data>(pathExtension: "png", diffing: .png(comparison)).pullback { action in
      Data(Rendered.bytes([action], view: view, format: .png, settings: settings))
    }
  }
}

extension Snapshotting where Value == [Action], Format == Data {
  /// The Dope Sheet of several actions (one block each) as a PNG, compared pixel by pixel.
  public static func dopesheet(
    _ options: DopeSheetEditorOptions = DopeSheetEditorOptions(), settings: RenderSettings = RenderSettings(),
    comparison: DiffOptions = .exact
  ) -> Snapshotting {
    Snapshotting<Data, Data>(pathExtension: "png", diffing: .png(comparison)).pullback { actions in
      Data(Rendered.bytes(actions, view: DopeSheetView(options: options), format: .png, settings: settings))
    }
  }
}

extension Snapshotting where Value == Action, Format == String {
  /// The Graph Editor's display list (every drawing call as a line), compared as text: exact,
  /// portable across machines, and a one-line diff for a moved key.
  public static var displayList: Snapshotting { .displayList(GraphView()) }

  /// The display list of any view that draws a picture.
  public static func displayList<View: PlotView>(_ view: View) -> Snapshotting where View.Content: Drawable {
    var strategy = SimplySnapshotting.lines.pullback { (action: Action) in
      String(decoding: Rendered.bytes([action], view: view, format: .displayList), as: UTF8.self)
    }
    strategy.diffing = .refusingFailedRenders(strategy.diffing) { Array($0.utf8) }
    return strategy
  }

  /// The Dope Sheet's layout as JSON (docs/dopesheet-json.md), compared as text.
  public static var dopesheetLayout: Snapshotting { .dopesheetLayout() }

  /// The Dope Sheet's layout as JSON with `options`, compared as text one member per line: a
  /// snapshot recorded in the older layout (one row per line) is read in the new one, so it
  /// still matches.
  public static func dopesheetLayout(_ options: DopeSheetEditorOptions = DopeSheetEditorOptions()) -> Snapshotting {
    var strategy = SimplySnapshotting.lines.pullback { (action: Action) in
      String(
        decoding: Rendered.bytes([action], view: DopeSheetView(options: options), format: .layoutJSON),
        as: UTF8.self)
    }
    let lines = strategy.diffing
    strategy.diffing = .refusingFailedRenders(
      .diff(toData: lines.toData, fromData: lines.fromData) { old, new in
        lines.diffV2(prettyJSON(old) ?? old, prettyJSON(new) ?? new)
      }
    ) { Array($0.utf8) }
    strategy.pathExtension = "json"
    return strategy
  }
}

extension Diffing where Value == Data {
  /// PNG files compared by their pixels with AnimplotGolden's `ImageComparison`; a failure
  /// carries the one-line summary and attaches the diff image. A snapshot that could not be
  /// rendered never matches.
  public static func png(_ options: DiffOptions = .exact) -> Diffing {
    .diff(toData: { $0 }, fromData: { $0 }) { old, new in
      if let message = Rendered.failure(in: new) { return (message, []) }
      guard old != new else { return nil }
      let expected: RGBAImageResult = Rendered.decode(old, "reference")
      let actual: RGBAImageResult = Rendered.decode(new, "snapshot")
      switch (expected, actual) {
      case (.image(let a), .image(let b)):
        let comparison = ImageComparison(expected: a, actual: b, options: options)
        guard !comparison.result.passed else { return nil }
        return (
          "the picture differs from its reference: " + comparison.summary,
          [.data(ImageFile.pngBytes(comparison.diffImage()).data, name: "difference.png")]
        )
      case (.failure(let message), _), (_, .failure(let message)):
        return (message, [])
      }
    }
  }
}

extension Array where Element == UInt8 {
  fileprivate var data: Data { Data(self) }
}
