import AnimplotCanvas
import AnimplotCore
import AnimplotPlots
import Testing

/// What a Dope Sheet holds is counted as its rows are made, and hold bars too thin to see apart
/// are drawn as one (issue 25: a million holds took 1.5 GB to draw, three million aborted).
@Suite("Dope Sheet marks")
struct DopeSheetMarksTests {
  /// One channel of `count` equal keys a frame apart: a hold between each two.
  func held(_ count: Int) -> Action {
    Action(name: "A", tracks: [track("location", 0, (0..<count).map { key(Float($0), 1) })])
  }

  /// Rows Summary, action and channel, each of 5 columns and 4 holds: 10 marks a row.
  @Test func theLayoutStopsAtTheFirstRowPastItsMarks() throws {
    let action = held(5)
    let rows = try DopeSheetLayout(actions: [action], options: DopeSheetOptions(), maximumMarks: 30).rows
    #expect(rows.map(\.kind) == [.summary, .action, .channel])
    #expect(rows == DopeSheetLayout(action: action).rows)
    #expect(throws: DopeSheetLayout.TooLarge.self) {
      try DopeSheetLayout(actions: [action], options: DopeSheetOptions(), maximumMarks: 29)
    }
    // Stopped at the action row: the channel row was never made.
    do {
      _ = try DopeSheetLayout(actions: [action], options: DopeSheetOptions(), maximumMarks: 19)
      Issue.record("laid out past its marks")
    } catch {
      #expect(error.marks == 20)
    }
    // The Timeline's row alone.
    let summary = try DopeSheetLayout(actions: [action], options: DopeSheetOptions(), maximumMarks: 10, summaryOnly: true)
    #expect(summary.rows.map(\.kind) == [.summary])
  }

  /// 10,000 holds across 400 pixels are one bar a row (there were 10,000 rectangles a row),
  /// while holds wider than a pixel stay apart.
  @Test func touchingHoldsThinnerThanAPixelAreOneBar() {
    func closedShapes(_ action: Action) -> Int {
      var options = DopeSheetEditorOptions()
      options.width = 400
      options.height = 200
      let editor = DopeSheetEditor(actions: [action], options: options)
      let canvas = RecordingCanvas(size: editor.pictureSize)
      editor.draw(on: canvas)
      // Every filled rectangle and key glyph closes a shape; a hundred or so are the frame's.
      return canvas.displayList.components(separatedBy: " Z").count
    }
    let empty = closedShapes(Action(name: "A", tracks: [track("location", 0, [key(0, 1)])]))
    let dense = closedShapes(held(10_000))
    #expect(dense - empty < 100, "\(dense - empty) shapes")
    let wide = Action(name: "A", tracks: [track("location", 0, [key(0, 1), key(10, 1), key(20, 1)])])
    #expect(closedShapes(wide) - empty >= 6)
  }
}
