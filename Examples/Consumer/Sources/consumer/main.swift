// Loads an action, evaluates it, renders the Graph Editor to PNG bytes and compares them with
// a reference picture, through animplot's library products only.
//
// usage: consumer ACTION.json REFERENCE.png   (exit 0: the picture matches, 1: it differs)
import AnimplotCore
import AnimplotGolden
import AnimplotIO
import AnimplotPlots
import AnimplotRender
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
  print("usage: consumer ACTION.json REFERENCE.png")
  exit(2)
}
do {
  // The core: load (handles recalculated as Blender's fcurve.update()) and evaluate.
  let action = try ActionFile.load(arguments[1]).action(named: nil)
  for track in action.tracks.prefix(3) {
    print("\(track.displayLabel) at frame 12.5: \(track.value(at: Float(12.5)))")
  }

  // The renderer: the Graph Editor at 480×270, as PNG bytes.
  var options = GraphOptions()
  options.width = 480
  options.height = 270
  let png = try Renderer().render(.file(arguments[1]), view: GraphView(options: options), as: .png)

  // The image comparison: every pixel against the reference.
  let comparison = ImageComparison(
    expected: try ImageFile.read(path: arguments[2]),
    actual: try ImageFile.decode(pngBytes: png, path: "the rendered picture"), options: .exact)
  print(comparison.summary)
  exit(comparison.result.passed ? 0 : 1)
} catch {
  print("consumer: \(error)")
  exit(2)
}
