import AnimplotCanvas
import AnimplotCore
import Testing

@testable import AnimplotPlots

/// Curves whose strokes would cross the plot in every device column are drawn as bands
/// (`CurveBands`); ordinary ones are stroked as before; what is left is weighed
/// (`GraphEditorLayout.drawingWork`).
struct CurveBandsTests {
  /// `count` tracks of two keys over frames 1 to 100,000, each a Generator's sine of a period
  /// shorter than a frame: sampled every half pixel, the curve crosses the plot at every sample.
  static func sines(_ count: Int) -> Action {
    let tracks = (0..<count).map { i in
      #"{"dataPath": "location", "index": \#(i % 3), "label": "c\#(i)", "modifiers": [{"type": "fnGenerator", "#
        + #""settings": {"functionType": "sin", "amplitude": 1, "phaseMultiplier": \#(1 + i % 7)}}], "#
        + #""keyframes": [{"frame": 1, "value": 0}, {"frame": 100000, "value": 1}]}"#
    }
    return decodedAction(#"{"animplot": 1, "frameStart": 1, "frameEnd": 100000, "tracks": ["# + tracks.joined(separator: ", ") + "]}")
  }

  static func editor(_ action: Action, width: Double, height: Double) -> GraphEditor {
    GraphEditor(action: action, options: GraphEditorTests.options {
      $0.width = width
      $0.height = height
    })
  }

  @Test func aCurveCrossingThePlotAtEverySampleIsDrawnAsBands() throws {
    for scale in [1.0, 2.0] {
      let editor = Self.editor(Self.sines(2), width: 2000, height: 400)
      let layout = editor.layout(scale: scale)
      let columns = Int((editor.viewport.rect.width * scale).rounded(.up))
      let rows = Int((editor.viewport.rect.height * scale).rounded(.up))
      for curve in layout.curves {
        #expect(curve.isBanded)
        #expect(curve.path.isEmpty && curve.strokeRows == 0)
        // Slabs, at most one a column above the shared rows and one below.
        #expect(!curve.bands.isEmpty && curve.bands.count <= 2 * columns + 2)
        // Every column of the plot holds ink, within the plot's rows (and a line's width).
        var covered = Set<Int32>()
        for box in curve.bands { covered.formUnion(box.x) }
        #expect(covered.count >= columns - 1)
        #expect(CurveBands.area(of: curve.bands) <= (columns + 1) * (rows + 4))
      }
      let work = layout.drawingWork
      #expect(work.strokeRows == 0)
      #expect(work.bandPixels > 0 && work.bandPixels == layout.curves.reduce(0) { $0 + CurveBands.area(of: $1.bands) })
      // The strokes the bands replace would have crossed more rows than `rowsPerColumn` a column.
      for path in editor.curvePaths(deviceScale: scale) {
        let crossed = CurveBands.strokeRows(of: path, scale: scale, clip: editor.viewport.rect)
        #expect(crossed > CurveBands.rowsPerColumn * Double(columns))
      }
    }
  }

  @Test func aBandedCurveIsHit() throws {
    let editor = Self.editor(Self.sines(1), width: 800, height: 400)
    let layout = editor.layout(scale: 1)
    let rect = layout.plotRect
    #expect(layout.hit(Point(rect.midX, rect.midY)) == .curve(layout.curves[0].channel))
  }

  /// Ordinary curves (the ball's bounces, steep and sharp) are stroked, counted by the rows
  /// their segments cross; their keys and handles are counted as drawn.
  @Test func ordinaryCurvesAreStrokedAndWeighed() throws {
    for handles in [GraphOptions.Handles.all, .none] {
      let editor = GraphEditor(action: GraphEditorTests.ball, options: GraphEditorTests.options { $0.handles = handles })
      let layout = editor.layout(scale: 2)
      var keys = 0, drawnHandles = 0
      for curve in layout.curves {
        #expect(!curve.isBanded && curve.bands.isEmpty && !curve.path.isEmpty)
        #expect(curve.strokeRows > 0 && curve.strokeRows < 32 * 2 * editor.viewport.rect.width)
        keys += curve.track.keyframes.indices.filter { curve.showsKey($0) }.count
        drawnHandles += curve.handles().count
      }
      let work = layout.drawingWork
      #expect(work.bandPixels == 0)
      #expect(work.marks == keys + 2 * drawnHandles)
      #expect(keys > 0 && (handles == .none) == (drawnHandles == 0))
      #expect(Double(work.strokeRows) >= layout.curves.reduce(0) { $0 + $1.strokeRows })
    }
  }

  /// Columns of one shared row become slabs: a level band of noise one row deep at its edges is
  /// a core box and a few thin ones, each column's pixels covered exactly once.
  @Test func boxesCoverEachColumnOnce() {
    let columns: [Range<Int32>?] = [10..<50, 9..<50, 11..<51, nil, 40..<60, 0..<5, 10..<50]
    let boxes = CurveBands.boxes(columns: columns, first: 100)
    for (i, rows) in columns.enumerated() {
      var count = [Int32: Int]()
      for box in boxes where box.x.contains(100 + Int32(i)) {
        for y in box.y { count[y, default: 0] += 1 }
      }
      #expect(Set(count.keys) == Set(rows.map(Array.init) ?? []))
      #expect(count.values.allSatisfy { $0 == 1 })
    }
    // The first three columns share rows 11..<50: one box spans them.
    #expect(boxes.contains { $0.x == 100..<103 && $0.y.count >= 39 })
  }
}
