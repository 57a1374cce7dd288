import AnimplotCore
import AnimplotCairo
import AnimplotCanvas
import AnimplotPlots

/// The Dope Sheet JSON fixture with a playhead, a scene range and two markers, as the pictures
/// of the editor tests show it.
let pictureAction: Action = {
  var action = DopeSheetJSONTests.action
  action.frameStart = 1
  action.frameEnd = 28
  action.currentFrame = 13
  action.markers = [Marker(frame: 10, name: "contact"), Marker(frame: 25, name: "rest", selected: true)]
  return action
}()

/// What `draw` records on a `width`×`height` canvas (for a raster of `scale`).
func displayList(width: Double, height: Double, scale: Double = 1, _ draw: (any Canvas) -> Void) -> String {
  let canvas = RecordingCanvas(size: Size(width, height), deviceScale: scale)
  draw(canvas)
  return canvas.displayList
}

/// The file `draw` makes through Cairo in `format`.
func rendered(
  _ format: CairoCanvas.Format, width: Int, height: Int, scale: Double = 1, _ draw: (any Canvas) -> Void
) throws -> [UInt8] {
  let canvas = try CairoCanvas(width: width, height: height, scale: scale, format: format)
  draw(canvas)
  return try canvas.finish()
}

/// The display-list lines that start with `prefix`.
func lines(_ list: String, _ prefix: String) -> [Substring] {
  list.split(separator: "\n").filter { $0.hasPrefix(prefix) }
}
