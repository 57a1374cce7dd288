import AnimplotPlatform
import AnimplotPlots
import Testing

@testable import AnimplotRender

/// What a raster Graph Editor's layout holds is weighed before it is drawn
/// (`GraphDrawingWork.check`): each limit refused with one line saying what to reduce.
struct GraphDrawingWorkTests {
  @Test func eachLimitIsRefusedPastIt() {
    let cases: [(GraphDrawingWork, String)] = [
      (GraphDrawingWork(strokeRows: Limits.graphStrokeRows + 1), "stroked across \(Limits.graphStrokeRows + 1) device rows"),
      (GraphDrawingWork(bandPixels: Limits.graphBandPixels + 1), "fill \(Limits.graphBandPixels + 1) device pixels"),
      (GraphDrawingWork(marks: Limits.graphMarks + 1), "draw \(Limits.graphMarks + 1) key vertices and handles"),
    ]
    for (work, message) in cases {
      #expect(throws: RenderError.self) { try work.check() }
      do {
        try work.check()
      } catch {
        #expect(error.kind == .request)
        #expect(error.description.contains(message) && !error.description.contains("\n"), "\(error)")
      }
    }
    let atTheLimits = GraphDrawingWork(
      strokeRows: Limits.graphStrokeRows, bandPixels: Limits.graphBandPixels, marks: Limits.graphMarks)
    #expect(throws: Never.self) { try atTheLimits.check() }
  }
}
